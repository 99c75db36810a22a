package br.suite.finance.pix;

import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;

import org.jspecify.annotations.Nullable;

import br.suite.finance.pix.PixProviderException.Kind;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * What a provider's answer says, read without trusting it: its JSON body, its
 * {@code Retry-After}, and for a failure only what may be shown (a problem's title, an
 * OAuth error code), never the rest, which may echo what was sent.
 */
final class PixAnswers {

	private PixAnswers() {
	}

	/** Seconds or an HTTP date (RFC 9110 § 10.2.3); null when absent or unreadable. */
	static @Nullable Duration retryAfter(@Nullable String value) {
		if (value == null || value.isBlank()) {
			return null;
		}
		try {
			return Duration.ofSeconds(Math.max(0, Long.parseLong(value.strip())));
		}
		catch (NumberFormatException ex) {
			try {
				Duration until = Duration.between(Instant.now(),
						ZonedDateTime.parse(value.strip(), DateTimeFormatter.RFC_1123_DATE_TIME).toInstant());
				return until.isNegative() ? Duration.ZERO : until;
			}
			catch (RuntimeException unreadable) {
				return null;
			}
		}
	}

	static JsonNode parse(JsonMapper json, String body) throws PixProviderException {
		if (body == null || body.isBlank()) {
			return json.createObjectNode();
		}
		try {
			return json.readTree(body);
		}
		catch (JacksonException ex) {
			throw new PixProviderException(Kind.REJECTED, 0, "the provider answered something that is not JSON");
		}
	}

	/**
	 * The problem's title, short and on one line, or nothing: the rest of a provider's
	 * answer (its detail, its violations, a page of text) may echo what was sent.
	 */
	static String problem(JsonMapper json, String body) {
		if (body == null || body.isBlank()) {
			return "";
		}
		try {
			JsonNode title = json.readTree(body).path("title");
			if (title.isString()) {
				String text = title.asString().replaceAll("[\\p{Cntrl}\\s]+", " ").strip();
				if (!text.isEmpty()) {
					return ": " + (text.length() > 100 ? text.substring(0, 100) + "…" : text);
				}
			}
		}
		catch (JacksonException ex) {
			// Not JSON: the status alone.
		}
		return "";
	}

	static String oauthError(JsonMapper json, String body) {
		try {
			JsonNode node = json.readTree(body == null ? "" : body);
			String error = node.path("error").asString("");
			return error.matches("[a-z_]{1,50}") ? " (" + error + ")" : "";
		}
		catch (JacksonException ex) {
			return "";
		}
	}

	static String describe(IOException ex) {
		String name = ex.getClass().getSimpleName();
		return ex.getMessage() == null ? name : name + " " + ex.getMessage();
	}

}
