package br.suite.finance;

/** Where a bank transaction stands at the provider. */
public enum TransactionStatus {

	/** Announced but not yet settled (a scheduled Pix, a boleto in compensation). */
	PENDING,

	/** The money moved. A bank-statement line is settled. */
	SETTLED,

	/** Settled and then returned (Pix devolução, estorno, chargeback). */
	REVERSED,

	/** Never settled and never will (a cancelled boleto or scheduled payment). */
	CANCELLED

}
