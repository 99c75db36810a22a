package br.suite.imports.csv;

import java.util.List;
import java.util.Map;

import io.swagger.v3.oas.annotations.media.Schema;

/**
 * What prepare read from a file, nothing written: the body to confirm ({@code groups},
 * {@code import_metadata}, {@code delete_period}, {@code generate_logs}: it may be posted
 * back to op 7 as it is, after any edits) and what the client should look at first: the
 * preview, the lines that could not be read and those left out.
 */
@Schema(description = "A prepared CSV import: the body to confirm, a preview and the problems found")
public record CsvImportPreparation(
		@Schema(description = "Month (YYYY-MM, oldest first) → its valid rows in file order. Rows with errors are "
				+ "not here") Map<String, List<CsvImportRow>> groups,
		CsvImportMetadata importMetadata,
		@Schema(description = "Disabled; year and month are filled when the file holds one month, so replacing it "
				+ "is one switch away") CsvImportDeletePeriod deletePeriod,
		@Schema(description = "Suggested: true") boolean generateLogs,
		@Schema(description = "Per month, oldest first: what confirming now would do") List<CsvImportPreviewMonth> preview,
		@Schema(description = "Lines that could not be read, in file order; they are left out of groups") List<CsvImportRowError> errors,
		@Schema(description = "Lines that are not transactions (balances, footers), left out on purpose") List<CsvImportIgnoredRow> ignoredRows,
		CsvImportFormat format) implements java.io.Serializable {
}
