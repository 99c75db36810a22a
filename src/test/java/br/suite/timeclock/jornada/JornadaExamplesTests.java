package br.suite.timeclock.jornada;

import static br.suite.timeclock.jornada.Flag.DSR_LOST;
import static br.suite.timeclock.jornada.Flag.HOLIDAY_WORKED;
import static br.suite.timeclock.jornada.Flag.INTERJORNADA_SHORT;
import static br.suite.timeclock.jornada.Flag.INTRAJORNADA_SHORT;
import static br.suite.timeclock.jornada.Flag.MISSING_MARK;
import static br.suite.timeclock.jornada.Flag.OVER_10H;
import static br.suite.timeclock.jornada.Flag.REST_DAY_WORKED;
import static br.suite.timeclock.jornada.Flag.UNJUSTIFIED_ABSENCE;
import static br.suite.timeclock.jornada.Scenario.BH;
import static br.suite.timeclock.jornada.Scenario.C12;
import static br.suite.timeclock.jornada.Scenario.C12N;
import static br.suite.timeclock.jornada.Scenario.COM;
import static br.suite.timeclock.jornada.Scenario.MAD;
import static br.suite.timeclock.jornada.Scenario.MEIO;
import static br.suite.timeclock.jornada.Scenario.NOT;
import static br.suite.timeclock.jornada.Scenario.SP;
import static br.suite.timeclock.jornada.Scenario.TAR;
import static br.suite.timeclock.jornada.Scenario.assertDay;
import static org.assertj.core.api.Assertions.assertThat;

import java.time.DayOfWeek;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.YearMonth;
import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * Every worked example of jornada-clt.md, asserted to the minute (one test per example,
 * named after it).
 */
class JornadaExamplesTests {

	private static final List<Flag> NONE = List.of();

	@Test
	void ex2_1_marksAreTruncatedToTheirMinute() {
		DayFigures tuesday = new Scenario(COM).marks("2026-03-10", "08:00:59", "12:00:01", "13:00", "17:00")
			.day("2026-03-10");
		assertDay(tuesday, NONE, "expected", 480, "worked", 480);
		DayFigures pair = new Scenario(COM).marks("2026-03-10", "08:00:59", "12:00:01").day("2026-03-10");
		assertThat(pair.workedMinutes()).isEqualTo(240);
	}

	@Test
	void ex3_1_expectedMinutesOfWeeklySchedules() {
		Jornada.Computation com = new Jornada.Computation(new Scenario(COM).input());
		for (int d = 9; d <= 13; d++) {
			assertThat(com.plan(LocalDate.of(2026, 3, d)).expected()).isEqualTo(480);
		}
		assertThat(com.plan(LocalDate.parse("2026-03-14")).expected()).isZero();
		assertThat(com.plan(LocalDate.parse("2026-03-14")).kind()).isEqualTo(Jornada.DayKind.OFF);
		assertThat(com.plan(LocalDate.parse("2026-03-15")).expected()).isZero();
		assertThat(com.plan(LocalDate.parse("2026-03-15")).kind()).isEqualTo(Jornada.DayKind.REST);
		DayFigures not = new Scenario(NOT).day("2026-03-09");
		assertThat(not.expectedMinutes()).isEqualTo(420);
		assertThat(not.scheduled()).containsExactly(span("2026-03-09T22:00", "2026-03-10T02:00"),
				span("2026-03-10T03:00", "2026-03-10T06:00"));
	}

	@Test
	void ex3_2_cycleWorkingDays() {
		Jornada.Computation c12 = new Jornada.Computation(new Scenario(C12, "2026-02-01").input());
		assertThat(c12.plan(LocalDate.parse("2026-03-03")).expected()).isZero();
		assertThat(c12.plan(LocalDate.parse("2026-03-03")).kind()).isEqualTo(Jornada.DayKind.OFF);
		assertThat(c12.plan(LocalDate.parse("2026-03-04")).expected()).isEqualTo(660);
		assertThat(c12.plan(LocalDate.parse("2026-02-28")).expected()).isEqualTo(660);
		assertThat(C12.isCycleWorkDay(LocalDate.parse("2026-02-28"))).isTrue();
	}

	@Test
	void ex4_1_nationalHolidays() {
		assertThat(NationalHolidays.easter(2026)).isEqualTo("2026-04-05");
		assertThat(dates(2026)).contains(LocalDate.parse("2026-04-03"))
			.doesNotContain(LocalDate.parse("2026-02-17"), LocalDate.parse("2026-06-04"));
		assertThat(NationalHolidays.easter(2027)).isEqualTo("2027-03-28");
		assertThat(dates(2027)).contains(LocalDate.parse("2027-03-26"));
		assertThat(dates(2023)).doesNotContain(LocalDate.parse("2023-11-20"));
		assertThat(dates(2024)).contains(LocalDate.parse("2024-11-20"));
		assertThat(dates(2026)).contains(LocalDate.parse("2026-11-20"));
	}

	@Test
	void ex5_1_dayBoundariesAndContinuationOfASaturdayNight() {
		Scenario com = new Scenario(COM).marks("2026-03-14", "22:00", "01:30");
		assertThat(com.boundary("2026-03-10")).isEqualTo("2026-03-10T00:30");
		assertThat(com.boundary("2026-03-14")).isEqualTo("2026-03-14T00:00");
		assertThat(com.boundary("2026-03-15")).isEqualTo("2026-03-15T00:00");
		assertThat(com.boundary("2026-03-16")).isEqualTo("2026-03-16T02:00");
		DayFigures monday = new Scenario(COM).marks("2026-03-09", "08:00", "12:00", "13:00", "17:00", "23:40")
			.day("2026-03-09");
		assertThat(monday.marks()).hasSize(5);
		assertDay(com.day("2026-03-14"), NONE, "worked", 210, "night", 210, "night_paid", 240, "overtime_50", 210);
		assertDay(com.day("2026-03-15"), NONE);
	}

	@Test
	void ex5_2_nightShiftWindow() {
		Scenario not = new Scenario(NOT).marks("2026-03-09", "21:58", "02:00", "03:00", "06:40");
		assertThat(not.boundary("2026-03-10")).isEqualTo("2026-03-10T14:00");
		assertThat(not.boundary("2026-03-14")).isEqualTo("2026-03-14T12:00");
		assertThat(not.day("2026-03-09").marks()).extracting(Mark::at)
			.containsExactly(at("2026-03-09T21:58"), at("2026-03-10T02:00"), at("2026-03-10T03:00"),
					at("2026-03-10T06:40"));
	}

	@Test
	void ex5_3_cycleNightShiftWindow() {
		Scenario c12n = new Scenario(C12N);
		assertThat(c12n.boundary("2026-03-05")).isEqualTo("2026-03-05T13:00");
		assertThat(c12n.boundary("2026-03-04")).isEqualTo("2026-03-04T13:00");
	}

	@Test
	void ex5_4_forgottenExit() {
		DayFigures wednesday = new Scenario(COM).marks("2026-03-11", "08:00", "12:00", "13:00").day("2026-03-11");
		assertDay(wednesday, List.of(MISSING_MARK), "expected", 480, "worked", 240, "delay", 240);
	}

	@Test
	void ex6_1_extrasWithinTolerance() {
		assertDay(tuesday(COM, "07:56", "12:00", "13:00", "17:03"), NONE, "expected", 480, "worked", 487);
	}

	@Test
	void ex6_2_extrasOverTheDailyLimitAllCount() {
		assertDay(tuesday(COM, "07:56", "12:03", "13:00", "17:04"), NONE, "expected", 480, "worked", 491, "overtime_50",
				11);
	}

	@Test
	void ex6_3_onlyTheLateEntryOverFiveCounts() {
		assertDay(tuesday(COM, "08:07", "12:00", "13:02", "17:00"), NONE, "expected", 480, "worked", 471, "delay", 7);
	}

	@Test
	void ex6_4_extrasAndMissingOffsetEachOther() {
		assertDay(tuesday(COM, "07:52", "12:00", "13:00", "16:54"), NONE, "expected", 480, "worked", 482, "overtime_50",
				2);
	}

	@Test
	void ex6_5_dailyTotalOfExactlyTenIsTolerated() {
		assertDay(tuesday(COM, "08:03", "12:00", "13:00", "16:53"), NONE, "expected", 480, "worked", 470, "delay", 7);
	}

	@Test
	void ex7_1_lateExitIsOvertime50() {
		DayFigures thursday = new Scenario(COM).marks("2026-03-12", "08:00", "12:00", "13:00", "18:30")
			.day("2026-03-12");
		assertDay(thursday, NONE, "expected", 480, "worked", 570, "overtime_50", 90);
	}

	@Test
	void ex7_2_offDayWorkedIsOvertime50() {
		DayFigures saturday = new Scenario(COM).marks("2026-03-14", "08:00", "12:00").day("2026-03-14");
		assertDay(saturday, NONE, "worked", 240, "overtime_50", 240);
	}

	@Test
	void ex7_3_restDayWorkedIsOvertime100() {
		DayFigures sunday = new Scenario(COM).marks("2026-03-15", "09:00", "13:00").day("2026-03-15");
		assertDay(sunday, List.of(REST_DAY_WORKED), "worked", 240, "overtime_100", 240);
	}

	@Test
	void ex7_4_goodFridayWorkedIsOvertime100() {
		DayFigures goodFriday = new Scenario(COM).marks("2026-04-03", "08:00", "12:00").day("2026-04-03");
		assertDay(goodFriday, List.of(HOLIDAY_WORKED), "worked", 240, "overtime_100", 240);
	}

	@Test
	void ex8_1_dayWithoutMarksIsAnUnjustifiedAbsence() {
		DayFigures wednesday = new Scenario(COM).marks("2026-03-11").day("2026-03-11");
		assertDay(wednesday, List.of(UNJUSTIFIED_ABSENCE), "expected", 480, "absence", 480);
	}

	@Test
	void ex8_2_atestadoWithoutMarksIsJustified() {
		DayFigures thursday = new Scenario(COM).absence("2026-03-12", "2026-03-12", AbsenceKind.ATESTADO)
			.day("2026-03-12");
		assertDay(thursday, NONE, "expected", 480, "justified", 480);
	}

	@Test
	void ex8_3_atestadoCoversTheMissingPartOfADayWithMarks() {
		DayFigures friday = new Scenario(COM).absence("2026-03-13", "2026-03-13", AbsenceKind.ATESTADO)
			.marks("2026-03-13", "08:00", "12:00")
			.day("2026-03-13");
		assertDay(friday, NONE, "expected", 480, "worked", 240, "justified", 240);
	}

	@Test
	void ex9_1_nightShiftWithProrrogacao() {
		DayFigures monday = new Scenario(NOT).marks("2026-03-09", "21:58", "02:00", "03:00", "06:40").day("2026-03-09");
		assertDay(monday, NONE, "expected", 420, "worked", 462, "night", 360, "night_paid", 525, "overtime_50", 42);
	}

	@Test
	void ex9_2_shiftStartingAfter22HasNoProrrogacao() {
		DayFigures tuesday = new Scenario(MAD).marks("2026-03-10", "23:00", "03:00", "04:00", "07:00")
			.day("2026-03-10");
		assertDay(tuesday, NONE, "expected", 420, "worked", 420, "night", 300, "night_paid", 342);
	}

	@Test
	void ex9_3_eveningShiftRunningIntoTheNight() {
		String[] marks = { "14:00", "18:00", "19:00", "23:50" };
		DayFigures wednesday = new Scenario(TAR).marks("2026-03-11", marks).day("2026-03-11");
		assertDay(wednesday, NONE, "expected", 480, "worked", 530, "night", 110, "night_paid", 125, "overtime_50", 50);
		DayFigures clockHour = new Scenario(TAR.withNightReducedHour(false)).marks("2026-03-11", marks)
			.day("2026-03-11");
		assertDay(clockHour, NONE, "expected", 480, "worked", 530, "night", 110, "night_paid", 110, "overtime_50", 50);
	}

	@Test
	void ex10_1_shortLunchBreak() {
		DayFigures thursday = new Scenario(COM).marks("2026-03-12", "08:00", "12:00", "12:40", "17:00")
			.day("2026-03-12");
		assertDay(thursday, List.of(INTRAJORNADA_SHORT), "expected", 480, "worked", 500, "overtime_50", 20);
	}

	@Test
	void ex10_2_sixHoursWithoutABreak() {
		DayFigures thursday = new Scenario(MEIO).marks("2026-03-12", "08:00", "13:00").day("2026-03-12");
		assertDay(thursday, List.of(INTRAJORNADA_SHORT), "expected", 300, "worked", 300);
	}

	@Test
	void ex10_3_longDayThenShortRest() {
		Scenario com = new Scenario(COM).marks("2026-03-09", "08:00", "12:00", "13:00", "23:00")
			.marks("2026-03-10", "08:00", "12:00", "13:00", "17:00");
		assertDay(com.day("2026-03-09"), List.of(OVER_10H), "expected", 480, "worked", 840, "night", 60, "night_paid",
				68, "overtime_50", 360);
		assertDay(com.day("2026-03-10"), List.of(INTERJORNADA_SHORT), "expected", 480, "worked", 480);
	}

	@Test
	void ex11_1_unjustifiedAbsenceCostsTheDsr() {
		Scenario com = new Scenario(COM).marks("2026-03-11");
		assertDay(com.day("2026-03-15"), List.of(DSR_LOST));
		MonthFigures march = com.month("2026-03", BankState.NONE);
		assertThat(march.dsrLostCount()).isEqualTo(1);
		assertThat(march.absenceMinutes()).isEqualTo(480);
	}

	@Test
	void ex11_2_justifiedAbsencesKeepTheDsr() {
		Scenario com = new Scenario(COM).absence("2026-03-12", "2026-03-12", AbsenceKind.ATESTADO)
			.absence("2026-03-13", "2026-03-13", AbsenceKind.ATESTADO)
			.marks("2026-03-13", "08:00", "12:00");
		assertDay(com.day("2026-03-15"), NONE);
		assertThat(com.month("2026-03", BankState.NONE).dsrLostCount()).isZero();
	}

	@Test
	void ex12_1_timeBankMovementsOfAWeek() {
		Scenario bh = new Scenario(BH, "2026-03-09").marks("2026-03-09", "08:00", "12:00", "13:00", "18:10")
			.marks("2026-03-10", "08:20", "12:00", "13:00", "17:00")
			.marks("2026-03-11");
		assertDay(bh.day("2026-03-09"), NONE, "expected", 480, "worked", 550, "bank", 70);
		assertDay(bh.day("2026-03-10"), NONE, "expected", 480, "worked", 460, "bank", -20);
		assertDay(bh.day("2026-03-11"), List.of(UNJUSTIFIED_ABSENCE), "expected", 480, "absence", 480);
		MonthFigures march = bh.month("2026-03", BankState.NONE);
		assertThat(march.bankPreviousBalanceMinutes()).isZero();
		assertThat(march.bankMinutes()).isEqualTo(50);
		assertThat(march.bankBalanceMinutes()).isEqualTo(50);
		assertThat(march.bankExpiredCreditMinutes()).isZero();
		assertThat(march.bankExpiredDebitMinutes()).isZero();
	}

	@Test
	void ex12_2_timeBankExpiresAtTheEndOfItsPeriod() {
		Scenario credit = new Scenario(BH, "2026-01-12").marks("2026-01-13", "08:00", "12:00", "13:00", "20:20")
			.marks("2026-02-10", "09:05", "12:00", "13:00", "17:00");
		BankState state = BankState.NONE;
		int[] movements = { 200, -65, 0, 0, 0, 0 };
		MonthFigures month = null;
		for (int i = 0; i < 6; i++) {
			month = credit.month(YearMonth.of(2026, 1 + i).toString(), state);
			assertThat(month.bankMinutes()).as("month %d", i + 1).isEqualTo(movements[i]);
			if (i < 5) {
				assertThat(month.bankExpiredCreditMinutes() + month.bankExpiredDebitMinutes()).isZero();
				assertThat(month.bank().periodStart()).isEqualTo(YearMonth.of(2026, 1));
			}
			state = month.bank();
		}
		assertThat(month.bankPreviousBalanceMinutes()).isEqualTo(135);
		assertThat(month.bankExpiredCreditMinutes()).isEqualTo(135);
		assertThat(month.bankExpiredDebitMinutes()).isZero();
		assertThat(month.bankBalanceMinutes()).isZero();
		MonthFigures july = credit.marks("2026-07-07", "08:00", "12:00", "13:00", "17:30").month("2026-07", state);
		assertThat(july.bank().periodStart()).isEqualTo(YearMonth.of(2026, 7));
		assertThat(july.bankBalanceMinutes()).isEqualTo(30);

		Scenario debit = new Scenario(BH, "2026-01-12").marks("2026-01-13", "08:30", "12:00", "13:00", "17:00")
			.marks("2026-02-10", "09:00", "12:00", "13:00", "17:00");
		state = BankState.NONE;
		for (int i = 0; i < 6; i++) {
			month = debit.month(YearMonth.of(2026, 1 + i).toString(), state);
			state = month.bank();
		}
		assertThat(month.bankPreviousBalanceMinutes()).isEqualTo(-90);
		assertThat(month.bankExpiredDebitMinutes()).isEqualTo(90);
		assertThat(month.bankExpiredCreditMinutes()).isZero();
		assertThat(month.bankBalanceMinutes()).isZero();
	}

	@Test
	void ex13_1_twelveByThirtySixOnAHoliday() {
		DayFigures tiradentes = new Scenario(C12).marks("2026-04-21", "07:00", "13:00", "14:00", "19:00")
			.day("2026-04-21");
		assertDay(tiradentes, List.of(HOLIDAY_WORKED), "expected", 660, "worked", 660);
	}

	@Test
	void ex13_2_twelveByThirtySixNightHasNoProrrogacao() {
		String[] marks = { "19:00", "01:00", "02:00", "07:00" };
		DayFigures wednesday = new Scenario(C12N).marks("2026-03-04", marks).day("2026-03-04");
		assertDay(wednesday, NONE, "expected", 660, "worked", 660, "night", 360, "night_paid", 411);
		Schedule weeklyNight = Scenario.weekly(DayOfWeek.SUNDAY, "19:00-01:00", "02:00-07:00");
		DayFigures weekly = new Scenario(weeklyNight).marks("2026-03-04", marks).day("2026-03-04");
		assertThat(weekly.nightPaidMinutes()).isEqualTo(548);
	}

	private static DayFigures tuesday(Schedule schedule, String... marks) {
		return new Scenario(schedule).marks("2026-03-10", marks).day("2026-03-10");
	}

	private static List<LocalDate> dates(int year) {
		return NationalHolidays.of(year).stream().map(NationalHolidays.Holiday::date).toList();
	}

	private static Instant at(String localDateTime) {
		return LocalDateTime.parse(localDateTime).atZone(SP).toInstant();
	}

	private static DayFigures.Span span(String from, String to) {
		return new DayFigures.Span(at(from), at(to));
	}

}
