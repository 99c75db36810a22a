package br.suite.imports.csv;

import java.util.List;
import java.util.Map;

import io.swagger.v3.oas.annotations.media.Schema;

/**
 * How prepare read the file, so a client can see (and override with the options) what was
 * detected.
 */
@Schema(description = "How the file was read")
public record CsvImportFormat(@Schema(allowableValues = {
		"utf-8", "utf-16", "windows-1252", "iso-8859-1" }) String encoding, @Schema(example = ";") String delimiter,
		@Schema(allowableValues = { "comma", "point" }) String decimalSeparator,
		@Schema(description = "The date layouts met, e.g. dd/MM/yyyy, yyyy-MM-dd") List<String> dateFormats,
		@Schema(description = "The line number of the header") int headerRow,
		@Schema(description = "Field → the column(s) it was read from (several description columns are joined "
				+ "with \" - \")",
				example = "{\"transaction_date\":\"Data\",\"amount\":\"Valor\"}") Map<String, String> columns,
		@Schema(description = "Headers of columns that feed no field (e.g. Saldo)") List<String> ignoredColumns)
		implements
			java.io.Serializable{
}
