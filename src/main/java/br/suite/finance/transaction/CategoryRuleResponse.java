package br.suite.finance.transaction;

import java.time.Instant;

import org.jspecify.annotations.Nullable;

/** A category rule as clients read it. */
record CategoryRuleResponse(long id, String direction, String descriptionContains, String payerDocument,
		long categoryId, @Nullable Long costCentreId, int priority, boolean active, Instant createdAt,
		Instant updatedAt) {
}
