package br.suite.finance;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;

import io.swagger.v3.oas.annotations.media.Schema;
import org.jspecify.annotations.Nullable;

import br.suite.shared.Money;
import tools.jackson.databind.annotation.JsonSerialize;

/** A charge as clients read it; what was paid comes from its allocations. */
record ChargeResponse(long id, @Schema(allowableValues = {
		"pix", "boleto", "card", "transfer", "other" }) String kind, String provider, String externalId, String txid,
		String nossoNumero, String endToEndId, String payerName,
		@Schema(description = "CPF or CNPJ without punctuation, or empty") String payerDocument,
		@Schema(type = "string", example = "1234.50") @JsonSerialize(using = Money.Writer.class) BigDecimal amount,
		@Schema(type = "string", description = "Sum of the allocations to this charge") @JsonSerialize(
				using = Money.Writer.class) BigDecimal paidAmount,
		@Schema(type = "string", description = "amount − paid_amount (0 when cancelled)") @JsonSerialize(
				using = Money.Writer.class) BigDecimal openAmount,
		@Schema(allowableValues = { "open", "partially_paid", "paid", "overpaid", "cancelled" }) String status,
		@Nullable LocalDate dueDate,
		@Schema(description = "transaction_date of the latest transaction allocated to it; null when unpaid") @Nullable LocalDate paidOn,
		String description, @Nullable Long fiscalDocumentId,
		@Schema(description = "Read-only. For pix charges: the reference (≤ 25 letters and digits) Suite puts in "
				+ "field 62/05 of the charge's static BR Code; a Pix paid through that code arrives with it as its "
				+ "txid, which the automatic matching compares like txid. Empty for other kinds.") String pixReference,
		Instant createdAt, Instant updatedAt){
}
