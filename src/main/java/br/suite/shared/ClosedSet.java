package br.suite.shared;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

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
		for (E constant : type.getEnumConstants()) {
			if (wire(constant).equals(value)) {
				return constant;
			}
		}
		throw InvalidRequest.of(field, "must be one of: " + allowed(type) + " (got \"" + value + "\")");
	}

	public static String wire(Enum<?> constant) {
		return constant.name().toLowerCase(Locale.ROOT);
	}

	public static <E extends Enum<E>> String allowed(Class<E> type) {
		return Arrays.stream(type.getEnumConstants()).map(ClosedSet::wire).collect(Collectors.joining(", "));
	}

}
