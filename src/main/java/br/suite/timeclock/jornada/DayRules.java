package br.suite.timeclock.jornada;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;

import org.jspecify.annotations.Nullable;

/**
 * The rules that turn a closed day's worked pairs into figures: the paid night minutes
 * (§9), where the worked and missing minutes go (§6, §7, §8, §12) and the flags (§10,
 * §11).
 */
final class DayRules {

	private DayRules() {
	}

	/**
	 * The night minutes with their prorrogation past 05:00 (a shift begun by 22:00 that
	 * runs through 05:00, outside cycles), in reduced hours unless the schedule says
	 * otherwise.
	 */
	static int nightPaid(TimeLine line, LocalDate date, @Nullable Schedule schedule, List<long[]> pairs, int night) {
		int prorrogation = 0;
		long fiveAm = line.at(date.plusDays(1), TimeLine.NIGHT_END_HOUR);
		boolean cycle = schedule != null && schedule.isCycle();
		if (!cycle && !pairs.isEmpty() && pairs.get(0)[0] <= line.at(date, TimeLine.NIGHT_START_HOUR)
				&& pairs.stream().anyMatch(p -> p[0] <= fiveAm && fiveAm < p[1])) {
			for (long[] pair : pairs) {
				prorrogation += (int) Math.max(0, pair[1] - Math.max(pair[0], fiveAm));
			}
		}
		boolean reduced = schedule == null || schedule.nightReducedHour();
		return reduced ? (night + prorrogation) * 8 / 7 : night + prorrogation;
	}

	/** Where a day's minutes went; {@code unjustified} for an absence without cause. */
	record Balance(int overtime50, int overtime100, int delay, int absence, int justified, int bank,
			boolean unjustified) {

		static final Balance NONE = new Balance(0, 0, 0, 0, 0, 0, false);

	}

	/** The balance of a day with a schedule, by the kind of the day. */
	static Balance balance(Jornada.Plan plan, Schedule schedule, List<Mark> marks, List<long[]> pairs, int worked,
			List<Absence> absences) {
		int overtime50 = 0, overtime100 = 0, delay = 0, absence = 0, justified = 0, bank = 0;
		boolean unjustified = false;
		switch (plan.kind()) {
			case HOLIDAY, REST -> overtime100 = worked;
			case OFF -> {
				if (schedule.timeBank()) {
					bank = worked;
				}
				else {
					overtime50 = worked;
				}
			}
			case WORK -> {
				boolean bankFolga = false;
				boolean justifiedAbsence = false;
				for (Absence a : absences) {
					if (a.covers(plan.date())) {
						if (schedule.timeBank() && a.kind() == AbsenceKind.FOLGA) {
							bankFolga = true;
						}
						else if (a.kind().justified()) {
							justifiedAbsence = true;
						}
					}
				}
				int expected = plan.expected();
				if (marks.isEmpty()) {
					if (justifiedAbsence) {
						justified = expected;
					}
					else if (bankFolga) {
						bank = -expected;
					}
					else {
						absence = expected;
						unjustified = true;
					}
				}
				else {
					List<long[]> work = Spans.normalize(pairs);
					List<long[]> scheduledMinutes = Spans.normalize(plan.spans());
					int extra = Spans.counted(Spans.subtract(work, scheduledMinutes), schedule);
					int missing = Spans.counted(Spans.subtract(scheduledMinutes, work), schedule);
					if (schedule.timeBank()) {
						if (justifiedAbsence) {
							bank = Math.max(0, extra - missing);
							justified = Math.max(0, missing - extra);
						}
						else {
							bank = extra - missing;
						}
					}
					else {
						overtime50 = Math.max(0, extra - missing);
						if (justifiedAbsence) {
							justified = Math.max(0, missing - extra);
						}
						else {
							delay = Math.max(0, missing - extra);
						}
					}
				}
			}
			case UNASSIGNED -> {
			}
		}
		return new Balance(overtime50, overtime100, delay, absence, justified, bank, unjustified);
	}

	/**
	 * The day's flags; {@code pairsOf} holds the pairs of the run's days up to this one
	 * ({@code index}), {@code earlier} the figures of the days before it.
	 */
	static List<Flag> flags(Jornada.Plan plan, boolean cycle, List<Mark> marks, List<long[]> pairs, int worked,
			boolean unjustified, int index, List<List<long[]>> pairsOf, List<DayFigures> earlier) {
		List<Flag> flags = new ArrayList<>();
		if (marks.size() % 2 == 1) {
			flags.add(Flag.MISSING_MARK);
		}
		long longestBreak = 0;
		for (int j = 1; j < pairs.size(); j++) {
			longestBreak = Math.max(longestBreak, pairs.get(j)[0] - pairs.get(j - 1)[1]);
		}
		if ((worked > 360 && longestBreak < 55) || (worked > 240 && worked <= 360 && longestBreak < 15)) {
			flags.add(Flag.INTRAJORNADA_SHORT);
		}
		if (!pairs.isEmpty()) {
			for (int k = index - 1; k >= 0; k--) {
				List<long[]> previous = pairsOf.get(k);
				if (!previous.isEmpty()) {
					if (pairs.get(0)[0] - previous.get(previous.size() - 1)[1] < 660) {
						flags.add(Flag.INTERJORNADA_SHORT);
					}
					break;
				}
			}
		}
		int limit = cycle && plan.kind() == Jornada.DayKind.WORK && plan.expected() > 600 ? plan.expected() : 600;
		if (worked > limit) {
			flags.add(Flag.OVER_10H);
		}
		Schedule schedule = plan.schedule();
		boolean restDay = schedule != null && schedule.isRestDay(plan.date());
		if (restDay && worked > 0) {
			flags.add(Flag.REST_DAY_WORKED);
		}
		if (plan.holiday() && worked > 0) {
			flags.add(Flag.HOLIDAY_WORKED);
		}
		if (unjustified) {
			flags.add(Flag.UNJUSTIFIED_ABSENCE);
		}
		if (restDay) {
			for (int k = Math.max(0, index - 6); k < index; k++) {
				if (earlier.get(k).has(Flag.UNJUSTIFIED_ABSENCE)) {
					flags.add(Flag.DSR_LOST);
					break;
				}
			}
		}
		return flags;
	}

}
