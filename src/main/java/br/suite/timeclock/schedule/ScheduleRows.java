package br.suite.timeclock.schedule;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.DayOfWeek;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.jspecify.annotations.Nullable;

import br.suite.timeclock.jornada.ClockInterval;
import br.suite.timeclock.jornada.Schedule;

/**
 * A stored schedule row read as the wire shows it and as the computation takes it; the
 * intervals are stored as text ({@code 08:00-12:00,13:00-17:00}, weekly days as
 * {@code mon=…;tue=…}).
 */
final class ScheduleRows {

	private ScheduleRows() {
	}

	static String text(List<ClockInterval> intervals) {
		StringBuilder text = new StringBuilder();
		for (ClockInterval interval : intervals) {
			text.append(text.isEmpty() ? "" : ",").append(interval.startText()).append('-').append(interval.endText());
		}
		return text.toString();
	}

	private static List<ClockInterval> parse(@Nullable String text) {
		List<ClockInterval> list = new ArrayList<>();
		if (text == null || text.isEmpty()) {
			return list;
		}
		for (String part : text.split(",")) {
			String[] ends = part.split("-");
			list.add(ClockInterval.of(ends[0], ends[1]));
		}
		return list;
	}

	private static Map<String, String> dayTexts(String days) {
		Map<String, String> map = new LinkedHashMap<>();
		for (String day : days.split(";", -1)) {
			int eq = day.indexOf('=');
			map.put(day.substring(0, eq), day.substring(eq + 1));
		}
		return map;
	}

	private static List<ScheduleRequest.Interval> wire(List<ClockInterval> intervals) {
		return intervals.stream().map(i -> new ScheduleRequest.Interval(i.startText(), i.endText())).toList();
	}

	static ScheduleResponse response(ResultSet rs) throws SQLException {
		boolean weekly = "weekly".equals(rs.getString("kind"));
		Map<String, @Nullable List<ScheduleRequest.Interval>> days = null;
		if (weekly) {
			days = new LinkedHashMap<>();
			for (Map.Entry<String, String> day : dayTexts(rs.getString("days")).entrySet()) {
				days.put(day.getKey(), wire(parse(day.getValue())));
			}
		}
		return new ScheduleResponse(rs.getLong("id"), rs.getString("name"), rs.getString("kind"), days,
				weekly ? rs.getString("rest_day") : null, rs.getObject("cycle_start", LocalDate.class),
				(Integer) rs.getObject("work_days", Integer.class), (Integer) rs.getObject("off_days", Integer.class),
				weekly ? null : wire(parse(rs.getString("intervals"))), rs.getInt("tolerance_per_mark_minutes"),
				rs.getInt("tolerance_daily_minutes"), rs.getBoolean("time_bank"), rs.getInt("time_bank_expiry_months"),
				rs.getBoolean("night_reduced_hour"), rs.getBoolean("in_use"), rs.getTimestamp("created_at").toInstant(),
				rs.getTimestamp("updated_at").toInstant());
	}

	/** The computation's schedule of a stored row. */
	static Schedule schedule(ResultSet rs) throws SQLException {
		Schedule schedule;
		if ("weekly".equals(rs.getString("kind"))) {
			Map<DayOfWeek, List<ClockInterval>> week = new EnumMap<>(DayOfWeek.class);
			for (Map.Entry<String, String> day : dayTexts(rs.getString("days")).entrySet()) {
				week.put(DayOfWeek.of(Schedules.DAY_KEYS.indexOf(day.getKey()) + 1), parse(day.getValue()));
			}
			schedule = Schedule.weekly(week, DayOfWeek.of(Schedules.DAY_KEYS.indexOf(rs.getString("rest_day")) + 1));
		}
		else {
			schedule = Schedule.cycle(rs.getObject("cycle_start", LocalDate.class), rs.getInt("work_days"),
					rs.getInt("off_days"), parse(rs.getString("intervals")));
		}
		schedule = schedule
			.withTolerances(rs.getInt("tolerance_per_mark_minutes"), rs.getInt("tolerance_daily_minutes"))
			.withNightReducedHour(rs.getBoolean("night_reduced_hour"));
		return rs.getBoolean("time_bank") ? schedule.withTimeBank(rs.getInt("time_bank_expiry_months")) : schedule;
	}

}
