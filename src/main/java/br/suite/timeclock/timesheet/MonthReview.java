package br.suite.timeclock.timesheet;

import java.time.LocalDate;
import java.util.List;

import org.jspecify.annotations.Nullable;

import br.suite.timeclock.Timesheet;
import br.suite.timeclock.schedule.JornadaForms;

/**
 * The espelho de ponto as the month review page shows it: every figure of
 * {@link Timesheet} written as h:mm (an empty text for a zero figure of a day, so a
 * phone's card shows only what matters), the flags as catalogue keys.
 */
record MonthReview(long employeeId, String employeeName, @Nullable String employeeCpf, String establishmentName,
		String timeZone, String month, boolean scheduled, List<Day> days, Figures totals, long flaggedDays, int dsrLost,
		String bankPrevious, String bankBalance, @Nullable String bankExpiredCredit,
		@Nullable String bankExpiredDebit) {

	/** The catalogue keys of the figures, in the order of {@link Day#figures()}. */
	static final List<String> FIGURE_KEYS = List.of("review.worked", "review.expectedMinutes", "review.night",
			"review.nightPaid", "review.overtime50", "review.overtime100", "review.delay", "review.absence",
			"review.justified", "review.bank");

	/** A month's totals. */
	record Figures(String worked, String expected, String night, String nightPaid, String overtime50,
			String overtime100, String delay, String absence, String justified, String bank) {
	}

	/**
	 * A day: its kind (work, off, rest, holiday, unassigned), the scheduled intervals,
	 * the marks and the figures (worked always, the others empty when zero).
	 */
	record Day(LocalDate date, String weekday, String kind, boolean open, String expected, List<Timesheet.Mark> marks,
			List<String> figures, List<String> flags) {

		/** The row's class: the kind of a day without work. */
		public String css() {
			return switch (this.kind) {
				case "off" -> "folga";
				case "rest" -> "descanso";
				case "holiday" -> "feriado";
				default -> "";
			};
		}

	}

	static MonthReview of(Timesheet sheet) {
		List<Day> days = sheet.days().stream().map(MonthReview::day).toList();
		boolean scheduled = sheet.days().stream().anyMatch(d -> !"unassigned".equals(d.kind()));
		Figures totals = new Figures(JornadaForms.hours(sheet.workedMinutes()),
				JornadaForms.hours(sheet.expectedMinutes()), JornadaForms.hours(sheet.nightMinutes()),
				JornadaForms.hours(sheet.nightPaidMinutes()), JornadaForms.hours(sheet.overtime50Minutes()),
				JornadaForms.hours(sheet.overtime100Minutes()), JornadaForms.hours(sheet.delayMinutes()),
				JornadaForms.hours(sheet.absenceMinutes()), JornadaForms.hours(sheet.justifiedMinutes()),
				JornadaForms.signed(sheet.bankMinutes()));
		return new MonthReview(sheet.employeeId(), sheet.employeeName(), sheet.employeeCpf(), sheet.establishmentName(),
				sheet.timeZone(), sheet.month(), scheduled, days, totals, sheet.flaggedDays(), sheet.dsrLostCount(),
				JornadaForms.signed(sheet.bankPreviousBalanceMinutes()),
				JornadaForms.signed(sheet.bankBalanceMinutes()),
				sheet.bankExpiredCreditMinutes() == 0 ? null : JornadaForms.hours(sheet.bankExpiredCreditMinutes()),
				sheet.bankExpiredDebitMinutes() == 0 ? null : JornadaForms.hours(sheet.bankExpiredDebitMinutes()));
	}

	private static Day day(Timesheet.Day d) {
		String expected = String.join(", ",
				d.expected().stream().map(s -> s.start().toLocalTime() + "–" + s.end().toLocalTime()).toList());
		List<String> figures = List.of(JornadaForms.hours(d.workedMinutes()), optional(d.expectedMinutes()),
				optional(d.nightMinutes()), optional(d.nightPaidMinutes()), optional(d.overtime50Minutes()),
				optional(d.overtime100Minutes()), optional(d.delayMinutes()), optional(d.absenceMinutes()),
				optional(d.justifiedMinutes()), d.bankMinutes() == 0 ? "" : JornadaForms.signed(d.bankMinutes()));
		return new Day(d.date(), d.weekday(), d.kind(), d.open(), expected, d.marks(), figures, d.flags());
	}

	private static String optional(long minutes) {
		return minutes == 0 ? "" : JornadaForms.hours(minutes);
	}

}
