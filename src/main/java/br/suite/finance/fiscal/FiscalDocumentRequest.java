package br.suite.finance.fiscal;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.List;

import io.swagger.v3.oas.annotations.media.Schema;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Positive;
import jakarta.validation.constraints.Size;
import org.jspecify.annotations.Nullable;

import br.suite.shared.ClosedSet;
import br.suite.shared.Money;
import tools.jackson.databind.annotation.JsonDeserialize;
import tools.jackson.databind.annotation.JsonSerialize;

/**
 * The writable fields of a fiscal document (op 10): {@code type}, {@code number},
 * {@code amount} and {@code customer_name} are required; absent optional fields take
 * their defaults.
 */
public record FiscalDocumentRequest(@Schema(allowableValues = {
		"nfe", "nfce", "nfse", "cte" }) @NotBlank String type,
		@Schema(description = "The document number; must equal the access key's nNF when a key is given") @NotBlank @Size(
				max = 20) String number,
		@Schema(type = "string", example = "1234.50",
				description = "Positive, at most two decimals; a JSON " + "number is accepted too") @NotNull @Positive(
						message = "must be greater than 0") @JsonSerialize(using = Money.Writer.class) @JsonDeserialize(
								using = Money.Reader.class) BigDecimal amount,
		@NotBlank @Size(max = 200) String customerName,
		@Schema(description = "Empty, or equal to the access key's série (filled from the key when empty)") @Size(
				max = 10) @Nullable String series,
		@Schema(description = "The 44-character chave de acesso (spaces allowed), unique; its model, série, "
				+ "number and year-month must agree with type, series, number and issue_date") @Size(
						max = 60) @Nullable String accessKey,
		@Nullable LocalDate issueDate,
		@Schema(description = "CPF or CNPJ (numeric or alphanumeric), with or without punctuation; stored "
				+ "without") @Size(max = 30) @Nullable String customerDocument,
		@Schema(description = "Ids of charges at the provider, kept as given (duplicates dropped)") @Nullable @Size(
				max = 1000) List<@NotNull @Positive Long> relatedChargeIds,
		@Schema(description = "Ids of existing transactions; each one's matched_document_id becomes this "
				+ "document (one document per transaction). Returned ordered by id.") @Nullable @Size(
						max = 1000) List<@NotNull @Positive Long> relatedTransactionIds,
		@Schema(allowableValues = { "draft", "processing", "authorized", "rejected", "denied", "cancelled" },
				description = "Default draft; see docs/api.md for the allowed transitions") @Nullable String status,
		@Schema(format = "uri", description = "Absolute http(s) URL of the XML or DANFE; null when none") @Size(
				max = 2000) @Nullable String fileUrl){

	public FiscalDocumentRequest {
		type = type == null ? null : type.strip();
		number = number == null ? null : number.strip();
		customerName = customerName == null ? null : customerName.strip();
		series = series == null ? "" : series.strip();
		accessKey = accessKey == null ? "" : accessKey;
		customerDocument = customerDocument == null ? "" : customerDocument;
		relatedChargeIds = relatedChargeIds == null ? List.of() : distinct(relatedChargeIds);
		relatedTransactionIds = relatedTransactionIds == null ? List.of() : distinct(relatedTransactionIds);
		status = status == null ? ClosedSet.wire(FiscalDocumentStatus.DRAFT) : status;
		fileUrl = fileUrl == null || fileUrl.isBlank() ? null : fileUrl.strip();
	}

	static FiscalDocumentRequest of(FiscalDocument document, List<Long> relatedTransactionIds) {
		return new FiscalDocumentRequest(document.type, document.number, document.amount, document.customerName,
				document.series, document.accessKey, document.issueDate, document.customerDocument,
				document.relatedChargeIds, relatedTransactionIds, document.status, document.fileUrl);
	}

	// Nulls are left in so that validation names them instead of a NullPointerException.
	private static List<Long> distinct(List<Long> ids) {
		return ids.stream().distinct().toList();
	}

}
