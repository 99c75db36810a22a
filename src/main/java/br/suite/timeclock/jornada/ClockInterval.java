package br.suite.timeclock.jornada;

import java.time.LocalTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.time.format.ResolverStyle;

/**
 * An interval of a schedule in clock time ({@code "HH:MM"}); it may cross midnight
 * ({@code 22:00 → 05:00}).
 */
public record ClockInterval(LocalTime start, LocalTime end) {

	private static final DateTimeFormatter HH_MM = DateTimeFormatter.ofPattern("HH:mm")
		.withResolverStyle(ResolverStyle.STRICT);

	public ClockInterval {
		start = start.withSecond(0).withNano(0);
		end = end.withSecond(0).withNano(0);
	}

	/** Parses {@code "HH:MM"} (00:00–23:59); throws {@link DateTimeParseException}. */
	public static ClockInterval of(String start, String end) {
		return new ClockInterval(parse(start), parse(end));
	}

	public static LocalTime parse(String text) {
		if (text.length() != 5) {
			throw new DateTimeParseException("not HH:MM", text, 0);
		}
		return LocalTime.parse(text, HH_MM);
	}

	public String startText() {
		return this.start.format(HH_MM);
	}

	public String endText() {
		return this.end.format(HH_MM);
	}

	/**
	 * Length in minutes; an interval whose end is not after its start crosses midnight.
	 */
	public int minutes() {
		int s = this.start.getHour() * 60 + this.start.getMinute();
		int e = this.end.getHour() * 60 + this.end.getMinute();
		return e > s ? e - s : e + 1440 - s;
	}

}
