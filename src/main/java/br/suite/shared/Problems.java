package br.suite.shared;

import java.io.IOException;

import jakarta.servlet.http.HttpServletResponse;

import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;

/**
 * Writes a problem-details body where Spring MVC's handler cannot: in servlet filters and the security
 * chain (401, 403, 413).
 */
public final class Problems {

	private Problems() {
	}

	public static void write(HttpServletResponse response, HttpStatus status, String title, String detail)
			throws IOException {
		response.setStatus(status.value());
		response.setContentType(MediaType.APPLICATION_PROBLEM_JSON_VALUE);
		response.setCharacterEncoding("UTF-8");
		response.getWriter()
			.write("{\"title\":\"" + escape(title) + "\",\"status\":" + status.value()
					+ ",\"detail\":\"" + escape(detail) + "\"}");
	}

	/** A 400 with its {@code errors} object, like {@link InvalidRequest} bodies written by Spring MVC. */
	public static void write(HttpServletResponse response, InvalidRequest invalid) throws IOException {
		StringBuilder errors = new StringBuilder("{");
		invalid.errors().forEach((field, messages) -> {
			errors.append(errors.length() > 1 ? "," : "").append('"').append(escape(field)).append("\":[");
			for (int i = 0; i < messages.size(); i++) {
				errors.append(i > 0 ? "," : "").append('"').append(escape(messages.get(i))).append('"');
			}
			errors.append(']');
		});
		response.setStatus(HttpStatus.BAD_REQUEST.value());
		response.setContentType(MediaType.APPLICATION_PROBLEM_JSON_VALUE);
		response.setCharacterEncoding("UTF-8");
		response.getWriter()
			.write("{\"title\":\"Invalid request\",\"status\":400,\"detail\":\"" + escape(invalid.getMessage())
					+ "\",\"errors\":" + errors.append('}') + "}");
	}

	private static String escape(String text) {
		StringBuilder out = new StringBuilder(text.length());
		for (char c : text.toCharArray()) {
			switch (c) {
				case '"' -> out.append("\\\"");
				case '\\' -> out.append("\\\\");
				case '\n' -> out.append("\\n");
				default -> {
					if (c < 0x20) {
						out.append(String.format("\\u%04x", (int) c));
					}
					else {
						out.append(c);
					}
				}
			}
		}
		return out.toString();
	}

}
