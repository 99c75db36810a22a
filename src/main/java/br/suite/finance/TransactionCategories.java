package br.suite.finance;

import org.jspecify.annotations.Nullable;

/**
 * Implemented by the bills module: whether a category and a cost centre may classify a
 * bank transaction, so a transaction's {@code category_id} and {@code cost_centre_id}
 * (and a category rule's) are checked without finance depending on bills. A credit takes
 * a revenue category, a debit an expense one.
 */
public interface TransactionCategories {

	/** Why the category cannot classify a transaction of that direction, or null. */
	@Nullable String categoryRefusal(long categoryId, boolean credit);

	/** Why the cost centre cannot classify a transaction, or null. */
	@Nullable String costCentreRefusal(long costCentreId);

}
