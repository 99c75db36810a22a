package br.suite.bills.dre;

import java.util.List;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.jspecify.annotations.Nullable;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import br.suite.shared.Requires;

@RestController
@RequestMapping("/api/finance/dre")
@Tag(name = "Bills: DRE")
class DreController {

	private final DreService dre;

	DreController(DreService dre) {
		this.dre = dre;
	}

	@GetMapping
	@Requires("finance.reports.view")
	@Operation(summary = "The DRE gerencial by month, on the accrual or the cash basis",
			description = "lines in a fixed order (gross_revenue, deductions, net_revenue, costs, gross_profit, "
					+ "operating_expenses, other_revenue, other_expenses, operating_result, financial_revenue, "
					+ "financial_expenses, result_before_taxes, income_taxes, net_result), each with a value per month "
					+ "and the total; every line is a positive magnitude but the subtotals (net_revenue = gross_revenue "
					+ "- deductions; gross_profit = net_revenue - costs; operating_result = gross_profit - "
					+ "operating_expenses + other_revenue - other_expenses; result_before_taxes = operating_result + "
					+ "financial_revenue - financial_expenses; net_result = result_before_taxes - income_taxes). "
					+ "categories: each category with money in the months, in chart order (no roll-up into parents); "
					+ "dre_line none never appears. accrual: bills by competence_date split to their categories, the "
					+ "payments' interest, fines and discounts by payment date, classified transactions' money that paid "
					+ "no title by date. cash: payments and receipts by date shared among the bill's splits (largest "
					+ "remainder over the bill's cumulative payments), interest, fines and discounts, classified "
					+ "transactions. from and to are required (at most " + DreService.MAX_MONTHS + " months); basis "
					+ "defaults to accrual; cost_centre_id keeps only what is assigned to that cost centre.")
	ResponseEntity<DreResponse> get(
			@RequestParam(required = false) @Parameter(description = "YYYY-MM") @Nullable String from,
			@RequestParam(required = false) @Parameter(description = "YYYY-MM, inclusive") @Nullable String to,
			@RequestParam(required = false) @Parameter(
					description = "accrual (default) or cash") @Nullable String basis,
			@RequestParam(name = "cost_centre_id", required = false) @Nullable String costCentreId) {
		Dre.Report report = this.dre.report(from, to, basis, costCentreId);
		return ResponseEntity.ok(DreResponse.of(report, basis == null || basis.isBlank() ? "accrual" : basis.strip(),
				costCentreId == null || costCentreId.isBlank() ? null : Long.valueOf(costCentreId.strip())));
	}

	@GetMapping("/entries")
	@Requires("finance.reports.view")
	@Operation(summary = "The entries that make one DRE cell (drill-down)",
			description = "month (YYYY-MM) and either line (a line that is not a subtotal) or category_id, with the "
					+ "report's basis and cost_centre_id: the bills, payments, receipts and transactions whose amounts "
					+ "add up to that cell, by date, kind and id. A payment or receipt of a split bill gives one entry "
					+ "per split (and per interest, fine, discount) that falls in the cell.")
	ResponseEntity<List<DreEntryResponse>> entries(
			@RequestParam(required = false) @Parameter(description = "YYYY-MM") @Nullable String month,
			@RequestParam(required = false) @Nullable String line,
			@RequestParam(name = "category_id", required = false) @Nullable String categoryId,
			@RequestParam(required = false) @Nullable String basis,
			@RequestParam(name = "cost_centre_id", required = false) @Nullable String costCentreId) {
		return ResponseEntity.ok(this.dre.entries(month, line, categoryId, basis, costCentreId)
			.stream()
			.map(DreEntryResponse::from)
			.toList());
	}

}
