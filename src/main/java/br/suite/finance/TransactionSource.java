package br.suite.finance;

/** Where a transaction came from; it decides which later writes may change it. */
public enum TransactionSource {

	/** A statement file: CSV, OFX/OFC or CNAB. Later files may replace it. */
	FILE,

	/** The provider's pull sync (API Pix), through a connection. */
	PROVIDER_SYNC,

	/** The provider's webhook, through a connection. */
	WEBHOOK

}
