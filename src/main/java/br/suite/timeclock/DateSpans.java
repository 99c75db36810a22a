package br.suite.timeclock;

import java.time.LocalDate;
import java.time.temporal.ChronoUnit;

import org.jspecify.annotations.Nullable;

import br.suite.shared.InvalidRequest;

/**
 * The rule of a request's {@code date_from}..{@code date_to} (an absence, an absence
 * request, the AEJ's period): both required, inclusive, at most so many days.
 */
public final class DateSpans {

	private DateSpans() {
	}

	/**
	 * Adds to {@code errors} what breaks the rule, naming
	 * {@code date_from}/{@code date_to}.
	 */
	public static void check(@Nullable LocalDate from, @Nullable LocalDate to, int maxDays,
			InvalidRequest.Builder errors) {
		if (from == null) {
			errors.add("date_from", "is required (YYYY-MM-DD)");
		}
		if (to == null) {
			errors.add("date_to", "is required (YYYY-MM-DD)");
		}
		if (from != null && to != null) {
			long days = ChronoUnit.DAYS.between(from, to) + 1;
			if (days < 1) {
				errors.add("date_to", "must not be before date_from");
			}
			else if (days > maxDays) {
				errors.add("date_to", "at most " + maxDays + " days from date_from");
			}
		}
	}

}
