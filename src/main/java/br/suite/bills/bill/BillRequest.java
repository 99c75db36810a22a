package br.suite.bills.bill;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.List;

import io.swagger.v3.oas.annotations.media.Schema;
import org.jspecify.annotations.Nullable;

import br.suite.shared.Money;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.annotation.JsonDeserialize;

/**
 * A new bill as a client writes it; checked by {@link BillService}. {@code installments}
 * is either a list ({@code [{"due_date", "amount"}]}) or a plan ({@code {"count",
 * "first_due_date"}}).
 */
record BillRequest(@Schema(allowableValues = {
		"payable", "receivable" }, description = "Required") @Nullable String direction,
		@Schema(description = "Required for a payable, absent for a receivable") @Nullable Long fornecedorId,
		@Schema(description = "Required for a receivable, absent for a payable") @Nullable Long clienteId,
		@Schema(description = "Required, ≤ 500") @Nullable String description,
		@Schema(description = "≤ 60, e.g. the invoice number") @Nullable String documentNumber,
		@Schema(description = "Required: the day whose month the expense or revenue belongs to") @Nullable LocalDate competenceDate,
		@Schema(description = "The one category of the whole total (when splits is not given)") @Nullable Long categoryId,
		@Schema(description = "Optional, with category_id") @Nullable Long costCentreId,
		@Schema(description = "Instead of category_id: parts of the total, summing to it exactly") @Nullable List<SplitRequest> splits,
		@Schema(type = "string", example = "1500.00", description = "Required, positive") @JsonDeserialize(
				using = Money.Reader.class) @Nullable BigDecimal total,
		@Schema(description = "Required: [{\"due_date\", \"amount\"}] summing to total, or {\"count\": N, "
				+ "\"first_due_date\": D} (monthly, total / N truncated to cents, the remainder on the first)") @Nullable JsonNode installments,
		@Schema(description = "Optional: {\"frequency\": \"monthly\", \"until\": \"YYYY-MM-DD\"}") @Nullable RecurrenceRequest recurrence,
		@Schema(allowableValues = { "pix", "boleto", "card", "transfer", "other" },
				description = "A receivable's: the kind of the charge that backs each installment (default "
						+ "boleto); ignored for a payable") @Nullable String chargeKind){

	/** A part of a bill's total with its category and optional cost centre. */
	record SplitRequest(@Nullable Long categoryId, @Nullable Long costCentreId, @Schema(type = "string",
			example = "500.00") @JsonDeserialize(using = Money.Reader.class) @Nullable BigDecimal amount) {
	}

	/** One bill per month up to {@code until}. */
	record RecurrenceRequest(@Schema(allowableValues = "monthly") @Nullable String frequency,
			@Nullable LocalDate until) {
	}

}
