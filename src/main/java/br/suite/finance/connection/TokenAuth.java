package br.suite.finance.connection;

/**
 * How a Pix provider wants the client authenticated when asking for a token (OAuth 2.0
 * client credentials, RFC 6749 § 2.3).
 */
public enum TokenAuth {

	/** HTTP Basic with client_id:client_secret (Efí, Banco do Brasil, Bradesco). */
	BASIC,

	/** client_id and client_secret in the form body (Inter, Itaú, Santander). */
	FORM,

	/** client_id alone in the form body; the certificate proves the rest (Sicoob). */
	CLIENT_ID_ONLY

}
