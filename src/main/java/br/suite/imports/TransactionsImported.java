package br.suite.imports;

import java.util.UUID;

/** Published inside the transaction that confirmed a CSV import of bank transactions. */
public record TransactionsImported(UUID importId, String provider, String accountId, int inserted, int updated,
		int unchanged, int deleted) {
}
