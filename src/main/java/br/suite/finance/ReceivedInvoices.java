package br.suite.finance;

import java.math.BigDecimal;
import java.time.LocalDate;

/**
 * The port through which bills registers the NF-e a supplier issued to the company (a
 * payable imported from its XML) as a fiscal document: {@code type nfe}, the access key,
 * the number, série, issue date and {@code vNF}, the recipient (the company) as its
 * customer, status {@code authorized} and provider {@code nfe_xml}; audited as any fiscal
 * document. Implemented by the {@code fiscal} slice; runs in the caller's database
 * transaction.
 */
public interface ReceivedInvoices {

	/** What the XML says of the document. */
	record Invoice(String accessKey, int number, int series, LocalDate issueDate, BigDecimal amount,
			String recipientName, String recipientDocument) {
	}

	/**
	 * Registers the document and answers its id.
	 * @throws FinanceProblems.AccessKeyTaken (409 with {@code existing_id}) when a fiscal
	 * document already holds the key
	 */
	long register(Invoice invoice);

}
