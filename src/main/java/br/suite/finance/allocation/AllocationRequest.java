package br.suite.finance.allocation;

import java.math.BigDecimal;

import io.swagger.v3.oas.annotations.media.Schema;
import org.jspecify.annotations.Nullable;

import br.suite.shared.Money;
import tools.jackson.databind.annotation.JsonDeserialize;
import tools.jackson.databind.annotation.JsonSerialize;

/**
 * Allocate part of a credit transaction to a charge or to a fiscal document (exactly one
 * of the two).
 */
record AllocationRequest(@Schema(description = "Required: a credit transaction") @Nullable Long transactionId,
		@Schema(description = "The charge paid; give this or fiscal_document_id") @Nullable Long chargeId,
		@Schema(description = "The fiscal document paid; give this or charge_id") @Nullable Long fiscalDocumentId,
		@Schema(type = "string", example = "100.00",
				description = "Optional: default the most both sides still " + "have open") @JsonSerialize(
						using = Money.Writer.class) @JsonDeserialize(
								using = Money.Reader.class) @Nullable BigDecimal amount) {
}
