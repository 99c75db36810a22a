package br.suite.bills.bill;

/** What the company owes (to a fornecedor) or is owed (by a cliente). */
public enum BillDirection {

	PAYABLE, RECEIVABLE

}
