package br.suite.imports.statement;

import java.util.List;
import java.util.Map;

import io.swagger.v3.oas.annotations.media.Schema;

import br.suite.imports.csv.CsvImportDeletePeriod;
import br.suite.imports.csv.CsvImportIgnoredRow;
import br.suite.imports.csv.CsvImportMetadata;
import br.suite.imports.csv.CsvImportPreviewMonth;
import br.suite.imports.csv.CsvImportRow;
import br.suite.imports.csv.CsvImportRowError;

/**
 * One account of a prepared statement file: the same body to confirm (op 7) and the same
 * preview and problems as a CSV prepare, with {@code format} saying how the file was
 * read.
 */
@Schema(description = "A prepared import of one account of the file: post it to op 7 as it is")
public record StatementPreparation(@Schema(
		description = "Month (YYYY-MM, oldest first) → its valid rows in file order") Map<String, List<CsvImportRow>> groups,
		CsvImportMetadata importMetadata, CsvImportDeletePeriod deletePeriod,
		@Schema(description = "Suggested: true") boolean generateLogs,
		@Schema(description = "Per month, oldest first: what confirming now would do") List<CsvImportPreviewMonth> preview,
		@Schema(description = "Records that could not be read, in file order ({row, column, message}; row = the "
				+ "line of the record, column = the OFX element or CNAB field)") List<CsvImportRowError> errors,
		@Schema(description = "Records left out on purpose (balance lines; CNAB rejections, write-offs and other "
				+ "occurrences that pay nothing)") List<CsvImportIgnoredRow> ignoredRows,
		StatementFormat format) implements java.io.Serializable {
}
