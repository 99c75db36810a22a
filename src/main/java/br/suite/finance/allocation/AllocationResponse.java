package br.suite.finance.allocation;

import java.math.BigDecimal;
import java.time.Instant;

import io.swagger.v3.oas.annotations.media.Schema;
import org.jspecify.annotations.Nullable;

import br.suite.shared.Money;
import tools.jackson.databind.annotation.JsonSerialize;

/** Part of a credit transaction's amount tied to a charge or a fiscal document. */
public record AllocationResponse(long id, long transactionId, @Nullable Long chargeId, @Nullable Long fiscalDocumentId,
		@Schema(type = "string", example = "100.00") @JsonSerialize(using = Money.Writer.class) BigDecimal amount,
		@Schema(allowableValues = {
				"end_to_end_id", "txid", "external_id", "nosso_numero", "suggestion", "manual" }) String rule,
		@Schema(example = "0.95",
				description = "Confidence from 0 to 1: 1 for exact keys and people's "
						+ "decisions, the suggestion's score for accepted suggestions") BigDecimal score,
		@Schema(description = "The user who allocated it; null when the service did (automatic matching)") @Nullable Long createdBy,
		Instant createdAt){
}
