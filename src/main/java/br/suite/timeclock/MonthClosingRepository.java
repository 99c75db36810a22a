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
import org.springframework.stereotype.Repository;

import br.suite.timeclock.jornada.BankState;

/**
 * The SQL of {@link MonthClosings}: which closings in force cover an employee's dates,
 * the frozen espelhos and banks they hold, and the advisory locks of an establishment's
 * closings.
 */
@Repository
class MonthClosingRepository {

	/** The advisory-lock space of an establishment's closings. */
	static final int LOCK_SPACE = 24_0007;

	private static final String SELECT_FROZEN = """
			SELECT c.id, c.establishment_id, c.closed_at, e.month, e.pdf_sha256, e.timesheet
			FROM timeclock_closing_employee e JOIN timeclock_closing c ON c.id = e.closing_id
			WHERE c.reopened_at IS NULL""";

	private final JdbcClient jdbc;

	MonthClosingRepository(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	/** A frozen espelho as stored: its closing and the espelho's JSON. */
	record FrozenRow(long closingId, long establishmentId, Instant closedAt, YearMonth month, String pdfSha256,
			String timesheet) {
	}

	/**
	 * The first month from {@code from}'s to {@code to} closed for the employee: by a
	 * closing in force of the establishment, or one that froze the employee's espelho.
	 */
	Optional<YearMonth> firstClosedMonth(long employeeId, long establishmentId, LocalDate from, LocalDate to) {
		return this.jdbc.sql("""
				SELECT c.month FROM timeclock_closing c
				WHERE c.reopened_at IS NULL AND c.month >= :from AND c.month <= :to
				  AND (c.establishment_id = :establishment OR EXISTS (SELECT 1 FROM timeclock_closing_employee e
				      WHERE e.closing_id = c.id AND e.employee_id = :employee))
				ORDER BY c.month LIMIT 1""")
			.param("from", Date.valueOf(from.withDayOfMonth(1)))
			.param("to", Date.valueOf(to))
			.param("establishment", establishmentId)
			.param("employee", employeeId)
			.query((rs, n) -> month(rs))
			.optional();
	}

	/**
	 * The closed month a mark at {@code at} falls in: inside the day windows a closing
	 * froze for the employee, or, for an employee it did not freeze, the establishment's
	 * closed {@code month} (the mark's calendar month in the establishment's zone).
	 */
	Optional<YearMonth> closedMonthAt(long employeeId, long establishmentId, Instant at, YearMonth month) {
		return this.jdbc.sql("""
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
			.param("establishment", establishmentId)
			.param("month", Date.valueOf(month.atDay(1)))
			.query((rs, n) -> month(rs))
			.optional();
	}

	/**
	 * Whether a closing in force covers the employee's month (as
	 * {@link #firstClosedMonth}).
	 */
	boolean isClosed(long employeeId, long establishmentId, YearMonth month) {
		return this.jdbc.sql("""
				SELECT count(*) FROM timeclock_closing c
				WHERE c.reopened_at IS NULL AND c.month = :month
				  AND (c.establishment_id = :establishment OR EXISTS (SELECT 1 FROM timeclock_closing_employee e
				      WHERE e.closing_id = c.id AND e.employee_id = :employee))""")
			.param("month", Date.valueOf(month.atDay(1)))
			.param("establishment", establishmentId)
			.param("employee", employeeId)
			.query(Long.class)
			.single() > 0;
	}

	/** The employee's espelho of the month frozen by a closing in force. */
	Optional<FrozenRow> frozen(long employeeId, YearMonth month) {
		return this.jdbc.sql(SELECT_FROZEN + " AND e.employee_id = :employee AND e.month = :month")
			.param("employee", employeeId)
			.param("month", Date.valueOf(month.atDay(1)))
			.query(MonthClosingRepository::frozen)
			.optional();
	}

	/**
	 * The espelhos frozen by the establishment's closing in force of the month, by
	 * employee id; {@code withDays} false leaves each one's {@code days} empty.
	 */
	List<FrozenRow> frozen(long establishmentId, YearMonth month, boolean withDays) {
		String columns = withDays ? "e.timesheet" : "e.timesheet - 'days' || '{\"days\": []}'::jsonb AS timesheet";
		return this.jdbc
			.sql(SELECT_FROZEN.replace("e.timesheet", columns)
					+ " AND c.establishment_id = :establishment AND c.month = :month ORDER BY e.employee_id")
			.param("establishment", establishmentId)
			.param("month", Date.valueOf(month.atDay(1)))
			.query(MonthClosingRepository::frozen)
			.list();
	}

	Optional<byte[]> pdf(long closingId, long employeeId) {
		return this.jdbc.sql("SELECT pdf FROM timeclock_closing_employee WHERE closing_id = :c AND employee_id = :e")
			.param("c", closingId)
			.param("e", employeeId)
			.query(byte[].class)
			.optional();
	}

	/**
	 * The banco de horas each closed month before {@code before} carried out, by month.
	 */
	Map<YearMonth, BankState> frozenBanks(long employeeId, YearMonth before) {
		Map<YearMonth, BankState> banks = new HashMap<>();
		this.jdbc.sql("""
				SELECT e.month, e.bank_balance, e.bank_period_start, e.bank_period_months
				FROM timeclock_closing_employee e JOIN timeclock_closing c ON c.id = e.closing_id
				WHERE c.reopened_at IS NULL AND e.employee_id = :employee AND e.month < :before""")
			.param("employee", employeeId)
			.param("before", Date.valueOf(before.atDay(1)))
			.query((rs, n) -> {
				Date start = rs.getDate("bank_period_start");
				banks.put(month(rs), new BankState(rs.getInt("bank_balance"),
						start == null ? null : YearMonth.from(start.toLocalDate()), rs.getInt("bank_period_months")));
				return 1;
			})
			.list();
		return banks;
	}

	/** Waits while a closing of the establishment is being written (shared lock). */
	void lockShared(long establishmentId) {
		lock("SELECT pg_advisory_xact_lock_shared(:space, :establishment)", establishmentId);
	}

	/** Holds the establishment's closings exclusively until the transaction ends. */
	void lockExclusively(long establishmentId) {
		lock("SELECT pg_advisory_xact_lock(:space, :establishment)", establishmentId);
	}

	private void lock(String sql, long establishmentId) {
		this.jdbc.sql(sql)
			.param("space", LOCK_SPACE)
			.param("establishment", (int) (establishmentId % Integer.MAX_VALUE))
			.query((rs, n) -> 1)
			.list();
	}

	private static YearMonth month(ResultSet rs) throws SQLException {
		return YearMonth.from(rs.getDate("month").toLocalDate());
	}

	private static FrozenRow frozen(ResultSet rs, int n) throws SQLException {
		return new FrozenRow(rs.getLong("id"), rs.getLong("establishment_id"), rs.getTimestamp("closed_at").toInstant(),
				month(rs), rs.getString("pdf_sha256"), rs.getString("timesheet"));
	}

}
