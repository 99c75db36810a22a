package br.suite.timeclock;

import java.sql.Timestamp;
import java.time.DayOfWeek;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.YearMonth;
import java.time.ZoneId;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Isolation;
import org.springframework.transaction.annotation.Transactional;

import br.suite.access.AccessDirectory;
import br.suite.shared.InvalidRequest;
import br.suite.timeclock.Timesheet.Day;
import br.suite.timeclock.Timesheet.Mark;

/**
 * The espelho de ponto: an employee's month, day by day, in the zone of the employee's
 * establishment. Punches are shown after adjustments (disregarded ones stay, flagged;
 * included ones are marked); worked time pairs the considered marks in time order (1st
 * with 2nd, 3rd with 4th, …). Work schedules, overtime, night work and holidays are out
 * of scope.
 */
@Service
class Timesheets {

	private final JdbcClient jdbc;

	private final AccessDirectory users;

	private final Establishments establishments;

	Timesheets(JdbcClient jdbc, AccessDirectory users, Establishments establishments) {
		this.jdbc = jdbc;
		this.users = users;
		this.establishments = establishments;
	}

	static final String NOTE = "Worked minutes pair the considered marks in time order; work schedules, overtime, "
			+ "night work and holidays are not computed.";

	@Transactional(readOnly = true, isolation = Isolation.REPEATABLE_READ)
	Timesheet of(@Nullable Long employeeId, @Nullable String month) {
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
		if (yearMonth == null) {
			errors.add("month", "is required as YYYY-MM");
		}
		errors.throwIfAny();
		Establishment establishment = this.establishments
			.get(employee.establishmentId() == null ? Establishments.DEFAULT : employee.establishmentId());
		ZoneId zone = establishment.timeZone();
		Instant from = yearMonth.atDay(1).atStartOfDay(zone).toInstant();
		Instant to = yearMonth.plusMonths(1).atDay(1).atStartOfDay(zone).toInstant();
		List<Mark> marks = new ArrayList<>();
		this.jdbc.sql("""
				SELECT p.id, p.nsr, p.event_type, p.occurred_at, p.needs_review, a.reason,
				    (a.id IS NOT NULL) AS disregarded
				FROM timeclock_punch p
				LEFT JOIN timeclock_punch_adjustment a ON a.punch_id = p.id AND a.kind = 'disregard'
				WHERE p.employee_id = :employee AND p.occurred_at >= :from AND p.occurred_at < :to""")
			.param("employee", employee.id())
			.param("from", Timestamp.from(from))
			.param("to", Timestamp.from(to))
			.query((rs, n) -> new Mark(rs.getTimestamp("occurred_at").toInstant().atZone(zone).toOffsetDateTime(),
					rs.getString("event_type"), "punch", rs.getLong("id"), rs.getLong("nsr"), null,
					rs.getBoolean("disregarded"), rs.getBoolean("needs_review"), rs.getString("reason")))
			.list()
			.forEach(marks::add);
		this.jdbc.sql("""
				SELECT id, event_type, occurred_at, reason FROM timeclock_punch_adjustment
				WHERE kind = 'include' AND employee_id = :employee AND occurred_at >= :from AND occurred_at < :to""")
			.param("employee", employee.id())
			.param("from", Timestamp.from(from))
			.param("to", Timestamp.from(to))
			.query((rs, n) -> new Mark(rs.getTimestamp("occurred_at").toInstant().atZone(zone).toOffsetDateTime(),
					rs.getString("event_type"), "included", null, null, rs.getLong("id"), false, false,
					rs.getString("reason")))
			.list()
			.forEach(marks::add);
		marks.sort(
				Comparator.comparing(Mark::at).thenComparing(m -> m.punchId() == null ? Long.MAX_VALUE : m.punchId()));

		List<Day> days = new ArrayList<>();
		long total = 0;
		long flagged = 0;
		for (LocalDate date = yearMonth.atDay(1); !date.isAfter(yearMonth.atEndOfMonth()); date = date.plusDays(1)) {
			LocalDate day = date;
			List<Mark> ofDay = marks.stream().filter(m -> m.at().toLocalDate().equals(day)).toList();
			List<Mark> considered = ofDay.stream().filter(m -> !m.disregarded()).toList();
			long minutes = 0;
			for (int i = 0; i + 1 < considered.size(); i += 2) {
				minutes += Duration.between(considered.get(i).at(), considered.get(i + 1).at()).toMinutes();
			}
			List<String> flags = new ArrayList<>();
			if (considered.size() % 2 == 1) {
				flags.add("odd_punches");
			}
			boolean weekday = day.getDayOfWeek() != DayOfWeek.SATURDAY && day.getDayOfWeek() != DayOfWeek.SUNDAY;
			if (weekday && considered.isEmpty()) {
				flags.add("weekday_without_punches");
			}
			if (ofDay.stream().anyMatch(Mark::needsReview)) {
				flags.add("needs_review");
			}
			total += minutes;
			flagged += flags.isEmpty() ? 0 : 1;
			days.add(new Day(day, day.getDayOfWeek().name().toLowerCase(Locale.ROOT), ofDay, minutes, flags));
		}
		return new Timesheet(employee.id(), employee.displayName(), employee.cpf(), establishment.id(),
				establishment.name(), zone.getId(), yearMonth.toString(), days, total, flagged, NOTE);
	}

	byte[] pdf(Timesheet sheet) {
		List<Pdfs.Line> lines = new ArrayList<>();
		lines.add(Pdfs.Line.bold("Espelho de ponto " + sheet.month() + " - " + sheet.employeeName()
				+ (sheet.employeeCpf() == null ? "" : " - CPF " + sheet.employeeCpf())));
		lines.add(Pdfs.Line.of(sheet.establishmentName() + " (" + sheet.timeZone() + ")"));
		lines.add(Pdfs.Line.of(""));
		for (Day day : sheet.days()) {
			lines.add(Pdfs.Line.bold(day.date() + " " + day.weekday() + "  " + hours(day.workedMinutes())
					+ (day.flags().isEmpty() ? "" : "  [" + String.join(", ", day.flags()) + "]")));
			for (Mark mark : day.marks()) {
				String text = "    " + mark.at().toLocalTime() + " " + mark.eventType()
						+ (mark.nsr() != null ? " NSR " + mark.nsr() : "")
						+ ("included".equals(mark.origin()) ? " (incluída: " + mark.reason() + ")" : "")
						+ (mark.disregarded() ? " (desconsiderada: " + mark.reason() + ")" : "")
						+ (mark.needsReview() ? " (revisar)" : "");
				lines.add(new Pdfs.Line(text, false, mark.disregarded()));
			}
		}
		lines.add(Pdfs.Line.of(""));
		lines.add(Pdfs.Line
			.bold("Total: " + hours(sheet.workedMinutes()) + "; dias sinalizados: " + sheet.flaggedDays()));
		lines.add(Pdfs.Line.of("Jornada contratual, horas extras, adicional noturno e feriados não são calculados."));
		return Pdfs.document("Espelho de ponto " + sheet.month(), lines);
	}

	private static String hours(long minutes) {
		return String.format(Locale.ROOT, "%d:%02d", minutes / 60, minutes % 60);
	}

}
