package br.suite.finance.fiscal;

import java.util.Objects;

import org.springframework.stereotype.Component;
import org.springframework.transaction.annotation.Propagation;
import org.springframework.transaction.annotation.Transactional;

import br.suite.finance.ReceivedInvoices;
import br.suite.shared.ClosedSet;

/**
 * {@link ReceivedInvoices}: a supplier's NF-e becomes a fiscal document through the same
 * checks, uniqueness of the key and audit as one entered through the API, with its own
 * provider code.
 */
@Component
class ReceivedInvoiceRegistry implements ReceivedInvoices {

	static final String PROVIDER = "nfe_xml";

	private final FiscalDocumentService documents;

	ReceivedInvoiceRegistry(FiscalDocumentService documents) {
		this.documents = documents;
	}

	@Override
	@Transactional(propagation = Propagation.MANDATORY)
	public long register(Invoice invoice) {
		FiscalDocumentRequest request = new FiscalDocumentRequest(ClosedSet.wire(FiscalDocumentType.NFE),
				Integer.toString(invoice.number()), invoice.amount(), invoice.recipientName(),
				Integer.toString(invoice.series()), invoice.accessKey(), invoice.issueDate(),
				invoice.recipientDocument(), null, null, ClosedSet.wire(FiscalDocumentStatus.AUTHORIZED), null);
		return Objects.requireNonNull(this.documents.create(request, PROVIDER).body().id());
	}

}
