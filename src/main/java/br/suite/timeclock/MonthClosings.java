package br.suite.timeclock;

import java.sql.Date;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.LocalDate;
import java.time.YearMonth;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Propagation;
import org.springframework.transaction.annotation.Transactional;

import br.suite.access.AccessDirectory;
import br.suite.timeclock.jornada.BankState;
import tools.jackson.databind.ObjectReader;
import tools.jackson.databind.cfg.DateTimeFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * Which months are closed, and their frozen espelhos (issue 24 item 7; docs/api.md,
 * Jornada, "Closing").
 *
 * <p>
 * <b>Every write that touches an employee's month</b> (an adjustment, an absence, a
 * schedule assignment, and any later kind of record the computation reads) calls one of
 * the {@code requireOpen} methods first, inside its transaction and before it writes: it
 * waits while a closing of the employee's establishment is being written (shared advisory
 * lock; the closing holds it exclusively) and refuses with 409 {@code month_closed} when
 * a month it touches is closed, so nothing is written.
 *
 * <p>
 * A closed month's figures are read with {@link #frozen(long, YearMonth)} (one employee)
 * or {@link #frozen(long, YearMonth, boolean)} (an establishment): the espelho as stored
 * when the month was closed, which later changes to schedules, holidays, absences or the
 * code never alter.
 */
@Service
public class MonthClosings {

	/** The advisory-lock space of an establishment's closings. */
	static final int LOCK_SPACE = 24_0007;

	private final JdbcClient jdbc;

	private final AccessDirectory users;

	private final Establishments establishments;

	private final ObjectReader timesheetReader;

	MonthClosings(JdbcClient jdbc, AccessDirectory users, Establishments establishments, JsonMapper json) {
		this.jdbc = jdbc;
		this.users = users;
		this.establishments = establishments;
		// Each offset date-time keeps the offset it was written with (the
		// establishment's).
		this.timesheetReader = json.readerFor(Timesheet.class)
			.without(DateTimeFeature.ADJUST_DATES_TO_CONTEXT_TIME_ZONE);
	}

	/**
	 * A frozen espelho: the closing (in force), its establishment and month, and the
	 * espelho with {@code closing} set (its {@code pdf_sha256} is the frozen PDF's).
	 */
	public record ClosedTimesheet(long closingId, long establishmentId, YearMonth month, Instant closedAt,
			Timesheet timesheet, String pdfSha256) {
	}

	/**
	 * Refuses (409 {@code month_closed}) when any date from {@code from} to {@code to}
	 * lies in a month closed for the employee: a closing in force of the employee's
	 * establishment, or one that froze the employee's espelho. For records filed by date
	 * (absences, schedule assignments from a date on).
	 */
	@Transactional(propagation = Propagation.MANDATORY)
	public void requireOpen(long employeeId, LocalDate from, LocalDate to) {
		long establishment = lock(employeeId);
		this.jdbc.sql("""
				SELECT c.month FROM timeclock_closing c
				WHERE c.reopened_at IS NULL AND c.month >= :from AND c.month <= :to
				  AND (c.establishment_id = :establishment OR EXISTS (SELECT 1 FROM timeclock_closing_employee e
				      WHERE e.closing_id = c.id AND e.employee_id = :employee))
				ORDER BY c.month LIMIT 1""")
			.param("from", Date.valueOf(from.withDayOfMonth(1)))
			.param("to", Date.valueOf(to))
			.param("establishment", establishment)
			.param("employee", employeeId)
			.query((rs, n) -> YearMonth.from(rs.getDate("month").toLocalDate()))
			.optional()
			.ifPresent(month -> {
				throw new TimeclockProblems.MonthClosed(employeeId, month);
			});
	}

	/**
	 * Refuses (409 {@code month_closed}) when a mark at {@code at} (a punch to disregard,
	 * a mark to include) would fall in a closed month of the employee: inside the span of
	 * the month's day windows frozen by the closing (so the exit of a night shift after
	 * midnight belongs to the month the shift started in), or, for an employee the
	 * closing did not freeze, in the month's calendar days in the establishment's zone.
	 */
	@Transactional(propagation = Propagation.MANDATORY)
	public void requireOpen(long employeeId, Instant at) {
		long establishment = lock(employeeId);
		LocalDate local = at.atZone(this.establishments.get(establishment).timeZone()).toLocalDate();
		this.jdbc.sql("""
				SELECT c.month FROM timeclock_closing c JOIN timeclock_closing_employee e ON e.closing_id = c.id
				WHERE c.reopened_at IS NULL AND e.employee_id = :employee
				  AND e.window_start <= :at AND :at < e.window_end
				UNION ALL
				SELECT c.month FROM timeclock_closing c
				WHERE c.reopened_at IS NULL AND c.establishment_id = :establishment AND c.month = :month
				  AND NOT EXISTS (SELECT 1 FROM timeclock_closing_employee e
				      WHERE e.closing_id = c.id AND e.employee_id = :employee)
				LIMIT 1""")
			.param("employee", employeeId)
			.param("at", Timestamp.from(at))
			.param("establishment", establishment)
			.param("month", Date.valueOf(local.withDayOfMonth(1)))
			.query((rs, n) -> YearMonth.from(rs.getDate("month").toLocalDate()))
			.optional()
			.ifPresent(month -> {
				throw new TimeclockProblems.MonthClosed(employeeId, month);
			});
	}

	/** Whether the employee's month is closed (as {@link #requireOpen} decides). */
	@Transactional(readOnly = true)
	public boolean isClosed(long employeeId, YearMonth month) {
		long establishment = establishmentOf(employeeId);
		return this.jdbc.sql("""
				SELECT count(*) FROM timeclock_closing c
				WHERE c.reopened_at IS NULL AND c.month = :month
				  AND (c.establishment_id = :establishment OR EXISTS (SELECT 1 FROM timeclock_closing_employee e
				      WHERE e.closing_id = c.id AND e.employee_id = :employee))""")
			.param("month", Date.valueOf(month.atDay(1)))
			.param("establishment", establishment)
			.param("employee", employeeId)
			.query(Long.class)
			.single() > 0;
	}

	/** The employee's frozen espelho of the month, when a closing in force froze it. */
	@Transactional(readOnly = true)
	public Optional<ClosedTimesheet> frozen(long employeeId, YearMonth month) {
		return this.jdbc.sql(SELECT_FROZEN + " AND e.employee_id = :employee AND e.month = :month")
			.param("employee", employeeId)
			.param("month", Date.valueOf(month.atDay(1)))
			.query(this::closed)
			.optional();
	}

	/**
	 * The frozen espelhos of every employee of the establishment's closing of the month,
	 * by employee id; empty when the month is not closed. {@code withDays} false leaves
	 * each espelho's {@code days} empty (totals only).
	 */
	@Transactional(readOnly = true)
	public List<ClosedTimesheet> frozen(long establishmentId, YearMonth month, boolean withDays) {
		String columns = withDays ? "e.timesheet" : "e.timesheet - 'days' || '{\"days\": []}'::jsonb AS timesheet";
		return this.jdbc
			.sql(SELECT_FROZEN.replace("e.timesheet", columns)
					+ " AND c.establishment_id = :establishment AND c.month = :month ORDER BY e.employee_id")
			.param("establishment", establishmentId)
			.param("month", Date.valueOf(month.atDay(1)))
			.query(this::closed)
			.list();
	}

	/** The frozen PDF of an employee's espelho in a closing (the bytes signed). */
	@Transactional(readOnly = true)
	public Optional<byte[]> pdf(long closingId, long employeeId) {
		return this.jdbc.sql("SELECT pdf FROM timeclock_closing_employee WHERE closing_id = :c AND employee_id = :e")
			.param("c", closingId)
			.param("e", employeeId)
			.query(byte[].class)
			.optional();
	}

	/**
	 * The banco de horas each closed month of the employee carried out, by month: the
	 * next month's computation starts from it.
	 */
	@Transactional(readOnly = true)
	public Map<YearMonth, BankState> frozenBanks(long employeeId, YearMonth before) {
		Map<YearMonth, BankState> banks = new HashMap<>();
		this.jdbc.sql("""
				SELECT e.month, e.bank_balance, e.bank_period_start, e.bank_period_months
				FROM timeclock_closing_employee e JOIN timeclock_closing c ON c.id = e.closing_id
				WHERE c.reopened_at IS NULL AND e.employee_id = :employee AND e.month < :before""")
			.param("employee", employeeId)
			.param("before", Date.valueOf(before.atDay(1)))
			.query((rs, n) -> {
				Date start = rs.getDate("bank_period_start");
				banks.put(YearMonth.from(rs.getDate("month").toLocalDate()), new BankState(rs.getInt("bank_balance"),
						start == null ? null : YearMonth.from(start.toLocalDate()), rs.getInt("bank_period_months")));
				return 1;
			})
			.list();
		return banks;
	}

	/** The establishment an employee's records are filed under. */
	public long establishmentOf(long employeeId) {
		return this.users.find(employeeId)
			.map(AccessDirectory.UserSummary::establishmentId)
			.orElse(Establishments.DEFAULT);
	}

	/** Waits while a closing of the employee's establishment is being written. */
	private long lock(long employeeId) {
		long establishment = establishmentOf(employeeId);
		this.jdbc.sql("SELECT pg_advisory_xact_lock_shared(:space, :establishment)")
			.param("space", LOCK_SPACE)
			.param("establishment", (int) (establishment % Integer.MAX_VALUE))
			.query((rs, n) -> 1)
			.list();
		return establishment;
	}

	/** Holds an establishment's closings exclusively until the transaction ends. */
	public void lockExclusively(long establishmentId) {
		this.jdbc.sql("SELECT pg_advisory_xact_lock(:space, :establishment)")
			.param("space", LOCK_SPACE)
			.param("establishment", (int) (establishmentId % Integer.MAX_VALUE))
			.query((rs, n) -> 1)
			.list();
	}

	private static final String SELECT_FROZEN = """
			SELECT c.id, c.establishment_id, c.closed_at, e.month, e.pdf_sha256, e.timesheet
			FROM timeclock_closing_employee e JOIN timeclock_closing c ON c.id = e.closing_id
			WHERE c.reopened_at IS NULL""";

	private ClosedTimesheet closed(ResultSet rs, int n) throws SQLException {
		Instant closedAt = rs.getTimestamp("closed_at").toInstant();
		String sha = rs.getString("pdf_sha256");
		Timesheet sheet = read(rs.getString("timesheet"))
			.closed(new Timesheet.Closing(rs.getLong("id"), closedAt, sha));
		return new ClosedTimesheet(rs.getLong("id"), rs.getLong("establishment_id"),
				YearMonth.from(rs.getDate("month").toLocalDate()), closedAt, sheet, sha);
	}

	Timesheet read(String json) {
		return this.timesheetReader.readValue(json);
	}

}
