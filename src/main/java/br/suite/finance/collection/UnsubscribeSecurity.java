package br.suite.finance.collection;

import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpMethod;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.web.SecurityFilterChain;

import br.suite.shared.http.TokenPageSecurity;

/**
 * The unsubscribe page's own security chain, tried before the pages' and the API's:
 * {@code GET} and {@code POST /descadastrar/**} for anyone (the token in the path is the
 * credential), nothing else; no session, no cookie, no CSRF token (a mail client's
 * one-click POST carries none, and the only thing it can do is stop messages to the
 * token's address), no referrer, not framed.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnWebApplication
class UnsubscribeSecurity {

	@Bean
	@Order(0)
	SecurityFilterChain unsubscribePages(HttpSecurity http) throws Exception {
		return TokenPageSecurity.chain(http, "/descadastrar/**", "'self'", HttpMethod.GET, HttpMethod.POST);
	}

}
