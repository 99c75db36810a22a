package br.suite.timeclock;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.DayOfWeek;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import br.suite.access.AccessDirectory;
import br.suite.audit.AuditLog;
import br.suite.shared.InvalidRequest;
import br.suite.shared.ListQuery;
import br.suite.shared.Paging;
import br.suite.timeclock.jornada.Assignment;
import br.suite.timeclock.jornada.ClockInterval;
import br.suite.timeclock.jornada.Schedule;

/**
 * Work schedules (weekly or cycle) and their assignment to employees with history
 * (jornada-clt.md §3): the schedule in force on a date is the assignment with the
 * greatest valid_from not after it.
 */
@Service
class Schedules {

	static final List<String> DAY_KEYS = List.of("mon", "tue", "wed", "thu", "fri", "sat", "sun");

	private static final String COLUMNS = "s.*, EXISTS (SELECT 1 FROM timeclock_schedule_assignment a "
			+ "WHERE a.schedule_id = s.id) AS in_use";

	private final JdbcClient jdbc;

	private final AuditLog audit;

	private final AccessDirectory users;

	private final MonthClosings closings;

	Schedules(JdbcClient jdbc, AuditLog audit, AccessDirectory users, MonthClosings closings) {
		this.closings = closings;
		this.jdbc = jdbc;
		this.audit = audit;
		this.users = users;
	}

	record Listing(List<ScheduleResponse> schedules, long total) {
	}

	@Transactional(readOnly = true)
	Listing list(Paging paging) {
		ListQuery.Page<ScheduleResponse> page = ListQuery.of(this.jdbc, COLUMNS, "timeclock_schedule s")
			.orderBy("s.id")
			.page(paging, (rs, n) -> response(rs));
		return new Listing(page.items(), page.total());
	}

	@Transactional(readOnly = true)
	ScheduleResponse get(long id) {
		return this.jdbc.sql("SELECT " + COLUMNS + " FROM timeclock_schedule s WHERE s.id = :id")
			.param("id", id)
			.query((rs, n) -> response(rs))
			.optional()
			.orElseThrow(() -> new TimeclockProblems.ScheduleNotFound(id));
	}

	@Transactional
	ScheduleResponse create(ScheduleRequest request) {
		Valid valid = validate(request);
		long id = this.jdbc.sql("""
				INSERT INTO timeclock_schedule (name, kind, days, rest_day, cycle_start, work_days, off_days, intervals,
				    tolerance_per_mark_minutes, tolerance_daily_minutes, time_bank, time_bank_expiry_months,
				    night_reduced_hour)
				VALUES (:name, :kind, :days, :restDay, :cycleStart, :workDays, :offDays, :intervals, :perMark, :daily,
				    :timeBank, :expiry, :reduced)
				RETURNING id""").paramSource(params(request, valid)).query(Long.class).single();
		ScheduleResponse created = get(id);
		this.audit.record("timeclock.schedule.created", "schedule", id, AuditLog.Changes.created(fields(created)));
		return created;
	}

	@Transactional
	ScheduleResponse update(long id, Function<ScheduleResponse, ScheduleRequest> changes) {
		this.jdbc.sql("SELECT id FROM timeclock_schedule WHERE id = :id FOR UPDATE")
			.param("id", id)
			.query(Long.class)
			.optional()
			.orElseThrow(() -> new TimeclockProblems.ScheduleNotFound(id));
		ScheduleResponse before = get(id);
		ScheduleRequest request = changes.apply(before);
		Valid valid = validate(request);
		Map<String, @Nullable Object> params = params(request, valid);
		params.put("id", id);
		this.jdbc.sql("""
				UPDATE timeclock_schedule SET name = :name, kind = :kind, days = :days, rest_day = :restDay,
				    cycle_start = :cycleStart, work_days = :workDays, off_days = :offDays, intervals = :intervals,
				    tolerance_per_mark_minutes = :perMark, tolerance_daily_minutes = :daily, time_bank = :timeBank,
				    time_bank_expiry_months = :expiry, night_reduced_hour = :reduced, updated_at = now()
				WHERE id = :id""").paramSource(params).update();
		ScheduleResponse after = get(id);
		this.audit.record("timeclock.schedule.updated", "schedule", id,
				AuditLog.Changes.between(fields(before), fields(after)));
		return after;
	}

	@Transactional
	void delete(long id) {
		ScheduleResponse schedule = this.jdbc
			.sql("SELECT " + COLUMNS + " FROM timeclock_schedule s WHERE s.id = :id FOR UPDATE")
			.param("id", id)
			.query((rs, n) -> response(rs))
			.optional()
			.orElseThrow(() -> new TimeclockProblems.ScheduleNotFound(id));
		if (schedule.inUse()) {
			throw new TimeclockProblems.ScheduleInUse(id);
		}
		this.jdbc.sql("DELETE FROM timeclock_schedule WHERE id = :id").param("id", id).update();
		this.audit.record("timeclock.schedule.deleted", "schedule", id, AuditLog.Changes.removed(fields(schedule)));
	}

	@Transactional(readOnly = true)
	List<ScheduleAssignmentResponse> assignments(long employeeId) {
		employee(employeeId);
		return this.jdbc.sql("""
				SELECT a.*, s.name AS schedule_name FROM timeclock_schedule_assignment a
				JOIN timeclock_schedule s ON s.id = a.schedule_id
				WHERE a.employee_id = :employee ORDER BY a.valid_from""")
			.param("employee", employeeId)
			.query((rs, n) -> new ScheduleAssignmentResponse(rs.getLong("id"), rs.getLong("employee_id"),
					rs.getLong("schedule_id"), rs.getString("schedule_name"),
					rs.getObject("valid_from", LocalDate.class), rs.getTimestamp("created_at").toInstant()))
			.list();
	}

	/**
	 * Assigns the schedule from valid_from on; an assignment on the same date is
	 * replaced.
	 */
	@Transactional
	ScheduleAssignmentResponse assign(long employeeId, ScheduleAssignmentRequest request, long actorId) {
		employee(employeeId);
		InvalidRequest.Builder errors = InvalidRequest.builder();
		if (request.scheduleId() == null) {
			errors.add("schedule_id", "is required");
		}
		else if (this.jdbc.sql("SELECT count(*) FROM timeclock_schedule WHERE id = :id")
			.param("id", request.scheduleId())
			.query(Long.class)
			.single() == 0) {
			errors.add("schedule_id", "schedule " + request.scheduleId() + " does not exist");
		}
		if (request.validFrom() == null) {
			errors.add("valid_from", "is required (YYYY-MM-DD)");
		}
		errors.throwIfAny();
		// The assignment is in force from valid_from until the next one: no closed month
		// may lie in between.
		LocalDate next = this.jdbc.sql("""
				SELECT valid_from FROM timeclock_schedule_assignment
				WHERE employee_id = :employee AND valid_from > :from ORDER BY valid_from LIMIT 1""")
			.param("employee", employeeId)
			.param("from", request.validFrom())
			.query(LocalDate.class)
			.optional()
			.orElse(null);
		this.closings.requireOpen(employeeId, request.validFrom(),
				next == null ? LocalDate.of(9999, 12, 31) : next.minusDays(1));
		Long previous = this.jdbc.sql("""
				SELECT schedule_id FROM timeclock_schedule_assignment
				WHERE employee_id = :employee AND valid_from = :from FOR UPDATE""")
			.param("employee", employeeId)
			.param("from", request.validFrom())
			.query(Long.class)
			.optional()
			.orElse(null);
		long id = this.jdbc.sql("""
				INSERT INTO timeclock_schedule_assignment (employee_id, schedule_id, valid_from, created_by)
				VALUES (:employee, :schedule, :from, :actor)
				ON CONFLICT (employee_id, valid_from) DO UPDATE SET schedule_id = EXCLUDED.schedule_id,
				    created_by = EXCLUDED.created_by, created_at = now()
				RETURNING id""")
			.param("employee", employeeId)
			.param("schedule", request.scheduleId())
			.param("from", request.validFrom())
			.param("actor", actorId)
			.query(Long.class)
			.single();
		this.audit.record("timeclock.schedule_assignment.changed", "user", employeeId,
				AuditLog.Changes.of()
					.put("valid_from", null, request.validFrom().toString())
					.put("schedule_id", previous, request.scheduleId()));
		return assignments(employeeId).stream().filter(a -> a.id() == id).findFirst().orElseThrow();
	}

	/** The employee's assignments as the computation takes them. */
	@Transactional(readOnly = true)
	List<Assignment> assignmentsFor(long employeeId) {
		return this.jdbc.sql("""
				SELECT a.valid_from, s.* FROM timeclock_schedule_assignment a
				JOIN timeclock_schedule s ON s.id = a.schedule_id WHERE a.employee_id = :employee""")
			.param("employee", employeeId)
			.query((rs, n) -> new Assignment(rs.getObject("valid_from", LocalDate.class), schedule(rs)))
			.list();
	}

	private void employee(long employeeId) {
		AccessDirectory.UserSummary user = this.users.find(employeeId)
			.orElseThrow(() -> new TimeclockProblems.UserNotFound(employeeId));
		if (!user.isEmployee()) {
			throw InvalidRequest.of("user_id", "user " + employeeId + " is not an employee");
		}
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
					if (!DAY_KEYS.contains(key)) {
						errors.add("days." + key, "is not a weekday key (mon, tue, wed, thu, fri, sat, sun)");
					}
				}
				StringBuilder text = new StringBuilder();
				for (int i = 0; i < 7; i++) {
					String key = DAY_KEYS.get(i);
					List<ClockInterval> parsed = intervals("days." + key, request.days().get(key), errors);
					week.put(DayOfWeek.of(i + 1), parsed);
					text.append(i == 0 ? "" : ";").append(key).append('=').append(text(parsed));
				}
				days = text.toString();
			}
			int rest = DAY_KEYS.indexOf(request.restDay());
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
			intervals = text(parsed);
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

	private static String text(List<ClockInterval> intervals) {
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

	private static ScheduleResponse response(ResultSet rs) throws SQLException {
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
	private static Schedule schedule(ResultSet rs) throws SQLException {
		Schedule schedule;
		if ("weekly".equals(rs.getString("kind"))) {
			Map<DayOfWeek, List<ClockInterval>> week = new EnumMap<>(DayOfWeek.class);
			for (Map.Entry<String, String> day : dayTexts(rs.getString("days")).entrySet()) {
				week.put(DayOfWeek.of(DAY_KEYS.indexOf(day.getKey()) + 1), parse(day.getValue()));
			}
			schedule = Schedule.weekly(week, DayOfWeek.of(DAY_KEYS.indexOf(rs.getString("rest_day")) + 1));
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

	private static Map<String, @Nullable Object> params(ScheduleRequest request, Valid valid) {
		boolean weekly = "weekly".equals(request.kind());
		Map<String, @Nullable Object> params = new LinkedHashMap<>();
		params.put("name", request.name());
		params.put("kind", request.kind());
		params.put("days", valid.days());
		params.put("restDay", weekly ? request.restDay() : null);
		params.put("cycleStart", weekly ? null : request.cycleStart());
		params.put("workDays", weekly ? null : request.workDays());
		params.put("offDays", weekly ? null : request.offDays());
		params.put("intervals", valid.intervals());
		params.put("perMark", request.tolerancePerMarkMinutes());
		params.put("daily", request.toleranceDailyMinutes());
		params.put("timeBank", request.timeBank());
		params.put("expiry", request.timeBankExpiryMonths());
		params.put("reduced", request.nightReducedHour());
		return params;
	}

	private static Map<String, @Nullable Object> fields(ScheduleResponse s) {
		Map<String, @Nullable Object> fields = new LinkedHashMap<>();
		fields.put("name", s.name());
		fields.put("kind", s.kind());
		fields.put("days", s.days() == null ? null : s.days().toString());
		fields.put("rest_day", s.restDay());
		fields.put("cycle_start", s.cycleStart() == null ? null : s.cycleStart().toString());
		fields.put("work_days", s.workDays());
		fields.put("off_days", s.offDays());
		fields.put("intervals", s.intervals() == null ? null : s.intervals().toString());
		fields.put("tolerance_per_mark_minutes", s.tolerancePerMarkMinutes());
		fields.put("tolerance_daily_minutes", s.toleranceDailyMinutes());
		fields.put("time_bank", s.timeBank());
		fields.put("time_bank_expiry_months", s.timeBankExpiryMonths());
		fields.put("night_reduced_hour", s.nightReducedHour());
		return fields;
	}

}
