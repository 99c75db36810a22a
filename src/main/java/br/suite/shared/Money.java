package br.suite.shared;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.regex.Pattern;

import tools.jackson.core.JsonGenerator;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.SerializationContext;
import tools.jackson.databind.ValueDeserializer;
import tools.jackson.databind.ValueSerializer;

/**
 * Money is an exact decimal with two places ({@code numeric(14,2)}), written as a JSON
 * string ({@code "1234.50"}) and read from a string or a number. Annotate a
 * {@code BigDecimal} record component with
 * {@code @JsonSerialize(using = Money.Writer.class)} /
 * {@code @JsonDeserialize(using = Money.Reader.class)}.
 */
public final class Money {

	/**
	 * Up to 12 integer digits (numeric(14,2)) and at most two decimals; no exponent, no
	 * sign tricks.
	 */
	private static final Pattern PLAIN = Pattern.compile("-?\\d{1,12}(\\.\\d{1,2})?");

	public static final String MESSAGE = "must be a decimal amount with at most two decimals, e.g. \"1234.50\"";

	private Money() {
	}

	/** Parses a plain decimal text; returns null when it is not one. */
	public static BigDecimal parseOrNull(String text) {
		String trimmed = text.trim();
		if (!PLAIN.matcher(trimmed).matches()) {
			return null;
		}
		return new BigDecimal(trimmed).setScale(2, RoundingMode.UNNECESSARY);
	}

	public static String format(BigDecimal amount) {
		return amount.setScale(2, RoundingMode.UNNECESSARY).toPlainString();
	}

	public static final class Writer extends ValueSerializer<BigDecimal> {

		@Override
		public void serialize(BigDecimal value, JsonGenerator gen, SerializationContext ctxt) {
			gen.writeString(format(value));
		}

	}

	public static final class Reader extends ValueDeserializer<BigDecimal> {

		@Override
		public BigDecimal deserialize(JsonParser p, DeserializationContext ctxt) {
			JsonToken token = p.currentToken();
			String text;
			if (token == JsonToken.VALUE_STRING) {
				text = p.getString();
			}
			else if (token == JsonToken.VALUE_NUMBER_INT || token == JsonToken.VALUE_NUMBER_FLOAT) {
				// The source text, not a double: 0.1 stays 0.1, and 1e3 is refused like
				// any exponent.
				text = p.getString();
			}
			else {
				return (BigDecimal) ctxt.handleUnexpectedToken(BigDecimal.class, p);
			}
			BigDecimal amount = parseOrNull(text);
			if (amount == null) {
				return (BigDecimal) ctxt.handleWeirdStringValue(BigDecimal.class, text, MESSAGE);
			}
			return amount;
		}

	}

}
