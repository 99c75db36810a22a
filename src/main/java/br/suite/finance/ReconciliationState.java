package br.suite.finance;

import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.Collection;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;

/**
 * Keeps the derived columns in step with the allocations, in the caller's database transaction: a
 * transaction's {@code allocated_amount}, {@code matched_charge_id} and {@code matched_document_id} (the
 * target when it has exactly one allocation of that kind), and a charge's {@code paid_amount},
 * {@code paid_on} and {@code status}. Set-based: two statements per refresh, whatever the number of rows.
 * Rows whose values do not change are not written (their version and ETag stay).
 */
@Component
class ReconciliationState {

	private final JdbcClient jdbc;

	ReconciliationState(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	/** Recomputes the given charges (status, paid amount and date). */
	void refreshCharges(Collection<Long> chargeIds) {
		refresh(java.util.List.of(), chargeIds);
	}

	/**
	 * Recomputes the given transactions, then the given charges and every charge allocated from those
	 * transactions (a charge's {@code overpaid} depends on its transactions' unallocated money).
	 */
	void refresh(Collection<Long> transactionIds, Collection<Long> chargeIds) {
		Long[] transactions = transactionIds.toArray(new Long[0]);
		Long[] charges = chargeIds.toArray(new Long[0]);
		OffsetDateTime now = OffsetDateTime.now(ZoneOffset.UTC).truncatedTo(ChronoUnit.MICROS);
		if (transactions.length > 0) {
			this.jdbc.sql("""
					UPDATE finance_transaction t SET allocated_amount = s.total, matched_charge_id = s.charge,
					    matched_document_id = s.document, version = t.version + 1, updated_at = :now
					FROM (SELECT t2.id, COALESCE(sum(a.amount), 0) AS total,
					             CASE WHEN count(a.charge_id) = 1 THEN max(a.charge_id) END AS charge,
					             CASE WHEN count(a.fiscal_document_id) = 1 THEN max(a.fiscal_document_id) END AS document
					      FROM finance_transaction t2 LEFT JOIN finance_allocation a ON a.transaction_id = t2.id
					      WHERE t2.id = ANY (:ids) GROUP BY t2.id) s
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
		this.jdbc.sql("""
				UPDATE finance_charge c SET paid_amount = s.paid, paid_on = s.paid_on, status = s.status,
				    version = c.version + 1, updated_at = :now
				FROM (SELECT c2.id, COALESCE(sum(a.amount), 0) AS paid, max(t.transaction_date) AS paid_on,
				             CASE WHEN c2.status = 'cancelled' THEN 'cancelled'
				                  WHEN COALESCE(sum(a.amount), 0) = 0 THEN 'open'
				                  WHEN sum(a.amount) < c2.amount THEN 'partially_paid'
				                  WHEN bool_or(t.allocated_amount < t.amount) THEN 'overpaid'
				                  ELSE 'paid' END AS status
				      FROM finance_charge c2
				      LEFT JOIN finance_allocation a ON a.charge_id = c2.id
				      LEFT JOIN finance_transaction t ON t.id = a.transaction_id
				      WHERE c2.id = ANY (:charges)
				         OR c2.id IN (SELECT charge_id FROM finance_allocation
				                      WHERE transaction_id = ANY (:transactions) AND charge_id IS NOT NULL)
				      GROUP BY c2.id, c2.status, c2.amount) s
				WHERE c.id = s.id AND (c.paid_amount, c.paid_on, c.status) IS DISTINCT FROM (s.paid, s.paid_on, s.status)""")
			.param("charges", charges)
			.param("transactions", transactions)
			.param("now", now)
			.update();
	}

}
