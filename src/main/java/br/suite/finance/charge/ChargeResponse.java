package br.suite.finance.charge;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.swagger.v3.oas.annotations.media.Schema;
import org.jspecify.annotations.Nullable;

import br.suite.shared.Money;
import tools.jackson.databind.annotation.JsonSerialize;

/** A charge as clients read it; what was paid comes from its allocations. */
public record ChargeResponse(long id, @Schema(allowableValues = {
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
		Instant createdAt, Instant updatedAt,
		@Schema(description = "Read-only. The Pix charge created at a provider by POST …/pix/ (its txid is txid): "
				+ "the connection holding it, or null when none was created") @Nullable Long pixConnectionId,
		@Schema(allowableValues = { "", "cob", "cobv" },
				description = "Read-only. cob (immediate, no due date) or cobv (due date); empty when none "
						+ "was created at a provider") String pixKind,
		@Schema(description = "Read-only. Its status at the provider as Suite last saw it: ATIVA, "
				+ "REMOVIDA_PELO_USUARIO_RECEBEDOR once cancelled there; empty when none") String pixStatus,
		@Schema(description = "Read-only. The dynamic BR Code (Pix copia e cola) of the provider's charge; empty "
				+ "when none was created") @JsonProperty("pix_copia_e_cola") String pixCopiaECola,
		@Schema(description = "Read-only. The provider's location of that charge (no scheme); empty when none") String pixLocation,
		@Schema(description = "Read-only. The public payment page to send to the payer (no sign-in: payee, "
				+ "amount, due date, description, QR code and copia e cola, status): SUITE_PUBLIC_BASE_URL + "
				+ "/pagar/{token}. Null for charges that are not pix or when SUITE_PUBLIC_BASE_URL is not "
				+ "set") @Nullable String paymentUrl,
		@Schema(description = "The payer's e-mail for the régua de cobrança, or empty (then the cliente's with "
				+ "the payer's CPF/CNPJ)") String payerEmail){
}
