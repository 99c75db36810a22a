package br.suite.finance.transaction;

import io.swagger.v3.oas.annotations.media.Schema;
import org.jspecify.annotations.Nullable;

/** The writable fields of a category rule; checked by {@link CategoryRuleService}. */
record CategoryRuleRequest(@Schema(
		description = "Required: credit (a revenue category) or debit (an expense one)") @Nullable String direction,
		@Schema(description = "Part of the description, ignoring case (≤ 200); this or payer_document is required",
				example = "TARIFA") @Nullable String descriptionContains,
		@Schema(description = "A CPF or CNPJ equal to the transaction's payer_document") @Nullable String payerDocument,
		@Schema(description = "Required: the bills module's category, active, of the direction's kind") @Nullable Long categoryId,
		@Schema(description = "Optional active cost centre") @Nullable Long costCentreId,
		@Schema(description = "Lower first; default 100; the first rule that matches classifies") @Nullable Integer priority,
		@Schema(description = "Defaults to true") @Nullable Boolean active) {

	static CategoryRuleRequest of(CategoryRuleResponse rule) {
		return new CategoryRuleRequest(rule.direction(), rule.descriptionContains(), rule.payerDocument(),
				rule.categoryId(), rule.costCentreId(), rule.priority(), rule.active());
	}

}
