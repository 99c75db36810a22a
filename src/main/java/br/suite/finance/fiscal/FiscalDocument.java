package br.suite.finance.fiscal;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import org.jspecify.annotations.Nullable;
import org.springframework.data.annotation.Id;
import org.springframework.data.annotation.Version;
import org.springframework.data.relational.core.mapping.Table;

/**
 * A fiscal document and its fiscal content. Its related transactions are not stored here:
 * each transaction's {@code matched_document_id} is the single record of that link.
 */
@Table("finance_fiscal_document")
class FiscalDocument {

	@Id
	@Nullable Long id;

	/**
	 * Where the document came from; {@code manual} when entered through the API. Never
	 * changes.
	 */
	String provider;

	String type;

	String number;

	String series;

	BigDecimal amount;

	String customerName;

	String customerDocument;

	String accessKey;

	@Nullable LocalDate issueDate;

	/** Charges live at the provider; their ids are kept as given. */
	List<Long> relatedChargeIds;

	String status;

	@Nullable String fileUrl;

	@Version
	@Nullable Long version;

	Instant createdAt;

	Instant updatedAt;

	FiscalDocument(String provider) {
		this.provider = provider;
		this.type = "";
		this.number = "";
		this.series = "";
		this.amount = BigDecimal.ZERO;
		this.customerName = "";
		this.customerDocument = "";
		this.accessKey = "";
		this.relatedChargeIds = List.of();
		this.status = "";
		this.createdAt = Instant.now().truncatedTo(ChronoUnit.MICROS);
		this.updatedAt = this.createdAt;
	}

	long id() {
		return Objects.requireNonNull(this.id);
	}

	/**
	 * The fields an audit event compares, with the linked transactions (kept elsewhere).
	 */
	Map<String, @Nullable Object> audited(List<Long> relatedTransactionIds) {
		Map<String, @Nullable Object> fields = new LinkedHashMap<>();
		fields.put("provider", this.provider);
		fields.put("type", this.type);
		fields.put("number", this.number);
		fields.put("series", this.series);
		fields.put("amount", this.amount.toPlainString());
		fields.put("customer_name", this.customerName);
		fields.put("customer_document", this.customerDocument);
		fields.put("access_key", this.accessKey);
		fields.put("issue_date", this.issueDate == null ? null : this.issueDate.toString());
		fields.put("related_charge_ids", List.copyOf(this.relatedChargeIds));
		fields.put("related_transaction_ids", relatedTransactionIds.stream().sorted().toList());
		fields.put("file_url", this.fileUrl);
		return fields;
	}

	void touch() {
		this.updatedAt = Instant.now().truncatedTo(ChronoUnit.MICROS);
	}

}
