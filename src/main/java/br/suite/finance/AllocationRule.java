package br.suite.finance;

/**
 * Why money was allocated: an exact key (automatic), an accepted suggestion, or a
 * person's decision.
 */
public enum AllocationRule {

	/** The transaction's Pix end-to-end id equals the charge's. */
	END_TO_END_ID,

	/** The transaction's correlation id equals the charge's Pix txid. */
	TXID,

	/** The transaction's charge_external_id equals the charge's external_id. */
	EXTERNAL_ID,

	/** The transaction's bank reference equals the charge's boleto nosso número. */
	NOSSO_NUMERO,

	/**
	 * A suggestion (same amount, same payer, paid near the due date) that a person
	 * accepted.
	 */
	SUGGESTION,

	/**
	 * Typed by a person (an allocation, or a fiscal document's related_transaction_ids).
	 */
	MANUAL

}
