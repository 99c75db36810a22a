package br.suite.timeclock;

import org.jspecify.annotations.Nullable;

import br.suite.shared.ClosedSet;
import br.suite.shared.InvalidRequest;

/** Field parsing several timeclock slices share. */
public final class TimeclockFields {

	private TimeclockFields() {
	}

	/**
	 * The wire value of a closed set, or {@code null} with the field's error added to
	 * {@code errors} (so one response names every bad field).
	 */
	public static <E extends Enum<E>> @Nullable E parseOrCollect(Class<E> type, String field, String value,
			InvalidRequest.Builder errors) {
		try {
			return ClosedSet.parse(type, field, value);
		}
		catch (InvalidRequest invalid) {
			invalid.errors().forEach((f, messages) -> messages.forEach(m -> errors.add(f, m)));
			return null;
		}
	}

}
