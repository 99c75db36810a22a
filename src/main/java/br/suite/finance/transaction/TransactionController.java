package br.suite.finance.transaction;

import java.time.LocalDate;
import java.util.List;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.jspecify.annotations.Nullable;
import org.springframework.format.annotation.DateTimeFormat;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import br.suite.shared.Paging;
import br.suite.shared.PathIds;
import br.suite.shared.Requires;

@RestController
@RequestMapping("/api/finance/transactions")
@Tag(name = "Finance: bank transactions")
class TransactionController {

	private final TransactionService transactions;

	TransactionController(TransactionService transactions) {
		this.transactions = transactions;
	}

	@GetMapping
	@Requires("finance.transactions.view")
	@Operation(summary = "List bank transactions", description = "A bare array, newest transaction_date first, "
			+ "then id (newest first). Filters: date_from, date_to (inclusive, on transaction_date), status, "
			+ "direction, provider, account_id, matched (true: linked to a fiscal document or a charge), q "
			+ "(case-insensitive substring of description, payer name, payer document or end-to-end id; a masked "
			+ "CPF/CNPJ also matches its digits), source (file, provider_sync or webhook), connection_id (the rows "
			+ "a provider connection wrote). Optional limit/offset add X-Total-Count; without them every "
			+ "matching transaction is returned, so large ledgers should page or filter by date. Transactions are "
			+ "written by imports and provider sync, never through this API.")
	ResponseEntity<List<TransactionResponse>> list(
			@RequestParam(name = "date_from", required = false) @DateTimeFormat(
					iso = DateTimeFormat.ISO.DATE) @Parameter(
							description = "YYYY-MM-DD, inclusive") @Nullable LocalDate dateFrom,
			@RequestParam(name = "date_to", required = false) @DateTimeFormat(iso = DateTimeFormat.ISO.DATE) @Parameter(
					description = "YYYY-MM-DD, inclusive") @Nullable LocalDate dateTo,
			@RequestParam(required = false) @Parameter(
					description = "pending, settled, reversed or cancelled") @Nullable String status,
			@RequestParam(required = false) @Parameter(description = "credit or debit") @Nullable String direction,
			@RequestParam(required = false) @Nullable String provider,
			@RequestParam(name = "account_id", required = false) @Nullable String accountId,
			@RequestParam(required = false) @Nullable Boolean matched,
			@RequestParam(required = false) @Nullable String q,
			@RequestParam(required = false) @Parameter(
					description = "file, provider_sync or webhook") @Nullable String source,
			@RequestParam(name = "connection_id", required = false) @Nullable Long connectionId,
			@RequestParam(required = false) @Nullable Integer limit,
			@RequestParam(required = false) @Nullable Integer offset) {
		Paging paging = new Paging(limit, offset);
		TransactionService.Listing listing = this.transactions.list(new TransactionService.Filter(dateFrom, dateTo,
				status, direction, provider, accountId, matched, q, source, connectionId, false), paging);
		return paging.respond(listing.transactions(), listing.total());
	}

	@GetMapping(PathIds.ID)
	@Requires("finance.transactions.view")
	@Operation(summary = "Read a bank transaction")
	ResponseEntity<TransactionResponse> get(@PathVariable long id) {
		return this.transactions.get(id).ok();
	}

}
