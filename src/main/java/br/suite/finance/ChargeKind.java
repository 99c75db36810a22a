package br.suite.finance;

/** How a charge is to be paid. */
public enum ChargeKind {

	/**
	 * A Pix charge (cobrança imediata or com vencimento), usually with a txid in its QR
	 * code.
	 */
	PIX,

	/** A boleto, identified at the bank by its nosso número. */
	BOLETO,

	/** A card payment (the acquirer's id is external_id). */
	CARD,

	/** A TED or other bank transfer. */
	TRANSFER,

	/** Anything else (cash, cheque…). */
	OTHER

}
