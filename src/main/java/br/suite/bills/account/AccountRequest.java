package br.suite.bills.account;

import java.math.BigDecimal;
import java.time.LocalDate;

import io.swagger.v3.oas.annotations.media.Schema;
import org.jspecify.annotations.Nullable;

import br.suite.shared.Money;
import tools.jackson.databind.annotation.JsonDeserialize;

/** The writable fields of a bank account; checked by {@link AccountService}. */
record AccountRequest(@Schema(description = "Required, ≤ 200", example = "Itaú conta corrente") @Nullable String name,
		@Schema(description = "Required: the provider code its transactions carry",
				example = "itau") @Nullable String provider,
		@Schema(description = "The account id its transactions carry (≤ 100; may be empty); provider + account_id is "
				+ "unique") @Nullable String accountId,
		@Schema(type = "string", example = "15000.00",
				description = "Required: the balance at the start of opening_date, before that day's transactions; "
						+ "may be negative (an overdraft)") @JsonDeserialize(
								using = Money.Reader.class) @Nullable BigDecimal openingBalance,
		@Schema(description = "Required: the day the opening balance is of") @Nullable LocalDate openingDate) {

	static AccountRequest of(AccountResponse account) {
		return new AccountRequest(account.name(), account.provider(), account.accountId(), account.openingBalance(),
				account.openingDate());
	}

}
