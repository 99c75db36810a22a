package br.suite.bills.category;

import java.util.EnumSet;
import java.util.Set;

/**
 * The line of the DRE (demonstração do resultado) a category's money falls on;
 * {@code none} is cash that never reaches the DRE (transfers, loan principal, owners'
 * contributions).
 */
enum DreLine {

	GROSS_REVENUE, DEDUCTIONS, COSTS, OPERATING_EXPENSES, OTHER_REVENUE, OTHER_EXPENSES, FINANCIAL_REVENUE,
	FINANCIAL_EXPENSES, INCOME_TAXES, NONE;

	private static final Set<DreLine> REVENUE = EnumSet.of(GROSS_REVENUE, OTHER_REVENUE, FINANCIAL_REVENUE, NONE);

	/** Revenue falls on a revenue line (or none); an expense on any other line. */
	boolean fits(CategoryKind kind) {
		return this == NONE || (kind == CategoryKind.REVENUE) == REVENUE.contains(this);
	}

}
