package br.suite.timeclock.jornada;

import java.time.DayOfWeek;
import java.time.Instant;
import java.time.LocalDate;
import java.time.YearMonth;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

/**
 * Benchmark (not a test): one month of 30 employees with 4 marks a day, computed by
 * {@link Jornada#month}. Run with {@code bench/jornada.sh} after
 * {@code mvn test-compile}; prints the median and worst of 30 runs after 20 warm-up runs.
 */
public final class JornadaBench {

	private JornadaBench() {
	}

	public static void main(String[] args) {
		ZoneId zone = ZoneId.of("America/Sao_Paulo");
		YearMonth month = YearMonth.of(2026, 3);
		Map<DayOfWeek, List<ClockInterval>> days = new EnumMap<>(DayOfWeek.class);
		for (DayOfWeek day : DayOfWeek.values()) {
			days.put(day, day.getValue() <= 5
					? List.of(ClockInterval.of("08:00", "12:00"), ClockInterval.of("13:00", "17:00")) : List.of());
		}
		Schedule schedule = Schedule.weekly(days, DayOfWeek.SUNDAY);
		Set<LocalDate> holidays = new HashSet<>();
		NationalHolidays.of(2026).forEach(h -> holidays.add(h.date()));
		Random random = new Random(24);
		List<Jornada.Input> employees = new ArrayList<>();
		for (int e = 0; e < 30; e++) {
			List<Mark> marks = new ArrayList<>();
			long id = 1;
			for (LocalDate date = month.atDay(1).minusDays(10); date
				.isBefore(month.plusMonths(1).atDay(4)); date = date.plusDays(1)) {
				if (date.getDayOfWeek().getValue() > 5) {
					continue;
				}
				for (String time : new String[] { "08:00", "12:00", "13:00", "17:00" }) {
					Instant at = date.atTime(java.time.LocalTime.parse(time)).atZone(zone).toInstant();
					marks.add(Mark.punch(at.plusSeconds(60L * (random.nextInt(21) - 10)), id++));
				}
			}
			employees.add(new Jornada.Input(zone, List.of(new Assignment(LocalDate.of(2026, 1, 1), schedule)), holidays,
					List.of(), marks, Instant.parse("2030-01-01T00:00:00Z")));
		}
		long[] nanos = new long[50];
		long checksum = 0;
		for (int run = 0; run < nanos.length; run++) {
			long start = System.nanoTime();
			for (Jornada.Input input : employees) {
				checksum += Jornada.month(input, month, BankState.NONE).workedMinutes();
			}
			nanos[run] = System.nanoTime() - start;
		}
		long[] measured = Arrays.copyOfRange(nanos, 20, nanos.length);
		Arrays.sort(measured);
		System.out.printf(
				"jornada: 30 employees x 1 month (4 marks/day): median %.2f ms, worst %.2f ms "
						+ "(30 runs after 20 warm-up; checksum %d)%n",
				measured[measured.length / 2] / 1e6, measured[measured.length - 1] / 1e6, checksum);
	}

}
