package br.suite.finance;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.List;

import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Propagation;
import org.springframework.transaction.annotation.Transactional;

import br.suite.audit.AuditLog;
import br.suite.shared.ApiProblem;
import br.suite.shared.InvalidRequest;
import br.suite.shared.Money;

/**
 * The port through which bills pay an installment with a settled debit: the debit's money
 * is allocated to the bill's payment (a third kind of allocation target, beside charges
 * and fiscal documents), so it counts in the transaction's {@code allocated_amount} and
 * cannot pay anything else. Runs in the caller's database transaction.
 */
@Service
public class DebitAllocations {

	private final JdbcClient jdbc;

	private final ReconciliationState state;

	private final AuditLog audit;

	DebitAllocations(JdbcClient jdbc, ReconciliationState state, AuditLog audit) {
		this.jdbc = jdbc;
		this.state = state;
		this.audit = audit;
	}

	/**
	 * Implemented by bills: told, inside the import's database transaction, which of its
	 * payments lost their debit (the transaction was deleted, or changed so that it no
	 * longer pays), so the installments reopen.
	 */
	public interface Released {

		void released(List<Long> billPaymentIds);

	}

	/**
	 * Allocates {@code amount} of the debit to the bill payment and answers the debit's
	 * date. A transaction that does not exist is a 400 on {@code transaction_id}; a
	 * credit, a debit that is not settled, or one without that much unallocated is a 409
	 * on it.
	 */
	@Transactional(propagation = Propagation.MANDATORY)
	public LocalDate allocate(long transactionId, long billPaymentId, BigDecimal amount, @Nullable Long userId) {
		record Debit(String direction, String status, BigDecimal amount, BigDecimal allocated, LocalDate date) {
		}
		Debit debit = this.jdbc.sql("""
				SELECT direction, status, amount, allocated_amount, transaction_date
				FROM finance_transaction WHERE id = ? FOR UPDATE""")
			.param(transactionId)
			.query((rs, n) -> new Debit(rs.getString(1), rs.getString(2), rs.getBigDecimal(3), rs.getBigDecimal(4),
					rs.getObject(5, LocalDate.class)))
			.optional()
			.orElseThrow(() -> InvalidRequest.of("transaction_id", "transaction " + transactionId + " does not exist"));
		if (!debit.direction().equals("debit") || !debit.status().equals("settled")) {
			throw new ApiProblem.Conflict("Transaction " + transactionId + " is a " + debit.status() + " "
					+ debit.direction() + ": only a settled debit pays a payable bill.")
				.with("field", "transaction_id");
		}
		BigDecimal open = debit.amount().subtract(debit.allocated());
		if (amount.compareTo(open) > 0) {
			throw new ApiProblem.Conflict("Transaction " + transactionId + " has " + Money.format(open)
					+ " unallocated: it cannot pay " + Money.format(amount) + ".")
				.with("field", "transaction_id")
				.with("transaction_open_amount", Money.format(open));
		}
		long id = this.jdbc.sql("""
				INSERT INTO finance_allocation (transaction_id, bill_payment_id, amount, rule, score, created_by,
				    created_at)
				VALUES (?, ?, ?, 'manual', 1, ?, ?)
				RETURNING id""")
			.params(transactionId, billPaymentId, amount, userId,
					OffsetDateTime.now(ZoneOffset.UTC).truncatedTo(ChronoUnit.MICROS))
			.query(Long.class)
			.single();
		this.audit.record("finance.allocation.created", "allocation", id,
				AuditLog.Changes.of()
					.created("transaction_id", transactionId)
					.created("bill_payment_id", billPaymentId)
					.created("amount", Money.format(amount))
					.created("rule", "manual"));
		this.state.refresh(List.of(transactionId), List.of());
		return debit.date();
	}

	/** Gives the debit's money back when the bill payment is deleted. */
	@Transactional(propagation = Propagation.MANDATORY)
	public void release(long billPaymentId) {
		List<Long> transactions = this.jdbc
			.sql("DELETE FROM finance_allocation WHERE bill_payment_id = ? RETURNING transaction_id")
			.param(billPaymentId)
			.query(Long.class)
			.list();
		if (!transactions.isEmpty()) {
			this.state.refresh(transactions, List.of());
		}
	}

}
