package br.suite.imports.csv;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.Charset;
import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;

import org.jspecify.annotations.Nullable;
import org.springframework.http.ContentDisposition;
import org.springframework.web.multipart.MultipartFile;

import br.suite.imports.ImportField;
import br.suite.imports.csv.CsvImportService.Upload;
import br.suite.imports.reader.StatementCharsets;
import br.suite.imports.reader.StatementValues.Decimal;
import br.suite.shared.InvalidRequest;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * How the prepare operations (CSV and any statement) take a file and their options off
 * the wire: the multipart part or the raw body, the file's name (the parameter, the
 * part's or the Content-Disposition's), and the CSV reader's options, each bad one a 400
 * naming it.
 */
public final class StatementUploads {

	private StatementUploads() {
	}

	/** The multipart part {@code file}, named by {@code fileName} or by the part. */
	public static Upload part(@Nullable MultipartFile file, @Nullable String fileName) {
		if (file == null) {
			throw InvalidRequest.of("file", "é obrigatório: envie o extrato na parte multipart chamada file");
		}
		try {
			return new Upload(file.getBytes(), fileName(fileName != null ? fileName : file.getOriginalFilename()));
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/** A raw body, named by {@code fileName} or by its Content-Disposition header. */
	public static Upload body(byte @Nullable [] body, @Nullable String fileName, @Nullable String disposition) {
		return new Upload(body == null ? new byte[0] : body,
				fileName(fileName != null ? fileName : dispositionFileName(disposition)));
	}

	static final String COLUMNS = "JSON object from field to the header of its column, overriding the "
			+ "detection; \"\" leaves a field out. Fields: transaction_date, posted_at, transaction_time, amount, "
			+ "credit_amount, debit_amount, direction, description, payer_name, payer_document, external_id, "
			+ "end_to_end_id, bank_reference_id, correlation_id, charge_external_id, status. "
			+ "Example: {\"transaction_date\":\"Dt. Mov.\",\"amount\":\"Valor R$\",\"external_id\":\"\"}";

	public static CsvImportService.PrepareOptions options(JsonMapper json, @Nullable String provider,
			@Nullable String accountId, @Nullable String encoding, @Nullable String delimiter, @Nullable String decimal,
			@Nullable String columns) {
		InvalidRequest.Builder errors = InvalidRequest.builder();
		Charset charset = null;
		if (encoding != null && !encoding.isBlank()) {
			charset = StatementCharsets.encodingNamed(encoding);
			if (charset == null) {
				errors.add("encoding", "must be utf-8, windows-1252 or iso-8859-1");
			}
		}
		Character separator = null;
		if (delimiter != null && !delimiter.isEmpty()) {
			separator = switch (delimiter.equalsIgnoreCase("tab") ? "\t" : delimiter) {
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
		if (decimal != null && !decimal.isBlank()) {
			decimalSeparator = switch (decimal.strip().toLowerCase(Locale.ROOT)) {
				case "comma", "," -> Decimal.COMMA;
				case "point", "dot", "." -> Decimal.POINT;
				default -> null;
			};
			if (decimalSeparator == null) {
				errors.add("decimal", "must be comma (1.234,56) or point (1,234.56)");
			}
		}
		Map<ImportField, String> chosen = columns(json, columns, errors);
		errors.throwIfAny();
		return new CsvImportService.PrepareOptions(provider == null ? "csv" : provider,
				accountId == null ? "" : accountId, charset, separator, decimalSeparator, chosen);
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

	/**
	 * The name without any client path (browsers may send C:\fakepath\…), one line, at
	 * most 255 characters.
	 */
	private static String fileName(@Nullable String given) {
		String name = given == null ? ""
				: given.substring(Math.max(given.lastIndexOf('/'), given.lastIndexOf('\\')) + 1).strip();
		if (name.length() > CsvImportConfirmationReader.FILE_NAME_MAX
				|| name.chars().anyMatch(Character::isISOControl)) {
			throw InvalidRequest.of("file_name", "must be at most " + CsvImportConfirmationReader.FILE_NAME_MAX
					+ " characters on one line without control characters");
		}
		return name;
	}

	private static @Nullable String dispositionFileName(@Nullable String disposition) {
		if (disposition == null || disposition.isBlank()) {
			return null;
		}
		try {
			return ContentDisposition.parse(disposition).getFilename();
		}
		catch (RuntimeException ex) {
			throw InvalidRequest.of("Content-Disposition", "is not a valid header: " + ex.getMessage());
		}
	}

}
