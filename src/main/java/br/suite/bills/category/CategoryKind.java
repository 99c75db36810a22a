package br.suite.bills.category;

/** Whether a category classifies money in (revenue) or out (expense). */
public enum CategoryKind {

	REVENUE, EXPENSE

}
