package br.suite.imports.csv;

import io.swagger.v3.oas.annotations.media.Schema;

/** A line of the file that could not be read as a transaction. */
@Schema(description = "A problem with one line of the file")
public record CsvImportRowError(@Schema(description = "The line number in the file (the first line is 1)") int row,
		@Schema(description = "The column's header as the file writes it (or the field, when no column feeds it)",
				example = "Valor") String column,
		@Schema(example = "is not an amount written like 1.234,56 (got \"12,3,4\")") String message)
		implements
			java.io.Serializable {
}
