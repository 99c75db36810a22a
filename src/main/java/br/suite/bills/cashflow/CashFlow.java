package br.suite.bills.cashflow;

import java.math.BigDecimal;
import java.time.DayOfWeek;
import java.time.LocalDate;
import java.time.temporal.TemporalAdjusters;
import java.util.ArrayList;
import java.util.List;
import java.util.NavigableMap;
import java.util.TreeMap;

/**
 * The cash flow's arithmetic, pure: from an opening balance, the money realised and the
 * money projected day by day, the periods (days, ISO weeks from Monday, or calendar
 * months, the first and last cut at the range's ends) with their sums and closing
 * balances. {@code closing_realised} adds the realised money only;
 * {@code closing_projected} carries the projected money forward too. Overdue money is not
 * here: the report shows it apart, never in a period.
 */
final class CashFlow {

	private CashFlow() {
	}

	enum Grouping {

		DAY, WEEK, MONTH

	}

	/** Money in and out on one day (both positive). */
	record Flow(BigDecimal in, BigDecimal out) {

		static final Flow NONE = new Flow(BigDecimal.ZERO, BigDecimal.ZERO);

		Flow plus(Flow other) {
			return new Flow(this.in.add(other.in), this.out.add(other.out));
		}

		BigDecimal net() {
			return this.in.subtract(this.out);
		}

	}

	record Period(LocalDate start, LocalDate end, Flow realised, Flow projected, BigDecimal closingRealised,
			BigDecimal closingProjected) {
	}

	/**
	 * The periods from {@code from} to {@code to} (inclusive), {@code realised} and
	 * {@code projected} keyed by day (days outside the range are ignored).
	 */
	static List<Period> periods(LocalDate from, LocalDate to, Grouping grouping, BigDecimal opening,
			NavigableMap<LocalDate, Flow> realised, NavigableMap<LocalDate, Flow> projected) {
		List<Period> periods = new ArrayList<>();
		BigDecimal closingRealised = opening;
		BigDecimal closingProjected = opening;
		for (LocalDate start = from; !start.isAfter(to);) {
			LocalDate end = end(start, grouping);
			if (end.isAfter(to)) {
				end = to;
			}
			Flow done = sum(realised, start, end);
			Flow expected = sum(projected, start, end);
			closingRealised = closingRealised.add(done.net());
			closingProjected = closingProjected.add(done.net()).add(expected.net());
			periods.add(new Period(start, end, done, expected, closingRealised, closingProjected));
			start = end.plusDays(1);
		}
		return periods;
	}

	private static LocalDate end(LocalDate start, Grouping grouping) {
		return switch (grouping) {
			case DAY -> start;
			case WEEK -> start.with(TemporalAdjusters.nextOrSame(DayOfWeek.SUNDAY));
			case MONTH -> start.with(TemporalAdjusters.lastDayOfMonth());
		};
	}

	private static Flow sum(NavigableMap<LocalDate, Flow> flows, LocalDate start, LocalDate end) {
		Flow total = Flow.NONE;
		for (Flow flow : flows.subMap(start, true, end, true).values()) {
			total = total.plus(flow);
		}
		return total;
	}

	/** Adds {@code flow} to the day's. */
	static void add(TreeMap<LocalDate, Flow> flows, LocalDate day, Flow flow) {
		flows.merge(day, flow, Flow::plus);
	}

}
