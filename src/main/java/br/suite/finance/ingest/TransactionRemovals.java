package br.suite.finance.ingest;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.LocalDate;
import java.time.YearMonth;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Propagation;
import org.springframework.transaction.annotation.Transactional;

import br.suite.finance.DebitAllocations;
import br.suite.finance.FinanceFields;
import br.suite.finance.ReconciliationState;
import br.suite.shared.InvalidRequest;
import br.suite.shared.Money;

/**
 * What an import takes away: the transactions of a replaced month that the import no
 * longer lists, and the allocations an upsert's new values break. Each allocation that
 * goes is reported as a note and the sums it fed are recomputed. Every method runs inside
 * the caller's transaction, beside the {@link TransactionWriter} upsert: removing on its
 * own is how money data gets lost.
 */
@Service
public class TransactionRemovals {

	private final JdbcClient jdbc;

	private final ReconciliationState state;

	private final List<DebitAllocations.Released> billPayments;

	TransactionRemovals(JdbcClient jdbc, ReconciliationState state, List<DebitAllocations.Released> billPayments) {
		this.jdbc = jdbc;
		this.state = state;
		this.billPayments = billPayments;
	}

	/** The allocation's target, as an import's note names it. */
	private static String target(@Nullable Long charge, @Nullable Long document, @Nullable Long billPayment) {
		return charge != null ? "charge " + charge
				: document != null ? "fiscal document " + document : "bill payment " + billPayment;
	}

	/** Bills reopens the installments whose payments lost their debit. */
	private void released(List<Long> billPaymentIds) {
		if (!billPaymentIds.isEmpty()) {
			this.billPayments.forEach(bills -> bills.released(billPaymentIds));
		}
	}

	/**
	 * What replacing a month did: transactions deleted, and one note per allocation that
	 * went with them.
	 */
	public record Replaced(int deleted, List<String> notes) {
	}

	/**
	 * {@link #replaceMonth} keeping nothing: every transaction of the month goes, with
	 * its allocations.
	 */
	@Transactional(propagation = Propagation.MANDATORY)
	int deleteMonth(String provider, String accountId, YearMonth month) {
		return replaceMonth(provider, accountId, month, List.of()).deleted();
	}

	/**
	 * Deletes the transactions of one provider and account whose {@code transaction_date}
	 * falls in {@code month} (a calendar month, dates in America/Sao_Paulo) and whose
	 * {@code external_id} is not in {@code kept}, among those a file wrote (a provider's
	 * sync or webhook rows stay: {@link UpsertPreview} counts them): the import's rows
	 * with those ids are upserted in place instead, keeping their id and their
	 * allocations. The allocations of deleted transactions go with them, each reported in
	 * {@code notes}, and the charges they paid are recomputed. Takes the account's turn
	 * ({@link AccountTurns}).
	 */
	@Transactional(propagation = Propagation.MANDATORY)
	Replaced replaceMonth(String provider, String accountId, YearMonth month, Collection<String> kept) {
		InvalidRequest.Builder errors = InvalidRequest.builder();
		String code = FinanceFields.provider(provider, "provider", errors);
		String account = FinanceFields.text(accountId, "account_id", FinanceFields.ACCOUNT_ID_MAX, false, errors);
		errors.throwIfAny();
		AccountTurns.take(this.jdbc, Set.of(new AccountTurns.Account(code, account)));
		LocalDate from = month.atDay(1);
		LocalDate until = month.plusMonths(1).atDay(1);
		String[] keep = kept.toArray(new String[0]);
		Removed removed = new Removed();
		this.jdbc.sql("""
				SELECT t.id, t.external_id, t.transaction_date, a.charge_id, a.fiscal_document_id, a.amount,
				    a.bill_payment_id
				FROM finance_transaction t JOIN finance_allocation a ON a.transaction_id = t.id
				WHERE t.provider = ? AND t.account_id = ? AND t.transaction_date >= ? AND t.transaction_date < ?
				  AND t.source = 'file'
				  AND NOT EXISTS (SELECT 1 FROM unnest(?::text[]) AS k(id) WHERE k.id = t.external_id)
				ORDER BY t.id, a.id
				FOR UPDATE OF t""")
			.params(code, account, from, until, keep)
			.query((rs, n) -> removed.note(rs, "is not in the import"))
			.list();
		int deleted = this.jdbc.sql("""
				DELETE FROM finance_transaction
				WHERE provider = ? AND account_id = ? AND transaction_date >= ? AND transaction_date < ?
				  AND source = 'file'
				  AND NOT EXISTS (SELECT 1 FROM unnest(?::text[]) AS k(id) WHERE k.id = external_id)""")
			.params(code, account, from, until, keep)
			.update();
		return removed.done(deleted);
	}

	/**
	 * Deletes every transaction the provider connection wrote (its sync's and webhook's
	 * rows; file rows of the same account stay), with their allocations, each reported in
	 * the notes; the charges they paid are recomputed and the bill payments they settled
	 * reopened. The caller takes the account's turn ({@link AccountTurns}).
	 */
	@Transactional(propagation = Propagation.MANDATORY)
	public Replaced revertConnection(long connectionId) {
		Removed removed = new Removed();
		this.jdbc.sql("""
				SELECT t.id, t.external_id, t.transaction_date, a.charge_id, a.fiscal_document_id, a.amount,
				    a.bill_payment_id
				FROM finance_transaction t JOIN finance_allocation a ON a.transaction_id = t.id
				WHERE t.connection_id = ? AND t.source <> 'file'
				ORDER BY t.id, a.id
				FOR UPDATE OF t""")
			.param(connectionId)
			.query((rs, n) -> removed.note(rs, "came through connection " + connectionId))
			.list();
		int deleted = this.jdbc.sql("DELETE FROM finance_transaction WHERE connection_id = ? AND source <> 'file'")
			.param(connectionId)
			.update();
		return removed.done(deleted);
	}

	/**
	 * What one deletion takes with it: the charges and bill payments its allocations fed
	 * and a note per allocation.
	 */
	private final class Removed {

		private final List<String> notes = new ArrayList<>();

		private final Set<Long> charges = new TreeSet<>();

		private final List<Long> billPayments = new ArrayList<>();

		/**
		 * Reads one row (transaction id, external id, date, charge, document, amount,
		 * bill payment) of an allocation about to go.
		 */
		boolean note(ResultSet rs, String why) throws SQLException {
			Long charge = rs.getObject(4, Long.class);
			if (charge != null) {
				this.charges.add(charge);
			}
			Long billPayment = rs.getObject(7, Long.class);
			if (billPayment != null) {
				this.billPayments.add(billPayment);
			}
			return this.notes.add("information: transaction " + rs.getLong(1) + " (external_id " + rs.getString(2)
					+ " of " + rs.getObject(3, LocalDate.class) + ") " + why
					+ ": it was deleted with its allocation of " + Money.format(rs.getBigDecimal(6)) + " to "
					+ target(charge, rs.getObject(5, Long.class), billPayment));
		}

		/** After the delete: the sums recomputed, the bill payments released. */
		Replaced done(int deleted) {
			TransactionRemovals.this.state.refresh(List.of(), this.charges);
			released(this.billPayments);
			return new Replaced(deleted, List.copyOf(this.notes));
		}

	}

	/**
	 * After an upsert: the allocations of the given transactions that no longer hold (the
	 * transaction is no longer a settled or pending credit, or its amount fell below what
	 * is allocated) are removed, each reported in the notes, and the sums recomputed.
	 */
	@Transactional(propagation = Propagation.MANDATORY)
	List<String> releaseBrokenAllocations(String provider, String accountId, Collection<String> externalIds) {
		List<String> notes = new ArrayList<>();
		if (externalIds.isEmpty()) {
			return notes;
		}
		Set<Long> transactions = new TreeSet<>();
		Set<Long> charges = new TreeSet<>();
		List<Long> billPayments = new ArrayList<>();
		this.jdbc.sql("""
				DELETE FROM finance_allocation a USING unnest(?::text[]) AS k(id), finance_transaction t
				WHERE t.provider = ? AND t.account_id = ? AND t.external_id = k.id AND a.transaction_id = t.id
				  AND (CASE WHEN a.bill_payment_id IS NULL
				            THEN t.direction <> 'credit' OR t.status NOT IN ('settled', 'pending')
				            ELSE t.direction <> 'debit' OR t.status <> 'settled' END
				       OR t.allocated_amount > t.amount)
				RETURNING t.id, t.external_id, t.amount, t.direction, t.status, a.charge_id, a.fiscal_document_id,
				    a.amount, a.bill_payment_id""")
			.params(externalIds.toArray(new String[0]), provider, accountId)
			.query((rs, n) -> {
				transactions.add(rs.getLong(1));
				Long charge = rs.getObject(6, Long.class);
				if (charge != null) {
					charges.add(charge);
				}
				Long billPayment = rs.getObject(9, Long.class);
				if (billPayment != null) {
					billPayments.add(billPayment);
				}
				return notes.add("information: transaction " + rs.getLong(1) + " (external_id " + rs.getString(2)
						+ ") is now " + rs.getString(4) + ", " + rs.getString(5) + ", "
						+ Money.format(rs.getBigDecimal(3)) + ": its allocation of " + Money.format(rs.getBigDecimal(8))
						+ " to " + target(charge, rs.getObject(7, Long.class), billPayment)
						+ " no longer holds and was removed");
			})
			.list();
		this.state.refresh(transactions, charges);
		released(billPayments);
		return notes;
	}

}
