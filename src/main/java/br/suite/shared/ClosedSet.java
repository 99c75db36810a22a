package br.suite.shared;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

import org.jspecify.annotations.Nullable;

/**
 * Every {@code status}-like field has a closed set of values: a Java enum whose constants
 * are written as lowercase strings on the wire and in the database's check constraint.
 */
public final class ClosedSet {

	private ClosedSet() {
	}

	/**
	 * Reads a wire value; an unknown one is a 400 on {@code field} that lists the allowed
	 * values.
	 */
	public static <E extends Enum<E>> E parse(Class<E> type, String field, String value) {
		E constant = find(type, value);
		if (constant == null) {
			throw InvalidRequest.of(field, unknown(type, value));
		}
		return constant;
	}

	/**
	 * The same, collecting: {@code null} with the field's error added to {@code errors}
	 * (so one response names every bad field).
	 */
	public static <E extends Enum<E>> @Nullable E parse(Class<E> type, String field, @Nullable String value,
			InvalidRequest.Builder errors) {
		E constant = find(type, value);
		if (constant == null) {
			errors.add(field, unknown(type, value));
		}
		return constant;
	}

	/**
	 * A required closed-set value: {@code null} with the field's error added when it is
	 * missing, empty or not one of the allowed values.
	 */
	public static <E extends Enum<E>> @Nullable E required(Class<E> type, String field, @Nullable String value,
			InvalidRequest.Builder errors) {
		if (value == null || value.isEmpty()) {
			errors.add(field, "is required; one of: " + allowed(type));
			return null;
		}
		return parse(type, field, value, errors);
	}

	/**
	 * {@link #required} for a value as typed: surrounding white space is ignored, so a
	 * blank value is a missing one.
	 */
	public static <E extends Enum<E>> @Nullable E requiredStripped(Class<E> type, String field, @Nullable String value,
			InvalidRequest.Builder errors) {
		return required(type, field, value == null ? null : value.strip(), errors);
	}

	private static <E extends Enum<E>> @Nullable E find(Class<E> type, @Nullable String value) {
		for (E constant : type.getEnumConstants()) {
			if (wire(constant).equals(value)) {
				return constant;
			}
		}
		return null;
	}

	private static <E extends Enum<E>> String unknown(Class<E> type, @Nullable String value) {
		return "must be one of: " + allowed(type) + " (got \"" + value + "\")";
	}

	public static String wire(Enum<?> constant) {
		return constant.name().toLowerCase(Locale.ROOT);
	}

	public static <E extends Enum<E>> String allowed(Class<E> type) {
		return Arrays.stream(type.getEnumConstants()).map(ClosedSet::wire).collect(Collectors.joining(", "));
	}

}
