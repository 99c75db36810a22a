package br.suite.finance;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.List;

import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Service;

import br.suite.shared.Paging;

/**
 * Bank transactions for callers inside the application (the web pages): the same filters, checks and
 * errors as {@code GET /api/finance/transactions/}.
 */
@Service
public class TransactionDesk {

	private final TransactionService transactions;

	TransactionDesk(TransactionService transactions) {
		this.transactions = transactions;
	}

	public record TransactionView(long id, LocalDate transactionDate, String description, String payerName,
			BigDecimal amount, String direction, String status, String provider, String accountId) {
	}

	public record TransactionPage(List<TransactionView> transactions, long total) {
	}

	public TransactionPage list(@Nullable LocalDate dateFrom, @Nullable LocalDate dateTo, @Nullable String direction,
			@Nullable String provider, @Nullable String accountId, @Nullable String q, int limit, int offset) {
		TransactionService.Listing listing = this.transactions.list(new TransactionService.Filter(dateFrom, dateTo,
				null, direction, provider, accountId, null, q), new Paging(limit, offset));
		return new TransactionPage(listing.transactions()
			.stream()
			.map(t -> new TransactionView(t.id(), t.transactionDate(), t.description(), t.payerName(), t.amount(),
					t.direction(), t.status(), t.provider(), t.accountId()))
			.toList(), listing.total());
	}

}
