package br.suite.finance.fiscal;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;

import io.swagger.v3.oas.annotations.media.Schema;
import org.jspecify.annotations.Nullable;

import br.suite.shared.Money;
import tools.jackson.databind.annotation.JsonSerialize;

public record FiscalDocumentResponse(long id,
		@Schema(description = "Where the document came from: manual when entered through the API") String provider,
		@Schema(allowableValues = {
				"nfe", "nfce", "nfse", "cte" }) String type,
		String number,
		@Schema(type = "string", example = "1234.50") @JsonSerialize(using = Money.Writer.class) BigDecimal amount,
		String customerName, String series, String accessKey, @Nullable LocalDate issueDate, String customerDocument,
		List<Long> relatedChargeIds,
		@Schema(description = "The transactions whose matched_document_id is this document, ordered by id") List<Long> relatedTransactionIds,
		@Schema(allowableValues = { "draft", "processing", "authorized", "rejected", "denied",
				"cancelled" }) String status,
		@Schema(format = "uri") @Nullable String fileUrl, Instant createdAt, Instant updatedAt){

	static FiscalDocumentResponse from(FiscalDocument document, List<Long> relatedTransactionIds) {
		return new FiscalDocumentResponse(document.id(), document.provider, document.type, document.number,
				document.amount, document.customerName, document.series, document.accessKey, document.issueDate,
				document.customerDocument, document.relatedChargeIds, relatedTransactionIds, document.status,
				document.fileUrl, document.createdAt, document.updatedAt);
	}

	FiscalDocumentResponse withRelatedTransactionIds(List<Long> transactionIds) {
		return new FiscalDocumentResponse(this.id, this.provider, this.type, this.number, this.amount,
				this.customerName, this.series, this.accessKey, this.issueDate, this.customerDocument,
				this.relatedChargeIds, transactionIds, this.status, this.fileUrl, this.createdAt, this.updatedAt);
	}

}
