package br.suite.finance.charge;

import java.math.BigDecimal;
import java.time.LocalDate;

import io.swagger.v3.oas.annotations.media.Schema;
import org.jspecify.annotations.Nullable;

import br.suite.shared.Money;
import tools.jackson.databind.annotation.JsonDeserialize;
import tools.jackson.databind.annotation.JsonSerialize;

/**
 * The writable fields of a charge: {@code kind} and {@code amount} are required on
 * create; PATCH sends any of them. {@code paid_amount}, {@code open_amount} and
 * {@code status} are derived and not writable.
 */
@Schema(description = "A charge (cobrança) as written by a client")
public record ChargeRequest(@Schema(allowableValues = {
		"pix", "boleto", "card", "transfer", "other" }, description = "Required") @Nullable String kind,
		@Schema(description = "Provider code of the charge's issuer (1-40 of a-z 0-9 - _), or empty",
				example = "efi") @Nullable String provider,
		@Schema(description = "The provider's id of the charge, ≤ 100; unique per provider when set") @Nullable String externalId,
		@Schema(description = "Pix txid: empty or 26-35 letters and digits (case kept)",
				example = "7d9f0335a1b24c6c8f1e2a3b4c5d6e7f") @Nullable String txid,
		@Schema(description = "Boleto nosso número, ≤ 40") @Nullable String nossoNumero,
		@Schema(description = "Pix end-to-end id of the payment, when the provider reported it (32 letters and "
				+ "digits)") @Nullable String endToEndId,
		@Schema(description = "≤ 200") @Nullable String payerName,
		@Schema(description = "Empty or a CPF/CNPJ with valid check digits, with or without punctuation") @Nullable String payerDocument,
		@Schema(type = "string", example = "1234.50",
				description = "Required; positive, at most two decimals") @JsonSerialize(
						using = Money.Writer.class) @JsonDeserialize(
								using = Money.Reader.class) @Nullable BigDecimal amount,
		@Nullable LocalDate dueDate, @Schema(description = "≤ 500") @Nullable String description,
		@Schema(description = "An existing fiscal document this charge bills, or null") @Nullable Long fiscalDocumentId,
		@Schema(description = "Where the régua de cobrança writes to (name@domain.tld, ≤ 254), or empty: then the "
				+ "e-mail of the cliente with the payer's CPF/CNPJ") @Nullable String payerEmail){
}
