package br.suite.timeclock.closing;

import java.time.Instant;
import java.time.LocalDate;
import java.time.YearMonth;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

import org.jspecify.annotations.Nullable;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import br.suite.access.AccessDirectory;
import br.suite.audit.AuditLog;
import br.suite.shared.CurrentUser;
import br.suite.shared.InvalidRequest;
import br.suite.shared.lists.ListQuery;
import br.suite.shared.lists.Paging;
import br.suite.shared.crypto.Sha256;
import br.suite.timeclock.Establishment;
import br.suite.timeclock.Establishments;
import br.suite.timeclock.MonthClosings;
import br.suite.timeclock.TimeclockProblems;
import br.suite.timeclock.Timesheet;
import br.suite.timeclock.holiday.Holidays;
import br.suite.timeclock.timesheet.Timesheets;
import tools.jackson.databind.json.JsonMapper;

/**
 * Month closings: freezing an establishment's month, listing and reopening closings, and
 * the employees' signatures of their frozen espelhos. The checks every write makes are
 * {@link MonthClosings}'.
 */
@Service
class Closings {

	private static final Pattern SHA256 = Pattern.compile("[0-9a-f]{64}");

	static final int MAX_DISAGREEMENT = 2000;

	private final ClosingRepository repository;

	private final MonthClosings closings;

	private final Timesheets timesheets;

	private final Establishments establishments;

	private final AccessDirectory users;

	private final AuditLog audit;

	private final JsonMapper json;

	Closings(ClosingRepository repository, MonthClosings closings, Timesheets timesheets, Establishments establishments,
			AccessDirectory users, AuditLog audit, JsonMapper json) {
		this.repository = repository;
		this.closings = closings;
		this.timesheets = timesheets;
		this.establishments = establishments;
		this.users = users;
		this.audit = audit;
		this.json = json;
	}

	/** A month of the wire ({@code YYYY-MM}) or a 400 naming the field. */
	static YearMonth month(String field, @Nullable String value) {
		try {
			if (value != null && value.matches("\\d{4}-\\d{2}")) {
				YearMonth month = YearMonth.parse(value);
				if (month.getYear() >= Holidays.FIRST_YEAR && month.getYear() <= Holidays.LAST_YEAR) {
					return month;
				}
			}
		}
		catch (DateTimeParseException ex) {
			// reported below
		}
		throw InvalidRequest.of(field, "is required as YYYY-MM");
	}

	/**
	 * Freezes every employee's espelho of the month (employees of the establishment, the
	 * first establishment also holding those without one), in the order closings must
	 * follow: the month after the last closed one.
	 */
	@Transactional
	ClosingResponse close(ClosingRequest request, CurrentUser actor) {
		InvalidRequest.Builder errors = InvalidRequest.builder();
		Establishment establishment = this.establishments.named(request.establishmentId(), errors);
		YearMonth month = null;
		try {
			month = month("month", request.month());
		}
		catch (InvalidRequest ex) {
			errors.add("month", "is required as YYYY-MM");
		}
		errors.throwIfAny();
		long establishmentId = establishment.id();
		LocalDate today = LocalDate.now(establishment.timeZone());
		if (!today.isAfter(month.atEndOfMonth())) {
			throw new TimeclockProblems.MonthNotOver(month);
		}
		// Writers of this establishment's records wait until the closing commits (or
		// fails); two closings of one month queue here and the second finds the first.
		this.closings.lockExclusively(establishmentId);
		Map<YearMonth, Long> inForce = inForce(establishmentId);
		Long existing = inForce.get(month);
		if (existing != null) {
			throw new TimeclockProblems.MonthClosed(month, establishmentId, existing);
		}
		YearMonth last = inForce.keySet().stream().max(YearMonth::compareTo).orElse(null);
		if (last != null && last.isAfter(month)) {
			throw new TimeclockProblems.ClosingOutOfOrder("later_month_closed",
					"Month " + last + " is closed for establishment " + establishmentId
							+ ": months are closed in order, and " + month + " comes before it.");
		}
		if (last != null && !last.plusMonths(1).equals(month)) {
			throw new TimeclockProblems.ClosingOutOfOrder("previous_month_open",
					"Month " + month.minusMonths(1) + " is not closed for establishment " + establishmentId
							+ ": close the months after " + last + " in order (each month's banco de horas starts "
							+ "from the frozen balance of the month before).");
		}
		ClosingRepository.Inserted inserted;
		try {
			inserted = this.repository.insert(establishmentId, month, actor.id());
		}
		catch (DuplicateKeyException ex) {
			// Only without the lock (another instance on an older version): the
			// unique index keeps one closing in force per month.
			throw new TimeclockProblems.MonthClosed(month, establishmentId, 0);
		}
		long id = inserted.id();
		Instant closedAt = inserted.closedAt();
		int frozen = 0;
		for (AccessDirectory.UserSummary employee : this.users.employeesOf(establishmentId,
				establishmentId == Establishments.DEFAULT)) {
			Timesheets.Sheet sheet = this.timesheets.computed(employee, month,
					new Timesheet.Closing(id, closedAt, null));
			if (sheet.timesheet().days().stream().anyMatch(Timesheet.Day::open)) {
				throw new TimeclockProblems.MonthNotOver(month);
			}
			byte[] pdf = this.timesheets.render(sheet.timesheet());
			this.repository.insertEmployee(id, employee.id(), month,
					this.json.writeValueAsString(sheet.timesheet().closed(null)), pdf, Sha256.hex(pdf), sheet);
			frozen++;
		}
		this.audit.record("timeclock.closing.created", "closing", id,
				AuditLog.Changes.of()
					.created("establishment_id", establishmentId)
					.created("month", month.toString())
					.created("employee_count", frozen));
		return get(id, true);
	}

	/** The closings in force of the establishment, by month. */
	private Map<YearMonth, Long> inForce(long establishmentId) {
		return this.repository.inForce(establishmentId);
	}

	@Transactional(readOnly = true)
	ListQuery.Page<ClosingResponse> list(@Nullable Long establishmentId, @Nullable String month,
			@Nullable String status, Paging paging) {
		YearMonth yearMonth = month == null ? null : month("month", month);
		if (status != null && !status.equals("closed") && !status.equals("reopened")) {
			throw InvalidRequest.of("status", "must be closed or reopened");
		}
		return this.repository.list(establishmentId, yearMonth, status == null ? null : "reopened".equals(status),
				paging);
	}

	@Transactional(readOnly = true)
	ClosingResponse get(long id, boolean withEmployees) {
		List<ClosingResponse.Employee> employees = withEmployees ? this.repository.employees(id) : null;
		return this.repository.find(id, employees).orElseThrow(() -> new TimeclockProblems.ClosingNotFound(id));
	}

	/**
	 * Reopens a closing: its frozen espelhos stop being served, the month's records can
	 * be changed again and its signatures lapse (kept, marked invalidated). Only the
	 * latest closing of the establishment can be reopened. Audited.
	 */
	@Transactional
	void reopen(long id, CurrentUser actor) {
		ClosingResponse closing = get(id, false);
		this.closings.lockExclusively(closing.establishmentId());
		closing = get(id, false);
		if (closing.reopenedAt() != null) {
			throw new TimeclockProblems.ClosingReopened(id);
		}
		YearMonth month = YearMonth.parse(closing.month());
		YearMonth last = inForce(closing.establishmentId()).keySet().stream().max(YearMonth::compareTo).orElse(month);
		if (last.isAfter(month)) {
			throw new TimeclockProblems.ClosingOutOfOrder("later_month_closed",
					"Month " + last + " is closed for establishment " + closing.establishmentId()
							+ ": reopen the later months first (the latest closing first).");
		}
		this.repository.markReopened(id, actor.id());
		int invalidated = this.repository.invalidateSignatures(id);
		this.audit.record("timeclock.closing.reopened", "closing", id,
				AuditLog.Changes.of()
					.put("status", "closed", "reopened")
					.put("establishment_id", closing.establishmentId(), closing.establishmentId())
					.put("month", closing.month(), closing.month())
					.put("signatures_invalidated", null, invalidated));
	}

	/**
	 * The caller's closed months (closings in force that froze their espelho), newest
	 * first.
	 */
	@Transactional(readOnly = true)
	List<OwnTimesheetResponse> ownMonths(long employeeId) {
		return this.repository.ownMonths(employeeId);
	}

	/** The caller's closed month with its frozen espelho; 404 when not closed. */
	@Transactional(readOnly = true)
	OwnTimesheetResponse own(long employeeId, YearMonth month) {
		MonthClosings.ClosedTimesheet closed = this.closings.frozen(employeeId, month)
			.orElseThrow(() -> new TimeclockProblems.NoClosedTimesheet(month));
		return new OwnTimesheetResponse(month.toString(), closed.closingId(), closed.closedAt(), closed.pdfSha256(),
				signature(closed.closingId(), employeeId).orElse(null), closed.timesheet());
	}

	/**
	 * Records the caller's signature of their closed espelho: once per closing (a second
	 * one is a 409 {@code already_signed}); the hash must be the frozen PDF's. Audited.
	 */
	@Transactional
	SignatureResponse sign(CurrentUser caller, YearMonth month, SignatureRequest request) {
		InvalidRequest.Builder errors = InvalidRequest.builder();
		String sha = request.pdfSha256() == null ? null : request.pdfSha256().toLowerCase(java.util.Locale.ROOT);
		if (sha == null || !SHA256.matcher(sha).matches()) {
			errors.add("pdf_sha256", "is required: the hex SHA-256 (64 characters) of the PDF you read");
		}
		if (request.disagreement() != null && request.disagreement().length() > MAX_DISAGREEMENT) {
			errors.add("disagreement", "at most " + MAX_DISAGREEMENT + " characters");
		}
		errors.throwIfAny();
		long employeeId = caller.id();
		// Serialised with the reopening of the closing.
		this.closings.lockExclusively(this.closings.establishmentOf(employeeId));
		MonthClosings.ClosedTimesheet closed = this.closings.frozen(employeeId, month)
			.orElseThrow(() -> new TimeclockProblems.MonthNotClosed(month));
		if (!closed.pdfSha256().equals(sha)) {
			throw new TimeclockProblems.PdfMismatch(closed.pdfSha256());
		}
		Optional<SignatureResponse> previous = signature(closed.closingId(), employeeId);
		if (previous.isPresent()) {
			throw new TimeclockProblems.AlreadySigned(month, previous.get().signedAt());
		}
		long id;
		try {
			id = this.repository.insertSignature(closed.closingId(), employeeId, caller.id(), sha,
					request.disagreement());
		}
		catch (DuplicateKeyException ex) {
			throw new TimeclockProblems.AlreadySigned(month, Instant.now());
		}
		this.audit.record("timeclock.timesheet.signed", "closing", closed.closingId(),
				AuditLog.Changes.of()
					.created("employee_id", employeeId)
					.created("month", month.toString())
					.created("pdf_sha256", sha)
					.created("disagreement", request.disagreement()));
		return signatureById(id);
	}

	private Optional<SignatureResponse> signature(long closingId, long employeeId) {
		return this.repository.signature(closingId, employeeId);
	}

	private SignatureResponse signatureById(long id) {
		return this.repository.signatureById(id);
	}

}
