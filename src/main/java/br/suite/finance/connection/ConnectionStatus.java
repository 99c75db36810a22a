package br.suite.finance.connection;

/**
 * The health of a provider connection as last observed. Any value may follow any other:
 * the client or the provider sync states what it saw. Switching a connection off is
 * {@code enabled: false}, not a status.
 */
public enum ConnectionStatus {

	/** Created; the credentials have not been proven yet. */
	PENDING,

	/** Working: the last contact with the provider succeeded. */
	ACTIVE,

	/**
	 * The last contact failed (authentication, certificate, network); see the sync logs.
	 */
	ERROR,

	/** The provider revoked or expired the credentials; they must be renewed. */
	REVOKED

}
