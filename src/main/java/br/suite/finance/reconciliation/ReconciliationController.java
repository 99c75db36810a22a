package br.suite.finance.reconciliation;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.jspecify.annotations.Nullable;
import org.springframework.format.annotation.DateTimeFormat;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import br.suite.finance.FinanceFields;
import br.suite.finance.ReconciliationService;
import br.suite.finance.allocation.AllocationResponse;
import br.suite.shared.CurrentUser;
import br.suite.shared.InvalidRequest;
import br.suite.shared.http.RateLimited;
import br.suite.shared.Requires;

@RestController
@RequestMapping("/api/finance/reconciliation")
@Tag(name = "Finance: reconciliation")
class ReconciliationController {

	private final ReconciliationService reconciliation;

	private final SuggestionService suggestions;

	ReconciliationController(ReconciliationService reconciliation, SuggestionService suggestions) {
		this.reconciliation = reconciliation;
		this.suggestions = suggestions;
	}

	@Schema(description = "Suggestions to accept, all or nothing")
	record AcceptRequest(@Schema(description = "Required, 1 to 1000: transaction_id, charge_id or "
			+ "fiscal_document_id, amount (optional: the suggested amount)") @Nullable List<SuggestionService.@Nullable Acceptance> items) {
	}

	@GetMapping("/suggestions")
	@Requires("finance.reconciliation.view")
	@Operation(summary = "Suggest allocations that are not exact", description = "Pairs of a settled or pending "
			+ "credit transaction dated date_from…date_to (optionally of one account_id) with money unallocated and a "
			+ "charge (or fiscal document) whose open amount equals it, whose payer_document (customer_document) "
			+ "equals the transaction's payer_document, and whose due_date (issue_date) is at most 5 days after or "
			+ "30 days before the payment (settings suite.finance.reconciliation.window-before-days / "
			+ "window-after-days). Each with amount, score (0-1) and a human-readable explanation. Ambiguous cases "
			+ "list every candidate, with a lower score. Pairs an exact key ties are left to the automatic run; "
			+ "nothing is allocated here.")
	List<SuggestionResponse> suggestions(
			@RequestParam(name = "date_from",
					required = false) @DateTimeFormat(iso = DateTimeFormat.ISO.DATE) @Nullable LocalDate dateFrom,
			@RequestParam(name = "date_to",
					required = false) @DateTimeFormat(iso = DateTimeFormat.ISO.DATE) @Nullable LocalDate dateTo,
			@RequestParam(name = "account_id", required = false) @Nullable String accountId) {
		InvalidRequest.Builder errors = InvalidRequest.builder();
		checkRange(dateFrom, dateTo, errors);
		String account = accountId == null ? null
				: FinanceFields.text(accountId, "account_id", FinanceFields.ACCOUNT_ID_MAX, false, errors);
		errors.throwIfAny();
		return this.suggestions.list(Objects.requireNonNull(dateFrom), Objects.requireNonNull(dateTo), account);
	}

	@PostMapping("/suggestions/accept")
	@Requires("finance.reconciliation.change")
	@Operation(summary = "Accept suggestions", description = "Allocates every item (rule suggestion, score the "
			+ "suggestion's) or none: an item that is not a current suggestion is a 409 naming it; amounts over what "
			+ "either side has open are 409s as for allocations. Answers the allocations made.")
	ResponseEntity<List<AllocationResponse>> accept(@RequestBody AcceptRequest request) {
		List<AllocationResponse> made = this.suggestions
			.accept(request.items() == null ? List.of() : new ArrayList<>(request.items()), CurrentUser.get().id());
		return ResponseEntity.status(HttpStatus.CREATED).body(made);
	}

	private static void checkRange(@Nullable LocalDate from, @Nullable LocalDate to, InvalidRequest.Builder errors) {
		if (from == null) {
			errors.add("date_from", "is required (YYYY-MM-DD)");
		}
		if (to == null) {
			errors.add("date_to", "is required (YYYY-MM-DD)");
		}
		else if (from != null && to.isBefore(from)) {
			errors.add("date_to", "must not be before date_from");
		}
	}

	@Schema(description = "Which credit transactions to reconcile automatically")
	record RunRequest(@Schema(description = "Required, inclusive, on transaction_date") @Nullable LocalDate dateFrom,
			@Schema(description = "Required, inclusive") @Nullable LocalDate dateTo,
			@Schema(description = "Only this account (exact), optional") @Nullable String accountId,
			@Schema(description = "Only this provider code, optional") @Nullable String provider) {
	}

	@Schema(description = "What an automatic reconciliation run did")
	record RunResponse(@Schema(description = "Allocations created") int allocationsCreated,
			@Schema(description = "Transactions that received an allocation") int transactionsMatched,
			@Schema(description = "Charges that received an allocation") int chargesMatched,
			@Schema(description = "Allocations per rule (end_to_end_id, txid, external_id, nosso_numero)") Map<String, Integer> byRule,
			@Schema(description = "Transactions with money open left alone because a key matched two or more "
					+ "charges") int ambiguous) {
	}

	@PostMapping("/run")
	@Requires("finance.reconciliation.change")
	@RateLimited(RateLimited.Kind.RECONCILIATION)
	@Operation(summary = "Reconcile automatically on exact keys", description = "For the settled or pending credit "
			+ "transactions dated date_from…date_to (optionally of one account_id / provider) with money unallocated: "
			+ "transaction end_to_end_id = charge end_to_end_id, then correlation_id = txid, then charge_external_id "
			+ "= external_id, then bank_reference_id = nosso_numero; each match allocates the smaller of the two "
			+ "open amounts. Never on anything weaker (see suggestions), never when a key matches two charges, never "
			+ "to a cancelled charge. Running it twice changes nothing. Also runs after every CSV import "
			+ "confirmation, for the imported account and dates.")
	RunResponse run(@RequestBody RunRequest request) {
		InvalidRequest.Builder errors = InvalidRequest.builder();
		checkRange(request.dateFrom(), request.dateTo(), errors);
		String provider = request.provider() == null ? null
				: FinanceFields.provider(request.provider(), "provider", errors);
		String account = request.accountId() == null ? null
				: FinanceFields.text(request.accountId(), "account_id", FinanceFields.ACCOUNT_ID_MAX, false, errors);
		errors.throwIfAny();
		ReconciliationService.Outcome outcome = this.reconciliation.run(request.dateFrom(), request.dateTo(), provider,
				account);
		return new RunResponse(outcome.allocations(), outcome.transactions(), outcome.charges(), outcome.byRule(),
				outcome.ambiguous());
	}

}
