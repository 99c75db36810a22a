package br.suite.web;

import java.util.Map;

import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.boot.web.servlet.DelegatingFilterProxyRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.context.SecurityContext;
import org.springframework.security.web.context.HttpSessionSecurityContextRepository;
import org.springframework.session.FindByIndexNameSessionRepository;
import org.springframework.session.IndexResolver;
import org.springframework.session.Session;

import br.suite.shared.CurrentUser;

/**
 * The pages' sessions live in PostgreSQL (Spring Session JDBC, table
 * {@code web_session}): every instance reads the same sessions, and a restart signs
 * nobody out. What a session holds is serialised with Java serialisation, so every
 * attribute (flash attributes included) must be {@link java.io.Serializable}. The
 * session's principal name is the username (the default would be the principal's
 * {@code toString()}).
 */
@Configuration(proxyBeanMethods = false)
class PageSessions {

	/**
	 * Spring Session's filter only where the pages are: the API is stateless (a token on
	 * every request) and never reads a session, so it is not wrapped in a session-aware
	 * request (2.5 % of the service's CPU under load, docs/performance.md). Boot
	 * registers the filter for every path; this narrows it to the paths of the pages'
	 * chain.
	 */
	@Bean
	static BeanPostProcessor sessionFilterOnPagesOnly() {
		return new BeanPostProcessor() {
			@Override
			public Object postProcessBeforeInitialization(Object bean, String beanName) {
				// Boot's registration of Spring Session's filter
				// (SessionRepositoryFilterConfiguration).
				if (bean instanceof DelegatingFilterProxyRegistrationBean registration
						&& beanName.equals("sessionRepositoryFilterRegistration")) {
					registration.setUrlPatterns(PageSecurity.PAGE_URL_PATTERNS);
				}
				return bean;
			}
		};
	}

	@Bean
	IndexResolver<Session> sessionIndexes() {
		return session -> {
			Object context = session.getAttribute(HttpSessionSecurityContextRepository.SPRING_SECURITY_CONTEXT_KEY);
			if (context instanceof SecurityContext security && security.getAuthentication() != null) {
				Authentication authentication = security.getAuthentication();
				String name = authentication.getPrincipal() instanceof CurrentUser user ? user.username()
						: authentication.getName();
				return Map.of(FindByIndexNameSessionRepository.PRINCIPAL_NAME_INDEX_NAME,
						name.length() > 150 ? name.substring(0, 150) : name);
			}
			return Map.of();
		};
	}

}
