package br.suite.timeclock.jornada;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.DayOfWeek;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.YearMonth;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The setting of the reference's examples (jornada-clt.md §0): one employee in
 * America/Sao_Paulo, a named schedule assigned from 2026-03-01, whose other days were
 * worked exactly as scheduled.
 */
final class Scenario {

	static final ZoneId SP = ZoneId.of("America/Sao_Paulo");

	static final Instant LATER = Instant.parse("2030-01-01T00:00:00Z");

	static final Schedule COM = weekly(DayOfWeek.SUNDAY, "08:00-12:00", "13:00-17:00");

	static final Schedule NOT = weekly(DayOfWeek.SUNDAY, "22:00-02:00", "03:00-06:00");

	static final Schedule MAD = weekly(DayOfWeek.SUNDAY, "23:00-03:00", "04:00-07:00");

	static final Schedule TAR = weekly(DayOfWeek.SUNDAY, "14:00-18:00", "19:00-23:00");

	static final Schedule MEIO = weekly(DayOfWeek.SUNDAY, "08:00-13:00");

	static final Schedule BH = COM.withTimeBank(6);

	static final Schedule C12 = Schedule.cycle(LocalDate.parse("2026-03-02"), 1, 1,
			intervals("07:00-13:00", "14:00-19:00"));

	static final Schedule C12N = Schedule.cycle(LocalDate.parse("2026-03-02"), 1, 1,
			intervals("19:00-01:00", "02:00-07:00"));

	/** Mon–Fri with the intervals, Saturday and Sunday empty. */
	static Schedule weekly(DayOfWeek rest, String... intervals) {
		Map<DayOfWeek, List<ClockInterval>> days = new EnumMap<>(DayOfWeek.class);
		for (DayOfWeek day : DayOfWeek.values()) {
			days.put(day, day.getValue() <= 5 ? intervals(intervals) : List.of());
		}
		return Schedule.weekly(days, rest);
	}

	static List<ClockInterval> intervals(String... texts) {
		List<ClockInterval> list = new ArrayList<>();
		for (String text : texts) {
			String[] parts = text.split("-");
			list.add(ClockInterval.of(parts[0], parts[1]));
		}
		return list;
	}

	private final List<Assignment> assignments = new ArrayList<>();

	private final Set<LocalDate> holidays = new HashSet<>();

	private final List<Absence> absences = new ArrayList<>();

	private final Map<LocalDate, List<Instant>> marks = new LinkedHashMap<>();

	private Instant now = LATER;

	Scenario(Schedule schedule) {
		this(schedule, "2026-03-01");
	}

	Scenario(Schedule schedule, String from) {
		this.assignments.add(new Assignment(LocalDate.parse(from), schedule));
		for (int year = 2025; year <= 2027; year++) {
			NationalHolidays.of(year).forEach(h -> this.holidays.add(h.date()));
		}
	}

	static Scenario unassigned() {
		Scenario scenario = new Scenario(COM);
		scenario.assignments.clear();
		return scenario;
	}

	Scenario absence(String from, String to, AbsenceKind kind) {
		this.absences.add(new Absence(LocalDate.parse(from), LocalDate.parse(to), kind));
		return this;
	}

	Scenario now(Instant now) {
		this.now = now;
		return this;
	}

	/**
	 * The marks of the shift that starts on {@code date}: {@code "HH:MM"} or
	 * {@code "HH:MM:SS"}, each on the date of the previous one or, when earlier than it,
	 * on the next day; no times means no marks at all.
	 */
	Scenario marks(String date, String... times) {
		LocalDate day = LocalDate.parse(date);
		List<Instant> list = new ArrayList<>();
		LocalDateTime previous = day.atStartOfDay();
		for (String time : times) {
			LocalDateTime at = day.atTime(LocalTime.parse(time));
			while (at.isBefore(previous)) {
				day = day.plusDays(1);
				at = day.atTime(LocalTime.parse(time));
			}
			list.add(at.atZone(SP).toInstant());
			previous = at;
		}
		this.marks.put(LocalDate.parse(date), list);
		return this;
	}

	/** The input, other dates (in a wide range) worked exactly as scheduled. */
	Jornada.Input input() {
		Jornada.Input bare = new Jornada.Input(SP, this.assignments, this.holidays, this.absences, List.of(), this.now);
		Jornada.Computation computation = new Jornada.Computation(bare);
		List<Mark> all = new ArrayList<>();
		long id = 1;
		for (LocalDate date = LocalDate.parse("2025-12-01"); date
			.isBefore(LocalDate.parse("2026-08-01")); date = date.plusDays(1)) {
			LocalDate day = date;
			List<Instant> times = this.marks.get(date);
			if (times == null) {
				times = new ArrayList<>();
				Jornada.Plan plan = computation.plan(date);
				boolean absent = this.absences.stream().anyMatch(a -> a.covers(day));
				if (plan.expected() > 0 && !absent) {
					for (long[] span : plan.spans()) {
						times.add(Instant.ofEpochSecond(span[0] * 60));
						times.add(Instant.ofEpochSecond(span[1] * 60));
					}
				}
			}
			for (Instant time : times) {
				all.add(Mark.punch(time, id++));
			}
		}
		return new Jornada.Input(SP, this.assignments, this.holidays, this.absences, all, this.now);
	}

	DayFigures day(String date) {
		LocalDate day = LocalDate.parse(date);
		return Jornada.days(input(), day, day).get(0);
	}

	MonthFigures month(String month, BankState previous) {
		return Jornada.month(input(), YearMonth.parse(month), previous);
	}

	/** B(D) as a local date-time. */
	LocalDateTime boundary(String date) {
		long minute = new Jornada.Computation(input()).boundary(LocalDate.parse(date));
		return LocalDateTime.ofInstant(Instant.ofEpochSecond(minute * 60), SP);
	}

	/**
	 * Asserts every figure of the day: the named ones as given (name, value, name, value…
	 * with the reference's field names), all other figures 0, and exactly these flags.
	 */
	static void assertDay(DayFigures day, List<Flag> flags, Object... figures) {
		Map<String, Integer> expected = new LinkedHashMap<>();
		for (String name : List.of("expected", "worked", "night", "night_paid", "overtime_50", "overtime_100", "delay",
				"absence", "justified", "bank")) {
			expected.put(name, 0);
		}
		for (int i = 0; i < figures.length; i += 2) {
			String name = (String) figures[i];
			assertThat(expected).as("figure name").containsKey(name);
			expected.put(name, (Integer) figures[i + 1]);
		}
		assertThat(figures(day)).as("figures of " + day.date()).isEqualTo(expected);
		assertThat(day.flags()).as("flags of " + day.date()).containsExactlyElementsOf(flags);
	}

	static Map<String, Integer> figures(DayFigures day) {
		Map<String, Integer> actual = new LinkedHashMap<>();
		actual.put("expected", day.expectedMinutes());
		actual.put("worked", day.workedMinutes());
		actual.put("night", day.nightMinutes());
		actual.put("night_paid", day.nightPaidMinutes());
		actual.put("overtime_50", day.overtime50Minutes());
		actual.put("overtime_100", day.overtime100Minutes());
		actual.put("delay", day.delayMinutes());
		actual.put("absence", day.absenceMinutes());
		actual.put("justified", day.justifiedMinutes());
		actual.put("bank", day.bankMinutes());
		return actual;
	}

}
