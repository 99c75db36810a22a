package br.suite.timeclock.jornada;

import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.YearMonth;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.jspecify.annotations.Nullable;

/**
 * The computation of jornada-clt.md: per employee and date, the expected, worked, night,
 * overtime, delay, absence, justified and bank minutes and the flags; per month, their
 * sums, the DSR losses and the banco de horas carried between months. Pure: the caller
 * reads the data (schedules, holidays, absences, adjusted marks) and passes it in.
 */
public final class Jornada {

	/** Days computed before the first requested date (windows, interjornada, DSR; §5). */
	static final int LOOKBACK_DAYS = 8;

	private static final int NIGHT_START_HOUR = 22;

	private static final int NIGHT_END_HOUR = 5;

	private Jornada() {
	}

	/**
	 * What the computation needs about one employee.
	 *
	 * @param zone the establishment's time zone (§2.1)
	 * @param assignments the schedule assignments (any order; the greatest
	 * {@code validFrom} ≤ D is in force on D)
	 * @param holidays the dates that are holidays for the employee's establishment
	 * (national and company ones, §4)
	 * @param absences the employee's absences
	 * @param marks the considered marks (§2.3) from at least {@link #dataFrom} to
	 * {@link #dataTo}
	 * @param now the current instant (open days, §5)
	 */
	public record Input(ZoneId zone, List<Assignment> assignments, Set<LocalDate> holidays, List<Absence> absences,
			List<Mark> marks, Instant now) {

		public Input {
			assignments = assignments.stream().sorted(Comparator.comparing(Assignment::validFrom).reversed()).toList();
			holidays = Set.copyOf(holidays);
			absences = List.copyOf(absences);
			marks = List.copyOf(marks);
		}

		/** The schedule in force on D, or null when the employee is unassigned on D. */
		public @Nullable Schedule scheduleOn(LocalDate date) {
			for (Assignment assignment : this.assignments) {
				if (!assignment.validFrom().isAfter(date)) {
					return assignment.schedule();
				}
			}
			return null;
		}

	}

	/** The first instant whose marks the computation of {@code from}… may need. */
	public static Instant dataFrom(ZoneId zone, LocalDate from) {
		return from.minusDays(LOOKBACK_DAYS + 2L).atStartOfDay(zone).toInstant();
	}

	/**
	 * The instant before which the marks of …{@code to} lie (the window of to ends
	 * earlier).
	 */
	public static Instant dataTo(ZoneId zone, LocalDate to) {
		return to.plusDays(4).atStartOfDay(zone).toInstant();
	}

	/** The first date whose absences the computation of {@code from}… may need. */
	public static LocalDate absencesFrom(LocalDate from) {
		return from.minusDays(LOOKBACK_DAYS);
	}

	/**
	 * {@code [B(first), B(last + 1))} (§5): the instants whose marks the day windows of
	 * {@code first}…{@code last} hold, as the input's schedules place them (a shift left
	 * open on the last day may still take its closing mark after the end, §5
	 * continuation).
	 */
	public static Window window(Input input, LocalDate first, LocalDate last) {
		Computation computation = new Computation(input);
		return new Window(Instant.ofEpochSecond(computation.boundary(first) * 60),
				Instant.ofEpochSecond(computation.boundary(last.plusDays(1)) * 60));
	}

	/** A span of instants {@code [start, end)}. */
	public record Window(Instant start, Instant end) {
	}

	/** The figures of every date from {@code from} to {@code to} (inclusive). */
	public static List<DayFigures> days(Input input, LocalDate from, LocalDate to) {
		// One more day after: its first mark may close the last day's shift
		// (continuation, §5).
		List<DayFigures> all = new Computation(input).run(from.minusDays(LOOKBACK_DAYS), to.plusDays(1));
		return List.copyOf(all.subList(LOOKBACK_DAYS, all.size() - 1));
	}

	/**
	 * A month with its totals and the banco de horas (§12, §14), given the bank's state
	 * at the end of the previous month.
	 */
	public static MonthFigures month(Input input, YearMonth month, BankState previous) {
		List<DayFigures> days = days(input, month.atDay(1), month.atEndOfMonth());
		int expected = 0, worked = 0, night = 0, nightPaid = 0, overtime50 = 0, overtime100 = 0, delay = 0, absence = 0,
				justified = 0, bank = 0, dsrLost = 0;
		for (DayFigures day : days) {
			expected += day.expectedMinutes();
			worked += day.workedMinutes();
			night += day.nightMinutes();
			nightPaid += day.nightPaidMinutes();
			overtime50 += day.overtime50Minutes();
			overtime100 += day.overtime100Minutes();
			delay += day.delayMinutes();
			absence += day.absenceMinutes();
			justified += day.justifiedMinutes();
			bank += day.bankMinutes();
			dsrLost += day.has(Flag.DSR_LOST) ? 1 : 0;
		}
		Schedule firstBankSchedule = null;
		for (LocalDate date = month.atDay(1); !date.isAfter(month.atEndOfMonth()); date = date.plusDays(1)) {
			Schedule schedule = input.scheduleOn(date);
			if (schedule != null && schedule.timeBank()) {
				firstBankSchedule = schedule;
				break;
			}
		}
		Schedule last = input.scheduleOn(month.atEndOfMonth());
		BankSettlement settlement = settle(previous, month, bank,
				firstBankSchedule == null ? null : firstBankSchedule.timeBankExpiryMonths(),
				last != null && last.timeBank());
		return new MonthFigures(month, days, expected, worked, night, nightPaid, overtime50, overtime100, delay,
				absence, justified, bank, dsrLost, previous.balance(), settlement.state().balance(),
				settlement.expiredCredit(), settlement.expiredDebit(), settlement.state());
	}

	/** The result of a month's bank: what expired and the state carried on. */
	record BankSettlement(int expiredCredit, int expiredDebit, BankState state) {
	}

	/**
	 * §12: a period starts in the month of the first bank day and lasts the expiry months
	 * of the schedule in force then; at its end (or at the end of a month whose last day
	 * has no time bank) a positive balance expires as credit to pay, a negative one as
	 * forgiven debit, and the balance becomes 0.
	 * @param firstBankDayExpiryMonths the expiry months of the schedule in force on the
	 * month's first bank day, or null when the month has no bank day
	 */
	static BankSettlement settle(BankState previous, YearMonth month, int movement,
			@Nullable Integer firstBankDayExpiryMonths, boolean lastDayHasBank) {
		YearMonth start = previous.periodStart();
		int months = previous.periodMonths();
		if (start == null && firstBankDayExpiryMonths != null) {
			start = month;
			months = firstBankDayExpiryMonths;
		}
		int balance = previous.balance() + movement;
		if (start != null && (!month.isBefore(start.plusMonths(months - 1L)) || !lastDayHasBank)) {
			int credit = Math.max(0, balance);
			int debit = Math.max(0, -balance);
			return new BankSettlement(credit, debit, BankState.NONE);
		}
		return new BankSettlement(0, 0,
				start == null ? new BankState(balance, null, 0) : new BankState(balance, start, months));
	}

	/**
	 * The schedule's view of one date: intervals on the time line, kind, expected
	 * minutes.
	 */
	record Plan(LocalDate date, @Nullable Schedule schedule, List<long[]> spans, DayKind kind, boolean holiday,
			int expected) {

		boolean hasIntervals() {
			return !this.spans.isEmpty();
		}

		long first() {
			return this.spans.get(0)[0];
		}

		long last() {
			return this.spans.get(this.spans.size() - 1)[1];
		}

	}

	enum DayKind {

		WORK, OFF, REST, HOLIDAY, UNASSIGNED;

		String wire() {
			return name().toLowerCase(java.util.Locale.ROOT);
		}

	}

	/** One run over a range of dates; caches each date's plan. */
	static final class Computation {

		private final Input input;

		private final ZoneId zone;

		private final Map<LocalDate, Plan> plans = new HashMap<>();

		Computation(Input input) {
			this.input = input;
			this.zone = input.zone();
		}

		Plan plan(LocalDate date) {
			return this.plans.computeIfAbsent(date, this::newPlan);
		}

		private Plan newPlan(LocalDate date) {
			Schedule schedule = this.input.scheduleOn(date);
			boolean holiday = this.input.holidays().contains(date);
			if (schedule == null) {
				return new Plan(date, null, List.of(), DayKind.UNASSIGNED, holiday, 0);
			}
			List<long[]> spans = new ArrayList<>();
			ZonedDateTime cursor = date.atStartOfDay(this.zone);
			for (ClockInterval interval : schedule.intervalsOn(date)) {
				ZonedDateTime start = atOrAfter(cursor, interval.start());
				ZonedDateTime end = after(start, interval.end());
				spans.add(new long[] { minute(start), minute(end) });
				cursor = end;
			}
			DayKind kind;
			if (schedule.isCycle()) {
				kind = spans.isEmpty() ? DayKind.OFF : DayKind.WORK;
			}
			else if (holiday) {
				kind = DayKind.HOLIDAY;
			}
			else if (schedule.isRestDay(date)) {
				kind = DayKind.REST;
			}
			else {
				kind = spans.isEmpty() ? DayKind.OFF : DayKind.WORK;
			}
			int expected = kind == DayKind.WORK ? (int) length(spans) : 0;
			return new Plan(date, schedule, List.copyOf(spans), kind, holiday, expected);
		}

		private ZonedDateTime atOrAfter(ZonedDateTime cursor, LocalTime time) {
			LocalDate date = cursor.toLocalDate();
			ZonedDateTime candidate = date.atTime(time).atZone(this.zone);
			while (candidate.isBefore(cursor)) {
				date = date.plusDays(1);
				candidate = date.atTime(time).atZone(this.zone);
			}
			return candidate;
		}

		private ZonedDateTime after(ZonedDateTime start, LocalTime time) {
			LocalDate date = start.toLocalDate();
			ZonedDateTime candidate = date.atTime(time).atZone(this.zone);
			while (!candidate.isAfter(start)) {
				date = date.plusDays(1);
				candidate = date.atTime(time).atZone(this.zone);
			}
			return candidate;
		}

		private long midnight(LocalDate date) {
			return minute(date.atStartOfDay(this.zone));
		}

		private long at(LocalDate date, int hour) {
			return minute(date.atTime(hour, 0).atZone(this.zone));
		}

		/** B(D), the minute D's window begins (§5). */
		long boundary(LocalDate date) {
			Plan previous = plan(date.minusDays(1));
			Plan current = plan(date);
			if (previous.hasIntervals() && current.hasIntervals()) {
				if (current.first() <= previous.last()) {
					return current.first();
				}
				return previous.last() + Math.floorDiv(current.first() - previous.last(), 2);
			}
			if (previous.hasIntervals()) {
				return Math.max(midnight(date), previous.last() + 360);
			}
			if (current.hasIntervals()) {
				return Math.max(midnight(date), current.first() - 360);
			}
			return midnight(date);
		}

		List<DayFigures> run(LocalDate from, LocalDate to) {
			int n = (int) ChronoUnit.DAYS.between(from, to) + 1;
			long[] bounds = new long[n + 1];
			for (int i = 0; i <= n; i++) {
				bounds[i] = boundary(from.plusDays(i));
			}
			// Each mark's local minute once (§2.2), then time order (ties: punches by id,
			// then
			// included marks by id).
			Map<Mark, Long> minutes = new IdentityHashMap<>();
			for (Mark mark : this.input.marks()) {
				minutes.put(mark, minuteOf(mark));
			}
			List<Mark> sorted = new ArrayList<>(this.input.marks());
			sorted.sort(Comparator.<Mark>comparingLong(minutes::get)
				.thenComparing((Mark mark) -> mark.included())
				.thenComparingLong(Mark::id));
			List<List<Mark>> marks = new ArrayList<>();
			for (int i = 0; i < n; i++) {
				marks.add(new ArrayList<>());
			}
			for (Mark mark : sorted) {
				long m = minutes.get(mark);
				for (int i = 0; i < n; i++) {
					if (bounds[i] <= m && m < bounds[i + 1]) {
						marks.get(i).add(mark);
						break;
					}
				}
			}
			// Continuation (§5): a shift on a day without intervals that runs past the
			// boundary keeps its closing mark.
			for (int i = 1; i < n; i++) {
				List<Mark> before = marks.get(i - 1);
				List<Mark> current = marks.get(i);
				if (before.size() % 2 == 1 && !current.isEmpty() && !plan(from.plusDays(i)).hasIntervals()
						&& minutes.get(current.get(0)) - minutes.get(before.get(before.size() - 1)) <= 720) {
					before.add(current.remove(0));
				}
			}
			List<DayFigures> result = new ArrayList<>(n);
			List<List<long[]>> pairsOf = new ArrayList<>(n);
			for (int i = 0; i < n; i++) {
				LocalDate date = from.plusDays(i);
				List<Mark> ofDay = marks.get(i);
				List<long[]> pairs = new ArrayList<>();
				for (int j = 0; j + 1 < ofDay.size(); j += 2) {
					pairs.add(new long[] { minutes.get(ofDay.get(j)), minutes.get(ofDay.get(j + 1)) });
				}
				pairsOf.add(pairs);
				boolean open = this.input.now().getEpochSecond() < bounds[i + 1] * 60;
				result.add(day(date, ofDay, pairs, open, i, pairsOf, result));
			}
			return result;
		}

		private DayFigures day(LocalDate date, List<Mark> marks, List<long[]> pairs, boolean open, int index,
				List<List<long[]>> pairsOf, List<DayFigures> earlier) {
			Plan plan = plan(date);
			Schedule schedule = plan.schedule();
			int worked = (int) pairs.stream().mapToLong(p -> p[1] - p[0]).sum();
			int night = 0;
			for (long[] pair : pairs) {
				night += nightMinutes(pair[0], pair[1]);
			}
			int prorrogation = 0;
			long fiveAm = at(date.plusDays(1), NIGHT_END_HOUR);
			boolean cycle = schedule != null && schedule.isCycle();
			if (!cycle && !pairs.isEmpty() && pairs.get(0)[0] <= at(date, NIGHT_START_HOUR)
					&& pairs.stream().anyMatch(p -> p[0] <= fiveAm && fiveAm < p[1])) {
				for (long[] pair : pairs) {
					prorrogation += (int) Math.max(0, pair[1] - Math.max(pair[0], fiveAm));
				}
			}
			boolean reduced = schedule == null || schedule.nightReducedHour();
			int nightPaid = reduced ? (night + prorrogation) * 8 / 7 : night + prorrogation;
			List<DayFigures.Span> scheduled = plan.spans()
				.stream()
				.map(s -> new DayFigures.Span(Instant.ofEpochSecond(s[0] * 60), Instant.ofEpochSecond(s[1] * 60)))
				.toList();
			if (open) {
				return new DayFigures(date, plan.kind().wire(), true, scheduled, marks, plan.expected(), worked, night,
						nightPaid, 0, 0, 0, 0, 0, 0, List.of());
			}
			int overtime50 = 0, overtime100 = 0, delay = 0, absence = 0, justified = 0, bank = 0;
			boolean unjustified = false;
			if (schedule != null) {
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
						for (Absence a : this.input.absences()) {
							if (a.covers(date)) {
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
							List<long[]> work = normalize(pairs);
							List<long[]> scheduledMinutes = normalize(plan.spans());
							int extra = counted(subtract(work, scheduledMinutes), schedule);
							int missing = counted(subtract(scheduledMinutes, work), schedule);
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
			}
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
			int limit = cycle && plan.kind() == DayKind.WORK && plan.expected() > 600 ? plan.expected() : 600;
			if (worked > limit) {
				flags.add(Flag.OVER_10H);
			}
			boolean restDay = schedule != null && schedule.isRestDay(date);
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
			return new DayFigures(date, plan.kind().wire(), false, scheduled, marks, plan.expected(), worked, night,
					nightPaid, overtime50, overtime100, delay, absence, justified, bank, flags);
		}

		/**
		 * Clock minutes of {@code [a, b)} inside any night period
		 * {@code [X 22:00, X+1 05:00)} (§9).
		 */
		int nightMinutes(long a, long b) {
			if (b <= a) {
				return 0;
			}
			LocalDate first = localDate(a).minusDays(1);
			LocalDate last = localDate(b);
			int total = 0;
			for (LocalDate x = first; !x.isAfter(last); x = x.plusDays(1)) {
				long start = at(x, NIGHT_START_HOUR);
				long end = at(x.plusDays(1), NIGHT_END_HOUR);
				total += (int) Math.max(0, Math.min(b, end) - Math.max(a, start));
			}
			return total;
		}

		private LocalDate localDate(long minute) {
			return Instant.ofEpochSecond(minute * 60).atZone(this.zone).toLocalDate();
		}

		/** §2.2: the mark reduced to its local minute. */
		long minuteOf(Mark mark) {
			return minute(ZonedDateTime.ofInstant(mark.at(), this.zone).truncatedTo(ChronoUnit.MINUTES));
		}

	}

	private static long minute(ZonedDateTime time) {
		return Math.floorDiv(time.toEpochSecond(), 60);
	}

	private static long length(List<long[]> spans) {
		return spans.stream().mapToLong(s -> s[1] - s[0]).sum();
	}

	/**
	 * §6: every minute when the kind's total passes the daily limit, else the variations
	 * above the per-mark one.
	 */
	static int counted(List<long[]> variations, Schedule schedule) {
		long total = length(variations);
		if (total > schedule.toleranceDailyMinutes()) {
			return (int) total;
		}
		return (int) variations.stream()
			.mapToLong(v -> v[1] - v[0])
			.filter(v -> v > schedule.tolerancePerMarkMinutes())
			.sum();
	}

	/** Sorted, with overlapping or touching intervals merged and empty ones dropped. */
	static List<long[]> normalize(List<long[]> spans) {
		List<long[]> sorted = new ArrayList<>(spans.stream().filter(s -> s[1] > s[0]).toList());
		sorted.sort(Comparator.comparingLong(s -> s[0]));
		List<long[]> merged = new ArrayList<>();
		for (long[] span : sorted) {
			long[] last = merged.isEmpty() ? null : merged.get(merged.size() - 1);
			if (last != null && span[0] <= last[1]) {
				last[1] = Math.max(last[1], span[1]);
			}
			else {
				merged.add(new long[] { span[0], span[1] });
			}
		}
		return merged;
	}

	/** {@code a \ b} as maximal runs (both normalized). */
	static List<long[]> subtract(List<long[]> a, List<long[]> b) {
		List<long[]> out = new ArrayList<>();
		for (long[] span : a) {
			long cursor = span[0];
			for (long[] cut : b) {
				if (cut[1] <= cursor) {
					continue;
				}
				if (cut[0] >= span[1]) {
					break;
				}
				if (cut[0] > cursor) {
					out.add(new long[] { cursor, cut[0] });
				}
				cursor = Math.max(cursor, cut[1]);
				if (cursor >= span[1]) {
					break;
				}
			}
			if (cursor < span[1]) {
				out.add(new long[] { cursor, span[1] });
			}
		}
		return out;
	}

}
