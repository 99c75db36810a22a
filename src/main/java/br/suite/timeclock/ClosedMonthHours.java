package br.suite.timeclock;

import java.sql.Date;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.LocalDate;
import java.time.YearMonth;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * The worked minutes of a closed month, for other modules (bills splits a payroll bill
 * across cost centres by them, issue 42 item 4): the frozen figures of every employee's
 * espelho ({@code worked_minutes} of the closings in force, never recomputed), and which
 * establishments involved in the month are not closed.
 *
 * <p>
 * An establishment is <b>involved</b> in a month when one of its employees has a mark (a
 * punch or an included mark) on a day of that month, in the establishment's time zone:
 * worked minutes come from marks only, so a month without marks counts nothing whether
 * closed or not. It is <b>open</b> for the month when such an employee has no frozen
 * espelho of it (the establishment's month is not closed, or was reopened).
 */
@Service
public class ClosedMonthHours {

	private final JdbcClient jdbc;

	private final MonthClosings closings;

	private final Establishments establishments;

	ClosedMonthHours(JdbcClient jdbc, MonthClosings closings, Establishments establishments) {
		this.jdbc = jdbc;
		this.closings = closings;
		this.establishments = establishments;
	}

	/**
	 * An employee's frozen worked minutes of the month and the closing's establishment.
	 */
	public record EmployeeMinutes(long employeeId, long establishmentId, long workedMinutes) {
	}

	/**
	 * The month's frozen figures by employee id (ascending), and the establishments
	 * involved in the month that are not closed for it (ascending; empty when every one
	 * is).
	 */
	public record Month(YearMonth month, List<EmployeeMinutes> employees, List<Long> openEstablishments) {

		public boolean closedEverywhere() {
			return this.openEstablishments.isEmpty();
		}

	}

	@Transactional(readOnly = true)
	public Month of(YearMonth month) {
		Map<Long, EmployeeMinutes> frozen = new LinkedHashMap<>();
		// One frozen espelho per employee and month; should an employee who changed
		// establishments be frozen by two closings in force, the later one counts.
		this.jdbc.sql("""
				SELECT DISTINCT ON (e.employee_id) e.employee_id, c.establishment_id,
				    COALESCE((e.timesheet ->> 'worked_minutes')::bigint, 0) AS worked
				FROM timeclock_closing_employee e JOIN timeclock_closing c ON c.id = e.closing_id
				WHERE c.reopened_at IS NULL AND e.month = :month
				ORDER BY e.employee_id, c.closed_at DESC, c.id DESC""")
			.param("month", Date.valueOf(month.atDay(1)))
			.query((rs, n) -> frozen.put(rs.getLong("employee_id"),
					new EmployeeMinutes(rs.getLong("employee_id"), rs.getLong("establishment_id"),
							rs.getLong("worked"))))
			.list();
		// Employees with a mark near the month (a day either side covers every zone),
		// then the exact test in their establishment's zone for those not frozen.
		Instant from = month.atDay(1).minusDays(1).atStartOfDay(ZoneId.of("UTC")).toInstant();
		Instant to = month.atEndOfMonth().plusDays(2).atStartOfDay(ZoneId.of("UTC")).toInstant();
		Set<Long> marked = new HashSet<>(this.jdbc.sql("""
				SELECT employee_id FROM timeclock_punch WHERE occurred_at >= :from AND occurred_at < :to
				UNION
				SELECT employee_id FROM timeclock_punch_adjustment
				WHERE kind = 'include' AND occurred_at >= :from AND occurred_at < :to""")
			.param("from", Timestamp.from(from))
			.param("to", Timestamp.from(to))
			.query(Long.class)
			.list());
		marked.removeAll(frozen.keySet());
		Set<Long> open = new TreeSet<>();
		for (long employee : marked) {
			long establishment = this.closings.establishmentOf(employee);
			if (!open.contains(establishment) && markedIn(employee, month, this.establishments.zoneOf(establishment))) {
				open.add(establishment);
			}
		}
		return new Month(month, List.copyOf(frozen.values()), new ArrayList<>(open));
	}

	/** Whether the employee has a mark on a day of the month in that zone. */
	private boolean markedIn(long employee, YearMonth month, ZoneId zone) {
		LocalDate first = month.atDay(1);
		Instant from = first.atStartOfDay(zone).toInstant();
		Instant to = first.plusMonths(1).atStartOfDay(zone).toInstant();
		return this.jdbc.sql("""
				SELECT EXISTS (SELECT 1 FROM timeclock_punch
				    WHERE employee_id = :employee AND occurred_at >= :from AND occurred_at < :to)
				    OR EXISTS (SELECT 1 FROM timeclock_punch_adjustment WHERE kind = 'include'
				    AND employee_id = :employee AND occurred_at >= :from AND occurred_at < :to)""")
			.param("employee", employee)
			.param("from", Timestamp.from(from))
			.param("to", Timestamp.from(to))
			.query(Boolean.class)
			.single();
	}

}
