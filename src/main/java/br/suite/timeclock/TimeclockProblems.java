package br.suite.timeclock;

import java.util.List;
import java.util.Map;

import org.springframework.http.HttpStatus;

import br.suite.shared.ApiProblem;

/** What the time clock refuses, each named for what happened. */
final class TimeclockProblems {

	private TimeclockProblems() {
	}

	/**
	 * The caller sent an Idempotency-Key again, with another punch than the one it first
	 * recorded.
	 */
	static final class IdempotencyKeyReused extends ApiProblem.Conflict {

		IdempotencyKeyReused(String key) {
			super("The Idempotency-Key was already used by this caller for a different punch (employee_id, "
					+ "event_type, source or snapshot); send a new key for a new punch.");
			with("idempotency_key", key);
		}

	}

	/** Separation of duties: nobody corrects their own time records. */
	static final class SelfAdjustment extends ApiProblem.Conflict {

		static final String RULE = "no_self_adjustment";

		SelfAdjustment(long employeeId) {
			super("Nobody records an adjustment of their own punches: employee " + employeeId
					+ " is the caller. Another user with timeclock.adjustments.change must record it.");
			with("rule", RULE);
		}

	}

	static final class PunchNotFound extends ApiProblem.NotFound {

		PunchNotFound(long id) {
			super("Punch", id);
		}

	}

	static final class EstablishmentNotFound extends ApiProblem.NotFound {

		EstablishmentNotFound(long id) {
			super("Establishment", id);
		}

	}

	static final class ScheduleNotFound extends ApiProblem.NotFound {

		ScheduleNotFound(long id) {
			super("Schedule", id);
		}

	}

	/** A schedule assigned to some employee stays: it is the history of their jornada. */
	static final class ScheduleInUse extends ApiProblem.Conflict {

		ScheduleInUse(long id) {
			super("Schedule " + id + " is assigned to employees and cannot be deleted; assign another schedule "
					+ "from a later date instead.");
			with("code", "schedule_in_use");
		}

	}

	static final class AbsenceNotFound extends ApiProblem.NotFound {

		AbsenceNotFound(long id) {
			super("Absence", id);
		}

	}

	/** 404: the absence has no certificate attached. */
	static final class CertificateNotFound extends ApiProblem {

		CertificateNotFound(long id) {
			super(org.springframework.http.HttpStatus.NOT_FOUND, "Absence " + id + " has no certificate.");
		}

	}

	/** At most one absence per employee and date. */
	static final class AbsenceOverlaps extends ApiProblem.Conflict {

		AbsenceOverlaps(long existingId) {
			super("The employee already has absence " + existingId + " on some of these dates.");
			with("code", "absence_overlaps");
			with("existing_id", existingId);
		}

	}

	static final class HolidayNotFound extends ApiProblem.NotFound {

		HolidayNotFound(long id) {
			super("Holiday", id);
		}

	}

	/**
	 * A company holiday already exists on that date for that establishment (or for all).
	 */
	static final class HolidayExists extends ApiProblem.Conflict {

		HolidayExists(java.time.LocalDate date, @org.jspecify.annotations.Nullable Long establishmentId) {
			super("A company holiday already exists on " + date + " for "
					+ (establishmentId == null ? "every establishment" : "establishment " + establishmentId) + ".");
			with("code", "holiday_exists");
		}

	}

	static final class AdjustmentNotFound extends ApiProblem.NotFound {

		AdjustmentNotFound(long id) {
			super("Adjustment", id);
		}

	}

	static final class UserNotFound extends ApiProblem.NotFound {

		UserNotFound(long id) {
			super("User", id);
		}

	}

	/** 404: the user has no enrolled face photo (never had one, or it was removed). */
	static final class NoEnrolledPhoto extends ApiProblem {

		NoEnrolledPhoto(long userId) {
			super(HttpStatus.NOT_FOUND, "User " + userId + " has no enrolled photo.");
		}

	}

	/**
	 * 404: the punch was recorded without a snapshot, or retention purged it (its SHA-256
	 * stays on the punch).
	 */
	static final class NoSnapshot extends ApiProblem {

		NoSnapshot(long punchId, boolean recordedWithout) {
			super(HttpStatus.NOT_FOUND, recordedWithout ? "Punch " + punchId + " was recorded without a snapshot."
					: "The snapshot of punch " + punchId + " was purged after the retention period.");
		}

	}

	/** 413: an uploaded image above the 8 MiB limit. */
	static final class ImageTooLarge extends ApiProblem {

		ImageTooLarge() {
			super(HttpStatus.CONTENT_TOO_LARGE, "The image is larger than 8 MiB.");
		}

	}

	static final class AlreadyDisregarded extends ApiProblem.Conflict {

		AlreadyDisregarded(long punchId) {
			super("Punch " + punchId + " is already disregarded.");
		}

	}

	/**
	 * The AFD names the employer: an establishment without CNPJ/CPF (the migrated
	 * establishment 1) has none.
	 */
	static final class EmployerDocumentRequired extends ApiProblem.Conflict {

		EmployerDocumentRequired(long establishmentId) {
			super("Establishment " + establishmentId + " has no employer_document (CNPJ or CPF): set it with PATCH "
					+ "/api/timeclock/establishments/" + establishmentId + "/ first.");
			with("rule", "employer_document_required");
		}

	}

	/**
	 * A generation time named by the request whose file is no longer the same bytes
	 * (punches or records added to its period, employer data changed): the file is
	 * generated again, with the server's time.
	 */
	static final class AfdChanged extends ApiProblem.Conflict {

		AfdChanged(java.time.Instant generatedAt) {
			super("The AFD generated at " + generatedAt + " has changed since (new punches or records, or new employer "
					+ "data): download it again without generated_at.");
			with("rule", "afd_changed");
		}

	}

	/**
	 * Punches of employees who had no CPF would carry zeros in the AFD; listed unless
	 * allow_incomplete=true.
	 */
	static final class EmployeeCpfRequired extends ApiProblem.Conflict {

		EmployeeCpfRequired(List<Map<String, Object>> employees) {
			super("Punches in this period belong to employees who had no CPF when they punched; their AFD records carry "
					+ "zeros as CPF. Send allow_incomplete=true to export them anyway.");
			with("rule", "employee_cpf_required");
			with("employees", employees);
		}

	}

	/** 503: no signing key is configured, or it cannot be read, so Suite cannot sign. */
	static final class SignatureNotConfigured extends ApiProblem {

		SignatureNotConfigured(String detail) {
			super(HttpStatus.SERVICE_UNAVAILABLE, detail);
			with("rule", "afd_signature_not_configured");
		}

	}

	static final class RequestNotFound extends ApiProblem.NotFound {

		RequestNotFound(long id) {
			super("Request", id);
		}

	}

	/** A request is decided once: approved or refused, it stays so. */
	static final class RequestDecided extends ApiProblem.Conflict {

		RequestDecided(long id, String status) {
			super("Request " + id + " is already " + status + "; a decided request is not decided again.");
			with("code", "request_decided");
			with("status", status);
		}

	}

	/** Separation of duties: nobody decides their own request. */
	static final class SelfDecision extends ApiProblem.Conflict {

		static final String RULE = "no_self_decision";

		SelfDecision(long id) {
			super("Nobody decides their own request: request " + id
					+ " is the caller's. Another user with timeclock.requests.decide must decide it.");
			with("rule", RULE);
		}

	}

	/** Only employees (is_employee) have time records to ask about. */
	static final class NotAnEmployee extends ApiProblem {

		NotAnEmployee(long userId) {
			super(HttpStatus.FORBIDDEN,
					"User " + userId + " is not an employee: only employees make time-clock " + "requests.");
			with("code", "not_an_employee");
		}

	}

	static final class PayrollLayoutNotFound extends ApiProblem.NotFound {

		PayrollLayoutNotFound(long id) {
			super("Payroll layout", id);
		}

	}

	static final class PayrollLayoutNameTaken extends ApiProblem.Conflict {

		PayrollLayoutNameTaken(String name) {
			super("A payroll layout is already named \"" + name + "\".");
			with("code", "payroll_layout_name_taken");
		}

	}

	/**
	 * The payroll export and the AEJ's record 07 read a closed month's frozen figures.
	 */
	static final class MonthNotClosed extends ApiProblem.Conflict {

		MonthNotClosed(long establishmentId, String month) {
			super("Month " + month + " of establishment " + establishmentId
					+ " is not closed: close it first (POST /api/timeclock/closings/).");
			with("code", "month_not_closed");
			with("establishment_id", establishmentId);
			with("month", month);
		}

	}

	/** Some employees of the export have no value for the layout's employee key. */
	static final class EmployeeKeyMissing extends ApiProblem.Conflict {

		EmployeeKeyMissing(String key, List<Long> employeeIds) {
			super("The layout's employee key is " + key + ", which these employees do not have: " + employeeIds
					+ ". Fill it in (PATCH /api/access/users/{id}/) or use another layout.");
			with("code", "employee_key_missing");
			with("employee_key", key);
			with("employee_ids", employeeIds);
		}

	}

	/** A value does not fit its fixed-width column. */
	static final class PayrollValueTooWide extends ApiProblem.Conflict {

		PayrollValueTooWide(long employeeId, String field, String value) {
			super("The " + field + " \"" + value + "\" of employee " + employeeId
					+ " is wider than the layout's column; widen the column.");
			with("code", "payroll_value_too_wide");
			with("employee_id", employeeId);
			with("field", field);
		}

	}

	/** The AEJ's only key to an employee is the CPF (record 03). */
	static final class AejCpfRequired extends ApiProblem.Conflict {

		AejCpfRequired(List<Map<String, Object>> employees) {
			super("These employees have marks or figures in the period but no CPF, the AEJ's only key to an "
					+ "employee: set their CPF, or send allow_incomplete=true to leave them out.");
			with("rule", "employee_cpf_required");
			with("employees", employees);
		}

	}

	static final class AejChanged extends ApiProblem.Conflict {

		AejChanged(java.time.Instant generatedAt) {
			super("The AEJ generated at " + generatedAt + " has changed since (new marks, adjustments, closings or "
					+ "employer data): download it again without generated_at.");
			with("rule", "aej_changed");
		}

	}

}
