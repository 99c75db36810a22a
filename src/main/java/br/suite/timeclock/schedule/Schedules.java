package br.suite.timeclock.schedule;

import java.time.LocalDate;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import org.jspecify.annotations.Nullable;
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

	private final ScheduleRepository repository;

	private final AuditLog audit;

	private final AccessDirectory users;

	private final MonthClosings closings;

	Schedules(ScheduleRepository repository, AuditLog audit, AccessDirectory users, MonthClosings closings) {
		this.closings = closings;
		this.repository = repository;
		this.audit = audit;
		this.users = users;
	}

	@Transactional(readOnly = true)
	ListQuery.Page<ScheduleResponse> list(Paging paging) {
		return this.repository.list(paging);
	}

	@Transactional(readOnly = true)
	ScheduleResponse get(long id) {
		return this.repository.find(id).orElseThrow(() -> new TimeclockProblems.ScheduleNotFound(id));
	}

	@Transactional
	ScheduleResponse create(ScheduleRequest request) {
		ScheduleValidation.Valid valid = ScheduleValidation.validate(request);
		long id = this.repository.insert(request, valid);
		ScheduleResponse created = get(id);
		this.audit.record("timeclock.schedule.created", "schedule", id, AuditLog.Changes.created(fields(created)));
		return created;
	}

	@Transactional
	ScheduleResponse update(long id, Function<ScheduleResponse, ScheduleRequest> changes) {
		if (!this.repository.lockRow(id)) {
			throw new TimeclockProblems.ScheduleNotFound(id);
		}
		ScheduleResponse before = get(id);
		ScheduleRequest request = changes.apply(before);
		ScheduleValidation.Valid valid = ScheduleValidation.validate(request);
		this.repository.update(id, request, valid);
		ScheduleResponse after = get(id);
		this.audit.record("timeclock.schedule.updated", "schedule", id,
				AuditLog.Changes.between(fields(before), fields(after)));
		return after;
	}

	@Transactional
	void delete(long id) {
		ScheduleResponse schedule = this.repository.lock(id)
			.orElseThrow(() -> new TimeclockProblems.ScheduleNotFound(id));
		if (schedule.inUse()) {
			throw new TimeclockProblems.ScheduleInUse(id);
		}
		this.repository.delete(id);
		this.audit.record("timeclock.schedule.deleted", "schedule", id, AuditLog.Changes.removed(fields(schedule)));
	}

	@Transactional(readOnly = true)
	List<ScheduleAssignmentResponse> assignments(long employeeId) {
		employee(employeeId);
		return this.repository.assignments(employeeId);
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
		else if (!this.repository.exists(request.scheduleId())) {
			errors.add("schedule_id", "schedule " + request.scheduleId() + " does not exist");
		}
		if (request.validFrom() == null) {
			errors.add("valid_from", "is required (YYYY-MM-DD)");
		}
		errors.throwIfAny();
		// The assignment is in force from valid_from until the next one: no closed month
		// may lie in between.
		LocalDate next = this.repository.nextAssignment(employeeId, request.validFrom()).orElse(null);
		this.closings.requireOpen(employeeId, request.validFrom(),
				next == null ? LocalDate.of(9999, 12, 31) : next.minusDays(1));
		Long previous = this.repository.lockAssignment(employeeId, request.validFrom()).orElse(null);
		long id = this.repository.assign(employeeId, request.scheduleId(), request.validFrom(), actorId);
		this.audit.record("timeclock.schedule_assignment.changed", "user", employeeId,
				AuditLog.Changes.of()
					.put("valid_from", null, request.validFrom().toString())
					.put("schedule_id", previous, request.scheduleId()));
		return assignments(employeeId).stream().filter(a -> a.id() == id).findFirst().orElseThrow();
	}

	/** The employee's assignments as the computation takes them. */
	@Transactional(readOnly = true)
	public List<Assignment> assignmentsFor(long employeeId) {
		return this.repository.assignmentsFor(employeeId);
	}

	private void employee(long employeeId) {
		AccessDirectory.UserSummary user = this.users.find(employeeId)
			.orElseThrow(() -> new TimeclockProblems.UserNotFound(employeeId));
		if (!user.isEmployee()) {
			throw InvalidRequest.of("user_id", "user " + employeeId + " is not an employee");
		}
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
