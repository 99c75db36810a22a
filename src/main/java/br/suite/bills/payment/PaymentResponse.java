package br.suite.bills.payment;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;

import io.swagger.v3.oas.annotations.media.Schema;
import org.jspecify.annotations.Nullable;

import br.suite.shared.Money;
import tools.jackson.databind.annotation.JsonSerialize;

record PaymentResponse(long id, long billId, int installmentNumber, LocalDate paidOn,
		@Schema(type = "string") @JsonSerialize(using = Money.Writer.class) BigDecimal amount,
		@Schema(type = "string") @JsonSerialize(using = Money.Writer.class) BigDecimal interest,
		@Schema(type = "string") @JsonSerialize(using = Money.Writer.class) BigDecimal fine,
		@Schema(type = "string") @JsonSerialize(using = Money.Writer.class) BigDecimal discount,
		@Schema(type = "string",
				description = "amount + discount − interest − fine: what it took off the "
						+ "installment's open amount") @JsonSerialize(
								using = Money.Writer.class) BigDecimal settledAmount,
		@Schema(description = "The debit that paid it; null for a manual payment") @Nullable Long transactionId,
		@Schema(description = "The user who recorded it") @Nullable Long createdBy, Instant createdAt) {
}
