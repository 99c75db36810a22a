package br.suite.customers;

import org.springframework.ui.Model;

/**
 * A part of a customer's page ({@code /app/customers/{id}/}) that another module fills,
 * as fins does with the customer's records and the form for a new one: customers knows
 * the section only by this port, so it depends on no module that refers to customers.
 */
public interface ClientePageSection {

	/**
	 * The Thymeleaf fragment shown after the customer's data, e.g.
	 * {@code "fins-section :: section"}.
	 */
	String fragment();

	/**
	 * Adds what the fragment shows for the customer to the model ({@code page}: the
	 * section's page, from {@code ?pagina=}).
	 * @return whether the section is shown: false when the signed-in person may not see
	 * it
	 */
	boolean addTo(Model model, long clienteId, int page);

}
