package br.suite.timeclock.schedule;

import java.time.LocalDate;
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
import br.suite.shared.lists.ListQuery;
import br.suite.shared.lists.Paging;
import br.suite.timeclock.MonthClosings;
import br.suite.timeclock.TimeclockProblems;
import br.suite.timeclock.jornada.Assignment;

/**
 * Work schedules (weekly or cycle) and their assignment to employees with history
 * (jornada-clt.md §3): the schedule in force on a date is the assignment with the
 * greatest valid_from not after it.
 */
@Service
public class Schedules {

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

	@Transactional(readOnly = true)
	ListQuery.Page<ScheduleResponse> list(Paging paging) {
		ListQuery.Page<ScheduleResponse> page = ListQuery.of(this.jdbc, COLUMNS, "timeclock_schedule s")
			.orderBy("s.id")
			.page(paging, (rs, n) -> ScheduleRows.response(rs));
		return page;
	}

	@Transactional(readOnly = true)
	ScheduleResponse get(long id) {
		return this.jdbc.sql("SELECT " + COLUMNS + " FROM timeclock_schedule s WHERE s.id = :id")
			.param("id", id)
			.query((rs, n) -> ScheduleRows.response(rs))
			.optional()
			.orElseThrow(() -> new TimeclockProblems.ScheduleNotFound(id));
	}

	@Transactional
	ScheduleResponse create(ScheduleRequest request) {
		ScheduleValidation.Valid valid = ScheduleValidation.validate(request);
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
		ScheduleValidation.Valid valid = ScheduleValidation.validate(request);
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
			.query((rs, n) -> ScheduleRows.response(rs))
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
	public List<Assignment> assignmentsFor(long employeeId) {
		return this.jdbc.sql("""
				SELECT a.valid_from, s.* FROM timeclock_schedule_assignment a
				JOIN timeclock_schedule s ON s.id = a.schedule_id WHERE a.employee_id = :employee""")
			.param("employee", employeeId)
			.query((rs, n) -> new Assignment(rs.getObject("valid_from", LocalDate.class), ScheduleRows.schedule(rs)))
			.list();
	}

	private void employee(long employeeId) {
		AccessDirectory.UserSummary user = this.users.find(employeeId)
			.orElseThrow(() -> new TimeclockProblems.UserNotFound(employeeId));
		if (!user.isEmployee()) {
			throw InvalidRequest.of("user_id", "user " + employeeId + " is not an employee");
		}
	}

	private static Map<String, @Nullable Object> params(ScheduleRequest request, ScheduleValidation.Valid valid) {
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
