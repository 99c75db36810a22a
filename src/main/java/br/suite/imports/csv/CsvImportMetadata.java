package br.suite.imports.csv;

import io.swagger.v3.oas.annotations.media.Schema;
import org.jspecify.annotations.Nullable;

/**
 * What an import is about: the provider and account its transactions belong to, and the
 * file they came from. Prepare fills it; confirm requires {@code provider} and
 * {@code account_id} and records the rest.
 */
@Schema(description = "The import's provider, account and source file")
public record CsvImportMetadata(
		@Schema(description = "Required. A provider code: 1-40 of a-z 0-9 - _ (upper case is lowered)",
				example = "csv") @Nullable String provider,
		@Schema(description = "Required (\"\" is the provider's only account), ≤ 100. Transactions are keyed "
				+ "by provider + account_id + external_id", example = "itau-0001-12345-6") @Nullable String accountId,
		@Schema(description = "The uploaded file's name, ≤ 255",
				example = "extrato-marco.csv") @Nullable String fileName,
		@Schema(description = "SHA-256 of the uploaded file's bytes (64 hex digits), or empty") @Nullable String fileSha256,
		@Schema(description = "Transaction lines read from the file (valid or not); balance and blank lines "
				+ "excluded", nullable = true) @Nullable Integer rowCount)
		implements
			java.io.Serializable {
}
