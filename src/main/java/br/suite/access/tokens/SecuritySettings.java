package br.suite.access.tokens;

import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.HttpMethod;
import org.springframework.security.config.annotation.method.configuration.EnableMethodSecurity;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.http.SessionCreationPolicy;
import org.springframework.security.config.observation.SecurityObservationSettings;
import org.springframework.security.core.annotation.AnnotationTemplateExpressionDefaults;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.security.web.authentication.AnonymousAuthenticationFilter;
import org.springframework.security.web.util.matcher.RequestMatcher;

import br.suite.access.Permissions;
import br.suite.shared.Requires;

/**
 * Stateless token security: no sessions, no cookies, no CSRF (there is no browser session
 * to ride on). Every {@code /api/} operation needs a token except issuing one; each
 * endpoint then names the permission it needs with {@link Requires}, whose
 * {@code @PreAuthorize} template method security fills in.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnWebApplication
@EnableMethodSecurity
class SecuritySettings {

	/**
	 * Lets {@code @PreAuthorize} meta-annotations such as {@link Requires} take
	 * {@code {value}} placeholders.
	 */
	@Bean
	static AnnotationTemplateExpressionDefaults annotationTemplates() {
		return new AnnotationTemplateExpressionDefaults();
	}

	/**
	 * No Spring Security observations, so its filter chains are not wrapped filter by
	 * filter in an observation decorator (12.6 % of the JVM's samples under load,
	 * docs/performance.md); nothing consumes them
	 * (management.observations.enable.spring.security is off).
	 */
	@Bean
	static SecurityObservationSettings securityObservations() {
		return SecurityObservationSettings.noObservations();
	}

	/**
	 * The API chain. Requests to the management port ({@code SUITE_MANAGEMENT_PORT},
	 * which only serves {@code /actuator}) pass without a token: that port is kept off
	 * the public network. On the API port the metrics and the operators' health group
	 * (its details name the backup directory) need {@code operations.metrics.view}.
	 */
	@Bean
	SecurityFilterChain api(HttpSecurity http, TokenService tokens, SecurityProblems problems,
			@Value("${management.server.port:}") @Nullable Integer managementPort) throws Exception {
		RequestMatcher managementServer = request -> managementPort != null && managementPort > 0
				&& request.getLocalPort() == managementPort;
		http.csrf(csrf -> csrf.disable())
			.httpBasic(basic -> basic.disable())
			.formLogin(form -> form.disable())
			.logout(logout -> logout.disable())
			.requestCache(cache -> cache.disable())
			.sessionManagement(session -> session.sessionCreationPolicy(SessionCreationPolicy.STATELESS))
			.addFilterBefore(new TokenAuthenticationFilter(tokens, problems), AnonymousAuthenticationFilter.class)
			.authorizeHttpRequests(requests -> requests.requestMatchers(managementServer)
				.permitAll()
				.requestMatchers("/actuator/prometheus", "/actuator/prometheus/**", "/actuator/health/operations",
						"/actuator/health/operations/**")
				.hasAuthority(Permissions.METRICS_VIEW)
				.requestMatchers(HttpMethod.POST, "/api/auth/token")
				.permitAll()
				// Pix providers' webhook calls: the secret path is the credential
				// (finance).
				.requestMatchers(HttpMethod.POST, "/api/finance/pix-webhooks/**")
				.permitAll()
				.requestMatchers("/api/docs", "/api/docs/**", "/api/schema", "/api/schema/**", "/api/swagger-ui/**",
						"/swagger-ui/**", "/v3/api-docs/**", "/actuator/health", "/actuator/health/**", "/error")
				.permitAll()
				.anyRequest()
				.authenticated())
			.exceptionHandling(errors -> errors.authenticationEntryPoint(problems.entryPoint())
				.accessDeniedHandler(problems.accessDenied()));
		return http.build();
	}

}
