package br.suite.timeclock.schedule;

import java.time.DayOfWeek;
import java.time.LocalTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

import org.jspecify.annotations.Nullable;

import br.suite.shared.InvalidRequest;
import br.suite.timeclock.jornada.ClockInterval;
import br.suite.timeclock.jornada.Schedule;

/**
 * A schedule request checked field by field (every problem named at once, as a 400) into
 * the computation's schedule and the interval texts stored with it.
 */
final class ScheduleValidation {

	private ScheduleValidation() {
	}

	/**
	 * What validation yields: the computation's schedule and the stored interval texts.
	 */
	record Valid(Schedule schedule, @Nullable String days, @Nullable String intervals) {
	}

	static Valid validate(ScheduleRequest request) {
		InvalidRequest.Builder errors = InvalidRequest.builder();
		if (request.name() == null || request.name().isEmpty() || request.name().length() > 120) {
			errors.add("name", "is required, 1 to 120 characters");
		}
		if (request.tolerancePerMarkMinutes() < 0 || request.tolerancePerMarkMinutes() > 5) {
			errors.add("tolerance_per_mark_minutes", "must be 0 to 5 (CLT art. 58 §1; Súmula 449 TST)");
		}
		if (request.toleranceDailyMinutes() < 0 || request.toleranceDailyMinutes() > 10) {
			errors.add("tolerance_daily_minutes", "must be 0 to 10 (CLT art. 58 §1)");
		}
		if (request.timeBankExpiryMonths() < 1 || request.timeBankExpiryMonths() > 12) {
			errors.add("time_bank_expiry_months", "must be 1 to 12 (CLT art. 59 §2, §5)");
		}
		Schedule schedule = null;
		String days = null;
		String intervals = null;
		if ("weekly".equals(request.kind())) {
			Map<DayOfWeek, List<ClockInterval>> week = new EnumMap<>(DayOfWeek.class);
			if (request.days() == null) {
				errors.add("days", "is required for a weekly schedule: keys mon…sun, each a list of intervals");
			}
			else {
				for (String key : request.days().keySet()) {
					if (!Schedules.DAY_KEYS.contains(key)) {
						errors.add("days." + key, "is not a weekday key (mon, tue, wed, thu, fri, sat, sun)");
					}
				}
				StringBuilder text = new StringBuilder();
				for (int i = 0; i < 7; i++) {
					String key = Schedules.DAY_KEYS.get(i);
					List<ClockInterval> parsed = intervals("days." + key, request.days().get(key), errors);
					week.put(DayOfWeek.of(i + 1), parsed);
					text.append(i == 0 ? "" : ";").append(key).append('=').append(ScheduleRows.text(parsed));
				}
				days = text.toString();
			}
			int rest = Schedules.DAY_KEYS.indexOf(request.restDay());
			if (rest < 0) {
				errors.add("rest_day", "must be one of mon, tue, wed, thu, fri, sat, sun");
			}
			else if (!week.getOrDefault(DayOfWeek.of(rest + 1), List.of()).isEmpty()) {
				errors.add("rest_day", "must be an empty day (the weekly rest has no intervals)");
			}
			if (!errors.isEmpty()) {
				errors.throwIfAny();
			}
			schedule = Schedule.weekly(week, DayOfWeek.of(rest + 1));
		}
		else if ("cycle".equals(request.kind())) {
			if (request.cycleStart() == null) {
				errors.add("cycle_start", "is required for a cycle schedule (YYYY-MM-DD)");
			}
			if (request.workDays() == null || request.workDays() < 1 || request.workDays() > 366) {
				errors.add("work_days", "must be 1 to 366 (12x36: 1)");
			}
			if (request.offDays() == null || request.offDays() < 1 || request.offDays() > 366) {
				errors.add("off_days", "must be 1 to 366 (12x36: 1)");
			}
			List<ClockInterval> parsed = intervals("intervals", request.intervals(), errors);
			if (parsed.isEmpty() && !errors.has("intervals")) {
				errors.add("intervals", "must not be empty for a cycle schedule");
			}
			errors.throwIfAny();
			intervals = ScheduleRows.text(parsed);
			schedule = Schedule.cycle(request.cycleStart(), request.workDays(), request.offDays(), parsed);
		}
		else {
			errors.add("kind", "must be weekly or cycle");
		}
		errors.throwIfAny();
		schedule = schedule.withTolerances(request.tolerancePerMarkMinutes(), request.toleranceDailyMinutes())
			.withNightReducedHour(request.nightReducedHour());
		if (request.timeBank()) {
			schedule = schedule.withTimeBank(request.timeBankExpiryMonths());
		}
		return new Valid(schedule, days, intervals);
	}

	/**
	 * Parses the intervals of a day: each HH:MM, start ≠ end, and at most 24 h from the
	 * first start to the last end, placed by the walk of jornada-clt.md §3.
	 */
	private static List<ClockInterval> intervals(String field, @Nullable List<ScheduleRequest.Interval> list,
			InvalidRequest.Builder errors) {
		List<ClockInterval> parsed = new ArrayList<>();
		if (list == null) {
			return parsed;
		}
		for (int i = 0; i < list.size(); i++) {
			ScheduleRequest.Interval interval = list.get(i);
			String at = field + "[" + i + "]";
			if (interval == null) {
				errors.add(at, "must be {\"start\": \"HH:MM\", \"end\": \"HH:MM\"}");
				continue;
			}
			LocalTime start = time(at + ".start", interval.start(), errors);
			LocalTime end = time(at + ".end", interval.end(), errors);
			if (start != null && end != null) {
				if (start.equals(end)) {
					errors.add(at, "start and end must differ");
				}
				else {
					parsed.add(new ClockInterval(start, end));
				}
			}
		}
		long cursor = 0;
		long first = -1;
		for (ClockInterval interval : parsed) {
			long start = minuteOfDay(interval.start());
			while (start < cursor) {
				start += 1440;
			}
			long end = start + interval.minutes();
			first = first < 0 ? start : first;
			cursor = end;
		}
		if (first >= 0 && cursor - first > 1440) {
			errors.add(field, "spans more than 24 hours from the first start to the last end");
		}
		return parsed;
	}

	private static @Nullable LocalTime time(String field, @Nullable String text, InvalidRequest.Builder errors) {
		if (text == null) {
			errors.add(field, "is required (HH:MM, 00:00 to 23:59)");
			return null;
		}
		try {
			return ClockInterval.parse(text);
		}
		catch (DateTimeParseException ex) {
			errors.add(field, "must be HH:MM, 00:00 to 23:59");
			return null;
		}
	}

	private static long minuteOfDay(LocalTime time) {
		return time.getHour() * 60L + time.getMinute();
	}

}
