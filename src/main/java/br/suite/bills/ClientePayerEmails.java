package br.suite.bills;

import java.util.Collection;
import java.util.Map;

import org.springframework.stereotype.Component;

import br.suite.customers.ClienteDirectory;
import br.suite.finance.PayerEmails;

/**
 * Finance's {@link PayerEmails}: the régua de cobrança writes to the cliente with the
 * charge's payer CPF/CNPJ when the charge has no e-mail of its own. Here because bills is
 * the module that reads both customers and finance (a receivable installment's charge
 * carries its cliente's document).
 */
@Component
class ClientePayerEmails implements PayerEmails {

	private final ClienteDirectory clientes;

	ClientePayerEmails(ClienteDirectory clientes) {
		this.clientes = clientes;
	}

	@Override
	public Map<String, String> byDocument(Collection<String> documents) {
		return this.clientes.emails(documents);
	}

}
