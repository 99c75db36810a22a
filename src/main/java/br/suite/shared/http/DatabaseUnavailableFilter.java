package br.suite.shared.http;

import java.io.IOException;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Answers 503 when the database fails a request outside Spring MVC's handlers: in the
 * security chain (the token look-up) or on commit. Only database unavailability is caught
 * here; anything else propagates.
 */
class DatabaseUnavailableFilter extends OncePerRequestFilter {

	private static final Logger log = LoggerFactory.getLogger(DatabaseUnavailableFilter.class);

	private final Problems problems;

	DatabaseUnavailableFilter(Problems problems) {
		this.problems = problems;
	}

	@Override
	protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
			throws ServletException, IOException {
		try {
			chain.doFilter(request, response);
		}
		catch (RuntimeException | ServletException ex) {
			if (!DatabaseUnavailable.isCause(ex) || response.isCommitted()) {
				throw ex;
			}
			log.warn("{} {} answered 503: the database is unavailable ({})", request.getMethod(),
					request.getRequestURI(), ex.getMessage());
			response.resetBuffer();
			response.setHeader(HttpHeaders.RETRY_AFTER, DatabaseUnavailable.RETRY_AFTER_SECONDS);
			this.problems.write(response, HttpStatus.SERVICE_UNAVAILABLE, DatabaseUnavailable.TITLE,
					DatabaseUnavailable.DETAIL);
		}
	}

}
