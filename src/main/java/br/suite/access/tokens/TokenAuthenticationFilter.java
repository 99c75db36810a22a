package br.suite.access.tokens;

import java.io.IOException;
import java.util.Optional;
import java.util.Set;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.http.HttpHeaders;
import org.springframework.security.authentication.AbstractAuthenticationToken;
import org.springframework.security.core.authority.SimpleGrantedAuthority;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.web.filter.OncePerRequestFilter;

import br.suite.audit.AuditLog;
import br.suite.shared.CurrentUser;

/**
 * Reads {@code Authorization: Token <key>} (scheme word in any case). A request without
 * the header continues anonymously and is refused by the authorization rules; a
 * malformed, unknown or revoked token, or one of a user who is no longer active, is
 * refused here with 401. A user holding a temporary password may only change it or sign
 * out: anything else is refused here with 403.
 */
public class TokenAuthenticationFilter extends OncePerRequestFilter {

	/**
	 * What a user holding a temporary password may still do (method and path without the
	 * final slash).
	 */
	private static final Set<String> BEFORE_PASSWORD_CHANGE = Set.of("POST /api/auth/password",
			"DELETE /api/auth/token");

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
		Optional<TokenService.Caller> caller = token.isEmpty() ? Optional.empty() : this.tokens.authenticate(token);
		if (caller.isEmpty()) {
			this.problems.unauthorized(response, token.isEmpty() ? "The Authorization header must be \"Token <key>\"."
					: "Invalid, expired or revoked token.");
			return;
		}
		if (caller.get().passwordChangeRequired() && !BEFORE_PASSWORD_CHANGE.contains(route(request))) {
			this.problems.passwordChangeRequired(response);
			return;
		}
		request.setAttribute(AuditLog.TOKEN_ID_ATTRIBUTE, caller.get().tokenId());
		SecurityContextHolder.getContext().setAuthentication(new TokenAuthentication(caller.get(), token));
		try {
			chain.doFilter(request, response);
		}
		finally {
			SecurityContextHolder.clearContext();
		}
	}

	private static String route(HttpServletRequest request) {
		String path = request.getRequestURI().substring(request.getContextPath().length());
		while (path.length() > 1 && path.endsWith("/")) {
			path = path.substring(0, path.length() - 1);
		}
		return request.getMethod() + " " + path;
	}

	/**
	 * An authenticated caller; the raw token stays in memory for this request only (to
	 * revoke it).
	 */
	public static final class TokenAuthentication extends AbstractAuthenticationToken {

		private final CurrentUser user;

		private final long tokenId;

		private final String token;

		TokenAuthentication(TokenService.Caller caller, String token) {
			super(TokenService.authorities(caller.user()).stream().map(SimpleGrantedAuthority::new).toList());
			this.user = caller.user();
			this.tokenId = caller.tokenId();
			this.token = token;
			setAuthenticated(true);
		}

		/** The id of the token this request came with. */
		public static long currentTokenId() {
			return ((TokenAuthentication) SecurityContextHolder.getContext().getAuthentication()).tokenId;
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
