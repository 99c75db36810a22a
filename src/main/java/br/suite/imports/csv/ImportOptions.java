package br.suite.imports.csv;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.Charset;
import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;

import io.swagger.v3.oas.annotations.Parameter;
import org.jspecify.annotations.Nullable;
import org.springframework.web.bind.annotation.BindParam;
import org.springframework.web.multipart.MultipartFile;

import br.suite.imports.ImportField;
import br.suite.imports.csv.CsvImportService.Upload;
import br.suite.imports.reader.StatementCharsets;
import br.suite.imports.reader.StatementValues.Decimal;
import br.suite.shared.InvalidRequest;
import br.suite.shared.UploadNames;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The options every prepare takes (CSV and any statement, multipart or raw body), bound
 * once from the query parameters or the form fields beside the file, and how they become
 * the file and the CSV reader's options: each bad one a 400 naming it.
 */
public record ImportOptions(
		@Parameter(description = "Provider code of the account; default csv for CSV, ofx for "
				+ "OFX, ofc for OFC, cnab_<bank> for CNAB") @Nullable String provider,
		@Parameter(name = "account_id", description = "The bank account; default CSV \"\", OFX "
				+ "BANKID-BRANCHID-ACCTID, CNAB the agreement (a statement import: only for a file of one account)") @BindParam("account_id") @Nullable String accountId,
		@Parameter(description = "CSV: utf-8, windows-1252 or iso-8859-1; default detected") @Nullable String encoding,
		@Parameter(description = "CSV: ; , tab or |; default detected") @Nullable String delimiter,
		@Parameter(
				description = "CSV: comma (1.234,56) or point (1,234.56); default detected") @Nullable String decimal,
		@Parameter(description = ImportOptions.COLUMNS) @Nullable String columns,
		@Parameter(name = "file_name", description = "overrides the part's (or the Content-Disposition header's) "
				+ "file name") @BindParam("file_name") @Nullable String fileName) {

	static final String COLUMNS = "CSV: JSON object from field to the header of its column, overriding the "
			+ "detection; \"\" leaves a field out. Fields: transaction_date, posted_at, transaction_time, amount, "
			+ "credit_amount, debit_amount, direction, description, payer_name, payer_document, external_id, "
			+ "end_to_end_id, bank_reference_id, correlation_id, charge_external_id, status. "
			+ "Example: {\"transaction_date\":\"Dt. Mov.\",\"amount\":\"Valor R$\",\"external_id\":\"\"}";

	/** The multipart part {@code file}, named by {@code file_name} or by the part. */
	public Upload part(@Nullable MultipartFile file) {
		if (file == null) {
			throw InvalidRequest.of("file", "é obrigatório: envie o extrato na parte multipart chamada file");
		}
		try {
			return new Upload(file.getBytes(), UploadNames.ofPart(this.fileName, file));
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/** A raw body, named by {@code file_name} or by its Content-Disposition header. */
	public Upload body(byte @Nullable [] body, @Nullable String disposition) {
		return new Upload(body == null ? new byte[0] : body, UploadNames.ofBody(this.fileName, disposition));
	}

	/** The CSV reader's options. */
	public CsvImportService.PrepareOptions csv(JsonMapper json) {
		InvalidRequest.Builder errors = InvalidRequest.builder();
		Charset charset = null;
		if (this.encoding != null && !this.encoding.isBlank()) {
			charset = StatementCharsets.encodingNamed(this.encoding);
			if (charset == null) {
				errors.add("encoding", "must be utf-8, windows-1252 or iso-8859-1");
			}
		}
		Character separator = null;
		if (this.delimiter != null && !this.delimiter.isEmpty()) {
			separator = switch (this.delimiter.equalsIgnoreCase("tab") ? "\t" : this.delimiter) {
				case ";" -> ';';
				case "," -> ',';
				case "\t" -> '\t';
				case "|" -> '|';
				default -> null;
			};
			if (separator == null) {
				errors.add("delimiter", "must be ;, comma, tab or |");
			}
		}
		Decimal decimalSeparator = null;
		if (this.decimal != null && !this.decimal.isBlank()) {
			decimalSeparator = switch (this.decimal.strip().toLowerCase(Locale.ROOT)) {
				case "comma", "," -> Decimal.COMMA;
				case "point", "dot", "." -> Decimal.POINT;
				default -> null;
			};
			if (decimalSeparator == null) {
				errors.add("decimal", "must be comma (1.234,56) or point (1,234.56)");
			}
		}
		Map<ImportField, String> chosen = columns(json, this.columns, errors);
		errors.throwIfAny();
		return new CsvImportService.PrepareOptions(this.provider == null ? "csv" : this.provider,
				this.accountId == null ? "" : this.accountId, charset, separator, decimalSeparator, chosen);
	}

	private static Map<ImportField, String> columns(JsonMapper json, @Nullable String columns,
			InvalidRequest.Builder errors) {
		Map<ImportField, String> chosen = new EnumMap<>(ImportField.class);
		if (columns == null || columns.isBlank()) {
			return chosen;
		}
		JsonNode tree;
		try {
			tree = json.readTree(columns);
		}
		catch (JacksonException ex) {
			errors.add("columns", "must be a JSON object from field to column header, e.g. {\"amount\":\"Valor R$\"}");
			return chosen;
		}
		if (tree == null || !tree.isObject()) {
			errors.add("columns", "must be a JSON object from field to column header, e.g. {\"amount\":\"Valor R$\"}");
			return chosen;
		}
		tree.properties().forEach(entry -> {
			ImportField field = ImportField.fromWire(entry.getKey());
			if (field == null) {
				errors.add("columns." + entry.getKey(), "is not a field; fields: " + ImportField.allowed());
			}
			else if (!entry.getValue().isString() || entry.getValue().asString().length() > 200) {
				errors.add("columns." + entry.getKey(), "must be the column's header (a string, ≤ 200), or \"\"");
			}
			else {
				chosen.put(field, entry.getValue().asString().strip());
			}
		});
		return chosen;
	}

}
