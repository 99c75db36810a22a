package br.suite.bills.dre;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.YearMonth;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.jspecify.annotations.Nullable;

/**
 * The DRE gerencial's arithmetic, pure: how a payment of a split bill is shared among its
 * splits (largest remainder over the bill's cumulative payments, cents exact), and how
 * the money of each category adds up to the lines and subtotals, month by month.
 * Everything here is a positive magnitude but the subtotals.
 */
final class Dre {

	private Dre() {
	}

	/** The lines in the order the report shows them. */
	enum Line {

		GROSS_REVENUE("Receita bruta"), DEDUCTIONS("Deduções da receita"), NET_REVENUE("Receita líquida"),
		COSTS("Custos"), GROSS_PROFIT("Lucro bruto"), OPERATING_EXPENSES("Despesas operacionais"),
		OTHER_REVENUE("Outras receitas"), OTHER_EXPENSES("Outras despesas"), OPERATING_RESULT("Resultado operacional"),
		FINANCIAL_REVENUE("Receitas financeiras"), FINANCIAL_EXPENSES("Despesas financeiras"),
		RESULT_BEFORE_TAXES("Resultado antes do IR e da CSLL"), INCOME_TAXES("IR e CSLL"),
		NET_RESULT("Resultado líquido");

		final String label;

		Line(String label) {
			this.label = label;
		}

		boolean subtotal() {
			return this == NET_REVENUE || this == GROSS_PROFIT || this == OPERATING_RESULT
					|| this == RESULT_BEFORE_TAXES || this == NET_RESULT;
		}

		String wire() {
			return name().toLowerCase(java.util.Locale.ROOT);
		}

		/** The line of a category's {@code dre_line}; null for {@code none}. */
		static @Nullable Line ofCategory(String dreLine) {
			if ("none".equals(dreLine)) {
				return null;
			}
			Line line = valueOf(dreLine.toUpperCase(java.util.Locale.ROOT));
			if (line.subtotal()) {
				throw new IllegalArgumentException("a category is never on a subtotal: " + dreLine);
			}
			return line;
		}

	}

	/** A category of the chart that reaches the DRE. */
	record Category(long id, String code, String name, Line line) {
	}

	/** Money of one category in one month (already filtered by cost centre). */
	record Cell(YearMonth month, long categoryId, BigDecimal amount) {
	}

	record Row(Line line, List<BigDecimal> values, BigDecimal total) {
	}

	record CategoryRow(Category category, List<BigDecimal> values, BigDecimal total) {
	}

	record Report(List<YearMonth> months, List<Row> lines, List<CategoryRow> categories) {
	}

	private static final BigDecimal ZERO = BigDecimal.ZERO.setScale(2);

	/**
	 * The report of {@code months}: each category with money in them (in the order of
	 * {@code chart}, those not in it left out: {@code none}), and the lines with their
	 * subtotals.
	 */
	static Report report(List<YearMonth> months, List<Category> chart, Collection<Cell> cells) {
		Map<YearMonth, Integer> column = new HashMap<>();
		for (int i = 0; i < months.size(); i++) {
			column.put(months.get(i), i);
		}
		Map<Long, BigDecimal[]> byCategory = new HashMap<>();
		for (Cell cell : cells) {
			Integer i = column.get(cell.month());
			if (i != null) {
				byCategory.computeIfAbsent(cell.categoryId(),
						id -> zeros(months.size()))[i] = byCategory.get(cell.categoryId())[i].add(cell.amount());
			}
		}
		Map<Line, BigDecimal[]> byLine = new LinkedHashMap<>();
		for (Line line : Line.values()) {
			byLine.put(line, zeros(months.size()));
		}
		List<CategoryRow> categories = new ArrayList<>();
		for (Category category : chart) {
			BigDecimal[] values = byCategory.get(category.id());
			if (values == null) {
				continue;
			}
			BigDecimal[] line = byLine.get(category.line());
			for (int i = 0; i < values.length; i++) {
				line[i] = line[i].add(values[i]);
			}
			categories.add(new CategoryRow(category, List.of(values), sum(values)));
		}
		for (int i = 0; i < months.size(); i++) {
			subtotals(byLine, i);
		}
		List<Row> lines = new ArrayList<>();
		byLine.forEach((line, values) -> lines.add(new Row(line, List.of(values), sum(values))));
		return new Report(months, lines, categories);
	}

	private static void subtotals(Map<Line, BigDecimal[]> l, int i) {
		l.get(Line.NET_REVENUE)[i] = l.get(Line.GROSS_REVENUE)[i].subtract(l.get(Line.DEDUCTIONS)[i]);
		l.get(Line.GROSS_PROFIT)[i] = l.get(Line.NET_REVENUE)[i].subtract(l.get(Line.COSTS)[i]);
		l.get(Line.OPERATING_RESULT)[i] = l.get(Line.GROSS_PROFIT)[i].subtract(l.get(Line.OPERATING_EXPENSES)[i])
			.add(l.get(Line.OTHER_REVENUE)[i])
			.subtract(l.get(Line.OTHER_EXPENSES)[i]);
		l.get(Line.RESULT_BEFORE_TAXES)[i] = l.get(Line.OPERATING_RESULT)[i].add(l.get(Line.FINANCIAL_REVENUE)[i])
			.subtract(l.get(Line.FINANCIAL_EXPENSES)[i]);
		l.get(Line.NET_RESULT)[i] = l.get(Line.RESULT_BEFORE_TAXES)[i].subtract(l.get(Line.INCOME_TAXES)[i]);
	}

	private static BigDecimal[] zeros(int n) {
		BigDecimal[] values = new BigDecimal[n];
		Arrays.fill(values, ZERO);
		return values;
	}

	private static BigDecimal sum(BigDecimal[] values) {
		BigDecimal total = ZERO;
		for (BigDecimal value : values) {
			total = total.add(value);
		}
		return total;
	}

	/**
	 * {@code amount} shared in proportion to {@code weights} (positive), cents exact by
	 * largest remainder: each share is its proportion truncated to cents, and the cents
	 * left over go one each to the largest remainders (on a tie, to the earlier weight).
	 */
	static List<BigDecimal> shares(BigDecimal amount, List<BigDecimal> weights) {
		BigInteger cents = cents(amount);
		BigInteger whole = BigInteger.ZERO;
		for (BigDecimal weight : weights) {
			whole = whole.add(cents(weight));
		}
		if (weights.isEmpty() || whole.signum() <= 0) {
			throw new IllegalArgumentException("no weights to share " + amount + " by");
		}
		long[] share = new long[weights.size()];
		BigInteger[] remainder = new BigInteger[weights.size()];
		long given = 0;
		for (int i = 0; i < share.length; i++) {
			BigInteger[] division = cents.multiply(cents(weights.get(i))).divideAndRemainder(whole);
			share[i] = division[0].longValueExact();
			remainder[i] = division[1];
			given += share[i];
		}
		long left = cents.longValueExact() - given;
		Integer[] order = new Integer[share.length];
		for (int i = 0; i < order.length; i++) {
			order[i] = i;
		}
		Arrays.sort(order, (a, b) -> {
			int byRemainder = remainder[b].compareTo(remainder[a]);
			return byRemainder != 0 ? byRemainder : Integer.compare(a, b);
		});
		for (int k = 0; k < left; k++) {
			share[order[k % order.length]]++;
		}
		List<BigDecimal> shares = new ArrayList<>(share.length);
		for (long s : share) {
			shares.add(BigDecimal.valueOf(s, 2));
		}
		return shares;
	}

	/**
	 * A payment's part of each split when the bill's payments before it had settled
	 * {@code before} and it brings the total to {@code after}: the shares of
	 * {@code after} minus the shares of {@code before}, so that the payments of a bill
	 * paid in full add up to its splits exactly. The two commonest payments are answered
	 * without dividing, as the rule would answer them: a bill of one split takes the
	 * whole payment, and a bill paid in full at once gets its splits.
	 */
	static List<BigDecimal> paymentShares(BigDecimal before, BigDecimal after, List<BigDecimal> splits) {
		if (splits.size() == 1) {
			return List.of(after.subtract(before).setScale(2));
		}
		if (before.signum() == 0 && splits.stream().allMatch(split -> split.signum() > 0)) {
			BigDecimal whole = ZERO;
			for (BigDecimal split : splits) {
				whole = whole.add(split);
			}
			if (whole.compareTo(after) == 0) {
				List<BigDecimal> parts = new ArrayList<>(splits.size());
				for (BigDecimal split : splits) {
					parts.add(split.setScale(2));
				}
				return parts;
			}
		}
		List<BigDecimal> upTo = shares(after, splits);
		if (before.signum() == 0) {
			return upTo;
		}
		List<BigDecimal> earlier = shares(before, splits);
		List<BigDecimal> parts = new ArrayList<>(upTo.size());
		for (int i = 0; i < upTo.size(); i++) {
			parts.add(upTo.get(i).subtract(earlier.get(i)));
		}
		return parts;
	}

	private static BigInteger cents(BigDecimal amount) {
		return amount.setScale(2).unscaledValue();
	}

}
