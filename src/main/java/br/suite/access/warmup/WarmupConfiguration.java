package br.suite.access.warmup;

import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.ApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Profile;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.transaction.support.TransactionTemplate;

import br.suite.access.tokens.TokenService;

/**
 * The warm-up before readiness ({@link StartupWarmup}); not for the operator commands.
 */
@Configuration(proxyBeanMethods = false)
@Profile("!operator")
class WarmupConfiguration {

	@Bean
	StartupWarmup.Filter warmupFilter(TokenService tokens, TransactionTemplate transactions, JdbcClient jdbc) {
		return new StartupWarmup.Filter(tokens, transactions, jdbc);
	}

	/**
	 * After the database-outage filter (a warm-up request on a dead database is a 503
	 * like any other) and before Spring Security's chain, so the token check runs in the
	 * warm-up's transaction.
	 */
	@Bean
	FilterRegistrationBean<StartupWarmup.Filter> warmupFilterRegistration(StartupWarmup.Filter filter) {
		FilterRegistrationBean<StartupWarmup.Filter> registration = new FilterRegistrationBean<>(filter);
		registration.setOrder(Ordered.HIGHEST_PRECEDENCE + 6);
		return registration;
	}

	/** Last of the start-up runners (the first run's administrator is made before). */
	@Bean
	@Order(Ordered.LOWEST_PRECEDENCE)
	StartupWarmup startupWarmup(WarmupSettings settings, ApplicationContext context, JdbcClient jdbc,
			StartupWarmup.Filter filter) {
		return new StartupWarmup(settings, context, jdbc, filter);
	}

}
