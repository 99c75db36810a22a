package br.suite.timeclock.timesheet;

import java.sql.Timestamp;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.YearMonth;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.time.format.TextStyle;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.MessageSource;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Isolation;
import org.springframework.transaction.annotation.Transactional;

import br.suite.access.AccessDirectory;
import br.suite.shared.InvalidRequest;
import br.suite.timeclock.Establishment;
import br.suite.timeclock.Establishments;
import br.suite.timeclock.MonthClosings;
import br.suite.timeclock.Pdfs;
import br.suite.timeclock.Timesheet.Day;
import br.suite.timeclock.Timesheet.Mark;
import br.suite.timeclock.Timesheet;
import br.suite.timeclock.absence.Absences;
import br.suite.timeclock.holiday.Holidays;
import br.suite.timeclock.jornada.Assignment;
import br.suite.timeclock.jornada.BankState;
import br.suite.timeclock.jornada.DayFigures;
import br.suite.timeclock.jornada.Flag;
import br.suite.timeclock.jornada.Jornada;
import br.suite.timeclock.jornada.MonthFigures;
import br.suite.timeclock.schedule.Schedules;
import br.suite.web.FormInput;
import br.suite.web.Formats;

/**
 * The espelho de ponto: an employee's month, day by day, in the zone of the employee's
 * establishment, computed by {@link Jornada} from the schedule in force, the holidays,
 * the absences and the considered marks (punches not disregarded, included marks).
 * Disregarded punches stay on their calendar date, struck. The banco de horas is carried
 * from the month of the first time-bank assignment on.
 */
@Service
public class Timesheets {

	private final JdbcClient jdbc;

	private final AccessDirectory users;

	private final Establishments establishments;

	private final Schedules schedules;

	private final Holidays holidays;

	private final Absences absences;

	private final Clock clock;

	private final MonthClosings closings;

	private final MessageSource messages;

	Timesheets(JdbcClient jdbc, AccessDirectory users, Establishments establishments, Schedules schedules,
			Holidays holidays, Absences absences, ObjectProvider<Clock> clock, MonthClosings closings,
			MessageSource messages) {
		this.closings = closings;
		this.messages = messages;
		this.jdbc = jdbc;
		this.users = users;
		this.establishments = establishments;
		this.schedules = schedules;
		this.holidays = holidays;
		this.absences = absences;
		this.clock = clock.getIfAvailable(Clock::systemUTC);
	}

	static final String NOTE = "Figures of the jornada computation (docs/api.md, Jornada): the schedule in force, "
			+ "holidays, absences and the considered marks; a shift belongs to the date it started on.";

	@Transactional(readOnly = true, isolation = Isolation.REPEATABLE_READ)
	public Timesheet of(@Nullable Long employeeId, @Nullable String month) {
		InvalidRequest.Builder errors = InvalidRequest.builder();
		AccessDirectory.UserSummary employee = null;
		if (employeeId == null) {
			errors.add("employee_id", "is required");
		}
		else {
			employee = this.users.find(employeeId).orElse(null);
			if (employee == null) {
				errors.add("employee_id", "user " + employeeId + " does not exist");
			}
		}
		YearMonth yearMonth = null;
		try {
			yearMonth = month == null ? null : YearMonth.parse(month);
		}
		catch (DateTimeParseException ex) {
			// reported below
		}
		if (yearMonth == null || yearMonth.getYear() < Holidays.FIRST_YEAR
				|| yearMonth.getYear() > Holidays.LAST_YEAR) {
			errors.add("month", "is required as YYYY-MM");
		}
		errors.throwIfAny();
		AccessDirectory.UserSummary found = employee;
		YearMonth asked = yearMonth;
		return this.closings.frozen(found.id(), asked)
			.map(MonthClosings.ClosedTimesheet::timesheet)
			.orElseGet(() -> computed(found, asked, null).timesheet());
	}

	/**
	 * An espelho as computed now, the banco de horas it carries out and the span of its
	 * day windows: what a closing freezes.
	 */
	public record Sheet(Timesheet timesheet, BankState bank, Jornada.Window window) {
	}

	/**
	 * The month computed from the current records; the bank starts from the frozen
	 * balance of the latest closed month before it (computed from the first time-bank
	 * month on where none is closed).
	 */
	public Sheet computed(AccessDirectory.UserSummary employee, YearMonth yearMonth,
			Timesheet.@Nullable Closing closing) {
		Establishment establishment = this.establishments
			.get(employee.establishmentId() == null ? Establishments.DEFAULT : employee.establishmentId());
		ZoneId zone = establishment.timeZone();
		List<Assignment> assignments = this.schedules.assignmentsFor(employee.id());
		BankState bank = BankState.NONE;
		LocalDate firstBankDay = assignments.stream()
			.filter(a -> a.schedule().timeBank())
			.map(Assignment::validFrom)
			.min(Comparator.naturalOrder())
			.orElse(null);
		Map<YearMonth, BankState> frozenBanks = this.closings.frozenBanks(employee.id(), yearMonth);
		YearMonth start = firstBankDay == null ? null : YearMonth.from(firstBankDay);
		YearMonth lastFrozen = frozenBanks.keySet().stream().max(Comparator.naturalOrder()).orElse(null);
		if (lastFrozen != null) {
			bank = frozenBanks.get(lastFrozen);
			start = start == null || start.isAfter(lastFrozen) ? start : lastFrozen.plusMonths(1);
		}
		if (start != null) {
			for (YearMonth earlier = start; earlier.isBefore(yearMonth); earlier = earlier.plusMonths(1)) {
				BankState frozen = frozenBanks.get(earlier);
				bank = frozen != null ? frozen
						: compute(employee.id(), establishment, assignments, earlier, bank).figures().bank();
			}
		}
		Computed computed = compute(employee.id(), establishment, assignments, yearMonth, bank);
		MonthFigures figures = computed.figures();
		List<Day> days = new ArrayList<>();
		long flagged = 0;
		for (DayFigures day : figures.days()) {
			List<Mark> ofDay = new ArrayList<>();
			for (br.suite.timeclock.jornada.Mark mark : day.marks()) {
				ofDay.add(computed.shown().get((mark.included() ? "i" : "p") + mark.id()));
			}
			computed.disregarded().stream().filter(m -> m.at().toLocalDate().equals(day.date())).forEach(ofDay::add);
			ofDay.sort(Comparator.comparing(Mark::at));
			List<String> flags = new ArrayList<>(day.flags().stream().map(Flag::wire).toList());
			if (ofDay.stream().anyMatch(Mark::needsReview)) {
				flags.add("needs_review");
			}
			flagged += flags.isEmpty() ? 0 : 1;
			List<Timesheet.Scheduled> expected = day.scheduled()
				.stream()
				.map(s -> new Timesheet.Scheduled(s.start().atZone(zone).toOffsetDateTime(),
						s.end().atZone(zone).toOffsetDateTime()))
				.toList();
			days.add(new Day(day.date(), day.date().getDayOfWeek().name().toLowerCase(Locale.ROOT), ofDay,
					day.workedMinutes(), flags, day.kind(), day.open(), expected, day.expectedMinutes(),
					day.nightMinutes(), day.nightPaidMinutes(), day.overtime50Minutes(), day.overtime100Minutes(),
					day.delayMinutes(), day.absenceMinutes(), day.justifiedMinutes(), day.bankMinutes()));
		}
		Timesheet sheet = new Timesheet(employee.id(), employee.displayName(), employee.cpf(), establishment.id(),
				establishment.name(), zone.getId(), yearMonth.toString(), days, figures.workedMinutes(), flagged, NOTE,
				figures.expectedMinutes(), figures.nightMinutes(), figures.nightPaidMinutes(),
				figures.overtime50Minutes(), figures.overtime100Minutes(), figures.delayMinutes(),
				figures.absenceMinutes(), figures.justifiedMinutes(), figures.bankMinutes(), figures.dsrLostCount(),
				figures.bankPreviousBalanceMinutes(), figures.bankBalanceMinutes(), figures.bankExpiredCreditMinutes(),
				figures.bankExpiredDebitMinutes(), closing);
		return new Sheet(sheet, figures.bank(), computed.window());
	}

	/**
	 * A month's figures and the marks to show: considered ones by kind and id,
	 * disregarded punches.
	 */
	private record Computed(MonthFigures figures, Map<String, Mark> shown, List<Mark> disregarded,
			Jornada.Window window) {
	}

	private Computed compute(long employeeId, Establishment establishment, List<Assignment> assignments,
			YearMonth month, BankState bank) {
		ZoneId zone = establishment.timeZone();
		LocalDate first = month.atDay(1);
		LocalDate last = month.atEndOfMonth();
		Instant from = Jornada.dataFrom(zone, first);
		Instant to = Jornada.dataTo(zone, last);
		Map<String, Mark> shown = new HashMap<>();
		List<Mark> disregarded = new ArrayList<>();
		List<br.suite.timeclock.jornada.Mark> considered = new ArrayList<>();
		this.jdbc.sql("""
				SELECT p.id, p.nsr, p.event_type, p.occurred_at, p.needs_review, a.reason,
				    (a.id IS NOT NULL) AS disregarded
				FROM timeclock_punch p
				LEFT JOIN timeclock_punch_adjustment a ON a.punch_id = p.id AND a.kind = 'disregard'
				WHERE p.employee_id = :employee AND p.occurred_at >= :from AND p.occurred_at < :to""")
			.param("employee", employeeId)
			.param("from", Timestamp.from(from))
			.param("to", Timestamp.from(to))
			.query((rs, n) -> new Mark(rs.getTimestamp("occurred_at").toInstant().atZone(zone).toOffsetDateTime(),
					rs.getString("event_type"), "punch", rs.getLong("id"), rs.getLong("nsr"), null,
					rs.getBoolean("disregarded"), rs.getBoolean("needs_review"), rs.getString("reason")))
			.list()
			.forEach(mark -> {
				if (mark.disregarded()) {
					disregarded.add(mark);
				}
				else {
					shown.put("p" + mark.punchId(), mark);
					considered.add(br.suite.timeclock.jornada.Mark.punch(mark.at().toInstant(), mark.punchId()));
				}
			});
		this.jdbc.sql("""
				SELECT id, event_type, occurred_at, reason FROM timeclock_punch_adjustment
				WHERE kind = 'include' AND employee_id = :employee AND occurred_at >= :from AND occurred_at < :to""")
			.param("employee", employeeId)
			.param("from", Timestamp.from(from))
			.param("to", Timestamp.from(to))
			.query((rs, n) -> new Mark(rs.getTimestamp("occurred_at").toInstant().atZone(zone).toOffsetDateTime(),
					rs.getString("event_type"), "included", null, null, rs.getLong("id"), false, false,
					rs.getString("reason")))
			.list()
			.forEach(mark -> {
				shown.put("i" + mark.adjustmentId(), mark);
				considered.add(br.suite.timeclock.jornada.Mark.included(mark.at().toInstant(), mark.adjustmentId()));
			});
		LocalDate dataFirst = Jornada.absencesFrom(first);
		LocalDate dataLast = last.plusDays(3);
		Jornada.Input input = new Jornada.Input(zone, assignments,
				this.holidays.datesFor(establishment.id(), dataFirst.minusDays(2), dataLast),
				this.absences.between(employeeId, dataFirst, dataLast), considered, this.clock.instant());
		return new Computed(Jornada.month(input, month, bank), shown, disregarded, Jornada.window(input, first, last));
	}

	/**
	 * The PDF of the espelho: of a closed month the frozen bytes (the document employees
	 * sign), else rendered now.
	 */
	public byte[] pdf(Timesheet sheet) {
		Timesheet.Closing closing = sheet.closing();
		if (closing != null) {
			return this.closings.pdf(closing.id(), sheet.employeeId()).orElseGet(() -> render(sheet));
		}
		return render(sheet);
	}

	public byte[] render(Timesheet sheet) {
		List<Pdfs.Line> lines = new ArrayList<>();
		lines.add(Pdfs.Line.bold("Espelho de ponto " + YearMonth.parse(sheet.month()).format(FormInput.MONTH) + " - "
				+ sheet.employeeName() + (sheet.employeeCpf() == null ? "" : " - CPF " + sheet.employeeCpf())));
		lines.add(Pdfs.Line.of(sheet.establishmentName() + " (" + sheet.timeZone() + ")"));
		Timesheet.Closing closing = sheet.closing();
		if (closing != null) {
			lines.add(Pdfs.Line.of("Mês fechado em "
					+ closing.closedAt()
						.atZone(ZoneId.of(sheet.timeZone()))
						.format(java.time.format.DateTimeFormatter.ofPattern("dd/MM/yyyy HH:mm"))
					+ " (fechamento " + closing.id() + ")"));
		}
		lines.add(Pdfs.Line.of(""));
		for (Day day : sheet.days()) {
			String schedule = day.expected()
				.stream()
				.map(s -> s.start().toLocalTime() + "-" + s.end().toLocalTime())
				.collect(java.util.stream.Collectors.joining(" "));
			// The employee signs this document: every word in Portuguese, dates as people
			// write them.
			lines.add(
					Pdfs.Line.bold(day.date().format(FormInput.DAY) + " "
							+ day.date().getDayOfWeek().getDisplayName(TextStyle.SHORT, Formats.BRAZIL) + "  "
							+ hours(day.workedMinutes()) + (schedule.isEmpty() ? "" : "  (jornada " + schedule + ")")
							+ (day.flags().isEmpty() ? "" : "  [" + String.join(", ", day.flags()
								.stream()
								.map(flag -> this.messages.getMessage("flag." + flag, null, flag, Formats.BRAZIL))
								.toList()) + "]")));
			for (Mark mark : day.marks()) {
				String text = "    " + mark.at().toLocalTime() + " " + mark.eventType()
						+ (mark.nsr() != null ? " NSR " + mark.nsr() : "")
						+ ("included".equals(mark.origin()) ? " (incluída: " + mark.reason() + ")" : "")
						+ (mark.disregarded() ? " (desconsiderada: " + mark.reason() + ")" : "")
						+ (mark.needsReview() ? " (revisar)" : "");
				lines.add(new Pdfs.Line(text, false, mark.disregarded()));
			}
			String figures = figures(day.expectedMinutes(), day.nightMinutes(), day.nightPaidMinutes(),
					day.overtime50Minutes(), day.overtime100Minutes(), day.delayMinutes(), day.absenceMinutes(),
					day.justifiedMinutes(), day.bankMinutes());
			if (!figures.isEmpty()) {
				lines.add(Pdfs.Line.of("    " + figures));
			}
		}
		lines.add(Pdfs.Line.of(""));
		lines.add(Pdfs.Line
			.bold("Total: " + hours(sheet.workedMinutes()) + "; dias sinalizados: " + sheet.flaggedDays()));
		lines.add(Pdfs.Line.of(figures(sheet.expectedMinutes(), sheet.nightMinutes(), sheet.nightPaidMinutes(),
				sheet.overtime50Minutes(), sheet.overtime100Minutes(), sheet.delayMinutes(), sheet.absenceMinutes(),
				sheet.justifiedMinutes(), sheet.bankMinutes())));
		lines.add(Pdfs.Line.of("DSR perdidos: " + sheet.dsrLostCount() + "; banco de horas: saldo anterior "
				+ signed(sheet.bankPreviousBalanceMinutes()) + ", saldo " + signed(sheet.bankBalanceMinutes())
				+ ", crédito vencido " + hours(sheet.bankExpiredCreditMinutes()) + ", débito vencido (perdoado) "
				+ hours(sheet.bankExpiredDebitMinutes())));
		return Pdfs.document("Espelho de ponto " + sheet.month(), lines);
	}

	private static String figures(int expected, int night, int nightPaid, int overtime50, int overtime100, int delay,
			int absence, int justified, int bank) {
		List<String> parts = new ArrayList<>();
		add(parts, "previstas", expected);
		add(parts, "noturnas", night);
		add(parts, "noturnas reduzidas", nightPaid);
		add(parts, "extras 50%", overtime50);
		add(parts, "extras 100%", overtime100);
		add(parts, "atrasos", delay);
		add(parts, "faltas", absence);
		add(parts, "abonadas", justified);
		if (bank != 0) {
			parts.add("banco " + signed(bank));
		}
		return String.join("; ", parts);
	}

	private static void add(List<String> parts, String label, int minutes) {
		if (minutes != 0) {
			parts.add(label + " " + hours(minutes));
		}
	}

	private static String signed(long minutes) {
		return (minutes < 0 ? "-" : "+") + hours(Math.abs(minutes));
	}

	private static String hours(long minutes) {
		return String.format(Locale.ROOT, "%d:%02d", minutes / 60, minutes % 60);
	}

}
