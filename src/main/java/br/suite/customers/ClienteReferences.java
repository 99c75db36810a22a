package br.suite.customers;

/**
 * Implemented by a module whose records refer to customers, so that a referenced customer
 * is not deleted (409) and is deactivated instead. Customers asks every implementation
 * without depending on the modules behind them.
 */
public interface ClienteReferences {

	/** What the referring records are called in the 409 body, e.g. {@code "fins"}. */
	String kind();

	/**
	 * How many records refer to the customer. Called inside the deleting transaction,
	 * after the customer's row was locked, so records attached through
	 * {@link ClienteDirectory#exists(long)} are all counted.
	 */
	long countReferring(long clienteId);

}
