package br.suite.finance;

import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.Collection;
import java.util.List;

import org.jspecify.annotations.Nullable;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;

/**
 * Keeps the derived columns in step with the allocations, in the caller's database
 * transaction: a transaction's {@code allocated_amount}, {@code matched_charge_id} and
 * {@code matched_document_id} (the target when it has exactly one allocation of that
 * kind), and a charge's {@code paid_amount}, {@code paid_on} and {@code status}.
 * Set-based: two statements per refresh, whatever the number of rows. Rows whose values
 * do not change are not written (their version and ETag stay). Charges that become
 * covered ({@code paid}, or {@code overpaid}: covered with a surplus left on the
 * transaction) from a status that was neither are published as {@link ChargesPaid}.
 */
@Component
public class ReconciliationState {

	private final JdbcClient jdbc;

	private final ApplicationEventPublisher events;

	private final List<BillCharges.Settled> bills;

	ReconciliationState(JdbcClient jdbc, ApplicationEventPublisher events, List<BillCharges.Settled> bills) {
		this.jdbc = jdbc;
		this.events = events;
		this.bills = bills;
	}

	/** Recomputes the given charges (status, paid amount and date). */
	public void refreshCharges(Collection<Long> chargeIds) {
		refresh(List.of(), chargeIds);
	}

	/**
	 * Recomputes the given transactions, then the given charges and every charge
	 * allocated from those transactions (a charge's {@code overpaid} depends on its
	 * transactions' unallocated money).
	 */
	public void refresh(Collection<Long> transactionIds, Collection<Long> chargeIds) {
		Long[] transactions = transactionIds.toArray(new Long[0]);
		Long[] charges = chargeIds.toArray(new Long[0]);
		OffsetDateTime now = OffsetDateTime.now(ZoneOffset.UTC).truncatedTo(ChronoUnit.MICROS);
		if (transactions.length > 0) {
			this.jdbc.sql("""
					WITH ids AS (SELECT DISTINCT unnest(:ids::bigint[]) AS id),
					sums AS (SELECT a.transaction_id AS id, sum(a.amount) AS total, count(a.charge_id) AS charges,
					                max(a.charge_id) AS charge, count(a.fiscal_document_id) AS documents,
					                max(a.fiscal_document_id) AS document
					         FROM finance_allocation a JOIN ids ON ids.id = a.transaction_id
					         GROUP BY a.transaction_id),
					s AS (SELECT ids.id, COALESCE(sums.total, 0) AS total,
					             CASE WHEN sums.charges = 1 THEN sums.charge END AS charge,
					             CASE WHEN sums.documents = 1 THEN sums.document END AS document
					      FROM ids LEFT JOIN sums ON sums.id = ids.id)
					UPDATE finance_transaction t SET allocated_amount = s.total, matched_charge_id = s.charge,
					    matched_document_id = s.document, version = t.version + 1, updated_at = :now
					FROM s
					WHERE t.id = s.id
					  AND (t.allocated_amount, t.matched_charge_id, t.matched_document_id)
					      IS DISTINCT FROM (s.total, s.charge, s.document)""")
				.param("ids", transactions)
				.param("now", now)
				.update();
		}
		if (transactions.length == 0 && charges.length == 0) {
			return;
		}
		record Changed(ChargesPaid.PaidCharge charge, boolean paid, @Nullable LocalDate paidOn) {
		}
		List<Changed> changed = this.jdbc.sql("""
				WITH touched AS (SELECT DISTINCT unnest(:transactions::bigint[]) AS id),
				target AS (SELECT unnest(:charges::bigint[]) AS id
				           UNION
				           SELECT a.charge_id FROM finance_allocation a JOIN touched ON touched.id = a.transaction_id
				           WHERE a.charge_id IS NOT NULL),
				sums AS (SELECT a.charge_id AS id, sum(a.amount) AS paid, max(t.transaction_date) AS paid_on,
				                bool_or(t.allocated_amount < t.amount) AS surplus
				         FROM finance_allocation a JOIN target ON target.id = a.charge_id
				         JOIN finance_transaction t ON t.id = a.transaction_id
				         GROUP BY a.charge_id),
				s AS (SELECT c.id, c.status AS before, COALESCE(sums.paid, 0) AS paid, sums.paid_on,
				             CASE WHEN c.status = 'cancelled' THEN 'cancelled'
				                  WHEN COALESCE(sums.paid, 0) = 0 THEN 'open'
				                  WHEN sums.paid < c.amount THEN 'partially_paid'
				                  WHEN sums.surplus THEN 'overpaid'
				                  ELSE 'paid' END AS status
				      FROM target JOIN finance_charge c ON c.id = target.id LEFT JOIN sums ON sums.id = target.id),
				changed AS (UPDATE finance_charge c SET paid_amount = s.paid, paid_on = s.paid_on, status = s.status,
				                version = c.version + 1, updated_at = :now
				            FROM s
				            WHERE c.id = s.id
				              AND (c.paid_amount, c.paid_on, c.status) IS DISTINCT FROM (s.paid, s.paid_on, s.status)
				            RETURNING c.id, c.amount, s.paid, s.before, s.status, s.paid_on)
				SELECT id, amount, paid, status IN ('paid', 'overpaid') AND before NOT IN ('paid', 'overpaid'), paid_on
				FROM changed""")
			.param("charges", charges)
			.param("transactions", transactions)
			.param("now", now)
			.query((rs, n) -> new Changed(
					new ChargesPaid.PaidCharge(rs.getLong(1), rs.getBigDecimal(2), rs.getBigDecimal(3)),
					rs.getBoolean(4), rs.getObject(5, LocalDate.class)))
			.list();
		if (!changed.isEmpty() && !this.bills.isEmpty()) {
			List<BillCharges.Settlement> settlements = changed.stream()
				.map(c -> new BillCharges.Settlement(c.charge().chargeId(), c.charge().paidAmount(), c.paidOn()))
				.toList();
			this.bills.forEach(bills -> bills.settled(settlements));
		}
		List<ChargesPaid.PaidCharge> paid = changed.stream().filter(Changed::paid).map(Changed::charge).toList();
		if (!paid.isEmpty()) {
			this.events.publishEvent(new ChargesPaid(paid));
		}
	}

}
