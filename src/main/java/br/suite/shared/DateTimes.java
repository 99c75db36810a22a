package br.suite.shared;

import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.util.Locale;

/** The calendar of a Brazilian business and the UTC date-time format of the wire. */
public final class DateTimes {

	/**
	 * The IANA id of the zone dates are days in, for annotations that need a constant
	 * text.
	 */
	public static final String BRAZIL_ZONE_ID = "America/Sao_Paulo";

	/** The zone business dates are days in: a date filter, a deadline, a schedule. */
	public static final ZoneId BRAZIL = ZoneId.of(BRAZIL_ZONE_ID);

	/**
	 * {@code 2026-11-25T21:07:31.123Z}: UTC, exactly three fraction digits (truncated),
	 * {@code Z}.
	 */
	public static final DateTimeFormatter UTC_MILLIS = new DateTimeFormatterBuilder().appendInstant(3)
		.toFormatter(Locale.ROOT);

	private DateTimes() {
	}

	public static String utcMillis(Instant instant) {
		return UTC_MILLIS.format(instant);
	}

}
