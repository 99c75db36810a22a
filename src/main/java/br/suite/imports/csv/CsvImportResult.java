package br.suite.imports.csv;

import java.util.List;

import io.swagger.v3.oas.annotations.media.Schema;

/**
 * Op 7's result. {@code success: false} means nothing was written and {@code errors} says
 * why, one string per problem naming the group, the row and the field; the counts are
 * then 0.
 */
@Schema(description = "The outcome of a CSV import confirmation (op 7)")
public record CsvImportResult(@Schema(description = "true: everything was written; false: nothing was") boolean success,
		@Schema(description = "New transactions") int insertedCount,
		@Schema(description = "Existing transactions (same provider, account_id, external_id) whose data changed") int updatedCount,
		@Schema(description = "Rows identical to the stored transaction: nothing written") int skippedCount,
		@Schema(description = "Transactions deleted by delete_period") int deletedCount,
		@Schema(description = "Sync logs written (1 with generate_logs, else 0)") int logsGenerated,
		@Schema(description = "One message per problem, e.g. \"group 2026-03, row 5 (line 7), amount: …\"; "
				+ "on success, information only (allocations removed by the import)") List<String> errors) {

	static CsvImportResult refused(List<String> errors) {
		return new CsvImportResult(false, 0, 0, 0, 0, 0, List.copyOf(errors));
	}

}
