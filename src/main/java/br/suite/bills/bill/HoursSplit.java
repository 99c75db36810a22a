package br.suite.bills.bill;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import org.jspecify.annotations.Nullable;

import br.suite.bills.bill.BillDrafts.Split;

/**
 * A payroll bill shared across cost centres by worked minutes (issue 42 item 4), pure:
 * the bill's money per category (its current splits added up by category, in the order
 * they first appear) is shared among the cost centres in proportion to their minutes,
 * each category on its own, cents exact by largest remainder: each share is the
 * proportion truncated to cents, and the cents left over go one each to the largest
 * remainders (on a tie, to the cost centre with more minutes, then to the earlier one:
 * cost centres by id, "sem centro de custo" last). So every category keeps its amount
 * exactly, the splits add up to the bill's total, and a cost centre's amount is the sum
 * of its splits.
 */
final class HoursSplit {

	private HoursSplit() {
	}

	/** A cost centre's minutes; {@code costCentreId} null for "sem centro de custo". */
	record Centre(@Nullable Long costCentreId, long minutes) {
	}

	/** A cost centre's minutes and the money it gets, over every category. */
	record Share(@Nullable Long costCentreId, long minutes, BigDecimal amount) {
	}

	/** The new splits (category by category, cost centres in order) and the shares. */
	record Result(List<Split> splits, List<Share> shares, long totalMinutes) {
	}

	/** Cost centres by id, "sem centro de custo" (null) last. */
	static final Comparator<@Nullable Long> CENTRE_ORDER = Comparator.nullsLast(Comparator.naturalOrder());

	/**
	 * The employees' minutes grouped by cost centre (employees with none under null),
	 * centres without minutes left out, in {@link #CENTRE_ORDER}.
	 */
	static List<Centre> centres(Map<Long, Long> minutesByEmployee, Map<Long, @Nullable Long> centreByEmployee) {
		Map<@Nullable Long, Long> sums = new java.util.TreeMap<>(CENTRE_ORDER);
		minutesByEmployee.forEach((employee, minutes) -> {
			if (minutes > 0) {
				sums.merge(centreByEmployee.get(employee), minutes, Long::sum);
			}
		});
		List<Centre> centres = new ArrayList<>();
		sums.forEach((centre, minutes) -> centres.add(new Centre(centre, minutes)));
		return centres;
	}

	/**
	 * The bill's {@code splits} shared among {@code centres} (each with minutes above
	 * zero, at least one); a split that would get no cent is left out.
	 */
	static Result split(List<Split> splits, List<Centre> centres) {
		if (centres.isEmpty() || centres.stream().anyMatch(c -> c.minutes() <= 0)) {
			throw new IllegalArgumentException("every cost centre needs minutes above zero: " + centres);
		}
		Map<Long, BigDecimal> byCategory = new LinkedHashMap<>();
		for (Split split : splits) {
			byCategory.merge(split.categoryId(), split.amount(), BigDecimal::add);
		}
		long[] weights = centres.stream().mapToLong(Centre::minutes).toArray();
		long[] centreCents = new long[centres.size()];
		List<Split> written = new ArrayList<>();
		byCategory.forEach((category, amount) -> {
			long[] shares = shares(amount.setScale(2).unscaledValue().longValueExact(), weights);
			for (int i = 0; i < shares.length; i++) {
				centreCents[i] += shares[i];
				if (shares[i] > 0) {
					written.add(new Split(category, centres.get(i).costCentreId(), BigDecimal.valueOf(shares[i], 2)));
				}
			}
		});
		List<Share> result = new ArrayList<>();
		for (int i = 0; i < centres.size(); i++) {
			result.add(new Share(centres.get(i).costCentreId(), centres.get(i).minutes(),
					BigDecimal.valueOf(centreCents[i], 2)));
		}
		return new Result(written, result, Arrays.stream(weights).sum());
	}

	/**
	 * {@code cents} shared in proportion to {@code weights} (each above zero) by largest
	 * remainder; on a tie of remainders the larger weight, then the earlier one.
	 */
	static long[] shares(long cents, long[] weights) {
		java.math.BigInteger whole = java.math.BigInteger.ZERO;
		for (long weight : weights) {
			whole = whole.add(java.math.BigInteger.valueOf(weight));
		}
		long[] share = new long[weights.length];
		java.math.BigInteger[] remainder = new java.math.BigInteger[weights.length];
		long given = 0;
		for (int i = 0; i < weights.length; i++) {
			java.math.BigInteger[] division = java.math.BigInteger.valueOf(cents)
				.multiply(java.math.BigInteger.valueOf(weights[i]))
				.divideAndRemainder(whole);
			share[i] = division[0].longValueExact();
			remainder[i] = division[1];
			given += share[i];
		}
		Integer[] order = new Integer[weights.length];
		for (int i = 0; i < order.length; i++) {
			order[i] = i;
		}
		Arrays.sort(order, (a, b) -> {
			int byRemainder = remainder[b].compareTo(remainder[a]);
			if (byRemainder != 0) {
				return byRemainder;
			}
			int byWeight = Long.compare(weights[b], weights[a]);
			return byWeight != 0 ? byWeight : Integer.compare(a, b);
		});
		// Fewer cents left than weights: each remainder is below one cent's share.
		for (long k = 0, left = cents - given; k < left; k++) {
			share[Objects.requireNonNull(order[(int) k])]++;
		}
		return share;
	}

}
