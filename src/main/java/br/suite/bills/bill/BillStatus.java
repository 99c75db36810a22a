package br.suite.bills.bill;

/** Where a bill (and each installment) stands, derived from what was paid. */
enum BillStatus {

	/** Nothing paid yet. */
	OPEN,

	/** Something paid, not all. */
	PARTIALLY_PAID,

	/** Everything paid. */
	PAID,

	/** Called off while nothing was paid; it takes no payments. */
	CANCELLED

}
