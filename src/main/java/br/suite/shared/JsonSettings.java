package br.suite.shared;

import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;

import org.springframework.boot.jackson.autoconfigure.JsonMapperBuilderCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import tools.jackson.core.JsonGenerator;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.ValueDeserializer;
import tools.jackson.databind.deser.jdk.StringDeserializer;
import tools.jackson.databind.deser.std.StdScalarDeserializer;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.PropertyNamingStrategies;
import tools.jackson.databind.SerializationContext;
import tools.jackson.databind.ValueSerializer;
import tools.jackson.databind.cfg.CoercionAction;
import tools.jackson.databind.cfg.CoercionInputShape;
import tools.jackson.databind.module.SimpleModule;
import tools.jackson.databind.type.LogicalType;

/**
 * The JSON every module speaks: snake_case names, no silent type coercion ({@code "1"} is not an
 * integer, {@code 1} is not a string), unknown and read-only fields ignored, date-times in UTC with
 * milliseconds. An explicit {@code null} reads like an absent field: the default of an optional field,
 * a 400 from validation for a required one.
 */
@Configuration(proxyBeanMethods = false)
class JsonSettings {

	static final DateTimeFormatter UTC_MILLIS = DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSSXXX");

	@Bean
	JsonMapperBuilderCustomizer suiteJsonConventions() {
		SimpleModule module = new SimpleModule("suite-wire");
		module.addSerializer(Instant.class, new InstantSerializer());
		module.addSerializer(OffsetDateTime.class, new OffsetDateTimeSerializer());
		module.addDeserializer(LocalDate.class, new StrictDateDeserializer());
		module.addDeserializer(String.class, new TextDeserializer());
		return builder -> builder.propertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
			.disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
			.enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
			.enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
			.withCoercionConfig(LogicalType.Textual,
					c -> c.setCoercion(CoercionInputShape.Integer, CoercionAction.Fail)
						.setCoercion(CoercionInputShape.Float, CoercionAction.Fail)
						.setCoercion(CoercionInputShape.Boolean, CoercionAction.Fail))
			.withCoercionConfig(LogicalType.Integer,
					c -> c.setCoercion(CoercionInputShape.String, CoercionAction.Fail)
						.setCoercion(CoercionInputShape.Float, CoercionAction.Fail)
						.setCoercion(CoercionInputShape.Boolean, CoercionAction.Fail)
						.setCoercion(CoercionInputShape.EmptyString, CoercionAction.Fail))
			.withCoercionConfig(LogicalType.Float,
					c -> c.setCoercion(CoercionInputShape.String, CoercionAction.Fail)
						.setCoercion(CoercionInputShape.Boolean, CoercionAction.Fail)
						.setCoercion(CoercionInputShape.EmptyString, CoercionAction.Fail))
			.withCoercionConfig(LogicalType.Boolean,
					c -> c.setCoercion(CoercionInputShape.String, CoercionAction.Fail)
						.setCoercion(CoercionInputShape.Integer, CoercionAction.Fail)
						.setCoercion(CoercionInputShape.EmptyString, CoercionAction.Fail))
			.withCoercionConfig(LogicalType.Collection,
					c -> c.setCoercion(CoercionInputShape.String, CoercionAction.Fail)
						.setCoercion(CoercionInputShape.EmptyString, CoercionAction.Fail))
			.withCoercionConfig(LogicalType.POJO,
					c -> c.setCoercion(CoercionInputShape.EmptyString, CoercionAction.Fail))
			.addModule(module);
	}

	/** A calendar date is exactly {@code YYYY-MM-DD}: a date-time would silently lose its day in São Paulo. */
	static final class StrictDateDeserializer extends ValueDeserializer<LocalDate> {

		private static final java.util.regex.Pattern PLAIN_DATE = java.util.regex.Pattern.compile("\\d{4}-\\d{2}-\\d{2}");

		@Override
		public LocalDate deserialize(JsonParser p, DeserializationContext ctxt) {
			if (p.currentToken() != JsonToken.VALUE_STRING) {
				return (LocalDate) ctxt.handleUnexpectedToken(LocalDate.class, p);
			}
			String text = p.getString();
			if (PLAIN_DATE.matcher(text).matches()) {
				try {
					// ISO_LOCAL_DATE resolves strictly: 2024-02-30 is refused, not moved to 2024-02-29.
					return LocalDate.parse(text);
				}
				catch (DateTimeParseException ex) {
					// reported below
				}
			}
			return (LocalDate) ctxt.handleWeirdStringValue(LocalDate.class, text, "must be a valid date (YYYY-MM-DD)");
		}

	}

	/** PostgreSQL cannot store the NUL character in text, so it is refused as invalid input. */
	static final class TextDeserializer extends StdScalarDeserializer<String> {

		private final ValueDeserializer<?> standard = StringDeserializer.instance;

		TextDeserializer() {
			super(String.class);
		}

		@Override
		public String deserialize(JsonParser p, DeserializationContext ctxt) {
			String text = (String) this.standard.deserialize(p, ctxt);
			if (text != null && text.indexOf('\u0000') >= 0) {
				return (String) ctxt.handleWeirdStringValue(String.class, text, "must not contain the NUL character");
			}
			return text;
		}

	}

	static final class InstantSerializer extends ValueSerializer<Instant> {

		@Override
		public void serialize(Instant value, JsonGenerator gen, SerializationContext ctxt) {
			gen.writeString(utcMillis(value));
		}

	}

	/** {@code 2026-11-25T21:07:31.123Z}, written by hand: lists format thousands of these per second. */
	static String utcMillis(Instant instant) {
		java.time.LocalDateTime t = java.time.LocalDateTime.ofEpochSecond(instant.getEpochSecond(), 0, ZoneOffset.UTC);
		int year = t.getYear();
		if (year < 0 || year > 9999) {
			return UTC_MILLIS.format(instant.truncatedTo(ChronoUnit.MILLIS).atOffset(ZoneOffset.UTC)).replace("+00:00", "Z");
		}
		char[] out = new char[24];
		digits(out, 0, year, 4);
		out[4] = '-';
		digits(out, 5, t.getMonthValue(), 2);
		out[7] = '-';
		digits(out, 8, t.getDayOfMonth(), 2);
		out[10] = 'T';
		digits(out, 11, t.getHour(), 2);
		out[13] = ':';
		digits(out, 14, t.getMinute(), 2);
		out[16] = ':';
		digits(out, 17, t.getSecond(), 2);
		out[19] = '.';
		digits(out, 20, instant.getNano() / 1_000_000, 3);
		out[23] = 'Z';
		return new String(out);
	}

	private static void digits(char[] out, int at, int value, int width) {
		for (int i = at + width - 1; i >= at; i--) {
			out[i] = (char) ('0' + value % 10);
			value /= 10;
		}
	}

	static final class OffsetDateTimeSerializer extends ValueSerializer<OffsetDateTime> {

		@Override
		public void serialize(OffsetDateTime value, JsonGenerator gen, SerializationContext ctxt) {
			gen.writeString(UTC_MILLIS.format(value.truncatedTo(ChronoUnit.MILLIS)).replace("+00:00", "Z"));
		}

	}

}
