package br.suite.finance;

import java.time.LocalDate;
import java.util.Map;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.jspecify.annotations.Nullable;
import org.springframework.security.access.prepost.PreAuthorize;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

import br.suite.shared.InvalidRequest;

@RestController
@RequestMapping("/api/finance/reconciliation")
@Tag(name = "Finance: reconciliation")
class ReconciliationController {

	private final ReconciliationService reconciliation;

	ReconciliationController(ReconciliationService reconciliation) {
		this.reconciliation = reconciliation;
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
			@Schema(description = "Allocations per rule (end_to_end_id, txid, external_id, nosso_numero)")
			Map<String, Integer> byRule,
			@Schema(description = "Transactions with money open left alone because a key matched two or more "
					+ "charges") int ambiguous) {
	}

	@PostMapping("/run")
	@PreAuthorize("hasAuthority('finance.reconciliation.change')")
	@Operation(summary = "Reconcile automatically on exact keys", description = "For the settled or pending credit "
			+ "transactions dated date_from…date_to (optionally of one account_id / provider) with money unallocated: "
			+ "transaction end_to_end_id = charge end_to_end_id, then correlation_id = txid, then charge_external_id "
			+ "= external_id, then bank_reference_id = nosso_numero; each match allocates the smaller of the two "
			+ "open amounts. Never on anything weaker (see suggestions), never when a key matches two charges, never "
			+ "to a cancelled charge. Running it twice changes nothing. Also runs after every CSV import "
			+ "confirmation, for the imported account and dates.")
	RunResponse run(@RequestBody RunRequest request) {
		InvalidRequest.Builder errors = InvalidRequest.builder();
		if (request.dateFrom() == null) {
			errors.add("date_from", "is required (YYYY-MM-DD)");
		}
		if (request.dateTo() == null) {
			errors.add("date_to", "is required (YYYY-MM-DD)");
		}
		else if (request.dateFrom() != null && request.dateTo().isBefore(request.dateFrom())) {
			errors.add("date_to", "must not be before date_from");
		}
		String provider = request.provider() == null ? null : FinanceFields.provider(request.provider(), "provider",
				errors);
		String account = request.accountId() == null ? null
				: FinanceFields.text(request.accountId(), "account_id", FinanceFields.ACCOUNT_ID_MAX, false, errors);
		errors.throwIfAny();
		ReconciliationService.Outcome outcome = this.reconciliation.run(request.dateFrom(), request.dateTo(), provider,
				account);
		return new RunResponse(outcome.allocations(), outcome.transactions(), outcome.charges(), outcome.byRule(),
				outcome.ambiguous());
	}

}
