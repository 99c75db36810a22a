package br.suite.bills.bill;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;

/**
 * The money of a bill's installments, computed in one place with no database: generated
 * installments, the dates of a monthly series, and where an installment and a bill stand.
 */
final class InstallmentPlan {

	/** The most installments a bill has, and the most bills a recurrence creates. */
	static final int MAX = 120;

	private InstallmentPlan() {
	}

	/** One installment as planned. */
	record Planned(int number, LocalDate dueDate, BigDecimal amount) {
	}

	/**
	 * {@code count} monthly installments from {@code firstDueDate}: each {@code total /
	 * count} truncated to cents, the remainder cents on the first; the same day of each
	 * month, or its last day when that day does not exist (31 January, 28 February, 31
	 * March).
	 */
	static List<Planned> generate(BigDecimal total, int count, LocalDate firstDueDate) {
		if (count < 1 || count > MAX) {
			throw new IllegalArgumentException("count " + count);
		}
		BigDecimal cents = total.setScale(2, RoundingMode.UNNECESSARY);
		BigDecimal each = cents.divide(BigDecimal.valueOf(count), 2, RoundingMode.DOWN);
		BigDecimal first = cents.subtract(each.multiply(BigDecimal.valueOf(count - 1)));
		List<Planned> plan = new ArrayList<>(count);
		for (int i = 0; i < count; i++) {
			plan.add(new Planned(i + 1, monthsAfter(firstDueDate, i), i == 0 ? first : each));
		}
		return plan;
	}

	/**
	 * The date {@code months} months after {@code date}, counted from {@code date} itself
	 * (so 31 January gives 28 February and then 31 March, never 28 March).
	 */
	static LocalDate monthsAfter(LocalDate date, int months) {
		return date.plusMonths(months);
	}

	/**
	 * How many bills a monthly recurrence from {@code competence} up to {@code until}
	 * (inclusive) makes: one per month while its competence date is not after
	 * {@code until}.
	 */
	static int recurrences(LocalDate competence, LocalDate until) {
		int count = 0;
		while (count <= MAX && !monthsAfter(competence, count).isAfter(until)) {
			count++;
		}
		return count;
	}

	/** The sum of the amounts. */
	static BigDecimal sum(List<BigDecimal> amounts) {
		return amounts.stream().reduce(BigDecimal.ZERO.setScale(2), BigDecimal::add);
	}

	/** Where an installment stands. */
	static BillStatus installmentStatus(BigDecimal amount, BigDecimal paid, boolean cancelled) {
		if (cancelled) {
			return BillStatus.CANCELLED;
		}
		if (paid.compareTo(amount) >= 0) {
			return BillStatus.PAID;
		}
		return paid.signum() > 0 ? BillStatus.PARTIALLY_PAID : BillStatus.OPEN;
	}

	/**
	 * Where a bill stands: cancelled when called off, paid when every installment is,
	 * partially paid when something is, else open.
	 */
	static BillStatus billStatus(List<BigDecimal> amounts, List<BigDecimal> paid, boolean cancelled) {
		if (cancelled) {
			return BillStatus.CANCELLED;
		}
		BigDecimal total = sum(amounts);
		BigDecimal settled = sum(paid);
		if (settled.compareTo(total) >= 0) {
			return BillStatus.PAID;
		}
		return settled.signum() > 0 ? BillStatus.PARTIALLY_PAID : BillStatus.OPEN;
	}

	/** An open installment is overdue from the day after its due date. */
	static boolean overdue(BigDecimal amount, BigDecimal paid, boolean cancelled, LocalDate dueDate, LocalDate today) {
		return !cancelled && paid.compareTo(amount) < 0 && dueDate.isBefore(today);
	}

}
