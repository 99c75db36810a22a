package br.suite.bills.cashflow;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.List;

import io.swagger.v3.oas.annotations.media.Schema;

import br.suite.shared.Money;
import tools.jackson.databind.annotation.JsonSerialize;

/**
 * The cash flow as clients read it: amounts as two-decimal strings, outflows positive.
 */
record CashFlowResponse(@Schema(type = "string", example = "15000.00",
		description = "The accounts' opening balances plus every settled transaction before from") @JsonSerialize(
				using = Money.Writer.class) BigDecimal openingBalance,
		List<Period> periods, Overdue overdue) {

	@Schema(name = "CashFlowPeriod")
	record Period(LocalDate start, LocalDate end,
			@Schema(type = "string") @JsonSerialize(using = Money.Writer.class) BigDecimal realisedIn,
			@Schema(type = "string") @JsonSerialize(using = Money.Writer.class) BigDecimal realisedOut,
			@Schema(type = "string") @JsonSerialize(using = Money.Writer.class) BigDecimal projectedIn,
			@Schema(type = "string") @JsonSerialize(using = Money.Writer.class) BigDecimal projectedOut,
			@Schema(type = "string") @JsonSerialize(using = Money.Writer.class) BigDecimal closingRealised,
			@Schema(type = "string") @JsonSerialize(using = Money.Writer.class) BigDecimal closingProjected) {
	}

	@Schema(name = "CashFlowOverdue",
			description = "Open amounts of installments due before today: receivables (in) and payables (out)")
	record Overdue(@Schema(type = "string", name = "in") @JsonSerialize(using = Money.Writer.class) BigDecimal in,
			@Schema(type = "string") @JsonSerialize(using = Money.Writer.class) BigDecimal out) {
	}

	static CashFlowResponse of(CashFlowService.Report report) {
		return new CashFlowResponse(report.openingBalance(),
				report.periods()
					.stream()
					.map(p -> new Period(p.start(), p.end(), p.realised().in(), p.realised().out(), p.projected().in(),
							p.projected().out(), p.closingRealised(), p.closingProjected()))
					.toList(),
				new Overdue(report.overdue().in(), report.overdue().out()));
	}

}
