package br.suite.timeclock.jornada;

import java.time.DayOfWeek;
import java.time.LocalDate;
import java.time.temporal.ChronoUnit;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

import org.jspecify.annotations.Nullable;

/**
 * A work schedule as the computation sees it (reference §3): weekly (intervals per
 * weekday, a weekly rest day) or a cycle (work days then off days from
 * {@code cycleStart}, the same intervals on every working day).
 */
public record Schedule(Kind kind, Map<DayOfWeek, List<ClockInterval>> days, @Nullable DayOfWeek restDay,
		@Nullable LocalDate cycleStart, int workDays, int offDays, List<ClockInterval> cycleIntervals,
		int tolerancePerMarkMinutes, int toleranceDailyMinutes, boolean timeBank, int timeBankExpiryMonths,
		boolean nightReducedHour) {

	public static final int DEFAULT_TOLERANCE_PER_MARK = 5;

	public static final int DEFAULT_TOLERANCE_DAILY = 10;

	public static final int DEFAULT_TIME_BANK_EXPIRY_MONTHS = 6;

	public enum Kind {

		WEEKLY, CYCLE

	}

	public Schedule {
		Map<DayOfWeek, List<ClockInterval>> copy = new EnumMap<>(DayOfWeek.class);
		for (DayOfWeek day : DayOfWeek.values()) {
			copy.put(day, List.copyOf(days.getOrDefault(day, List.of())));
		}
		days = Map.copyOf(copy);
		cycleIntervals = List.copyOf(cycleIntervals);
	}

	public static Schedule weekly(Map<DayOfWeek, List<ClockInterval>> days, DayOfWeek restDay) {
		return new Schedule(Kind.WEEKLY, days, restDay, null, 0, 0, List.of(), DEFAULT_TOLERANCE_PER_MARK,
				DEFAULT_TOLERANCE_DAILY, false, DEFAULT_TIME_BANK_EXPIRY_MONTHS, true);
	}

	public static Schedule cycle(LocalDate cycleStart, int workDays, int offDays, List<ClockInterval> intervals) {
		return new Schedule(Kind.CYCLE, Map.of(), null, cycleStart, workDays, offDays, intervals,
				DEFAULT_TOLERANCE_PER_MARK, DEFAULT_TOLERANCE_DAILY, false, DEFAULT_TIME_BANK_EXPIRY_MONTHS, true);
	}

	public Schedule withTolerances(int perMark, int daily) {
		return new Schedule(this.kind, this.days, this.restDay, this.cycleStart, this.workDays, this.offDays,
				this.cycleIntervals, perMark, daily, this.timeBank, this.timeBankExpiryMonths, this.nightReducedHour);
	}

	public Schedule withTimeBank(int expiryMonths) {
		return new Schedule(this.kind, this.days, this.restDay, this.cycleStart, this.workDays, this.offDays,
				this.cycleIntervals, this.tolerancePerMarkMinutes, this.toleranceDailyMinutes, true, expiryMonths,
				this.nightReducedHour);
	}

	public Schedule withNightReducedHour(boolean reduced) {
		return new Schedule(this.kind, this.days, this.restDay, this.cycleStart, this.workDays, this.offDays,
				this.cycleIntervals, this.tolerancePerMarkMinutes, this.toleranceDailyMinutes, this.timeBank,
				this.timeBankExpiryMonths, reduced);
	}

	public boolean isCycle() {
		return this.kind == Kind.CYCLE;
	}

	/**
	 * The intervals of date D (§3): the weekday's list, or the cycle's on its working
	 * days.
	 */
	public List<ClockInterval> intervalsOn(LocalDate date) {
		if (this.kind == Kind.WEEKLY) {
			return this.days.get(date.getDayOfWeek());
		}
		return isCycleWorkDay(date) ? this.cycleIntervals : List.of();
	}

	/**
	 * {@code k = (D − cycle_start) mod (work + off)} with a floored modulo; works when k
	 * < work.
	 */
	public boolean isCycleWorkDay(LocalDate date) {
		if (this.kind != Kind.CYCLE || this.cycleStart == null) {
			return false;
		}
		long length = (long) this.workDays + this.offDays;
		long k = Math.floorMod(ChronoUnit.DAYS.between(this.cycleStart, date), length);
		return k < this.workDays;
	}

	public boolean isRestDay(LocalDate date) {
		return this.kind == Kind.WEEKLY && date.getDayOfWeek() == this.restDay;
	}

}
