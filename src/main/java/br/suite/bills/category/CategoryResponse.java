package br.suite.bills.category;

import java.time.Instant;

import io.swagger.v3.oas.annotations.media.Schema;
import org.jspecify.annotations.Nullable;

record CategoryResponse(long id, String code, String name, @Schema(allowableValues = {
		"revenue", "expense" }) String kind, @Nullable Long parentId,
		@Schema(allowableValues = { "gross_revenue", "deductions", "costs", "operating_expenses", "other_revenue",
				"other_expenses", "financial_revenue", "financial_expenses", "income_taxes", "none" }) String dreLine,
		boolean active, Instant createdAt, Instant updatedAt){
}
