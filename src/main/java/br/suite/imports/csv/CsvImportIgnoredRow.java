package br.suite.imports.csv;

import io.swagger.v3.oas.annotations.media.Schema;

/** A line that is not a transaction, left out of the import on purpose. */
@Schema(description = "A line left out: a balance or a footer")
public record CsvImportIgnoredRow(@Schema(description = "The line number in the file") int row,
		String reason) implements java.io.Serializable {
}
