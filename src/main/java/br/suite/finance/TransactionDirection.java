package br.suite.finance;

/** Which way the money went; the amount itself is always positive. */
public enum TransactionDirection {

	/** Money in (a Pix received, a boleto paid to the company). */
	CREDIT,

	/** Money out (a payment, a fee, a transfer sent). */
	DEBIT

}
