package br.suite.customers;

/**
 * Implemented by a module whose records refer to suppliers, so a referenced supplier is
 * not deleted (409) and is deactivated instead; the counterpart of
 * {@link ClienteReferences}.
 */
public interface FornecedorReferences {

	/** What the referring records are called in the 409 body, e.g. {@code "bills"}. */
	String kind();

	/**
	 * How many records refer to the supplier. Called inside the deleting transaction,
	 * after the supplier's row was locked.
	 */
	long countReferring(long fornecedorId);

}
