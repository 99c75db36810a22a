package br.suite.imports.csv;

import io.swagger.v3.oas.annotations.media.Schema;
import org.jspecify.annotations.Nullable;

/**
 * What confirming a month's rows would do right now, computed with SELECTs only (nothing
 * written, no lock).
 */
@Schema(description = "Preview of one month of a prepared import")
public record CsvImportPreviewMonth(@Schema(example = "2026-03") String month,
		@Schema(description = "Valid rows of the month") int rows,
		@Schema(description = "Rows that would become new transactions") int wouldInsert,
		@Schema(description = "Rows that would change a stored transaction") int wouldUpdate,
		@Schema(description = "Rows identical to a stored transaction") int wouldSkip,
		@Schema(nullable = true, description = "Transactions of this account and month that delete_period would "
				+ "delete: those whose external_id is not among the import's rows (the others are updated in place, "
				+ "keeping their allocations)") @Nullable Integer wouldDelete,
		@Schema(description = "Always empty: a month can always be replaced (kept for compatibility)") String deleteRefused,
		@Schema(description = "Transactions of this account and month that a provider's Pix sync or webhook wrote "
				+ "and that are not among the import's rows: delete_period leaves them (a file import never deletes "
				+ "or changes a provider's rows)") int keptProviderRows)
		implements
			java.io.Serializable {
}
