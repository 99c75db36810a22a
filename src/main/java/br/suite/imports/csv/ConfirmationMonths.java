package br.suite.imports.csv;

import java.time.YearMonth;
import java.util.List;
import java.util.regex.Pattern;

import org.jspecify.annotations.Nullable;

/**
 * The months a confirmation names: each group's key ({@code YYYY-MM}) and the month
 * {@code delete_period} replaces, each between {@link #MIN_YEAR} and {@link #MAX_YEAR}.
 */
final class ConfirmationMonths {

	static final int MIN_YEAR = 1900;

	static final int MAX_YEAR = 2999;

	private static final Pattern MONTH_KEY = Pattern.compile("(\\d{4})-(\\d{2})");

	private ConfirmationMonths() {
	}

	/** The month {@code delete_period} replaces, or null (none, or its errors added). */
	static @Nullable YearMonth toDelete(@Nullable CsvImportDeletePeriod period, List<String> errors) {
		if (period == null) {
			return null;
		}
		boolean enabled = Boolean.TRUE.equals(period.enabled());
		int before = errors.size();
		if (period.year() != null && (period.year() < MIN_YEAR || period.year() > MAX_YEAR)) {
			errors.add("delete_period.year: must be between " + MIN_YEAR + " and " + MAX_YEAR);
		}
		else if (enabled && period.year() == null) {
			errors.add("delete_period.year: is required when delete_period is enabled");
		}
		if (period.month() != null && (period.month() < 1 || period.month() > 12)) {
			errors.add("delete_period.month: must be between 1 and 12");
		}
		else if (enabled && period.month() == null) {
			errors.add("delete_period.month: is required when delete_period is enabled");
		}
		if (!enabled || errors.size() > before) {
			return null;
		}
		return YearMonth.of(period.year(), period.month());
	}

	/** A group key as its month, or null when it is no month of the range. */
	static @Nullable YearMonth ofKey(String key) {
		var matcher = MONTH_KEY.matcher(key);
		if (!matcher.matches()) {
			return null;
		}
		int year = Integer.parseInt(matcher.group(1));
		int month = Integer.parseInt(matcher.group(2));
		return year < MIN_YEAR || year > MAX_YEAR || month < 1 || month > 12 ? null : YearMonth.of(year, month);
	}

}
