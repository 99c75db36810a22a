package br.suite.shared.http;

import java.io.IOException;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.slf4j.MDC;
import org.springframework.boot.security.autoconfigure.web.servlet.SecurityFilterProperties;
import org.springframework.core.annotation.Order;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

import br.suite.shared.CurrentUser;

/**
 * Puts the acting user's id ({@code user_id}) into every log line written while a request
 * is handled, once the security chain has authenticated it (a token or a page session):
 * the id only, never the username or anything else about the person (docs/operations.md
 * "Logs"). The request id comes earlier, from the audit module's request-id filter.
 */
@Component
@Order(SecurityFilterProperties.DEFAULT_FILTER_ORDER + 1)
class UserLogContext extends OncePerRequestFilter {

	static final String MDC_KEY = "user_id";

	@Override
	protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
			throws ServletException, IOException {
		Authentication authentication = SecurityContextHolder.getContext().getAuthentication();
		if (authentication == null || !(authentication.getPrincipal() instanceof CurrentUser user)) {
			chain.doFilter(request, response);
			return;
		}
		try (MDC.MDCCloseable ignored = MDC.putCloseable(MDC_KEY, Long.toString(user.id()))) {
			chain.doFilter(request, response);
		}
	}

}
