package br.suite.finance.transaction;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;

import io.swagger.v3.oas.annotations.media.Schema;
import org.jspecify.annotations.Nullable;

import br.suite.finance.TransactionImports;
import br.suite.shared.Money;
import tools.jackson.databind.annotation.JsonSerialize;

/**
 * A bank transaction as clients read it; the system writes it through
 * {@link TransactionImports}.
 */
public record TransactionResponse(long id, String externalId, String provider, String accountId,
		LocalDate transactionDate, @Nullable Instant postedAt,
		@Schema(type = "string", example = "1234.50",
				description = "Always positive; the sign is the direction") @JsonSerialize(
						using = Money.Writer.class) BigDecimal amount,
		@Schema(allowableValues = {
				"credit", "debit" }) String direction,
		@Schema(allowableValues = { "pending", "settled", "reversed", "cancelled" }) String status, String description,
		String payerName,
		@Schema(description = "CPF (11) or CNPJ (14, may be alphanumeric) without punctuation, or empty") String payerDocument,
		String correlationId, String bankReferenceId,
		@Schema(description = "Pix end-to-end id (32 characters, case kept), or empty") String endToEndId,
		String chargeExternalId,
		@Schema(description = "The charge this transaction is allocated to when it has exactly one charge "
				+ "allocation; null otherwise (see /api/finance/allocations/?transaction_id=…)") @Nullable Long matchedChargeId,
		@Schema(description = "The fiscal document this transaction is allocated to when it has exactly one "
				+ "document allocation; null otherwise") @Nullable Long matchedDocumentId,
		@Schema(type = "string", example = "100.00", description = "Sum of its allocations") @JsonSerialize(
				using = Money.Writer.class) BigDecimal allocatedAmount,
		@Schema(type = "string", example = "0.00", description = "amount − allocated_amount") @JsonSerialize(
				using = Money.Writer.class) BigDecimal unallocatedAmount,
		Instant createdAt, Instant updatedAt,
		@Schema(description = "The bills module's category classifying it, or null (PATCH, or a category rule at "
				+ "import)") @Nullable Long categoryId,
		@Schema(description = "The cost centre classifying it, or null") @Nullable Long costCentreId){
}
