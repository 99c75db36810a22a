package br.suite.shared.http;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.List;

import org.apache.catalina.core.StandardHost;
import org.apache.coyote.http11.AbstractHttp11Protocol;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.boot.actuate.autoconfigure.web.server.ManagementServerProperties;
import org.springframework.boot.tomcat.servlet.TomcatServletWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;
import org.springframework.core.env.Environment;
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

	/**
	 * A management port of its own listens on {@code suite.management.address} (127.0.0.1
	 * unless set): its endpoints answer without a token. Without one Boot refuses an
	 * address, so it is set only then.
	 */
	@Bean
	static BeanPostProcessor managementAddress(Environment environment) {
		return new BeanPostProcessor() {
			@Override
			public Object postProcessBeforeInitialization(Object bean, String beanName) {
				if (bean instanceof ManagementServerProperties management && management.getPort() != null
						&& management.getPort() > 0 && management.getAddress() == null) {
					String address = environment.getProperty("suite.management.address", "127.0.0.1");
					try {
						management.setAddress(InetAddress.getByName(address));
					}
					catch (UnknownHostException ex) {
						throw new IllegalStateException("suite.management.address is not an address: " + address, ex);
					}
				}
				return bean;
			}
		};
	}

	@Bean
	RequestAdmission requestAdmission(HttpSettings settings) {
		return new RequestAdmission(settings);
	}

	@Bean
	WebServerFactoryCustomizer<TomcatServletWebServerFactory> slowClients(RequestAdmission admission,
			HttpSettings settings) {
		return factory -> {
			factory.addEngineValves(admission);
			// While a request is read, one read waits at most bodyWait for a byte
			// (Tomcat's
			// connectionTimeout otherwise); RequestAdmission bounds the body as a whole.
			factory.addConnectorCustomizers(connector -> {
				if (connector.getProtocolHandler() instanceof AbstractHttp11Protocol<?> http) {
					http.setDisableUploadTimeout(false);
					http.setConnectionUploadTimeout((int) settings.bodyWait().toMillis());
				}
			});
		};
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
