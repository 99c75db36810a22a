package br.suite.shared.json;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.Collection;
import java.util.Map;

import org.jspecify.annotations.Nullable;

import tools.jackson.core.JacksonException;
import tools.jackson.databind.exc.InvalidNullException;
import tools.jackson.databind.exc.MismatchedInputException;

/** Names the field and the expected type of a JSON binding error. */
public final class JsonErrors {

	private JsonErrors() {
	}

	public static String path(JacksonException ex) {
		StringBuilder path = new StringBuilder();
		for (JacksonException.Reference reference : ex.getPath()) {
			if (reference.getPropertyName() != null) {
				if (!path.isEmpty()) {
					path.append('.');
				}
				path.append(reference.getPropertyName());
			}
			else if (reference.getIndex() >= 0) {
				path.append('[').append(reference.getIndex()).append(']');
			}
		}
		return path.isEmpty() ? "body" : path.toString();
	}

	public static String describe(JacksonException ex) {
		if (ex instanceof InvalidNullException) {
			return "must not be null";
		}
		if (ex instanceof MismatchedInputException mismatch && mismatch.getTargetType() != null) {
			return "must be " + typeName(mismatch.getTargetType());
		}
		return "has an invalid value";
	}

	public static String typeName(@Nullable Class<?> type) {
		if (type == null) {
			return "of another type";
		}
		if (type == BigDecimal.class) {
			return "a decimal amount with at most two decimals, e.g. \"1234.50\"";
		}
		if (type == String.class || type.isEnum()) {
			return "a string";
		}
		if (type == Boolean.class || type == boolean.class) {
			return "a boolean (true or false)";
		}
		if (type == Long.class || type == long.class || type == Integer.class || type == int.class) {
			return "an integer";
		}
		if (Number.class.isAssignableFrom(type) || type.isPrimitive()) {
			return "a number";
		}
		if (type == LocalDate.class) {
			return "a valid date (YYYY-MM-DD)";
		}
		if (Collection.class.isAssignableFrom(type) || type.isArray()) {
			return "an array";
		}
		return (Map.class.isAssignableFrom(type) || type.isRecord()) ? "an object" : "a " + type.getSimpleName();
	}

}
