package br.suite.bills.dre;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.YearMonth;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.stream.Collectors;

import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;

import br.suite.finance.SettledTransactions;
import br.suite.finance.SettledTransactions.ChargeAllocation;

/**
 * Gathers the money of the DRE as entries, each of one category and cost centre: bills'
 * splits by competence date (accrual), payments of payables and receipts of receivables
 * (money allocated to their installments' charges) by their dates shared among the bill's
 * splits (cash), the interest, fines and discounts of payments by payment date (both),
 * and the classified transactions' money that paid no title (both). The shares are
 * {@link Dre}'s.
 */
@Component
class DreSources {

	/** The default chart's categories of a payment's interest, fine and discount. */
	static final String INTEREST = "6.2";

	static final String FINE = "6.3";

	static final String DISCOUNT = "5.2";

	enum Basis {

		ACCRUAL, CASH

	}

	/**
	 * What makes a cell: {@code kind} {@code bill} (id: the bill), {@code payment} (the
	 * bill payment), {@code receipt} (the allocation of a transaction to an installment's
	 * charge) or {@code transaction}.
	 */
	record Entry(String kind, long id, @Nullable Long billId, @Nullable Long transactionId, LocalDate date,
			String description, long categoryId, @Nullable Long costCentreId, BigDecimal amount) {

		YearMonth month() {
			return YearMonth.from(this.date);
		}

	}

	private record Split(long categoryId, @Nullable Long costCentreId, BigDecimal amount) {
	}

	private final JdbcClient jdbc;

	private final SettledTransactions settled;

	DreSources(JdbcClient jdbc, SettledTransactions settled) {
		this.jdbc = jdbc;
		this.settled = settled;
	}

	/**
	 * The accrual basis's bill splits, summed by month, category and cost centre (as
	 * entries of kind {@code bill} with id 0), for the report.
	 */
	void billTotals(LocalDate from, LocalDate to, Consumer<Entry> sink) {
		this.jdbc.sql("""
				SELECT date_trunc('month', b.competence_date)::date, s.category_id, s.cost_centre_id, sum(s.amount)
				FROM bills_bill b JOIN bills_split s ON s.bill_id = b.id
				WHERE b.status <> 'cancelled' AND b.competence_date BETWEEN ? AND ?
				GROUP BY 1, 2, 3""").params(from, to).query((rs, n) -> {
			sink.accept(new Entry("bill", 0, null, null, rs.getObject(1, LocalDate.class), "", rs.getLong(2),
					rs.getObject(3, Long.class), rs.getBigDecimal(4)));
			return 1;
		}).list();
	}

	/** The accrual basis's bill splits one by one, for the drill-down. */
	void bills(LocalDate from, LocalDate to, Consumer<Entry> sink) {
		this.jdbc.sql("""
				SELECT b.id, b.competence_date, b.description, s.category_id, s.cost_centre_id, s.amount
				FROM bills_bill b JOIN bills_split s ON s.bill_id = b.id
				WHERE b.status <> 'cancelled' AND b.competence_date BETWEEN ? AND ?
				ORDER BY b.competence_date, b.id, s.position""").params(from, to).query((rs, n) -> {
			long id = rs.getLong(1);
			sink.accept(new Entry("bill", id, id, null, rs.getObject(2, LocalDate.class), rs.getString(3),
					rs.getLong(4), rs.getObject(5, Long.class), rs.getBigDecimal(6)));
			return 1;
		}).list();
	}

	private record Payment(long id, long billId, int number, LocalDate paidOn, BigDecimal settled, BigDecimal interest,
			BigDecimal fine, BigDecimal discount, @Nullable Long transactionId, BigDecimal earlier, String description,
			List<PositionedSplit> splits) {
	}

	private record PositionedSplit(int position, Split split) {
	}

	/** The order of a bill's payments: {@code paid_on}, then id. */
	private static final Comparator<Payment> IN_ORDER = Comparator.comparing(Payment::paidOn)
		.thenComparingLong(Payment::id);

	/**
	 * The payments of payables dated {@code from} to {@code to}: with {@code principal},
	 * what each settled shared among the bill's splits; always their interest, fine and
	 * discount, to their own categories, shared the same way. {@code describe} names each
	 * entry (the drill-down; the report only adds them up).
	 * <p>
	 * One query brings each payment of the range with its bill's splits and, with
	 * {@code principal}, what the bill's payments dated before {@code from} settled (one
	 * sum per bill, not a window over every payment those bills ever had); the bill's
	 * payments of the range are then taken in order ({@code paid_on}, then id), each
	 * adding what it settled, as {@link #chargeMoney} does for receipts, and {@link Dre}
	 * computes the shares.
	 */
	void payments(LocalDate from, LocalDate to, boolean principal, boolean describe, Map<String, Long> financial,
			Consumer<Entry> sink) {
		String where = principal ? "" : " AND (p.interest > 0 OR p.fine > 0 OR p.discount > 0)";
		String earlier = principal ? """
				,
				earlier AS (SELECT j.bill_id, sum(e.settled) AS settled
				    FROM bills_payment e JOIN bills_installment j ON j.id = e.installment_id
				    WHERE e.paid_on < :from AND j.bill_id IN (SELECT bill_id FROM p) GROUP BY j.bill_id)""" : "";
		String description = describe ? "(SELECT b.description FROM bills_bill b WHERE b.id = p.bill_id)" : "''";
		Map<Long, Payment> payments = new HashMap<>();
		this.jdbc.sql("""
				WITH p AS (SELECT p.id, i.bill_id, i.number, p.paid_on, p.settled, p.interest, p.fine, p.discount,
				    p.transaction_id
				    FROM bills_payment p JOIN bills_installment i ON i.id = p.installment_id
				    WHERE p.paid_on BETWEEN :from AND :to""" + where + ")" + earlier + """

				SELECT p.id, p.bill_id, p.number, p.paid_on, p.settled, p.interest, p.fine, p.discount,
				    p.transaction_id,""" + (principal ? " COALESCE(earlier.settled, 0), " : " 0, ") + description + """
				, s.position, s.category_id, s.cost_centre_id, s.amount
				FROM p JOIN bills_split s ON s.bill_id = p.bill_id""" + (principal ? """

				LEFT JOIN earlier ON earlier.bill_id = p.bill_id""" : ""))
			.param("from", from)
			.param("to", to)
			.query((rs, n) -> {
				long id = rs.getLong(1);
				Payment payment = payments.get(id);
				if (payment == null) {
					payment = new Payment(id, rs.getLong(2), rs.getInt(3), rs.getObject(4, LocalDate.class),
							rs.getBigDecimal(5), rs.getBigDecimal(6), rs.getBigDecimal(7), rs.getBigDecimal(8),
							rs.getObject(9, Long.class), rs.getBigDecimal(10), rs.getString(11), new ArrayList<>(2));
					payments.put(id, payment);
				}
				payment.splits()
					.add(new PositionedSplit(rs.getInt(12),
							new Split(rs.getLong(13), rs.getObject(14, Long.class), rs.getBigDecimal(15))));
				return 1;
			})
			.list();
		// The rows come in no order: each bill's payments in order, each one's splits in
		// theirs (a tie's cent goes to the earlier split).
		List<Payment> ordered = new ArrayList<>(payments.values());
		ordered.sort(Comparator.comparingLong(Payment::billId).thenComparing(IN_ORDER));
		BigDecimal settled = BigDecimal.ZERO;
		for (int k = 0; k < ordered.size(); k++) {
			Payment p = ordered.get(k);
			if (k == 0 || ordered.get(k - 1).billId() != p.billId()) {
				settled = p.earlier();
			}
			BigDecimal before = settled;
			settled = settled.add(p.settled());
			p.splits().sort(Comparator.comparingInt(PositionedSplit::position));
			List<Split> bill = p.splits().stream().map(PositionedSplit::split).toList();
			List<BigDecimal> weights = bill.stream().map(Split::amount).toList();
			String named = describe ? p.description() + " (parcela " + p.number() + ")" : "";
			if (principal) {
				List<BigDecimal> parts = Dre.paymentShares(before, settled, weights);
				for (int i = 0; i < parts.size(); i++) {
					sink.accept(new Entry("payment", p.id(), p.billId(), p.transactionId(), p.paidOn(), named,
							bill.get(i).categoryId(), bill.get(i).costCentreId(), parts.get(i)));
				}
			}
			extra(p, bill, weights, p.interest(), financial.get(INTEREST), describe ? named + " — juros" : "", sink);
			extra(p, bill, weights, p.fine(), financial.get(FINE), describe ? named + " — multa" : "", sink);
			extra(p, bill, weights, p.discount(), financial.get(DISCOUNT), describe ? named + " — desconto" : "", sink);
		}
	}

	private static void extra(Payment p, List<Split> bill, List<BigDecimal> weights, BigDecimal amount,
			@Nullable Long category, String description, Consumer<Entry> sink) {
		if (amount.signum() == 0) {
			return;
		}
		List<BigDecimal> parts = Dre.shares(amount, weights);
		for (int i = 0; i < parts.size(); i++) {
			if (parts.get(i).signum() != 0) {
				sink.accept(new Entry("payment", p.id(), p.billId(), p.transactionId(), p.paidOn(), description,
						category == null ? bill.get(i).categoryId() : category, bill.get(i).costCentreId(),
						parts.get(i)));
			}
		}
	}

	private record Installment(long billId, int number, String description) {
	}

	/**
	 * The money allocated to charges by transactions dated {@code from} to {@code to}:
	 * with {@code receipts}, that of receivable installments' charges, shared among their
	 * bill's splits (cumulatively over the bill's receipts, as payments); always that of
	 * other charges from classified settled transactions, under the transaction's
	 * category (it paid no bill, so {@link SettledTransactions#classified} left it out).
	 */
	void chargeMoney(LocalDate from, LocalDate to, boolean receipts, Consumer<Entry> sink) {
		List<ChargeAllocation> allocations = this.settled.chargeAllocations(from, to);
		if (allocations.isEmpty()) {
			return;
		}
		Map<Long, Installment> installments = installments(
				allocations.stream().map(ChargeAllocation::chargeId).collect(Collectors.toSet()));
		for (ChargeAllocation a : allocations) {
			if (!installments.containsKey(a.chargeId()) && a.settled() && a.categoryId() != null) {
				sink.accept(new Entry("transaction", a.transactionId(), null, a.transactionId(), a.date(),
						a.description(), a.categoryId(), a.costCentreId(), a.amount()));
			}
		}
		if (!receipts || installments.isEmpty()) {
			return;
		}
		Set<Long> bills = installments.values().stream().map(Installment::billId).collect(Collectors.toSet());
		Map<Long, Installment> allOfBills = new HashMap<>(installments);
		this.jdbc.sql("""
				SELECT i.charge_id, i.bill_id, i.number, b.description
				FROM bills_installment i JOIN bills_bill b ON b.id = i.bill_id
				WHERE i.bill_id = ANY(?) AND i.charge_id IS NOT NULL""")
			.param(bills.toArray(new Long[0]))
			.query((rs, n) -> allOfBills.put(rs.getLong(1),
					new Installment(rs.getLong(2), rs.getInt(3), rs.getString(4))))
			.list();
		Map<Long, BigDecimal> received = new HashMap<>();
		for (ChargeAllocation a : this.settled.chargeAllocationsBefore(allOfBills.keySet(), from)) {
			received.merge(allOfBills.get(a.chargeId()).billId(), a.amount(), BigDecimal::add);
		}
		Map<Long, List<Split>> splits = splits(bills);
		for (ChargeAllocation a : allocations) {
			Installment installment = installments.get(a.chargeId());
			if (installment == null) {
				continue;
			}
			BigDecimal before = received.getOrDefault(installment.billId(), BigDecimal.ZERO);
			BigDecimal after = before.add(a.amount());
			received.put(installment.billId(), after);
			List<Split> bill = splits.get(installment.billId());
			List<BigDecimal> parts = Dre.paymentShares(before, after, bill.stream().map(Split::amount).toList());
			for (int i = 0; i < parts.size(); i++) {
				sink.accept(new Entry("receipt", a.id(), installment.billId(), a.transactionId(), a.date(),
						installment.description() + " (parcela " + installment.number() + ")", bill.get(i).categoryId(),
						bill.get(i).costCentreId(), parts.get(i)));
			}
		}
	}

	/** Classified settled transactions' money that paid no title, by date. */
	void classified(LocalDate from, LocalDate to, Consumer<Entry> sink) {
		for (SettledTransactions.Classified t : this.settled.classified(from, to)) {
			sink.accept(new Entry("transaction", t.id(), null, t.id(), t.date(), t.description(), t.categoryId(),
					t.costCentreId(), t.amount()));
		}
	}

	private Map<Long, Installment> installments(Set<Long> chargeIds) {
		Map<Long, Installment> installments = new HashMap<>();
		this.jdbc.sql("""
				SELECT i.charge_id, i.bill_id, i.number, b.description
				FROM bills_installment i JOIN bills_bill b ON b.id = i.bill_id
				WHERE i.charge_id = ANY(?)""")
			.param(chargeIds.toArray(new Long[0]))
			.query((rs, n) -> installments.put(rs.getLong(1),
					new Installment(rs.getLong(2), rs.getInt(3), rs.getString(4))))
			.list();
		return installments;
	}

	private Map<Long, List<Split>> splits(Set<Long> billIds) {
		Map<Long, List<Split>> splits = new LinkedHashMap<>();
		if (billIds.isEmpty()) {
			return splits;
		}
		this.jdbc
			.sql("SELECT bill_id, category_id, cost_centre_id, amount FROM bills_split WHERE bill_id = ANY(?) "
					+ "ORDER BY bill_id, position")
			.param(billIds.toArray(new Long[0]))
			.query((rs, n) -> splits.computeIfAbsent(rs.getLong(1), id -> new ArrayList<>())
				.add(new Split(rs.getLong(2), rs.getObject(3, Long.class), rs.getBigDecimal(4))))
			.list();
		return splits;
	}

}
