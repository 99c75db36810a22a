package br.suite.bills.account;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;

import io.swagger.v3.oas.annotations.media.Schema;

import br.suite.shared.Money;
import tools.jackson.databind.annotation.JsonSerialize;

@Schema(name = "BankAccountResponse")
record AccountResponse(long id, String name, String provider, String accountId,
		@Schema(type = "string",
				example = "15000.00") @JsonSerialize(using = Money.Writer.class) BigDecimal openingBalance,
		LocalDate openingDate, Instant createdAt, Instant updatedAt) {
}
