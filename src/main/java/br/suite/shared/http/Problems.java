package br.suite.shared.http;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;

import jakarta.servlet.http.HttpServletResponse;

import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.stereotype.Component;

import tools.jackson.databind.json.JsonMapper;

import br.suite.shared.InvalidRequest;

/**
 * Writes a problem-details body where Spring MVC's handler cannot: in servlet filters and
 * the security chain (401, 403, 413), with the application's {@link JsonMapper}.
 */
@Component
public final class Problems {

	private final JsonMapper json;

	Problems(JsonMapper json) {
		this.json = json;
	}

	public void write(HttpServletResponse response, HttpStatus status, String title, String detail) throws IOException {
		write(response, status, title, detail, Map.of());
	}

	/**
	 * With members beyond {@code title}, {@code status} and {@code detail}, written after
	 * them in order.
	 */
	public void write(HttpServletResponse response, HttpStatus status, String title, String detail,
			Map<String, ?> extra) throws IOException {
		Map<String, Object> body = new LinkedHashMap<>();
		body.put("title", title);
		body.put("status", status.value());
		body.put("detail", detail);
		body.putAll(extra);
		response.setStatus(status.value());
		response.setContentType(MediaType.APPLICATION_PROBLEM_JSON_VALUE);
		response.setCharacterEncoding("UTF-8");
		response.getWriter().write(this.json.writeValueAsString(body));
	}

	/**
	 * A 400 with its {@code errors} object, like {@link InvalidRequest} bodies written by
	 * Spring MVC.
	 */
	public void write(HttpServletResponse response, InvalidRequest invalid) throws IOException {
		write(response, HttpStatus.BAD_REQUEST, "Invalid request", invalid.getMessage(),
				Map.of("errors", invalid.errors()));
	}

}
