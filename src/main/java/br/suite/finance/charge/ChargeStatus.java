package br.suite.finance.charge;

/**
 * Where a charge stands, derived from what transactions were allocated to it; only
 * {@code cancelled} is set by a client (and only while nothing is paid).
 */
enum ChargeStatus {

	/** Nothing allocated yet. */
	OPEN,

	/** Some of the amount is allocated, not all. */
	PARTIALLY_PAID,

	/** Allocations cover the amount exactly. */
	PAID,

	/**
	 * Covered, by a transaction that brought more than was open: the surplus stays
	 * unallocated on that transaction (to refund, or to allocate elsewhere).
	 */
	OVERPAID,

	/** Called off; it takes no payments. */
	CANCELLED

}
