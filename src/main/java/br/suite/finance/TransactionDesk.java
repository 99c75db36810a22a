package br.suite.finance;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.List;

import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Service;

import br.suite.shared.Paging;

/**
 * Bank transactions for callers inside the application (the web pages): the same filters,
 * checks and errors as {@code GET /api/finance/transactions/}.
 */
@Service
public class TransactionDesk {

	private final TransactionService transactions;

	TransactionDesk(TransactionService transactions) {
		this.transactions = transactions;
	}

	public record TransactionView(long id, LocalDate transactionDate, String description, String payerName,
			BigDecimal amount, String direction, String status, String provider, String accountId, String payerDocument,
			BigDecimal allocatedAmount, BigDecimal unallocatedAmount) {

		static TransactionView of(TransactionResponse t) {
			return new TransactionView(t.id(), t.transactionDate(), t.description(), t.payerName(), t.amount(),
					t.direction(), t.status(), t.provider(), t.accountId(), t.payerDocument(), t.allocatedAmount(),
					t.unallocatedAmount());
		}

		/**
		 * A settled or pending credit with money not yet allocated: what reconciliation
		 * works on.
		 */
		public boolean openCredit() {
			return this.direction.equals("credit") && (this.status.equals("settled") || this.status.equals("pending"))
					&& this.unallocatedAmount.signum() > 0;
		}

	}

	public record TransactionPage(List<TransactionView> transactions, long total) {
	}

	public TransactionPage list(@Nullable LocalDate dateFrom, @Nullable LocalDate dateTo, @Nullable String direction,
			@Nullable String provider, @Nullable String accountId, @Nullable String q, int limit, int offset) {
		return list(dateFrom, dateTo, direction, provider, accountId, q, false, limit, offset);
	}

	/**
	 * As above; {@code openCredits} keeps only the credits waiting for reconciliation
	 * ({@link #countOpenCredits}).
	 */
	public TransactionPage list(@Nullable LocalDate dateFrom, @Nullable LocalDate dateTo, @Nullable String direction,
			@Nullable String provider, @Nullable String accountId, @Nullable String q, boolean openCredits, int limit,
			int offset) {
		TransactionService.Listing listing = this.transactions.list(new TransactionService.Filter(dateFrom, dateTo,
				null, direction, provider, accountId, null, q, openCredits), new Paging(limit, offset));
		return new TransactionPage(listing.transactions().stream().map(TransactionView::of).toList(), listing.total());
	}

	public TransactionView get(long id) {
		return TransactionView.of(this.transactions.get(id).body());
	}

	/**
	 * Settled or pending credits with money not yet allocated to a charge or fiscal
	 * document.
	 */
	public long countOpenCredits() {
		return this.transactions.countOpenCredits();
	}

}
