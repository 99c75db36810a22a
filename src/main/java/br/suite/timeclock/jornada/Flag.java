package br.suite.timeclock.jornada;

import java.util.Locale;

/** The flags of a day (§1), declared in the order they are emitted. */
public enum Flag {

	/** Odd number of considered marks in the day's window (§5). */
	MISSING_MARK,
	/** CLT art. 71 (Tema 14 TST: 5 minutes' tolerance on the hour) (§10). */
	INTRAJORNADA_SHORT,
	/** CLT art. 66: less than 11 h since the previous jornada (§10). */
	INTERJORNADA_SHORT,
	/**
	 * CLT art. 59: more than 10 h worked (12x36: more than the expected minutes) (§10).
	 */
	OVER_10H,
	/** Work on the weekly rest day (Lei 605/1949 art. 9) (§7). */
	REST_DAY_WORKED,
	/** Work on a holiday (§7; informative in a cycle schedule). */
	HOLIDAY_WORKED,
	/** A working day without any mark and without justification (§8). */
	UNJUSTIFIED_ABSENCE,
	/**
	 * The weekly rest after a week with an unjustified absence (Lei 605/1949 art. 6)
	 * (§11).
	 */
	DSR_LOST;

	public String wire() {
		return name().toLowerCase(Locale.ROOT);
	}

}
