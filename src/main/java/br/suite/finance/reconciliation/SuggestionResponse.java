package br.suite.finance.reconciliation;

import java.math.BigDecimal;

import io.swagger.v3.oas.annotations.media.Schema;
import org.jspecify.annotations.Nullable;

import br.suite.shared.Money;
import tools.jackson.databind.annotation.JsonSerialize;

/**
 * A candidate allocation that is not exact: for a person to accept, never made
 * automatically.
 */
@Schema(description = "A reconciliation suggestion")
record SuggestionResponse(long transactionId, @Nullable Long chargeId, @Nullable Long fiscalDocumentId,
		@Schema(description = "A payable installment's bill, for a debit: accept it by paying the installment "
				+ "(POST /api/finance/bills/{bill_id}/installments/{installment_number}/payments/ with "
				+ "transaction_id); null otherwise") @Nullable Long billId,
		@Schema(description = "The installment of bill_id; null otherwise") @Nullable Integer installmentNumber,
		@Schema(type = "string", example = "1234.56", description = "What accepting it allocates") @JsonSerialize(
				using = Money.Writer.class) BigDecimal amount,
		@Schema(example = "0.9",
				description = "0 to 1; lower when the transaction or the target has other "
						+ "candidates") BigDecimal score,
		@Schema(example = "same amount 1234.56; payer document equal; paid 2 days after due date") String explanation) {
}
