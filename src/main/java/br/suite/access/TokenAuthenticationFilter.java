package br.suite.access;

import java.io.IOException;
import java.util.Optional;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.http.HttpHeaders;
import org.springframework.security.authentication.AbstractAuthenticationToken;
import org.springframework.security.core.authority.SimpleGrantedAuthority;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.web.filter.OncePerRequestFilter;

import br.suite.shared.CurrentUser;

/**
 * Reads {@code Authorization: Token <key>} (scheme word in any case). A request without the header
 * continues anonymously and is refused by the authorization rules; a malformed, unknown or revoked token,
 * or one of a user who is no longer active, is refused here with 401.
 */
class TokenAuthenticationFilter extends OncePerRequestFilter {

	private final TokenService tokens;

	private final SecurityProblems problems;

	TokenAuthenticationFilter(TokenService tokens, SecurityProblems problems) {
		this.tokens = tokens;
		this.problems = problems;
	}

	@Override
	protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
			throws ServletException, IOException {
		String token = TokenService.tokenFrom(request.getHeader(HttpHeaders.AUTHORIZATION));
		if (token == null) {
			chain.doFilter(request, response);
			return;
		}
		Optional<CurrentUser> user = token.isEmpty() ? Optional.empty() : this.tokens.authenticate(token);
		if (user.isEmpty()) {
			this.problems.unauthorized(response, token.isEmpty()
					? "The Authorization header must be \"Token <key>\"." : "Invalid or revoked token.");
			return;
		}
		SecurityContextHolder.getContext().setAuthentication(new TokenAuthentication(user.get(), token));
		try {
			chain.doFilter(request, response);
		}
		finally {
			SecurityContextHolder.clearContext();
		}
	}

	/** An authenticated caller; the raw token stays in memory for this request only (to revoke it). */
	static final class TokenAuthentication extends AbstractAuthenticationToken {

		private final CurrentUser user;

		private final String token;

		TokenAuthentication(CurrentUser user, String token) {
			super(TokenService.authorities(user).stream().map(SimpleGrantedAuthority::new).toList());
			this.user = user;
			this.token = token;
			setAuthenticated(true);
		}

		@Override
		public Object getCredentials() {
			return this.token;
		}

		@Override
		public Object getPrincipal() {
			return this.user;
		}

		@Override
		public String toString() {
			return "TokenAuthentication[" + this.user.username() + "]";
		}

	}

}
