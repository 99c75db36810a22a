package br.suite.audit;

import java.io.IOException;
import java.util.UUID;
import java.util.regex.Pattern;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.slf4j.MDC;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Gives every request an id: the client's {@code X-Request-Id} when it is 1 to 100
 * characters of letters, digits, {@code .}, {@code _}, {@code -} or {@code :}, otherwise
 * a new UUID. The response echoes it, audit events record it, and it is in every log line
 * written while the request is handled ({@code request_id}).
 */
@Component
@Order(Ordered.HIGHEST_PRECEDENCE)
class RequestIds extends OncePerRequestFilter {

	static final String HEADER = "X-Request-Id";

	/** The log lines' field with the request id. */
	static final String MDC_KEY = "request_id";

	private static final Pattern ACCEPTED = Pattern.compile("[A-Za-z0-9._:-]{1,100}");

	@Override
	protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
			throws ServletException, IOException {
		String given = request.getHeader(HEADER);
		String id = given != null && ACCEPTED.matcher(given).matches() ? given : UUID.randomUUID().toString();
		request.setAttribute(AuditLog.REQUEST_ID_ATTRIBUTE, id);
		response.setHeader(HEADER, id);
		// Every log line of the request carries it (docs/operations.md "Logs").
		try (MDC.MDCCloseable ignored = MDC.putCloseable(MDC_KEY, id)) {
			chain.doFilter(request, response);
		}
	}

}
