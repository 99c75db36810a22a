package br.suite.timeclock.schedule;

import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.jspecify.annotations.Nullable;
import org.springframework.context.MessageSource;
import org.springframework.stereotype.Component;
import org.springframework.ui.Model;

import br.suite.shared.InvalidRequest;
import br.suite.web.FormInput;
import br.suite.web.Formats;

/**
 * What the jornada pages (schedules, assignments, holidays, absences) share: reading the
 * typed text of a form (dd/mm/aaaa dates, whole numbers, {@code 08:00-12:00, 13:00-17:00}
 * intervals) and showing the module's refusals in Portuguese next to the form's fields:
 * each API field a page sends maps to its form field and a message of the catalogue
 * (messages.properties), so neither an API field name nor an English message reaches a
 * page.
 */
@Component
public class JornadaForms {

	private static final Pattern INTERVAL = Pattern
		.compile("(\\d{1,2}:\\d{2})\\s*(?:-|–|—|a|às|as|até)\\s*(\\d{1,2}:\\d{2})");

	private final MessageSource messages;

	JornadaForms(MessageSource messages) {
		this.messages = messages;
	}

	/** The errors of one form, by form field, already in Portuguese. */
	public final class Errors {

		private final Map<String, List<String>> byField = new LinkedHashMap<>();

		private @Nullable String general;

		public Errors add(String field, String key, Object... args) {
			String text = text(key, args);
			List<String> list = this.byField.computeIfAbsent(field, f -> new ArrayList<>());
			if (!list.contains(text)) {
				list.add(text);
			}
			return this;
		}

		public Errors general(String key, Object... args) {
			this.general = text(key, args);
			return this;
		}

		public boolean isEmpty() {
			return this.byField.isEmpty() && this.general == null;
		}

		/**
		 * Each field of the refusal shown next to the form field the translation names; a
		 * field it does not know is shown above the form with the general key.
		 */
		public Errors from(InvalidRequest refusal, Map<String, String[]> translation, String generalKey) {
			for (String apiField : refusal.errors().keySet()) {
				String[] target = null;
				for (Map.Entry<String, String[]> entry : translation.entrySet()) {
					if (apiField.equals(entry.getKey()) || apiField.startsWith(entry.getKey() + ".")
							|| apiField.startsWith(entry.getKey() + "[")) {
						target = entry.getValue();
						break;
					}
				}
				if (target == null) {
					general(generalKey);
				}
				else {
					add(target[0], target[1]);
				}
			}
			return this;
		}

		public void show(Model model) {
			model.addAttribute("errors", this.byField);
			model.addAttribute("problem", this.general);
		}

	}

	public Errors errors() {
		return new Errors();
	}

	String text(String key, Object... args) {
		return this.messages.getMessage(key, args, key, Formats.BRAZIL);
	}

	/** A dd/mm/aaaa date, or null when blank; a malformed one is reported. */
	public static @Nullable LocalDate date(String text, String field, String key, Errors errors) {
		if (text.isBlank()) {
			return null;
		}
		try {
			return LocalDate.parse(text.strip(), FormInput.DAY);
		}
		catch (DateTimeParseException ex) {
			errors.add(field, key);
			return null;
		}
	}

	public static String date(@Nullable LocalDate date) {
		return date == null ? "" : FormInput.DAY.format(date);
	}

	/** A whole number, or null when blank; a malformed one is reported. */
	static @Nullable Integer number(String text, String field, String key, Errors errors) {
		if (text.isBlank()) {
			return null;
		}
		try {
			return Integer.valueOf(text.strip());
		}
		catch (NumberFormatException ex) {
			errors.add(field, key);
			return null;
		}
	}

	/**
	 * {@code 08:00-12:00, 13:00-17:00} as the schedule's intervals (blank: none); the
	 * times themselves are checked by {@link Schedules}.
	 */
	static List<ScheduleRequest.Interval> intervals(String text, String field, String key, Errors errors) {
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
				errors.add(field, key);
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
