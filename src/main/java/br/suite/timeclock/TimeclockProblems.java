package br.suite.timeclock;

import java.util.List;
import java.util.Map;

import org.springframework.http.HttpStatus;

import br.suite.shared.ApiProblem;

/** What the time clock refuses, each named for what happened. */
public final class TimeclockProblems {

	private TimeclockProblems() {
	}

	/**
	 * The caller sent an Idempotency-Key again, with another punch than the one it first
	 * recorded.
	 */
	public static final class IdempotencyKeyReused extends ApiProblem.Conflict {

		public IdempotencyKeyReused(String key) {
			super("The Idempotency-Key was already used by this caller for a different punch (employee_id, "
					+ "event_type, source or snapshot); send a new key for a new punch.");
			with("idempotency_key", key);
		}

	}

	/** Separation of duties: nobody corrects their own time records. */
	public static final class SelfAdjustment extends ApiProblem.Conflict {

		static final String RULE = "no_self_adjustment";

		public SelfAdjustment(long employeeId) {
			super("Nobody records an adjustment of their own punches: employee " + employeeId
					+ " is the caller. Another user with timeclock.adjustments.change must record it.");
			with("rule", RULE);
		}

	}

	public static final class PunchNotFound extends ApiProblem.NotFound {

		public PunchNotFound(long id) {
			super("Punch", id);
		}

	}

	static final class EstablishmentNotFound extends ApiProblem.NotFound {

		EstablishmentNotFound(long id) {
			super("Establishment", id);
		}

	}

	public static final class ScheduleNotFound extends ApiProblem.NotFound {

		public ScheduleNotFound(long id) {
			super("Schedule", id);
		}

	}

	/** A schedule assigned to some employee stays: it is the history of their jornada. */
	public static final class ScheduleInUse extends ApiProblem.Conflict {

		public ScheduleInUse(long id) {
			super("Schedule " + id + " is assigned to employees and cannot be deleted; assign another schedule "
					+ "from a later date instead.");
			with("code", "schedule_in_use");
		}

	}

	public static final class AbsenceNotFound extends ApiProblem.NotFound {

		public AbsenceNotFound(long id) {
			super("Absence", id);
		}

	}

	/** 404: the absence has no certificate attached. */
	public static final class CertificateNotFound extends ApiProblem {

		public CertificateNotFound(long id) {
			super(org.springframework.http.HttpStatus.NOT_FOUND, "Absence " + id + " has no certificate.");
		}

	}

	/** At most one absence per employee and date. */
	public static final class AbsenceOverlaps extends ApiProblem.Conflict {

		public AbsenceOverlaps(long existingId) {
			super("The employee already has absence " + existingId + " on some of these dates.");
			with("code", "absence_overlaps");
			with("existing_id", existingId);
		}

	}

	public static final class HolidayNotFound extends ApiProblem.NotFound {

		public HolidayNotFound(long id) {
			super("Holiday", id);
		}

	}

	/**
	 * A company holiday already exists on that date for that establishment (or for all).
	 */
	public static final class HolidayExists extends ApiProblem.Conflict {

		public HolidayExists(java.time.LocalDate date, @org.jspecify.annotations.Nullable Long establishmentId) {
			super("A company holiday already exists on " + date + " for "
					+ (establishmentId == null ? "every establishment" : "establishment " + establishmentId) + ".");
			with("code", "holiday_exists");
		}

	}

	public static final class AdjustmentNotFound extends ApiProblem.NotFound {

		public AdjustmentNotFound(long id) {
			super("Adjustment", id);
		}

	}

	public static final class UserNotFound extends ApiProblem.NotFound {

		public UserNotFound(long id) {
			super("User", id);
		}

	}

	/** 404: the user has no enrolled face photo (never had one, or it was removed). */
	public static final class NoEnrolledPhoto extends ApiProblem {

		public NoEnrolledPhoto(long userId) {
			super(HttpStatus.NOT_FOUND, "User " + userId + " has no enrolled photo.");
		}

	}

	/**
	 * 404: the punch was recorded without a snapshot, or retention purged it (its SHA-256
	 * stays on the punch).
	 */
	public static final class NoSnapshot extends ApiProblem {

		public NoSnapshot(long punchId, boolean recordedWithout) {
			super(HttpStatus.NOT_FOUND, recordedWithout ? "Punch " + punchId + " was recorded without a snapshot."
					: "The snapshot of punch " + punchId + " was purged after the retention period.");
		}

	}

	/** 413: an uploaded image above the 8 MiB limit. */
	public static final class ImageTooLarge extends ApiProblem {

		public ImageTooLarge() {
			super(HttpStatus.CONTENT_TOO_LARGE, "The image is larger than 8 MiB.");
		}

	}

	public static final class AlreadyDisregarded extends ApiProblem.Conflict {

		public AlreadyDisregarded(long punchId) {
			super("Punch " + punchId + " is already disregarded.");
		}

	}

	/**
	 * The AFD names the employer: an establishment without CNPJ/CPF (the migrated
	 * establishment 1) has none.
	 */
	public static final class EmployerDocumentRequired extends ApiProblem.Conflict {

		public EmployerDocumentRequired(long establishmentId) {
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
	public static final class AfdChanged extends ApiProblem.Conflict {

		public AfdChanged(java.time.Instant generatedAt) {
			super("The AFD generated at " + generatedAt + " has changed since (new punches or records, or new employer "
					+ "data): download it again without generated_at.");
			with("rule", "afd_changed");
		}

	}

	/**
	 * Punches of employees who had no CPF would carry zeros in the AFD; listed unless
	 * allow_incomplete=true.
	 */
	public static final class EmployeeCpfRequired extends ApiProblem.Conflict {

		public EmployeeCpfRequired(List<Map<String, Object>> employees) {
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

	/**
	 * A write touching a month closed for the employee (or a second closing of a closed
	 * month): refused, nothing changed; reopen the month first.
	 */
	public static final class MonthClosed extends ApiProblem.Conflict {

		static final String CODE = "month_closed";

		public MonthClosed(long employeeId, java.time.YearMonth month) {
			super("Month " + month + " is closed for employee " + employeeId
					+ ": its figures are frozen. Reopen the closing (DELETE /api/timeclock/closings/{id}/, permission "
					+ "timeclock.closings.reopen) to change its records.");
			with("code", CODE);
			with("month", month.toString());
			with("employee_id", employeeId);
		}

		public MonthClosed(java.time.YearMonth month, long establishmentId, long closingId) {
			super("Month " + month + " is already closed for establishment " + establishmentId + " (closing "
					+ closingId + ").");
			with("code", CODE);
			with("month", month.toString());
			with("establishment_id", establishmentId);
			with("closing_id", closingId);
		}

	}

	public static final class ClosingNotFound extends ApiProblem.NotFound {

		public ClosingNotFound(long id) {
			super("Closing", id);
		}

	}

	/**
	 * Closings follow one another: the month after the last closed one, so each month's
	 * banco de horas starts from the frozen balance of the month before.
	 */
	public static final class ClosingOutOfOrder extends ApiProblem.Conflict {

		public ClosingOutOfOrder(String code, String detail) {
			super(detail);
			with("code", code);
		}

	}

	/** A month whose last day's window has not ended yet cannot be frozen. */
	public static final class MonthNotOver extends ApiProblem.Conflict {

		public MonthNotOver(java.time.YearMonth month) {
			super("Month " + month + " has not ended yet (its last day's window is still open in the establishment's "
					+ "zone): it can be closed once it has.");
			with("code", "month_not_over");
			with("month", month.toString());
		}

	}

	public static final class ClosingReopened extends ApiProblem.Conflict {

		public ClosingReopened(long id) {
			super("Closing " + id + " was already reopened.");
			with("code", "closing_reopened");
		}

	}

	/** 404: the caller has no closed espelho of that month. */
	public static final class NoClosedTimesheet extends ApiProblem {

		public NoClosedTimesheet(java.time.YearMonth month) {
			super(HttpStatus.NOT_FOUND, "There is no closed espelho of " + month + " for you.");
		}

	}

	/** Only a closed month's espelho is signed. */
	public static final class MonthNotClosed extends ApiProblem.Conflict {

		public MonthNotClosed(java.time.YearMonth month) {
			super("Month " + month + " is not closed: only a closed espelho can be signed.");
			with("code", "month_not_closed");
			with("month", month.toString());
		}

	}

	public static final class AlreadySigned extends ApiProblem.Conflict {

		public AlreadySigned(java.time.YearMonth month, java.time.Instant signedAt) {
			super("You already signed the espelho of " + month + " at " + signedAt
					+ "; a signature is not changed. It lapses only if HR reopens the month.");
			with("code", "already_signed");
			with("signed_at", signedAt.toString());
		}

	}

	/** The client signed another PDF than the frozen one. */
	public static final class PdfMismatch extends ApiProblem.Conflict {

		public PdfMismatch(String current) {
			super("pdf_sha256 is not the SHA-256 of the closed espelho's PDF: download it again, read it and sign "
					+ "what you read.");
			with("code", "pdf_mismatch");
			with("pdf_sha256", current);
		}

	}

}
