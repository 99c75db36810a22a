package br.suite.shared.http;

import java.io.IOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.web.filter.OncePerRequestFilter;

import br.suite.shared.InvalidRequest;

/**
 * Query parameters may not carry the NUL character: PostgreSQL cannot compare text with
 * it, so a filter value holding one would otherwise end as a database error instead of a
 * 400.
 */
class QueryTextFilter extends OncePerRequestFilter {

	private final Problems problems;

	QueryTextFilter(Problems problems) {
		this.problems = problems;
	}

	@Override
	protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
			throws ServletException, IOException {
		String query = request.getQueryString();
		if (query != null && query.toLowerCase(Locale.ROOT).contains("%00")) {
			InvalidRequest.Builder errors = InvalidRequest.builder();
			for (String pair : query.split("&")) {
				if (pair.toLowerCase(Locale.ROOT).contains("%00")) {
					String name = URLDecoder.decode(pair.split("=", 2)[0], StandardCharsets.UTF_8).replace("\0", "");
					errors.add(name.isEmpty() ? "query" : name, "must not contain the NUL character");
				}
			}
			this.problems.write(response, errors.build());
			return;
		}
		chain.doFilter(request, response);
	}

}
