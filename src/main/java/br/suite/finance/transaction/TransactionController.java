package br.suite.finance.transaction;

import java.time.LocalDate;
import java.util.List;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.jspecify.annotations.Nullable;
import org.springframework.format.annotation.DateTimeFormat;
import org.springframework.http.HttpHeaders;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PatchMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import br.suite.shared.ExpectedVersion;
import br.suite.shared.lists.ListQuery;
import br.suite.shared.lists.Paging;
import br.suite.shared.PathIds;
import br.suite.shared.Requires;
import tools.jackson.databind.node.ObjectNode;

@RestController
@RequestMapping("/api/finance/transactions")
@Tag(name = "Finance: bank transactions")
class TransactionController {

	private final TransactionService transactions;

	private final TransactionClassifier classifier;

	TransactionController(TransactionService transactions, TransactionClassifier classifier) {
		this.transactions = transactions;
		this.classifier = classifier;
	}

	@GetMapping
	@Requires("finance.transactions.view")
	@Operation(summary = "List bank transactions", description = "A bare array, newest transaction_date first, "
			+ "then id (newest first). Filters: date_from, date_to (inclusive, on transaction_date), status, "
			+ "direction, provider, account_id, matched (true: linked to a fiscal document or a charge), q "
			+ "(case-insensitive substring of description, payer name, payer document or end-to-end id; a masked "
			+ "CPF/CNPJ also matches its digits), source (file, provider_sync or webhook), connection_id (the rows "
			+ "a provider connection wrote), category_id, cost_centre_id. Optional limit/offset add X-Total-Count; "
			+ "without them every "
			+ "matching transaction is returned, so large ledgers should page or filter by date. Transactions are "
			+ "written by imports and provider sync; a client changes only their classification (PATCH).")
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
			@RequestParam(name = "category_id", required = false) @Nullable Long categoryId,
			@RequestParam(name = "cost_centre_id", required = false) @Nullable Long costCentreId,
			@RequestParam(required = false) @Nullable String q,
			@RequestParam(required = false) @Parameter(
					description = "file, provider_sync or webhook") @Nullable String source,
			@RequestParam(name = "connection_id", required = false) @Nullable Long connectionId,
			@RequestParam(required = false) @Nullable Integer limit,
			@RequestParam(required = false) @Nullable Integer offset) {
		Paging paging = new Paging(limit, offset);
		ListQuery.Page<TransactionResponse> listing = this.transactions
			.list(new TransactionService.Filter(dateFrom, dateTo, status, direction, provider, accountId, matched, q,
					source, connectionId, false, categoryId, costCentreId), paging);
		return paging.respond(listing.items(), listing.total());
	}

	@GetMapping(PathIds.ID)
	@Requires("finance.transactions.view")
	@Operation(summary = "Read a bank transaction")
	ResponseEntity<TransactionResponse> get(@PathVariable long id) {
		return this.transactions.get(id).ok();
	}

	@PatchMapping(PathIds.ID)
	@Requires("finance.transactions.classify")
	@Operation(summary = "Classify a bank transaction",
			description = "Changes only category_id (an active category of the bills module of the transaction's "
					+ "kind: revenue for a credit, expense for a debit) and cost_centre_id (an active cost centre); "
					+ "null clears. Every other field of the body is ignored. The values it has stay accepted after "
					+ "they were deactivated. If-Match honoured.",
			requestBody = @io.swagger.v3.oas.annotations.parameters.RequestBody(
					content = @io.swagger.v3.oas.annotations.media.Content(
							schema = @io.swagger.v3.oas.annotations.media.Schema(
									example = "{\"category_id\": 21, \"cost_centre_id\": null}"))))
	ResponseEntity<TransactionResponse> classify(@PathVariable long id, @RequestBody ObjectNode patch,
			@RequestHeader(name = HttpHeaders.IF_MATCH, required = false) @Nullable String ifMatch) {
		return this.classifier.classify(id, patch, ExpectedVersion.ifMatch(ifMatch)).ok();
	}

}
