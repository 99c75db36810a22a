package br.suite.finance.fiscal;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.YearMonth;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

import org.jspecify.annotations.Nullable;

import br.suite.finance.FinanceFields;
import br.suite.shared.ClosedSet;
import br.suite.shared.documents.InvalidAccessKey;
import br.suite.shared.InvalidRequest;
import br.suite.shared.documents.NfeAccessKey;

/**
 * A fiscal document request after its checks: parsed, normalised and cross-checked
 * against the access key (model, série, number and month of issue).
 */
record FiscalDocumentContent(FiscalDocumentType type, String number, String series, BigDecimal amount,
		String customerName, String customerDocument, String accessKey, @Nullable LocalDate issueDate,
		List<Long> relatedChargeIds, List<Long> relatedTransactionIds, FiscalDocumentStatus status,
		@Nullable String fileUrl) {

	static FiscalDocumentContent of(FiscalDocumentRequest request, InvalidRequest.Builder errors) {
		FiscalDocumentType type = ClosedSet.required(FiscalDocumentType.class, "type", request.type(), errors);
		String number = FinanceFields.text(request.number(), "number", 20, true, errors);
		String series = FinanceFields.text(request.series(), "series", 10, false, errors);
		String customerName = FinanceFields.text(request.customerName(), "customer_name", 200, true, errors);
		String customerDocument = FinanceFields.taxId(request.customerDocument(), "customer_document", errors);
		FiscalDocumentStatus status = ClosedSet.required(FiscalDocumentStatus.class, "status", request.status(),
				errors);
		String fileUrl = FinanceFields.url(request.fileUrl(), "file_url", 2000, errors);
		String accessKey = "";
		if (!Objects.requireNonNull(request.accessKey()).isBlank()) {
			try {
				NfeAccessKey key = NfeAccessKey.parse(request.accessKey());
				accessKey = key.value();
				series = crossCheck(key, type, number, series, request.issueDate(), errors);
			}
			catch (InvalidAccessKey ex) {
				errors.add("access_key", ex.getMessage());
			}
		}
		return new FiscalDocumentContent(type == null ? FiscalDocumentType.NFE : type, number, series,
				Objects.requireNonNull(request.amount()), customerName, customerDocument, accessKey,
				request.issueDate(), request.relatedChargeIds(), request.relatedTransactionIds(),
				status == null ? FiscalDocumentStatus.DRAFT : status, fileUrl.isEmpty() ? null : fileUrl);
	}

	/**
	 * The key carries the model, série, number and year-month of the document: a key that
	 * disagrees with the fields is a typo in one of them, and each disagreeing field is
	 * named.
	 * @return the series, filled from the key when it was left empty
	 */
	private static String crossCheck(NfeAccessKey key, @Nullable FiscalDocumentType type, String number, String series,
			@Nullable LocalDate issueDate, InvalidRequest.Builder errors) {
		FiscalDocumentType keyType = FiscalDocumentType.ofModel(key.model()).orElse(null);
		if (type != null && keyType != type) {
			errors.add("type",
					"is " + ClosedSet.wire(type) + " but the access key is of model " + key.model()
							+ (keyType == null ? ", which is none of nfe (55), nfce (65), cte (57)"
									: " (" + ClosedSet.wire(keyType) + ")")
							+ (type == FiscalDocumentType.NFSE ? "; an NFS-e has no 44-character access key" : ""));
		}
		if (!number.isEmpty() && !sameNumber(number, key.number())) {
			errors.add("number", "is " + number + " but the access key holds number " + key.number());
		}
		String checkedSeries = series;
		if (series.isEmpty()) {
			checkedSeries = Integer.toString(key.series());
		}
		else if (!sameNumber(series, key.series())) {
			errors.add("series", "is " + series + " but the access key holds series " + key.series());
		}
		if (issueDate != null && !YearMonth.from(issueDate).equals(key.yearMonth())) {
			errors.add("issue_date",
					"is in " + YearMonth.from(issueDate) + " but the access key was issued in " + key.yearMonth());
		}
		return checkedSeries;
	}

	private static boolean sameNumber(String text, long expected) {
		if (!text.matches("[0-9]{1,20}")) {
			return false;
		}
		String digits = text.replaceFirst("^0+(?=.)", "");
		return digits.equals(Long.toString(expected));
	}

	/** The fiscal fields (wire names) whose value differs from the document's. */
	List<String> changedFrom(FiscalDocument document) {
		List<String> changed = new ArrayList<>();
		if (!document.type.equals(ClosedSet.wire(this.type()))) {
			changed.add("type");
		}
		if (!document.number.equals(this.number())) {
			changed.add("number");
		}
		if (!document.series.equals(this.series())) {
			changed.add("series");
		}
		if (document.amount.compareTo(this.amount()) != 0) {
			changed.add("amount");
		}
		if (!document.customerName.equals(this.customerName())) {
			changed.add("customer_name");
		}
		if (!document.customerDocument.equals(this.customerDocument())) {
			changed.add("customer_document");
		}
		if (!document.accessKey.equals(this.accessKey())) {
			changed.add("access_key");
		}
		if (!Objects.equals(document.issueDate, this.issueDate())) {
			changed.add("issue_date");
		}
		return changed;
	}

	void applyTo(FiscalDocument document) {
		document.type = ClosedSet.wire(this.type());
		document.number = this.number();
		document.series = this.series();
		document.amount = this.amount();
		document.customerName = this.customerName();
		document.customerDocument = this.customerDocument();
		document.accessKey = this.accessKey();
		document.issueDate = this.issueDate();
		document.relatedChargeIds = this.relatedChargeIds();
		document.status = ClosedSet.wire(this.status());
		document.fileUrl = this.fileUrl();
	}

}
