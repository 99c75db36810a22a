package br.suite.finance.charge;

import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpMethod;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.web.SecurityFilterChain;

import br.suite.shared.http.TokenPageSecurity;

/**
 * The public payment pages' own security chain, tried before the pages' and the API's:
 * {@code GET /pagar/**} for anyone (the unguessable token in the path is the credential),
 * nothing else; no session, no cookie, no CSRF token (nothing is posted), no saved
 * request. The headers keep the token from leaking (no referrer) and the page from being
 * framed or indexed; its stylesheet and script are the pages' public {@code /css/**} and
 * {@code /js/**}.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnWebApplication
class PaymentPageSecurity {

	@Bean
	@Order(0)
	SecurityFilterChain paymentPages(HttpSecurity http) throws Exception {
		return TokenPageSecurity.chain(http, "/pagar/**", "'none'", HttpMethod.GET);
	}

}
