package br.suite.bills.cashflow;

import java.time.LocalDate;
import java.util.List;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.jspecify.annotations.Nullable;
import org.springframework.format.annotation.DateTimeFormat;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import br.suite.shared.Requires;

@RestController
@RequestMapping("/api/finance/cash-flow")
@Tag(name = "Bills: cash flow")
class CashFlowController {

	private final CashFlowService cashFlow;

	CashFlowController(CashFlowService cashFlow) {
		this.cashFlow = cashFlow;
	}

	@GetMapping
	@Requires("finance.reports.view")
	@Operation(summary = "The cash flow: realised and projected, by day, week or month",
			description = "opening_balance: the chosen accounts' opening balances plus their settled transactions "
					+ "before from (each account from its opening_date). Per period (days; ISO weeks from Monday; "
					+ "calendar months; the first and last cut at from and to): realised_in/out, the settled "
					+ "transactions of those accounts (a debit and a credit of the same amount on the same day in two "
					+ "of them are a transfer and left out); projected_in/out, the open part of the installments due "
					+ "in the period from today on (receivables in, payables out; what was paid is realised, never "
					+ "counted twice); closing_realised and closing_projected, the balances carried forward. overdue: "
					+ "the open part of installments due before today, never in a period. from and to are required "
					+ "(at most " + CashFlowService.MAX_DAYS + " days); account_id is repeatable (default: every "
					+ "account); an unknown one is a 400.")
	ResponseEntity<CashFlowResponse> get(
			@RequestParam(required = false) @DateTimeFormat(iso = DateTimeFormat.ISO.DATE) @Parameter(
					description = "YYYY-MM-DD, inclusive") @Nullable LocalDate from,
			@RequestParam(required = false) @DateTimeFormat(iso = DateTimeFormat.ISO.DATE) @Parameter(
					description = "YYYY-MM-DD, inclusive") @Nullable LocalDate to,
			@RequestParam(name = "group_by",
					required = false) @Parameter(description = "day, week or month (default)") @Nullable String groupBy,
			@RequestParam(name = "account_id", required = false) @Nullable List<Long> accountIds) {
		return ResponseEntity.ok(CashFlowResponse.of(this.cashFlow.report(from, to, groupBy, accountIds)));
	}

}
