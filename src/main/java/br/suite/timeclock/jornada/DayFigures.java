package br.suite.timeclock.jornada;

import java.time.Instant;
import java.time.LocalDate;
import java.util.List;

/**
 * The figures of one employee's date (§1), all whole minutes, with the marks the day's
 * window holds (§5) and the scheduled intervals placed on the time line (§3).
 *
 * @param kind {@code work}, {@code off}, {@code rest}, {@code holiday} or
 * {@code unassigned} (§3)
 * @param open the day's window has not ended yet (§5): only expected, worked and night
 * figures are shown
 */
public record DayFigures(LocalDate date, String kind, boolean open, List<Span> scheduled, List<Mark> marks,
		int expectedMinutes, int workedMinutes, int nightMinutes, int nightPaidMinutes, int overtime50Minutes,
		int overtime100Minutes, int delayMinutes, int absenceMinutes, int justifiedMinutes, int bankMinutes,
		List<Flag> flags) {

	/** A scheduled or worked interval {@code [start, end)}. */
	public record Span(Instant start, Instant end) {
	}

	public DayFigures {
		scheduled = List.copyOf(scheduled);
		marks = List.copyOf(marks);
		flags = List.copyOf(flags);
	}

	public boolean has(Flag flag) {
		return this.flags.contains(flag);
	}

}
