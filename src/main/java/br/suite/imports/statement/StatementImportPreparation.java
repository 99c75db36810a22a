package br.suite.imports.statement;

import java.util.List;

import io.swagger.v3.oas.annotations.media.Schema;

/**
 * A prepared statement file: always a list, one prepared import per account the file
 * holds (a CSV file or a single-account OFX gives one).
 */
@Schema(description = "A prepared statement file: one prepared import per account, in file order")
public record StatementImportPreparation(@Schema(
		description = "One per account of the file; each is confirmed on its own with op 7") List<StatementPreparation> statements)
		implements
			java.io.Serializable {
}
