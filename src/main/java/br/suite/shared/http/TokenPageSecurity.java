package br.suite.shared.http;

import org.springframework.http.HttpMethod;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.http.SessionCreationPolicy;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.security.web.header.writers.ReferrerPolicyHeaderWriter.ReferrerPolicy;

/**
 * The security chain of public pages whose credential is the token in their path (the
 * payment page, the unsubscribe page): those methods under the path for anyone, nothing
 * else; no session, no cookie, no CSRF token, no saved request, no sign-in; the token
 * kept from leaking (no referrer) and the page from being framed.
 */
public final class TokenPageSecurity {

	private TokenPageSecurity() {
	}

	/**
	 * {@code pattern} (e.g. {@code /pagar/**}) open to {@code methods};
	 * {@code formAction} the CSP's {@code form-action} source ({@code 'none'} for a page
	 * that posts nothing).
	 */
	public static SecurityFilterChain chain(HttpSecurity http, String pattern, String formAction, HttpMethod... methods)
			throws Exception {
		http.securityMatcher(pattern)
			.csrf(csrf -> csrf.disable())
			.sessionManagement(session -> session.sessionCreationPolicy(SessionCreationPolicy.STATELESS))
			.requestCache(cache -> cache.disable())
			.httpBasic(basic -> basic.disable())
			.formLogin(form -> form.disable())
			.logout(logout -> logout.disable())
			.headers(headers -> headers
				.contentSecurityPolicy(csp -> csp.policyDirectives("default-src 'self'; img-src 'self'; "
						+ "style-src 'self'; script-src 'self'; frame-ancestors 'none'; form-action " + formAction))
				.referrerPolicy(referrer -> referrer.policy(ReferrerPolicy.NO_REFERRER)))
			.authorizeHttpRequests(requests -> {
				for (HttpMethod method : methods) {
					requests.requestMatchers(method, pattern).permitAll();
				}
				requests.anyRequest().denyAll();
			});
		return http.build();
	}

}
