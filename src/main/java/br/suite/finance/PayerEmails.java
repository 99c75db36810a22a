package br.suite.finance;

import java.util.Collection;
import java.util.Map;

/**
 * Where the régua de cobrança writes to when a charge has no {@code payer_email}: the
 * e-mail of the cliente with the charge's payer CPF/CNPJ. Declared here, implemented by
 * bills (which reads customers), so finance depends on no module that knows customers.
 */
public interface PayerEmails {

	/**
	 * The e-mail of the cliente with each canonical CPF/CNPJ, for those that have one.
	 */
	Map<String, String> byDocument(Collection<String> documents);

}
