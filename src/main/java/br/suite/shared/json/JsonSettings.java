package br.suite.shared.json;

import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.util.regex.Pattern;

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

import br.suite.shared.DateTimes;

/**
 * The JSON every module speaks: snake_case names, no silent type coercion ({@code "1"} is
 * not an integer, {@code 1} is not a string), unknown and read-only fields ignored,
 * date-times in UTC with milliseconds. An explicit {@code null} reads like an absent
 * field: the default of an optional field, a 400 from validation for a required one.
 */
@Configuration(proxyBeanMethods = false)
class JsonSettings {

	/**
	 * An offset date-time keeps its offset ({@code occurred_at_brt}); UTC is written
	 * {@code Z}.
	 */
	static final DateTimeFormatter OFFSET_MILLIS = DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSSXXX");

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

	/**
	 * A calendar date is exactly {@code YYYY-MM-DD}: a date-time would silently lose its
	 * day in São Paulo.
	 */
	static final class StrictDateDeserializer extends ValueDeserializer<LocalDate> {

		private static final Pattern PLAIN_DATE = Pattern.compile("\\d{4}-\\d{2}-\\d{2}");

		@Override
		public LocalDate deserialize(JsonParser p, DeserializationContext ctxt) {
			if (p.currentToken() != JsonToken.VALUE_STRING) {
				return (LocalDate) ctxt.handleUnexpectedToken(LocalDate.class, p);
			}
			String text = p.getString();
			if (PLAIN_DATE.matcher(text).matches()) {
				try {
					// ISO_LOCAL_DATE resolves strictly: 2024-02-30 is refused, not moved
					// to 2024-02-29.
					return LocalDate.parse(text);
				}
				catch (DateTimeParseException ex) {
					// reported below
				}
			}
			return (LocalDate) ctxt.handleWeirdStringValue(LocalDate.class, text, "must be a valid date (YYYY-MM-DD)");
		}

	}

	/**
	 * PostgreSQL cannot store the NUL character in text, so it is refused as invalid
	 * input.
	 */
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
			gen.writeString(DateTimes.utcMillis(value));
		}

	}

	static final class OffsetDateTimeSerializer extends ValueSerializer<OffsetDateTime> {

		@Override
		public void serialize(OffsetDateTime value, JsonGenerator gen, SerializationContext ctxt) {
			gen.writeString(OFFSET_MILLIS.format(value.truncatedTo(ChronoUnit.MILLIS)).replace("+00:00", "Z"));
		}

	}

}
