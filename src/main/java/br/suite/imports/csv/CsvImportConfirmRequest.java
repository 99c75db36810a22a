package br.suite.imports.csv;

import java.util.List;
import java.util.Map;

import io.swagger.v3.oas.annotations.media.Schema;
import org.jspecify.annotations.Nullable;

/**
 * Op 7: what prepare returned (the client may have edited rows, removed them or added
 * some), plus the choice to replace a month and to write a sync log. Unknown fields, such
 * as prepare's {@code preview}, are ignored, so prepare's whole answer can be sent back
 * as it is.
 */
@Schema(description = "Confirm a prepared CSV import (op 7)")
public record CsvImportConfirmRequest(
		@Schema(description = "Required. Month (YYYY-MM) → its rows, in the order they are written. Every row's "
				+ "transaction_date must fall in its group's month; groups may be empty") @Nullable Map<String, @Nullable List<@Nullable CsvImportRow>> groups,
		@Schema(description = "Required: provider and account_id at least") @Nullable CsvImportMetadata importMetadata,
		@Schema(description = "Optional; absent means no deletion") @Nullable CsvImportDeletePeriod deletePeriod,
		@Schema(description = "Write a sync log (flow csv_import) for this import; default false") @Nullable Boolean generateLogs) {
}
