package br.suite.finance;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;

import jakarta.validation.Validator;

import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Service;

import br.suite.shared.BeanChecks;
import br.suite.shared.Paging;

/**
 * Fiscal documents for callers inside the application (the web pages): the same filters,
 * checks and errors as {@code /api/finance/fiscal-documents/} (Bean Validation of the
 * request, then the service's access-key, CPF/CNPJ and uniqueness rules).
 */
@Service
public class FiscalDocumentDesk {

	private final FiscalDocumentService documents;

	private final Validator validator;

	FiscalDocumentDesk(FiscalDocumentService documents, Validator validator) {
		this.documents = documents;
		this.validator = validator;
	}

	public record DocumentView(long id, String provider, String type, String number, String series, BigDecimal amount,
			String customerName, String customerDocument, String accessKey, @Nullable LocalDate issueDate,
			String status, @Nullable String fileUrl, List<Long> relatedChargeIds, List<Long> relatedTransactionIds,
			Instant createdAt, Instant updatedAt) {

		static DocumentView of(FiscalDocumentResponse d) {
			return new DocumentView(d.id(), d.provider(), d.type(), d.number(), d.series(), d.amount(),
					d.customerName(), d.customerDocument(), d.accessKey(), d.issueDate(), d.status(), d.fileUrl(),
					d.relatedChargeIds(), d.relatedTransactionIds(), d.createdAt(), d.updatedAt());
		}

		/** The access key in groups of four, as the DANFE prints it. */
		public String accessKeyGroups() {
			StringBuilder groups = new StringBuilder();
			for (int i = 0; i < this.accessKey.length(); i += 4) {
				groups.append(i == 0 ? "" : " ").append(this.accessKey, i, Math.min(i + 4, this.accessKey.length()));
			}
			return groups.toString();
		}

	}

	public record DocumentPage(List<DocumentView> documents, long total) {
	}

	/** The fields the page enters; related charges and transactions are left empty. */
	public record DocumentForm(String type, String number, String series, @Nullable BigDecimal amount,
			String customerName, String customerDocument, String accessKey, @Nullable LocalDate issueDate,
			String status, @Nullable String fileUrl) {
	}

	public DocumentPage list(@Nullable String type, @Nullable String status, @Nullable LocalDate dateFrom,
			@Nullable LocalDate dateTo, @Nullable String customerDocument, @Nullable String q, int limit, int offset) {
		FiscalDocumentService.Listing listing = this.documents.list(
				new FiscalDocumentService.Filter(type, status, null, dateFrom, dateTo, customerDocument, q),
				new Paging(limit, offset));
		return new DocumentPage(listing.documents().stream().map(DocumentView::of).toList(), listing.total());
	}

	public DocumentView get(long id) {
		return DocumentView.of(this.documents.get(id).body());
	}

	public DocumentView create(DocumentForm form) {
		FiscalDocumentRequest request = new FiscalDocumentRequest(blankToNull(form.type()), blankToNull(form.number()),
				form.amount(), blankToNull(form.customerName()), form.series(), form.accessKey(), form.issueDate(),
				form.customerDocument(), null, null, blankToNull(form.status()), form.fileUrl());
		BeanChecks.check(this.validator, request);
		return DocumentView.of(this.documents.create(request).body());
	}

	private static @Nullable String blankToNull(@Nullable String value) {
		return value == null || value.isBlank() ? null : value;
	}

}
