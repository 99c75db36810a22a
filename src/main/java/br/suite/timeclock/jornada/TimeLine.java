package br.suite.timeclock.jornada;

import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.time.temporal.ChronoUnit;

/**
 * The establishment's local time line in whole minutes since the epoch: where marks,
 * scheduled intervals and night periods fall (§2.2, §9).
 */
record TimeLine(ZoneId zone) {

	static final int NIGHT_START_HOUR = 22;

	static final int NIGHT_END_HOUR = 5;

	static long minute(ZonedDateTime time) {
		return Math.floorDiv(time.toEpochSecond(), 60);
	}

	/** §2.2: the mark reduced to its local minute. */
	long minuteOf(Mark mark) {
		return minute(ZonedDateTime.ofInstant(mark.at(), this.zone).truncatedTo(ChronoUnit.MINUTES));
	}

	long midnight(LocalDate date) {
		return minute(date.atStartOfDay(this.zone));
	}

	long at(LocalDate date, int hour) {
		return minute(date.atTime(hour, 0).atZone(this.zone));
	}

	LocalDate localDate(long minute) {
		return Instant.ofEpochSecond(minute * 60).atZone(this.zone).toLocalDate();
	}

	/** The first instant at the local time that is not before the cursor. */
	ZonedDateTime atOrAfter(ZonedDateTime cursor, LocalTime time) {
		LocalDate date = cursor.toLocalDate();
		ZonedDateTime candidate = date.atTime(time).atZone(this.zone);
		while (candidate.isBefore(cursor)) {
			date = date.plusDays(1);
			candidate = date.atTime(time).atZone(this.zone);
		}
		return candidate;
	}

	/** The first instant at the local time that is after the start. */
	ZonedDateTime after(ZonedDateTime start, LocalTime time) {
		LocalDate date = start.toLocalDate();
		ZonedDateTime candidate = date.atTime(time).atZone(this.zone);
		while (!candidate.isAfter(start)) {
			date = date.plusDays(1);
			candidate = date.atTime(time).atZone(this.zone);
		}
		return candidate;
	}

	/**
	 * Clock minutes of {@code [a, b)} inside any night period
	 * {@code [X 22:00, X+1 05:00)} (§9).
	 */
	int nightMinutes(long a, long b) {
		if (b <= a) {
			return 0;
		}
		LocalDate first = localDate(a).minusDays(1);
		LocalDate last = localDate(b);
		int total = 0;
		for (LocalDate x = first; !x.isAfter(last); x = x.plusDays(1)) {
			long start = at(x, NIGHT_START_HOUR);
			long end = at(x.plusDays(1), NIGHT_END_HOUR);
			total += (int) Math.max(0, Math.min(b, end) - Math.max(a, start));
		}
		return total;
	}

}
