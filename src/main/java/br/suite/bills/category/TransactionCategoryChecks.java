package br.suite.bills.category;

import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;

import br.suite.bills.costcentre.CostCentreChecks;
import br.suite.finance.TransactionCategories;

/**
 * Checks a bank transaction's classification for finance: a credit takes an active
 * revenue category, a debit an active expense one; the cost centre active.
 */
@Component
class TransactionCategoryChecks implements TransactionCategories {

	private final CategoryChecks categories;

	private final CostCentreChecks costCentres;

	TransactionCategoryChecks(CategoryChecks categories, CostCentreChecks costCentres) {
		this.categories = categories;
		this.costCentres = costCentres;
	}

	@Override
	public @Nullable String categoryRefusal(long categoryId, boolean credit) {
		return this.categories.refusal(categoryId, credit ? CategoryKind.REVENUE : CategoryKind.EXPENSE);
	}

	@Override
	public @Nullable String costCentreRefusal(long costCentreId) {
		return this.costCentres.refusal(costCentreId);
	}

}
