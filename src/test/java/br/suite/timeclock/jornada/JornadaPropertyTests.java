package br.suite.timeclock.jornada;

import static br.suite.timeclock.jornada.Scenario.SP;
import static org.assertj.core.api.Assertions.assertThat;

import java.time.DayOfWeek;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZonedDateTime;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;

import org.junit.jupiter.api.Test;

import br.suite.shared.Property;

/**
 * Invariants of jornada-clt.md §14 on random schedules, marks and absences; the tolerance
 * is recomputed here minute by minute from the day's scheduled intervals and marks,
 * independently of the interval arithmetic of {@link Jornada}.
 */
class JornadaPropertyTests {

	private static final int TRIES = 300;

	private static final LocalDate FIRST = LocalDate.parse("2026-03-02");

	private static final LocalDate LAST = LocalDate.parse("2026-03-22");

	/** A random case: the input and the dates to look at. */
	record Case(Jornada.Input input, String description) {
		@Override
		public String toString() {
			return this.description;
		}
	}

	@Test
	void workedMinutesSplitIntoTheFigures() {
		Property.forAll("worked = expected + split figures", TRIES, JornadaPropertyTests::randomCase, c -> {
			for (DayFigures day : Jornada.days(c.input(), FIRST, LAST)) {
				int worked = day.workedMinutes();
				switch (day.kind()) {
					case "rest", "holiday" -> assertThat(day.overtime100Minutes()).isEqualTo(worked);
					case "off" -> assertThat(day.overtime50Minutes() + day.bankMinutes()).isEqualTo(worked);
					case "unassigned" -> assertThat(figuresBesidesWork(day)).isZero();
					case "work" -> {
						if (day.marks().isEmpty()) {
							assertThat(day.absenceMinutes() + day.justifiedMinutes() - day.bankMinutes())
								.isEqualTo(day.expectedMinutes());
						}
						else {
							Schedule schedule = c.input().scheduleOn(day.date());
							assertThat(worked - day.expectedMinutes()).as("%s", day)
								.isEqualTo(day.overtime50Minutes() - day.delayMinutes() - day.justifiedMinutes()
										+ day.bankMinutes() + tolerated(day, schedule));
						}
					}
					default -> throw new AssertionError(day.kind());
				}
				int missingKinds = (day.absenceMinutes() > 0 ? 1 : 0) + (day.delayMinutes() > 0 ? 1 : 0)
						+ (day.justifiedMinutes() > 0 ? 1 : 0);
				assertThat(missingKinds).as("absence, delay, justified of %s", day).isLessThanOrEqualTo(1);
				if (day.overtime50Minutes() > 0) {
					assertThat(day.delayMinutes() + day.justifiedMinutes()).as("%s", day).isZero();
				}
				Schedule schedule = c.input().scheduleOn(day.date());
				if (schedule == null || schedule.nightReducedHour()) {
					assertThat(day.nightPaidMinutes()).isGreaterThanOrEqualTo(day.nightMinutes());
				}
				assertThat(day.workedMinutes()).isGreaterThanOrEqualTo(day.nightMinutes());
			}
		});
	}

	@Test
	void toleranceNeverCreatesAFigure() {
		Property.forAll("variations within the tolerance create no figure", TRIES, JornadaPropertyTests::tolerated,
				c -> {
					for (DayFigures day : Jornada.days(c.input(), FIRST, LAST)) {
						if (day.kind().equals("work")) {
							assertThat(day.overtime50Minutes()).as("%s", day).isZero();
							assertThat(day.delayMinutes()).as("%s", day).isZero();
							assertThat(day.bankMinutes()).as("%s", day).isZero();
						}
					}
				});
	}

	@Test
	void movingEveryMarkByADayMovesTheResultOfAnUnassignedEmployee() {
		Property.forAll("unassigned: marks a day later, figures a day later", TRIES, r -> {
			List<Instant> marks = new ArrayList<>();
			int count = r.nextInt(16);
			for (int i = 0; i < count; i++) {
				marks.add(FIRST.plusDays(3).atStartOfDay(SP).toInstant().plusSeconds(r.nextInt(10 * 86400)));
			}
			return marks;
		}, marks -> {
			List<DayFigures> before = Jornada.days(unassigned(marks, 0), FIRST, LAST);
			List<DayFigures> after = Jornada.days(unassigned(marks, 1), FIRST.plusDays(1), LAST.plusDays(1));
			for (int i = 0; i < before.size(); i++) {
				assertSame(before.get(i), after.get(i));
			}
		});
	}

	@Test
	void shiftingEverythingByWholeWeeksShiftsTheResult() {
		Property.forAll("schedule, marks, absences and holidays weeks later, figures weeks later", TRIES,
				JornadaPropertyTests::randomCase, c -> {
					Schedule first = c.input().assignments().get(0).schedule();
					int cycle = first.isCycle() ? first.workDays() + first.offDays() : 1;
					int days = 7 * cycle;
					Jornada.Input shifted = shift(c.input(), days);
					List<DayFigures> before = Jornada.days(c.input(), FIRST, LAST);
					List<DayFigures> after = Jornada.days(shifted, FIRST.plusDays(days), LAST.plusDays(days));
					for (int i = 0; i < before.size(); i++) {
						assertSame(before.get(i), after.get(i));
					}
				});
	}

	private static void assertSame(DayFigures before, DayFigures after) {
		assertThat(Scenario.figures(after)).as("figures of %s vs %s", before, after)
			.isEqualTo(Scenario.figures(before));
		assertThat(after.flags()).as("flags of %s vs %s", before, after).isEqualTo(before.flags());
		assertThat(after.kind()).isEqualTo(before.kind());
		assertThat(after.marks()).hasSameSizeAs(before.marks());
	}

	private static int figuresBesidesWork(DayFigures day) {
		return day.overtime50Minutes() + day.overtime100Minutes() + day.delayMinutes() + day.absenceMinutes()
				+ day.justifiedMinutes() + Math.abs(day.bankMinutes()) + day.expectedMinutes();
	}

	/** §14: (sumX − counted_extra) − (sumM − counted_missing), minute by minute. */
	private static int tolerated(DayFigures day, Schedule schedule) {
		Set<Long> scheduled = new TreeSet<>();
		for (DayFigures.Span span : day.scheduled()) {
			for (long m = span.start().getEpochSecond() / 60; m < span.end().getEpochSecond() / 60; m++) {
				scheduled.add(m);
			}
		}
		Set<Long> worked = new TreeSet<>();
		for (int i = 0; i + 1 < day.marks().size(); i += 2) {
			long from = localMinute(day.marks().get(i).at());
			long to = localMinute(day.marks().get(i + 1).at());
			for (long m = from; m < to; m++) {
				worked.add(m);
			}
		}
		TreeSet<Long> extra = new TreeSet<>(worked);
		extra.removeAll(scheduled);
		TreeSet<Long> missing = new TreeSet<>(scheduled);
		missing.removeAll(worked);
		return (extra.size() - counted(extra, schedule)) - (missing.size() - counted(missing, schedule));
	}

	private static int counted(TreeSet<Long> minutes, Schedule schedule) {
		if (minutes.size() > schedule.toleranceDailyMinutes()) {
			return minutes.size();
		}
		int counted = 0;
		int run = 0;
		Long previous = null;
		for (long m : minutes) {
			if (previous != null && m != previous + 1) {
				counted += run > schedule.tolerancePerMarkMinutes() ? run : 0;
				run = 0;
			}
			run++;
			previous = m;
		}
		return counted + (run > schedule.tolerancePerMarkMinutes() ? run : 0);
	}

	private static long localMinute(Instant at) {
		return ZonedDateTime.ofInstant(at, SP).truncatedTo(ChronoUnit.MINUTES).toEpochSecond() / 60;
	}

	private static Jornada.Input unassigned(List<Instant> marks, int days) {
		List<Mark> shifted = new ArrayList<>();
		for (int i = 0; i < marks.size(); i++) {
			shifted.add(Mark.punch(marks.get(i).atZone(SP).plusDays(days).toInstant(), i));
		}
		return new Jornada.Input(SP, List.of(), Set.of(), List.of(), shifted, Scenario.LATER);
	}

	private static Jornada.Input shift(Jornada.Input input, int days) {
		List<Assignment> assignments = new ArrayList<>();
		for (Assignment a : input.assignments()) {
			Schedule s = a.schedule();
			Schedule moved = s.isCycle() ? new Schedule(s.kind(), s.days(), s.restDay(), s.cycleStart().plusDays(days),
					s.workDays(), s.offDays(), s.cycleIntervals(), s.tolerancePerMarkMinutes(),
					s.toleranceDailyMinutes(), s.timeBank(), s.timeBankExpiryMonths(), s.nightReducedHour()) : s;
			assignments.add(new Assignment(a.validFrom().plusDays(days), moved));
		}
		Set<LocalDate> holidays = new HashSet<>();
		input.holidays().forEach(h -> holidays.add(h.plusDays(days)));
		List<Absence> absences = input.absences()
			.stream()
			.map(a -> new Absence(a.from().plusDays(days), a.to().plusDays(days), a.kind()))
			.toList();
		List<Mark> marks = input.marks()
			.stream()
			.map(m -> new Mark(m.at().atZone(SP).plusDays(days).toInstant(), m.included(), m.id()))
			.toList();
		return new Jornada.Input(SP, assignments, holidays, absences, marks, input.now());
	}

	private static Schedule randomSchedule(Random r) {
		List<ClockInterval> intervals = new ArrayList<>();
		// Not in the first minutes of the day: an early entry before midnight would fall
		// on the
		// previous date, B(D) never being before D 00:00 (§5 rule 3).
		int start = 10 + r.nextInt(24 * 60 - 10);
		int first = 60 + r.nextInt(6 * 60);
		intervals.add(interval(start, start + first));
		if (r.nextInt(4) > 0) {
			int breakStart = start + first + 15 + r.nextInt(120);
			intervals.add(interval(breakStart, breakStart + 60 + r.nextInt(6 * 60)));
		}
		Schedule schedule;
		if (r.nextInt(4) == 0) {
			schedule = Schedule.cycle(FIRST.minusDays(r.nextInt(10)), 1 + r.nextInt(2), 1 + r.nextInt(3), intervals);
		}
		else {
			Map<DayOfWeek, List<ClockInterval>> days = new EnumMap<>(DayOfWeek.class);
			DayOfWeek rest = DayOfWeek.of(1 + r.nextInt(7));
			for (DayOfWeek day : DayOfWeek.values()) {
				days.put(day, day == rest || r.nextInt(6) == 0 ? List.of() : intervals);
			}
			schedule = Schedule.weekly(days, rest);
		}
		schedule = schedule.withTolerances(r.nextInt(6), r.nextInt(11)).withNightReducedHour(r.nextBoolean());
		return r.nextInt(3) == 0 ? schedule.withTimeBank(1 + r.nextInt(12)) : schedule;
	}

	private static ClockInterval interval(int startMinute, int endMinute) {
		return new ClockInterval(LocalTime.ofSecondOfDay((startMinute % 1440) * 60L),
				LocalTime.ofSecondOfDay((endMinute % 1440) * 60L));
	}

	/**
	 * A schedule (sometimes changed mid-range), company holidays (no national ones, so
	 * that shifting by weeks crosses none), absences and jittered, forgotten or extra
	 * marks.
	 */
	static Case randomCase(Random r) {
		List<Assignment> assignments = new ArrayList<>();
		assignments.add(new Assignment(FIRST.minusDays(r.nextInt(12)), randomSchedule(r)));
		if (r.nextInt(4) == 0) {
			assignments.add(new Assignment(FIRST.plusDays(r.nextInt(20)), randomSchedule(r)));
		}
		Set<LocalDate> holidays = new HashSet<>();
		for (int i = r.nextInt(3); i > 0; i--) {
			holidays.add(FIRST.plusDays(r.nextInt(21)));
		}
		List<Absence> absences = new ArrayList<>();
		for (int i = r.nextInt(3); i > 0; i--) {
			LocalDate from = FIRST.minusDays(3).plusDays(r.nextInt(24));
			absences.add(new Absence(from, from.plusDays(r.nextInt(3)),
					AbsenceKind.values()[r.nextInt(AbsenceKind.values().length)]));
		}
		Jornada.Input bare = new Jornada.Input(SP, assignments, holidays, absences, List.of(), Scenario.LATER);
		Jornada.Computation plans = new Jornada.Computation(bare);
		List<Mark> marks = new ArrayList<>();
		StringBuilder description = new StringBuilder(assignments + " holidays " + holidays + " " + absences);
		long id = 1;
		for (LocalDate date = FIRST.minusDays(12); date.isBefore(LAST.plusDays(12)); date = date.plusDays(1)) {
			Jornada.Plan plan = plans.plan(date);
			List<Long> minutes = new ArrayList<>();
			int mode = r.nextInt(10);
			if (plan.hasIntervals() && mode < 7) {
				for (long[] span : plan.spans()) {
					minutes.add(span[0] + jitter(r));
					minutes.add(span[1] + jitter(r));
				}
				if (mode == 6) {
					minutes.remove(r.nextInt(minutes.size()));
				}
			}
			else if (mode >= 8) {
				long start = plans.plan(date).date().atTime(r.nextInt(24), r.nextInt(60)).atZone(SP).toEpochSecond()
						/ 60;
				minutes.add(start);
				minutes.add(start + r.nextInt(600));
			}
			minutes.sort(null);
			for (long minute : minutes) {
				marks.add(new Mark(Instant.ofEpochSecond(minute * 60 + r.nextInt(60)), r.nextInt(5) == 0, id++));
			}
			description.append(' ').append(date).append(minutes.stream().map(m -> localTime(m)).toList());
		}
		return new Case(new Jornada.Input(SP, assignments, holidays, absences, marks, Scenario.LATER),
				description.toString());
	}

	private static long jitter(Random r) {
		return switch (r.nextInt(4)) {
			case 0 -> 0;
			case 1 -> r.nextInt(11) - 5;
			case 2 -> r.nextInt(31) - 15;
			default -> r.nextInt(181) - 90;
		};
	}

	private static String localTime(long minute) {
		return Instant.ofEpochSecond(minute * 60).atZone(SP).toLocalDateTime().toString();
	}

	/**
	 * Weekly or cycle schedules, every mark within the per-mark tolerance and each kind's
	 * total within the daily one.
	 */
	static Case tolerated(Random r) {
		Schedule schedule = randomSchedule(r);
		List<Assignment> assignments = List.of(new Assignment(FIRST.minusDays(12), schedule));
		Jornada.Input bare = new Jornada.Input(SP, assignments, Set.of(), List.of(), List.of(), Scenario.LATER);
		Jornada.Computation plans = new Jornada.Computation(bare);
		List<Mark> marks = new ArrayList<>();
		long id = 1;
		StringBuilder description = new StringBuilder(schedule.toString());
		for (LocalDate date = FIRST.minusDays(12); date.isBefore(LAST.plusDays(12)); date = date.plusDays(1)) {
			Jornada.Plan plan = plans.plan(date);
			int perMark = schedule.tolerancePerMarkMinutes();
			int extraLeft = schedule.toleranceDailyMinutes();
			int missingLeft = schedule.toleranceDailyMinutes();
			for (long[] span : plan.spans()) {
				// Early start / late end are extra; late start / early end are missing.
				int startShift = r.nextInt(2 * perMark + 1) - perMark;
				int endShift = r.nextInt(2 * perMark + 1) - perMark;
				if (startShift < 0 && -startShift > extraLeft || startShift > 0 && startShift > missingLeft) {
					startShift = 0;
				}
				extraLeft -= Math.max(0, -startShift);
				missingLeft -= Math.max(0, startShift);
				if (endShift > 0 && endShift > extraLeft || endShift < 0 && -endShift > missingLeft) {
					endShift = 0;
				}
				extraLeft -= Math.max(0, endShift);
				missingLeft -= Math.max(0, -endShift);
				marks.add(Mark.punch(Instant.ofEpochSecond((span[0] + startShift) * 60 + r.nextInt(60)), id++));
				marks.add(Mark.punch(Instant.ofEpochSecond((span[1] + endShift) * 60 + r.nextInt(60)), id++));
			}
			description.append(' ').append(date);
		}
		return new Case(new Jornada.Input(SP, assignments, Set.of(), List.of(), marks, Scenario.LATER),
				description.toString());
	}

}
