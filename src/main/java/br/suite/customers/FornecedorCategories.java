package br.suite.customers;

import org.jspecify.annotations.Nullable;

/**
 * Implemented by the module that owns the chart of categories, so a supplier's
 * {@code default_category_id} is checked without customers depending on it.
 */
public interface FornecedorCategories {

	/**
	 * Why the category cannot be a supplier's default (it does not exist, is inactive, is
	 * not an expense category), or null when it can.
	 */
	@Nullable String refusal(long categoryId);

	/**
	 * The categories a supplier's default may be, id → label in the chart's order, for
	 * the supplier form.
	 */
	default java.util.Map<Long, String> choices() {
		return java.util.Map.of();
	}

}
