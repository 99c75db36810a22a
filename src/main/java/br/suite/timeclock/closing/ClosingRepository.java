package br.suite.timeclock.closing;

import java.sql.Date;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.YearMonth;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

import br.suite.shared.lists.ListQuery;
import br.suite.shared.lists.Paging;
import br.suite.timeclock.timesheet.Timesheets;

/**
 * The closings' storage: {@code timeclock_closing}, the frozen espelhos of each
 * ({@code timeclock_closing_employee}) and the employees' signatures of them
 * ({@code timeclock_timesheet_signature}). Runs in the caller's transaction;
 * {@link Closings} takes the locks and checks the rules.
 */
@Repository
class ClosingRepository {

	/** A closing just written: its id and the time the database gave it. */
	record Inserted(long id, Instant closedAt) {
	}

	private static final String COLUMNS = """
			c.*, (SELECT count(*) FROM timeclock_closing_employee e WHERE e.closing_id = c.id) AS employee_count,
			(SELECT count(*) FROM timeclock_timesheet_signature s WHERE s.closing_id = c.id) AS signed_count""";

	private static final String SELECT_SIGNATURE = """
			SELECT s.*, e.month FROM timeclock_timesheet_signature s
			JOIN timeclock_closing_employee e ON e.closing_id = s.closing_id AND e.employee_id = s.employee_id""";

	private final JdbcClient jdbc;

	ClosingRepository(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	/**
	 * A new closing in force; a {@code DuplicateKeyException} when the month has one
	 * already (the unique index).
	 */
	Inserted insert(long establishmentId, YearMonth month, long actorId) {
		return this.jdbc.sql("""
				INSERT INTO timeclock_closing (establishment_id, month, closed_by)
				VALUES (:establishment, :month, :actor) RETURNING id, closed_at""")
			.param("establishment", establishmentId)
			.param("month", Date.valueOf(month.atDay(1)))
			.param("actor", actorId)
			.query((rs, n) -> new Inserted(rs.getLong("id"), rs.getTimestamp("closed_at").toInstant()))
			.single();
	}

	/** An employee's espelho frozen by the closing: the JSON, the PDF and its bank. */
	void insertEmployee(long closingId, long employeeId, YearMonth month, String timesheet, byte[] pdf,
			String pdfSha256, Timesheets.Sheet sheet) {
		this.jdbc.sql("""
				INSERT INTO timeclock_closing_employee (closing_id, employee_id, month, timesheet, pdf, pdf_sha256,
				    bank_balance, bank_period_start, bank_period_months, window_start, window_end)
				VALUES (:closing, :employee, :month, CAST(:timesheet AS jsonb), :pdf, :sha, :balance, :periodStart,
				    :periodMonths, :windowStart, :windowEnd)""")
			.param("closing", closingId)
			.param("employee", employeeId)
			.param("month", Date.valueOf(month.atDay(1)))
			.param("timesheet", timesheet)
			.param("pdf", pdf)
			.param("sha", pdfSha256)
			.param("balance", sheet.bank().balance())
			.param("periodStart",
					sheet.bank().periodStart() == null ? null : Date.valueOf(sheet.bank().periodStart().atDay(1)))
			.param("periodMonths", sheet.bank().periodMonths())
			.param("windowStart", Timestamp.from(sheet.window().start()))
			.param("windowEnd", Timestamp.from(sheet.window().end()))
			.update();
	}

	/** The closings in force of the establishment, by month. */
	Map<YearMonth, Long> inForce(long establishmentId) {
		Map<YearMonth, Long> months = new HashMap<>();
		this.jdbc
			.sql("""
					SELECT id, month FROM timeclock_closing WHERE establishment_id = :establishment AND reopened_at IS NULL""")
			.param("establishment", establishmentId)
			.query((rs, n) -> months.put(YearMonth.from(rs.getDate("month").toLocalDate()), rs.getLong("id")))
			.list();
		return months;
	}

	/**
	 * A page of closings, newest month first; {@code reopened} null for both states.
	 */
	ListQuery.Page<ClosingResponse> list(@Nullable Long establishmentId, @Nullable YearMonth month,
			@Nullable Boolean reopened, Paging paging) {
		ListQuery query = ListQuery.of(this.jdbc, COLUMNS, "timeclock_closing c")
			.where("c.establishment_id = :establishment", "establishment", establishmentId)
			.where("c.month = :month", "month", month == null ? null : Date.valueOf(month.atDay(1)))
			.orderBy("c.month DESC, c.id DESC");
		if (reopened != null) {
			query.where(reopened ? "c.reopened_at IS NOT NULL" : "c.reopened_at IS NULL");
		}
		return query.page(paging, (rs, n) -> response(rs, null));
	}

	/** The employees a closing froze, with their signatures. */
	List<ClosingResponse.Employee> employees(long id) {
		return this.jdbc.sql("""
				SELECT e.employee_id, e.timesheet ->> 'employee_name' AS employee_name,
				    (e.timesheet ->> 'worked_minutes')::bigint AS worked_minutes, e.pdf_sha256
				FROM timeclock_closing_employee e WHERE e.closing_id = :id ORDER BY e.employee_id""")
			.param("id", id)
			.query((rs, n) -> new ClosingResponse.Employee(rs.getLong("employee_id"), rs.getString("employee_name"),
					rs.getLong("worked_minutes"), rs.getString("pdf_sha256"),
					signature(id, rs.getLong("employee_id")).orElse(null)))
			.list();
	}

	Optional<ClosingResponse> find(long id, @Nullable List<ClosingResponse.Employee> employees) {
		return this.jdbc.sql("SELECT " + COLUMNS + " FROM timeclock_closing c WHERE c.id = :id")
			.param("id", id)
			.query((rs, n) -> response(rs, employees))
			.optional();
	}

	void markReopened(long id, long actorId) {
		this.jdbc.sql("UPDATE timeclock_closing SET reopened_by = :actor, reopened_at = now() WHERE id = :id")
			.param("actor", actorId)
			.param("id", id)
			.update();
	}

	/** Marks the closing's valid signatures invalidated; how many were. */
	int invalidateSignatures(long closingId) {
		return this.jdbc.sql("""
				UPDATE timeclock_timesheet_signature SET invalidated_at = now()
				WHERE closing_id = :id AND invalidated_at IS NULL""").param("id", closingId).update();
	}

	/** The employee's months frozen by closings in force, newest first. */
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

	/**
	 * A signature; a {@code DuplicateKeyException} when the employee signed the closing
	 * already.
	 */
	long insertSignature(long closingId, long employeeId, long signerId, String pdfSha256,
			@Nullable String disagreement) {
		return this.jdbc.sql("""
				INSERT INTO timeclock_timesheet_signature (closing_id, employee_id, signed_by, pdf_sha256, disagreement)
				VALUES (:closing, :employee, :signer, :sha, :disagreement) RETURNING id""")
			.param("closing", closingId)
			.param("employee", employeeId)
			.param("signer", signerId)
			.param("sha", pdfSha256)
			.param("disagreement", disagreement)
			.query(Long.class)
			.single();
	}

	Optional<SignatureResponse> signature(long closingId, long employeeId) {
		return this.jdbc.sql(SELECT_SIGNATURE + " WHERE s.closing_id = :closing AND s.employee_id = :employee")
			.param("closing", closingId)
			.param("employee", employeeId)
			.query(ClosingRepository::signature)
			.optional();
	}

	SignatureResponse signatureById(long id) {
		return this.jdbc.sql(SELECT_SIGNATURE + " WHERE s.id = :id")
			.param("id", id)
			.query(ClosingRepository::signature)
			.single();
	}

	private static SignatureResponse signature(ResultSet rs, int n) throws SQLException {
		Timestamp invalidated = rs.getTimestamp("invalidated_at");
		return new SignatureResponse(rs.getLong("id"), rs.getLong("closing_id"),
				YearMonth.from(rs.getDate("month").toLocalDate()).toString(), rs.getLong("employee_id"),
				rs.getLong("signed_by"), rs.getTimestamp("signed_at").toInstant(), rs.getString("pdf_sha256"),
				rs.getString("disagreement"), invalidated == null,
				invalidated == null ? null : invalidated.toInstant());
	}

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
