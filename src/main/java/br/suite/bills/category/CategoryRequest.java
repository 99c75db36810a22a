package br.suite.bills.category;

import io.swagger.v3.oas.annotations.media.Schema;
import org.jspecify.annotations.Nullable;

/** The writable fields of a category; checked by {@link CategoryService}. */
record CategoryRequest(
		@Schema(description = "Required, unique: numbers separated by dots, ≤ 20 characters",
				example = "4.2.05") @Nullable String code,
		@Schema(description = "Required, ≤ 200", example = "Material de escritório") @Nullable String name,
		@Schema(allowableValues = {
				"revenue", "expense" }, description = "Required") @Nullable String kind,
		@Schema(description = "The parent category (same kind), or null for a top category") @Nullable Long parentId,
		@Schema(allowableValues = { "gross_revenue", "deductions", "costs", "operating_expenses", "other_revenue",
				"other_expenses", "financial_revenue", "financial_expenses", "income_taxes", "none" },
				description = "Required; a revenue line (or none) for revenue, any other (or none) for an "
						+ "expense") @Nullable String dreLine,
		@Schema(description = "Defaults to true") @Nullable Boolean active){

	static CategoryRequest of(CategoryResponse category) {
		return new CategoryRequest(category.code(), category.name(), category.kind(), category.parentId(),
				category.dreLine(), category.active());
	}

	/** The same fields, deactivated. */
	CategoryRequest inactive() {
		return new CategoryRequest(this.code, this.name, this.kind, this.parentId, this.dreLine, false);
	}

}
