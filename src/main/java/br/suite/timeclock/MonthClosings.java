package br.suite.timeclock;

import java.time.Instant;
import java.time.LocalDate;
import java.time.YearMonth;
import java.util.List;
import java.util.Map;
import java.util.Optional;

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

	private final MonthClosingRepository closings;

	private final AccessDirectory users;

	private final Establishments establishments;

	private final ObjectReader timesheetReader;

	MonthClosings(MonthClosingRepository closings, AccessDirectory users, Establishments establishments,
			JsonMapper json) {
		this.closings = closings;
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
		this.closings.firstClosedMonth(employeeId, establishment, from, to).ifPresent(month -> {
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
		this.closings.closedMonthAt(employeeId, establishment, at, YearMonth.from(local)).ifPresent(month -> {
			throw new TimeclockProblems.MonthClosed(employeeId, month);
		});
	}

	/** Whether the employee's month is closed (as {@link #requireOpen} decides). */
	@Transactional(readOnly = true)
	public boolean isClosed(long employeeId, YearMonth month) {
		return this.closings.isClosed(employeeId, establishmentOf(employeeId), month);
	}

	/** The employee's frozen espelho of the month, when a closing in force froze it. */
	@Transactional(readOnly = true)
	public Optional<ClosedTimesheet> frozen(long employeeId, YearMonth month) {
		return this.closings.frozen(employeeId, month).map(this::closed);
	}

	/**
	 * The frozen espelhos of every employee of the establishment's closing of the month,
	 * by employee id; empty when the month is not closed. {@code withDays} false leaves
	 * each espelho's {@code days} empty (totals only).
	 */
	@Transactional(readOnly = true)
	public List<ClosedTimesheet> frozen(long establishmentId, YearMonth month, boolean withDays) {
		return this.closings.frozen(establishmentId, month, withDays).stream().map(this::closed).toList();
	}

	/** The frozen PDF of an employee's espelho in a closing (the bytes signed). */
	@Transactional(readOnly = true)
	public Optional<byte[]> pdf(long closingId, long employeeId) {
		return this.closings.pdf(closingId, employeeId);
	}

	/**
	 * The banco de horas each closed month of the employee carried out, by month: the
	 * next month's computation starts from it.
	 */
	@Transactional(readOnly = true)
	public Map<YearMonth, BankState> frozenBanks(long employeeId, YearMonth before) {
		return this.closings.frozenBanks(employeeId, before);
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
		this.closings.lockShared(establishment);
		return establishment;
	}

	/** Holds an establishment's closings exclusively until the transaction ends. */
	public void lockExclusively(long establishmentId) {
		this.closings.lockExclusively(establishmentId);
	}

	private ClosedTimesheet closed(MonthClosingRepository.FrozenRow row) {
		Timesheet sheet = read(row.timesheet())
			.closed(new Timesheet.Closing(row.closingId(), row.closedAt(), row.pdfSha256()));
		return new ClosedTimesheet(row.closingId(), row.establishmentId(), row.month(), row.closedAt(), sheet,
				row.pdfSha256());
	}

	Timesheet read(String json) {
		return this.timesheetReader.readValue(json);
	}

}
