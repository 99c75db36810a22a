package br.suite.timeclock.schedule;

import java.time.LocalDate;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

import br.suite.shared.lists.ListQuery;
import br.suite.shared.lists.Paging;
import br.suite.timeclock.jornada.Assignment;

/**
 * The schedules' storage: {@code timeclock_schedule} and the employees' assignments
 * ({@code timeclock_schedule_assignment}). Runs in the caller's transaction;
 * {@link Schedules} checks the rules and audits.
 */
@Repository
class ScheduleRepository {

	private static final String COLUMNS = "s.*, EXISTS (SELECT 1 FROM timeclock_schedule_assignment a "
			+ "WHERE a.schedule_id = s.id) AS in_use";

	private final JdbcClient jdbc;

	ScheduleRepository(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	ListQuery.Page<ScheduleResponse> list(Paging paging) {
		return ListQuery.of(this.jdbc, COLUMNS, "timeclock_schedule s")
			.orderBy("s.id")
			.page(paging, (rs, n) -> ScheduleRows.response(rs));
	}

	Optional<ScheduleResponse> find(long id) {
		return this.jdbc.sql("SELECT " + COLUMNS + " FROM timeclock_schedule s WHERE s.id = :id")
			.param("id", id)
			.query((rs, n) -> ScheduleRows.response(rs))
			.optional();
	}

	/** The schedule, its row locked until the transaction ends. */
	Optional<ScheduleResponse> lock(long id) {
		return this.jdbc.sql("SELECT " + COLUMNS + " FROM timeclock_schedule s WHERE s.id = :id FOR UPDATE")
			.param("id", id)
			.query((rs, n) -> ScheduleRows.response(rs))
			.optional();
	}

	/** Locks the schedule's row until the transaction ends; false when there is none. */
	boolean lockRow(long id) {
		return this.jdbc.sql("SELECT id FROM timeclock_schedule WHERE id = :id FOR UPDATE")
			.param("id", id)
			.query(Long.class)
			.optional()
			.isPresent();
	}

	boolean exists(long id) {
		return this.jdbc.sql("SELECT count(*) FROM timeclock_schedule WHERE id = :id")
			.param("id", id)
			.query(Long.class)
			.single() != 0;
	}

	long insert(ScheduleRequest request, ScheduleValidation.Valid valid) {
		return this.jdbc.sql("""
				INSERT INTO timeclock_schedule (name, kind, days, rest_day, cycle_start, work_days, off_days, intervals,
				    tolerance_per_mark_minutes, tolerance_daily_minutes, time_bank, time_bank_expiry_months,
				    night_reduced_hour)
				VALUES (:name, :kind, :days, :restDay, :cycleStart, :workDays, :offDays, :intervals, :perMark, :daily,
				    :timeBank, :expiry, :reduced)
				RETURNING id""").paramSource(params(request, valid)).query(Long.class).single();
	}

	void update(long id, ScheduleRequest request, ScheduleValidation.Valid valid) {
		Map<String, @Nullable Object> params = params(request, valid);
		params.put("id", id);
		this.jdbc.sql("""
				UPDATE timeclock_schedule SET name = :name, kind = :kind, days = :days, rest_day = :restDay,
				    cycle_start = :cycleStart, work_days = :workDays, off_days = :offDays, intervals = :intervals,
				    tolerance_per_mark_minutes = :perMark, tolerance_daily_minutes = :daily, time_bank = :timeBank,
				    time_bank_expiry_months = :expiry, night_reduced_hour = :reduced, updated_at = now()
				WHERE id = :id""").paramSource(params).update();
	}

	void delete(long id) {
		this.jdbc.sql("DELETE FROM timeclock_schedule WHERE id = :id").param("id", id).update();
	}

	List<ScheduleAssignmentResponse> assignments(long employeeId) {
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
	 * The first date after {@code from} that starts another assignment of the employee.
	 */
	Optional<LocalDate> nextAssignment(long employeeId, LocalDate from) {
		return this.jdbc.sql("""
				SELECT valid_from FROM timeclock_schedule_assignment
				WHERE employee_id = :employee AND valid_from > :from ORDER BY valid_from LIMIT 1""")
			.param("employee", employeeId)
			.param("from", from)
			.query(LocalDate.class)
			.optional();
	}

	/**
	 * The schedule assigned on exactly {@code from}, its row locked until the transaction
	 * ends.
	 */
	Optional<Long> lockAssignment(long employeeId, LocalDate from) {
		return this.jdbc.sql("""
				SELECT schedule_id FROM timeclock_schedule_assignment
				WHERE employee_id = :employee AND valid_from = :from FOR UPDATE""")
			.param("employee", employeeId)
			.param("from", from)
			.query(Long.class)
			.optional();
	}

	/** Assigns the schedule from {@code from} on, replacing one of the same date. */
	long assign(long employeeId, long scheduleId, LocalDate from, long actorId) {
		return this.jdbc.sql("""
				INSERT INTO timeclock_schedule_assignment (employee_id, schedule_id, valid_from, created_by)
				VALUES (:employee, :schedule, :from, :actor)
				ON CONFLICT (employee_id, valid_from) DO UPDATE SET schedule_id = EXCLUDED.schedule_id,
				    created_by = EXCLUDED.created_by, created_at = now()
				RETURNING id""")
			.param("employee", employeeId)
			.param("schedule", scheduleId)
			.param("from", from)
			.param("actor", actorId)
			.query(Long.class)
			.single();
	}

	/** The employee's assignments as the computation takes them. */
	List<Assignment> assignmentsFor(long employeeId) {
		return this.jdbc.sql("""
				SELECT a.valid_from, s.* FROM timeclock_schedule_assignment a
				JOIN timeclock_schedule s ON s.id = a.schedule_id WHERE a.employee_id = :employee""")
			.param("employee", employeeId)
			.query((rs, n) -> new Assignment(rs.getObject("valid_from", LocalDate.class), ScheduleRows.schedule(rs)))
			.list();
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

}
