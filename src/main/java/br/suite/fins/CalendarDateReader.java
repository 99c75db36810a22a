package br.suite.fins;

import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.regex.Pattern;

import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.ValueDeserializer;

/**
 * Reads a calendar date written exactly {@code YYYY-MM-DD}. Jackson's own reader also takes a date-time
 * ({@code 2026-12-16T01:00:00Z}) and keeps its UTC date, which in São Paulo is often the day before: a
 * deadline must not move like that, so anything but a plain date is refused.
 */
final class CalendarDateReader extends ValueDeserializer<LocalDate> {

	private static final Pattern PLAIN_DATE = Pattern.compile("\\d{4}-\\d{2}-\\d{2}");

	@Override
	public LocalDate deserialize(JsonParser p, DeserializationContext ctxt) {
		if (p.currentToken() != JsonToken.VALUE_STRING) {
			return (LocalDate) ctxt.handleUnexpectedToken(LocalDate.class, p);
		}
		String text = p.getString();
		if (PLAIN_DATE.matcher(text).matches()) {
			try {
				// ISO_LOCAL_DATE resolves strictly: 2024-02-30 is refused, not moved to 2024-02-29.
				return LocalDate.parse(text, DateTimeFormatter.ISO_LOCAL_DATE);
			}
			catch (DateTimeParseException ex) {
				// Falls through to the refusal below.
			}
		}
		return (LocalDate) ctxt.handleWeirdStringValue(LocalDate.class, text, "must be a valid date (YYYY-MM-DD)");
	}

}
