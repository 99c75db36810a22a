package br.suite.access.signin;

import java.io.IOException;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpSession;

import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.authority.SimpleGrantedAuthority;
import org.springframework.security.core.context.SecurityContext;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.web.filter.OncePerRequestFilter;

import br.suite.access.users.PasswordSignIn;
import br.suite.shared.CurrentUser;

/**
 * Reads the signed-in user again on every page request (one indexed query), so a session
 * follows the user as the API's tokens do: a deactivated or deleted user is signed out at
 * their next request, and a changed role takes effect at once. The session keeps what it
 * signed in with; each request checks against the current state. A user holding a
 * temporary password is sent to the password page until they change it.
 */
final class SessionRefresh extends OncePerRequestFilter {

	private final PasswordSignIn signIn;

	SessionRefresh(PasswordSignIn signIn) {
		this.signIn = signIn;
	}

	private static final String PASSWORD_PAGE = "/app/password";

	private static boolean mayBeUsedBeforeAPasswordChange(HttpServletRequest request) {
		String path = request.getRequestURI().substring(request.getContextPath().length());
		return path.equals(PASSWORD_PAGE) || path.equals("/logout") || path.equals("/app/proibido");
	}

	@Override
	protected boolean shouldNotFilter(HttpServletRequest request) {
		String path = request.getRequestURI().substring(request.getContextPath().length());
		return path.startsWith("/css/") || path.startsWith("/js/") || path.startsWith("/webjars/")
				|| path.equals("/favicon.ico");
	}

	@Override
	protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
			throws ServletException, IOException {
		SecurityContext context = SecurityContextHolder.getContext();
		Authentication authentication = context.getAuthentication();
		if (authentication != null && authentication.getPrincipal() instanceof CurrentUser user) {
			var now = this.signIn.refresh(user.id());
			if (now.isEmpty()) {
				SecurityContextHolder.clearContext();
				HttpSession session = request.getSession(false);
				if (session != null) {
					session.invalidate();
				}
			}
			else {
				UsernamePasswordAuthenticationToken current = UsernamePasswordAuthenticationToken.authenticated(
						now.get().user(), null,
						now.get().authorities().stream().map(SimpleGrantedAuthority::new).toList());
				current.setDetails(now.get().displayName());
				SecurityContext fresh = SecurityContextHolder.createEmptyContext();
				fresh.setAuthentication(current);
				SecurityContextHolder.setContext(fresh);
				if (now.get().mustChangePassword() && !mayBeUsedBeforeAPasswordChange(request)) {
					// As on the API: a temporary password is for choosing one's own,
					// nothing else.
					response.sendRedirect(request.getContextPath() + PASSWORD_PAGE);
					return;
				}
			}
		}
		chain.doFilter(request, response);
	}

}
