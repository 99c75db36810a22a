package br.suite.access.signin;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Set;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpSession;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.annotation.Order;
import org.springframework.security.authentication.AuthenticationProvider;
import org.springframework.security.authentication.BadCredentialsException;
import org.springframework.security.authentication.LockedException;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.authority.SimpleGrantedAuthority;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.security.web.access.AccessDeniedHandlerImpl;
import org.springframework.security.web.access.intercept.AuthorizationFilter;
import org.springframework.security.web.authentication.ExceptionMappingAuthenticationFailureHandler;
import org.springframework.security.web.authentication.LoginUrlAuthenticationEntryPoint;
import org.springframework.security.web.authentication.SavedRequestAwareAuthenticationSuccessHandler;
import org.springframework.security.web.authentication.WebAuthenticationDetails;

import br.suite.access.tokens.PermissionCheck;
import br.suite.access.users.PasswordSignIn;
import br.suite.shared.ApiProblem;

/**
 * The pages' security chain, tried before the API's (which matches everything else): form
 * login against the same users and passwords, a session cookie ({@code SameSite=Lax},
 * HTTP-only), CSRF tokens on every change. The chain asks only that a page's caller be
 * signed in (the kiosk's, that it hold the punch permission); each page handler declares
 * its permission with {@code @Requires}, as the API's do, and {@link PermissionCheck}
 * enforces it (a refusal lands on the forbidden page, {@code /app/proibido}). Sessions
 * live in the database ({@link PageSessions}); every request reads the user again
 * ({@link SessionRefresh}).
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnWebApplication
@EnableConfigurationProperties(PageSettings.class)
class PageSecurity {

	static final String KIOSK = "timeclock.punches.register";

	/**
	 * What the pages' chain serves ({@link #pages}' {@code securityMatcher}), as servlet
	 * URL patterns for the session filter ({@link PageSessions}): {@code "/app/*"} also
	 * matches {@code /app}. Keep the two lists together.
	 */
	static final List<String> PAGE_URL_PATTERNS = List.of("/", "/app/*", "/kiosk/*", "/login", "/logout", "/css/*",
			"/js/*", "/img/*", "/webjars/*", "/favicon.ico");

	@Bean
	@Order(1)
	SecurityFilterChain pages(HttpSecurity http, PasswordSignIn signIn, PageSettings settings,
			@Value("${server.servlet.session.cookie.secure:false}") boolean secureCookies) throws Exception {
		AccessDeniedHandlerImpl denied = new AccessDeniedHandlerImpl();
		denied.setErrorPage("/app/proibido");
		// No session before signing in (AnonymousRequests): the sign-in form's CSRF token
		// and the page to return to are cookies.
		AnonymousRequests.ReturnPath returnPath = new AnonymousRequests.ReturnPath(secureCookies);
		Landing landing = new Landing(settings);
		landing.setRequestCache(returnPath);
		// "Location: /login", never an address built from the request's Host header (with
		// server.tomcat.use-relative-redirects, so are the other redirects).
		LoginUrlAuthenticationEntryPoint signInFirst = new LoginUrlAuthenticationEntryPoint("/login");
		signInFirst.setFavorRelativeUris(true);
		http.securityMatcher("/", "/app", "/app/**", "/kiosk", "/kiosk/**", "/login", "/logout", "/css/**", "/js/**",
				"/img/**", "/webjars/**", "/favicon.ico")
			.authenticationProvider(new FormPasswords(signIn))
			.formLogin(form -> form.loginPage("/login")
				.usernameParameter("username")
				.passwordParameter("password")
				.successHandler(landing)
				.failureHandler(failures())
				.permitAll())
			.logout(logout -> logout.logoutUrl("/logout").logoutSuccessUrl("/login?saiu").permitAll())
			.csrf(csrf -> csrf.csrfTokenRepository(new AnonymousRequests.CsrfTokens(secureCookies)))
			.requestCache(cache -> cache.requestCache(returnPath))
			.addFilterBefore(new SessionRefresh(signIn), AuthorizationFilter.class)
			.httpBasic(basic -> basic.disable())
			.exceptionHandling(errors -> errors.accessDeniedHandler(denied).authenticationEntryPoint(signInFirst))
			.headers(headers -> headers.contentSecurityPolicy(csp -> csp.policyDirectives("default-src 'self'; "
					+ "img-src 'self' data: blob:; media-src 'self' blob: mediastream:; style-src 'self'; "
					+ "script-src 'self'; frame-ancestors 'none'; form-action 'self'")))
			.authorizeHttpRequests(requests -> requests
				.requestMatchers("/css/**", "/js/**", "/img/**", "/webjars/**", "/favicon.ico", "/app/proibido",
						"/login")
				.permitAll()
				.requestMatchers("/kiosk", "/kiosk/**")
				.hasAuthority(KIOSK)
				// Every other page: signed in here, and the handler's @Requires checked
				// by
				// PermissionCheck (a refusal forwards to /app/proibido).
				.anyRequest()
				.authenticated());
		return http.build();
	}

	/**
	 * Wrong credentials → "?erro"; a throttled sign-in (429/503 on the API) →
	 * "?bloqueado", try later.
	 */
	private static ExceptionMappingAuthenticationFailureHandler failures() {
		ExceptionMappingAuthenticationFailureHandler failures = new ExceptionMappingAuthenticationFailureHandler();
		failures.setDefaultFailureUrl("/login?erro");
		// The query string says what failed; a session would be a row per failed attempt.
		failures.setAllowSessionCreation(false);
		failures.setExceptionMappings(Map.of(LockedException.class.getName(), "/login?bloqueado"));
		return failures;
	}

	/**
	 * Checks a form's username and password through access; the principal is the caller
	 * modules know.
	 */
	static final class FormPasswords implements AuthenticationProvider {

		private final PasswordSignIn signIn;

		FormPasswords(PasswordSignIn signIn) {
			this.signIn = signIn;
		}

		@Override
		public Authentication authenticate(Authentication authentication) {
			String username = String.valueOf(authentication.getName());
			String password = String.valueOf(authentication.getCredentials());
			if (username.length() > 150 || password.length() > 200) {
				throw new BadCredentialsException("Wrong username or password");
			}
			String address = authentication.getDetails() instanceof WebAuthenticationDetails details
					&& details.getRemoteAddress() != null ? details.getRemoteAddress() : "unknown";
			PasswordSignIn.SignedIn signedIn;
			try {
				signedIn = this.signIn.authenticate(username, password, address)
					.orElseThrow(() -> new BadCredentialsException("Wrong username or password"));
			}
			catch (ApiProblem throttled) {
				// 429 or 503 of the sign-in throttle: the form says "try again later",
				// not "wrong password".
				throw new LockedException(throttled.getMessage(), throttled);
			}
			List<SimpleGrantedAuthority> authorities = signedIn.authorities()
				.stream()
				.map(SimpleGrantedAuthority::new)
				.toList();
			UsernamePasswordAuthenticationToken token = UsernamePasswordAuthenticationToken
				.authenticated(signedIn.user(), null, authorities);
			token.setDetails(signedIn.displayName());
			return token;
		}

		@Override
		public boolean supports(Class<?> authentication) {
			return UsernamePasswordAuthenticationToken.class.isAssignableFrom(authentication);
		}

	}

	/**
	 * After sign-in: a kiosk account goes to the kiosk with a long session; people go to
	 * the back office.
	 */
	static final class Landing extends SavedRequestAwareAuthenticationSuccessHandler {

		private final PageSettings settings;

		Landing(PageSettings settings) {
			this.settings = settings;
			setDefaultTargetUrl("/app/");
		}

		@Override
		public void onAuthenticationSuccess(HttpServletRequest request, HttpServletResponse response,
				Authentication authentication) throws IOException, jakarta.servlet.ServletException {
			HttpSession session = request.getSession();
			boolean kiosk = isKioskOnly(authentication);
			session.setMaxInactiveInterval(
					(int) (kiosk ? this.settings.kioskTimeout() : this.settings.sessionTimeout()).toSeconds());
			if (kiosk) {
				clearAuthenticationAttributes(request);
				getRedirectStrategy().sendRedirect(request, response, "/kiosk/");
				return;
			}
			super.onAuthenticationSuccess(request, response, authentication);
		}

		static boolean isKioskOnly(Authentication authentication) {
			Set<String> held = new java.util.HashSet<>();
			authentication.getAuthorities().forEach(a -> held.add(a.getAuthority()));
			return held.equals(Set.of(KIOSK));
		}

	}

}
