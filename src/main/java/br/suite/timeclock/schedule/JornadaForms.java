package br.suite.timeclock.schedule;

import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.jspecify.annotations.Nullable;
import org.springframework.context.MessageSource;
import org.springframework.stereotype.Component;

import br.suite.shared.InvalidRequest;
import br.suite.web.FormInput;
import br.suite.web.Formats;

/**
 * What the jornada pages (schedules, assignments, holidays, absences) share: reading the
 * typed text of a form (dd/mm/aaaa dates, whole numbers, {@code 08:00-12:00, 13:00-17:00}
 * intervals), each value that cannot be read collected as the form field's refusal with
 * the page's own catalogue key ({@code {holidays.error.date}}), and writing minutes and
 * intervals as the pages show them. The module's refusals reach the fields through
 * {@link br.suite.web.FormFields}: each API field a page sends maps to its form field and
 * a message of the catalogue (messages.properties), so neither an API field name nor an
 * English message reaches a page.
 */
@Component
public class JornadaForms {

	private static final Pattern INTERVAL = Pattern
		.compile("(\\d{1,2}:\\d{2})\\s*(?:-|–|—|a|às|as|até)\\s*(\\d{1,2}:\\d{2})");

	private final MessageSource messages;

	JornadaForms(MessageSource messages) {
		this.messages = messages;
	}

	String text(String key, Object... args) {
		return this.messages.getMessage(key, args, key, Formats.BRAZIL);
	}

	/** A dd/mm/aaaa date, or null when blank; a malformed one is reported. */
	public static @Nullable LocalDate date(String text, String field, String key, InvalidRequest.Builder errors) {
		if (text.isBlank()) {
			return null;
		}
		try {
			return LocalDate.parse(text.strip(), FormInput.DAY);
		}
		catch (DateTimeParseException ex) {
			errors.add(field, "{" + key + "}");
			return null;
		}
	}

	public static String date(@Nullable LocalDate date) {
		return date == null ? "" : FormInput.DAY.format(date);
	}

	/** A whole number, or null when blank; a malformed one is reported. */
	static @Nullable Integer number(String text, String field, String key, InvalidRequest.Builder errors) {
		if (text.isBlank()) {
			return null;
		}
		try {
			return Integer.valueOf(text.strip());
		}
		catch (NumberFormatException ex) {
			errors.add(field, "{" + key + "}");
			return null;
		}
	}

	/**
	 * {@code 08:00-12:00, 13:00-17:00} as the schedule's intervals (blank: none); the
	 * times themselves are checked by {@link Schedules}.
	 */
	static List<ScheduleRequest.Interval> intervals(String text, String field, String key,
			InvalidRequest.Builder errors) {
		List<ScheduleRequest.Interval> list = new ArrayList<>();
		if (text.isBlank()) {
			return list;
		}
		for (String part : text.split("[,;]")) {
			if (part.isBlank()) {
				continue;
			}
			Matcher matcher = INTERVAL.matcher(part.strip().toLowerCase(Formats.BRAZIL));
			if (!matcher.matches()) {
				errors.add(field, "{" + key + "}");
				return List.of();
			}
			list.add(new ScheduleRequest.Interval(pad(matcher.group(1)), pad(matcher.group(2))));
		}
		return list;
	}

	static String intervals(@Nullable List<ScheduleRequest.Interval> intervals) {
		if (intervals == null) {
			return "";
		}
		return String.join(", ", intervals.stream().map(i -> i.start() + "-" + i.end()).toList());
	}

	private static String pad(String time) {
		return time.length() == 4 ? "0" + time : time;
	}

	/** Minutes as h:mm. */
	public static String hours(long minutes) {
		return String.format(Locale.ROOT, "%s%d:%02d", minutes < 0 ? "-" : "", Math.abs(minutes) / 60,
				Math.abs(minutes) % 60);
	}

	/** Signed minutes as +h:mm or -h:mm. */
	public static String signed(long minutes) {
		return (minutes < 0 ? "-" : "+") + hours(Math.abs(minutes));
	}

}
