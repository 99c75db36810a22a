package br.suite.bills.payment;

import java.math.BigDecimal;
import java.time.LocalDate;

import io.swagger.v3.oas.annotations.media.Schema;
import org.jspecify.annotations.Nullable;

import br.suite.shared.Money;
import tools.jackson.databind.annotation.JsonDeserialize;

/** A payment of an installment: manual (cash) or by a settled debit. */
record PaymentRequest(@Schema(
		description = "Required without transaction_id; with one it defaults to the transaction's date") @Nullable LocalDate paidOn,
		@Schema(type = "string", example = "102.00", description = "Required: the money that left") @JsonDeserialize(
				using = Money.Reader.class) @Nullable BigDecimal amount,
		@Schema(type = "string", example = "1.50", description = "Interest paid (juros), default 0") @JsonDeserialize(
				using = Money.Reader.class) @Nullable BigDecimal interest,
		@Schema(type = "string", example = "0.50", description = "Fine paid (multa), default 0") @JsonDeserialize(
				using = Money.Reader.class) @Nullable BigDecimal fine,
		@Schema(type = "string", example = "5.00", description = "Discount obtained, default 0") @JsonDeserialize(
				using = Money.Reader.class) @Nullable BigDecimal discount,
		@Schema(description = "A settled debit that paid it, or null for a manual payment") @Nullable Long transactionId) {
}
