package br.suite.timeclock.closing;

import java.sql.Date;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.LocalDate;
import java.time.YearMonth;
import java.time.format.DateTimeParseException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

import org.jspecify.annotations.Nullable;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.simple.JdbcClient;
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
 * Month closings (issue 24 item 7): freezing an establishment's month, listing and
 * reopening closings, and the employees' signatures of their frozen espelhos. The checks
 * every write makes are {@link MonthClosings}'.
 */
@Service
class Closings {

	private static final Pattern SHA256 = Pattern.compile("[0-9a-f]{64}");

	static final int MAX_DISAGREEMENT = 2000;

	private final JdbcClient jdbc;

	private final MonthClosings closings;

	private final Timesheets timesheets;

	private final Establishments establishments;

	private final AccessDirectory users;

	private final AuditLog audit;

	private final JsonMapper json;

	Closings(JdbcClient jdbc, MonthClosings closings, Timesheets timesheets, Establishments establishments,
			AccessDirectory users, AuditLog audit, JsonMapper json) {
		this.jdbc = jdbc;
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
		long id;
		Instant closedAt;
		try {
			record Inserted(long id, Instant closedAt) {
			}
			Inserted inserted = this.jdbc.sql("""
					INSERT INTO timeclock_closing (establishment_id, month, closed_by)
					VALUES (:establishment, :month, :actor) RETURNING id, closed_at""")
				.param("establishment", establishmentId)
				.param("month", Date.valueOf(month.atDay(1)))
				.param("actor", actor.id())
				.query((rs, n) -> new Inserted(rs.getLong("id"), rs.getTimestamp("closed_at").toInstant()))
				.single();
			id = inserted.id();
			closedAt = inserted.closedAt();
		}
		catch (DuplicateKeyException ex) {
			// Only without the lock (another instance on an older version): the
			// unique index keeps one closing in force per month.
			throw new TimeclockProblems.MonthClosed(month, establishmentId, 0);
		}
		int frozen = 0;
		for (AccessDirectory.UserSummary employee : this.users.employeesOf(establishmentId,
				establishmentId == Establishments.DEFAULT)) {
			Timesheets.Sheet sheet = this.timesheets.computed(employee, month,
					new Timesheet.Closing(id, closedAt, null));
			if (sheet.timesheet().days().stream().anyMatch(Timesheet.Day::open)) {
				throw new TimeclockProblems.MonthNotOver(month);
			}
			byte[] pdf = this.timesheets.render(sheet.timesheet());
			this.jdbc.sql("""
					INSERT INTO timeclock_closing_employee (closing_id, employee_id, month, timesheet, pdf, pdf_sha256,
					    bank_balance, bank_period_start, bank_period_months, window_start, window_end)
					VALUES (:closing, :employee, :month, CAST(:timesheet AS jsonb), :pdf, :sha, :balance, :periodStart,
					    :periodMonths, :windowStart, :windowEnd)""")
				.param("closing", id)
				.param("employee", employee.id())
				.param("month", Date.valueOf(month.atDay(1)))
				.param("timesheet", this.json.writeValueAsString(sheet.timesheet().closed(null)))
				.param("pdf", pdf)
				.param("sha", Sha256.hex(pdf))
				.param("balance", sheet.bank().balance())
				.param("periodStart",
						sheet.bank().periodStart() == null ? null : Date.valueOf(sheet.bank().periodStart().atDay(1)))
				.param("periodMonths", sheet.bank().periodMonths())
				.param("windowStart", Timestamp.from(sheet.window().start()))
				.param("windowEnd", Timestamp.from(sheet.window().end()))
				.update();
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
		Map<YearMonth, Long> months = new HashMap<>();
		this.jdbc
			.sql("""
					SELECT id, month FROM timeclock_closing WHERE establishment_id = :establishment AND reopened_at IS NULL""")
			.param("establishment", establishmentId)
			.query((rs, n) -> months.put(YearMonth.from(rs.getDate("month").toLocalDate()), rs.getLong("id")))
			.list();
		return months;
	}

	@Transactional(readOnly = true)
	ListQuery.Page<ClosingResponse> list(@Nullable Long establishmentId, @Nullable String month,
			@Nullable String status, Paging paging) {
		YearMonth yearMonth = month == null ? null : month("month", month);
		if (status != null && !status.equals("closed") && !status.equals("reopened")) {
			throw InvalidRequest.of("status", "must be closed or reopened");
		}
		ListQuery query = ListQuery.of(this.jdbc, COLUMNS, "timeclock_closing c")
			.where("c.establishment_id = :establishment", "establishment", establishmentId)
			.where("c.month = :month", "month", yearMonth == null ? null : Date.valueOf(yearMonth.atDay(1)))
			.orderBy("c.month DESC, c.id DESC");
		if (status != null) {
			query.where("reopened".equals(status) ? "c.reopened_at IS NOT NULL" : "c.reopened_at IS NULL");
		}
		ListQuery.Page<ClosingResponse> page = query.page(paging, (rs, n) -> response(rs, null));
		return page;
	}

	@Transactional(readOnly = true)
	ClosingResponse get(long id, boolean withEmployees) {
		List<ClosingResponse.Employee> employees = withEmployees ? this.jdbc.sql("""
				SELECT e.employee_id, e.timesheet ->> 'employee_name' AS employee_name,
				    (e.timesheet ->> 'worked_minutes')::bigint AS worked_minutes, e.pdf_sha256
				FROM timeclock_closing_employee e WHERE e.closing_id = :id ORDER BY e.employee_id""")
			.param("id", id)
			.query((rs, n) -> new ClosingResponse.Employee(rs.getLong("employee_id"), rs.getString("employee_name"),
					rs.getLong("worked_minutes"), rs.getString("pdf_sha256"),
					signature(id, rs.getLong("employee_id")).orElse(null)))
			.list() : null;
		return this.jdbc.sql("SELECT " + COLUMNS + " FROM timeclock_closing c WHERE c.id = :id")
			.param("id", id)
			.query((rs, n) -> response(rs, employees))
			.optional()
			.orElseThrow(() -> new TimeclockProblems.ClosingNotFound(id));
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
		this.jdbc.sql("UPDATE timeclock_closing SET reopened_by = :actor, reopened_at = now() WHERE id = :id")
			.param("actor", actor.id())
			.param("id", id)
			.update();
		int invalidated = this.jdbc.sql("""
				UPDATE timeclock_timesheet_signature SET invalidated_at = now()
				WHERE closing_id = :id AND invalidated_at IS NULL""").param("id", id).update();
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
		return this.jdbc.sql("""
				SELECT c.id, c.closed_at, e.month, e.pdf_sha256
				FROM timeclock_closing_employee e JOIN timeclock_closing c ON c.id = e.closing_id
				WHERE c.reopened_at IS NULL AND e.employee_id = :employee ORDER BY e.month DESC""")
			.param("employee", employeeId)
			.query((rs, n) -> new OwnTimesheetResponse(YearMonth.from(rs.getDate("month").toLocalDate()).toString(),
					rs.getLong("id"), rs.getTimestamp("closed_at").toInstant(), rs.getString("pdf_sha256"),
					signature(rs.getLong("id"), employeeId).orElse(null), null))
			.list();
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
			id = this.jdbc
				.sql("""
						INSERT INTO timeclock_timesheet_signature (closing_id, employee_id, signed_by, pdf_sha256, disagreement)
						VALUES (:closing, :employee, :signer, :sha, :disagreement) RETURNING id""")
				.param("closing", closed.closingId())
				.param("employee", employeeId)
				.param("signer", caller.id())
				.param("sha", sha)
				.param("disagreement", request.disagreement())
				.query(Long.class)
				.single();
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
		return this.jdbc.sql(SELECT_SIGNATURE + " WHERE s.closing_id = :closing AND s.employee_id = :employee")
			.param("closing", closingId)
			.param("employee", employeeId)
			.query(Closings::signature)
			.optional();
	}

	private SignatureResponse signatureById(long id) {
		return this.jdbc.sql(SELECT_SIGNATURE + " WHERE s.id = :id")
			.param("id", id)
			.query(Closings::signature)
			.single();
	}

	private static final String SELECT_SIGNATURE = """
			SELECT s.*, e.month FROM timeclock_timesheet_signature s
			JOIN timeclock_closing_employee e ON e.closing_id = s.closing_id AND e.employee_id = s.employee_id""";

	private static SignatureResponse signature(ResultSet rs, int n) throws SQLException {
		Timestamp invalidated = rs.getTimestamp("invalidated_at");
		return new SignatureResponse(rs.getLong("id"), rs.getLong("closing_id"),
				YearMonth.from(rs.getDate("month").toLocalDate()).toString(), rs.getLong("employee_id"),
				rs.getLong("signed_by"), rs.getTimestamp("signed_at").toInstant(), rs.getString("pdf_sha256"),
				rs.getString("disagreement"), invalidated == null,
				invalidated == null ? null : invalidated.toInstant());
	}

	private static final String COLUMNS = """
			c.*, (SELECT count(*) FROM timeclock_closing_employee e WHERE e.closing_id = c.id) AS employee_count,
			(SELECT count(*) FROM timeclock_timesheet_signature s WHERE s.closing_id = c.id) AS signed_count""";

	private static ClosingResponse response(ResultSet rs, @Nullable List<ClosingResponse.Employee> employees)
			throws SQLException {
		Timestamp reopened = rs.getTimestamp("reopened_at");
		return new ClosingResponse(rs.getLong("id"), rs.getLong("establishment_id"),
				YearMonth.from(rs.getDate("month").toLocalDate()).toString(), reopened == null ? "closed" : "reopened",
				rs.getLong("closed_by"), rs.getTimestamp("closed_at").toInstant(),
				rs.getObject("reopened_by", Long.class), reopened == null ? null : reopened.toInstant(),
				rs.getLong("employee_count"), rs.getLong("signed_count"), employees);
	}

}
