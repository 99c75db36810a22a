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
