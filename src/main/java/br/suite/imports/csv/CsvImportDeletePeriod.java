package br.suite.imports.csv;

import io.swagger.v3.oas.annotations.media.Schema;
import org.jspecify.annotations.Nullable;

/**
 * The calendar month (America/Sao_Paulo, on {@code transaction_date}) of the import's
 * provider and account to delete before the rows are written, in the same database
 * transaction.
 */
@Schema(description = "Delete one month of the account before writing (replace the month)")
public record CsvImportDeletePeriod(@Schema(description = "Default false") @Nullable Boolean enabled,
		@Schema(description = "Required when enabled; 1900-2999", nullable = true,
				example = "2026") @Nullable Integer year,
		@Schema(description = "Required when enabled; 1-12", nullable = true, example = "3") @Nullable Integer month)
		implements
			java.io.Serializable {
}
