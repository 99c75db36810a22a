package br.suite.shared;

import java.util.List;

import org.apache.catalina.core.StandardHost;
import org.springframework.boot.tomcat.servlet.TomcatServletWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;
import org.springframework.web.filter.UrlHandlerFilter;

/**
 * Servlet filters that run before security: database unavailability as 503,
 * trailing-slash tolerance, query text and body size limits.
 */
@Configuration(proxyBeanMethods = false)
class WebSettings {

	@Bean
	WebServerFactoryCustomizer<TomcatServletWebServerFactory> problemErrorPages() {
		// Errors Tomcat answers itself (before any filter) are problem details too, never
		// its HTML page.
		return factory -> factory.addContextCustomizers(context -> ((StandardHost) context.getParent())
			.setErrorReportValveClass(ProblemErrorReportValve.class.getName()));
	}

	@Bean
	FilterRegistrationBean<DatabaseUnavailableFilter> databaseUnavailable(Problems problems) {
		FilterRegistrationBean<DatabaseUnavailableFilter> registration = new FilterRegistrationBean<>(
				new DatabaseUnavailableFilter(problems));
		registration.setOrder(Ordered.HIGHEST_PRECEDENCE + 5);
		return registration;
	}

	@Bean
	FilterRegistrationBean<UrlHandlerFilter> trailingSlashTolerance() {
		// Every API path is served with and without its final slash, identically and
		// without a redirect.
		UrlHandlerFilter filter = UrlHandlerFilter.trailingSlashHandler("/api/**").wrapRequest().build();
		FilterRegistrationBean<UrlHandlerFilter> registration = new FilterRegistrationBean<>(filter);
		registration.setOrder(Ordered.HIGHEST_PRECEDENCE + 10);
		return registration;
	}

	@Bean
	FilterRegistrationBean<QueryTextFilter> queryText(Problems problems) {
		FilterRegistrationBean<QueryTextFilter> registration = new FilterRegistrationBean<>(
				new QueryTextFilter(problems));
		registration.setOrder(Ordered.HIGHEST_PRECEDENCE + 15);
		return registration;
	}

	@Bean
	FilterRegistrationBean<RequestSizeLimitFilter> requestSizeLimit(List<BodyLimits> modules, Problems problems) {
		// Each module declares the limits of its own routes as a BodyLimits bean.
		FilterRegistrationBean<RequestSizeLimitFilter> registration = new FilterRegistrationBean<>(
				new RequestSizeLimitFilter(modules, problems));
		registration.setOrder(Ordered.HIGHEST_PRECEDENCE + 20);
		return registration;
	}

}
