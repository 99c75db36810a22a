package br.suite.access.signin;

import java.util.Map;

import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.boot.web.servlet.DelegatingFilterProxyRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
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
 * session's principal-name index is the signed-in user's id ({@link #index}), which a
 * rename does not change, so {@link SignOuts} finds every session of a user (the default
 * would be the principal's {@code toString()}).
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

	/** The index value of a user's sessions: the user's id, in decimal. */
	static String index(long userId) {
		return Long.toString(userId);
	}

	@Bean
	IndexResolver<Session> sessionIndexes() {
		return session -> {
			Object context = session.getAttribute(HttpSessionSecurityContextRepository.SPRING_SECURITY_CONTEXT_KEY);
			if (context instanceof SecurityContext security && security.getAuthentication() != null
					&& security.getAuthentication().getPrincipal() instanceof CurrentUser user) {
				return Map.of(FindByIndexNameSessionRepository.PRINCIPAL_NAME_INDEX_NAME, index(user.id()));
			}
			return Map.of();
		};
	}

}
