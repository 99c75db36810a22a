package br.suite.imports.csv;

import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PushbackInputStream;
import java.nio.charset.Charset;
import java.time.Instant;
import java.util.Set;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.servlet.http.HttpServletRequest;
import org.jspecify.annotations.Nullable;
import org.springdoc.core.annotations.ParameterObject;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.http.server.ServletServerHttpRequest;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestPart;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.multipart.MultipartFile;

import br.suite.imports.csv.CsvImportConfirmationReader.Reading;
import br.suite.shared.ApiProblem;
import br.suite.shared.CurrentUser;
import br.suite.shared.InvalidRequest;
import br.suite.shared.Requires;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.databind.json.JsonMapper;

@RestController
@RequestMapping("/api")
@Tag(name = "CSV import")
class CsvImportController {

	static final String IDEMPOTENCY_KEY = "Idempotency-Key";

	static final String REPLAYED = "Idempotent-Replayed";

	private static final String PREPARE = "Reads a bank statement CSV and writes nothing. Detected: the encoding "
			+ "(UTF-8 with or without BOM, else Windows-1252/ISO-8859-1), the delimiter (; , tab |, or Excel's sep= "
			+ "line), the header line (after any preamble) and what each column holds (Portuguese and English "
			+ "headers: Data, Histórico/Descrição, Valor, Crédito/Débito, Tipo (C/D), Documento, Identificador, "
			+ "CPF/CNPJ…), the decimal comma and thousands dots (1.234,56), dates dd/MM/yyyy or ISO, signs, "
			+ "parentheses and C/D markers. Balance lines (Saldo anterior, S A L D O) are left out. Answers the body "
			+ "to confirm (groups by month, import_metadata, delete_period, generate_logs), a preview per month "
			+ "(would insert/update/skip, and what replacing the month would delete), the lines that could not be "
			+ "read ({row, column, message}, row = the file's line number) and how the file was read. Options go as "
			+ "query parameters or as form fields beside the file.";

	/** Encodings Jackson detects from the bytes themselves (else a reader decodes). */
	private static final Set<String> UNICODE = Set.of("UTF-8", "UTF-16", "UTF-16BE", "UTF-16LE", "UTF-32", "UTF-32BE",
			"UTF-32LE");

	private final CsvImportService imports;

	private final CsvImportConfirmationReader reader;

	private final JsonMapper json;

	CsvImportController(CsvImportService imports, CsvImportConfirmationReader reader, JsonMapper json) {
		this.imports = imports;
		this.reader = reader;
		this.json = json;
	}

	@PostMapping(path = "/prepare-csv-import", consumes = MediaType.MULTIPART_FORM_DATA_VALUE)
	@Requires("imports.csv.prepare")
	@Operation(summary = "Prepare a CSV import (multipart upload)",
			description = PREPARE + " The file is the part named file, up to 8 MiB (413 beyond).")
	CsvImportPreparation prepareUpload(@RequestPart(name = "file", required = false) @Nullable MultipartFile file,
			@ParameterObject ImportOptions options) {
		return this.imports.prepare(options.part(file), options.csv(this.json));
	}

	@PostMapping(path = "/prepare-csv-import",
			consumes = { "text/csv", "text/plain", "application/csv", "text/comma-separated-values",
					"application/vnd.ms-excel", MediaType.APPLICATION_OCTET_STREAM_VALUE })
	@Requires("imports.csv.prepare")
	@Operation(summary = "Prepare a CSV import (raw body)", description = PREPARE
			+ " The body is the file (Content-Type text/csv), up to 8 MiB (413 beyond); its name comes from the "
			+ "file_name parameter or a Content-Disposition header.",
			requestBody = @io.swagger.v3.oas.annotations.parameters.RequestBody(
					content = @Content(mediaType = "text/csv", schema = @Schema(type = "string", format = "binary"))))
	CsvImportPreparation prepareBody(@RequestBody(required = false) byte @Nullable [] body,
			@ParameterObject ImportOptions options,
			@RequestHeader(name = HttpHeaders.CONTENT_DISPOSITION, required = false) @Nullable String disposition) {
		return this.imports.prepare(options.body(body, disposition), options.csv(this.json));
	}

	/**
	 * curl's {@code --data-binary} without a Content-Type sends a form: say how to send a
	 * file instead of answering only that the type is unsupported.
	 */
	@PostMapping(path = "/prepare-csv-import", consumes = MediaType.APPLICATION_FORM_URLENCODED_VALUE)
	@Requires("imports.csv.prepare")
	@Operation(hidden = true)
	CsvImportPreparation prepareForm() {
		throw new ApiProblem(HttpStatus.UNSUPPORTED_MEDIA_TYPE, "Send the statement as the body with Content-Type: "
				+ "text/csv (curl -H 'Content-Type: text/csv' --data-binary @extrato.csv) or as the multipart part "
				+ "file (curl -F file=@extrato.csv), not as a form.");
	}

	@PostMapping(path = "/confirm-csv-import", consumes = MediaType.APPLICATION_JSON_VALUE)
	@Requires("imports.csv.confirm")
	@Operation(summary = "Confirm a CSV import (op 7)", description = "Validates every row again. Any invalid row: "
			+ "nothing is written and the result has success false and one errors string per problem (\"group "
			+ "2026-03, row 5 (line 7), amount: …\"). Otherwise, in one database transaction: delete_period's month "
			+ "of the import's provider and account is deleted (deleted_count), each row is upserted by provider + "
			+ "account_id + external_id (new: inserted, changed: updated, identical: skipped), every written row is "
			+ "stamped with the import's id, the automatic reconciliation runs over the imported dates, and with "
			+ "generate_logs a csv_import sync log is written. Confirmations "
			+ "of the same account take turns. Problems of content (groups or import_metadata missing, a group key "
			+ "that is no YYYY-MM month, provider or account_id missing or invalid, delete_period enabled without "
			+ "year and month or out of range) are answered the same way: 200, "
			+ "success false, one errors string each (\"import_metadata.provider: is required…\"), nothing "
			+ "written. Only a body that is not JSON of the operation's shape (a field of the wrong JSON type) is a "
			+ "400 problem. With an Idempotency-Key header (1-255 visible ASCII "
			+ "characters, per user), a retry answers the first result (header Idempotent-Replayed: true) without "
			+ "applying it again; the same key with a different confirmation is a 409.")
	@ApiResponse(responseCode = "200", description = "The result; success false when rows were invalid.")
	@io.swagger.v3.oas.annotations.parameters.RequestBody(required = true,
			content = @Content(mediaType = MediaType.APPLICATION_JSON_VALUE,
					schema = @Schema(implementation = CsvImportConfirmRequest.class)))
	ResponseEntity<CsvImportResult> confirm(HttpServletRequest request,
			@Parameter(description = "Makes a retried confirmation answer the first result instead of applying "
					+ "twice") @RequestHeader(name = IDEMPOTENCY_KEY, required = false) @Nullable String idempotencyKey)
			throws IOException {
		Instant startedAt = Instant.now();
		Reading checked = read(request);
		CsvImportService.Confirmation confirmation = this.imports.confirm(checked, startedAt,
				idempotencyKey(idempotencyKey), CurrentUser.get());
		ResponseEntity.BodyBuilder response = ResponseEntity.ok();
		if (confirmation.replayed()) {
			response.header(REPLAYED, "true");
		}
		return response.body(confirmation.result());
	}

	/**
	 * Op 7's body read row by row (up to 64 MiB of rows are never held whole, as
	 * {@code @RequestBody} would): a body that is not JSON of the operation's shape is
	 * the same {@link HttpMessageNotReadableException} that binding it raised, so it gets
	 * the same 400 (or 413) as before.
	 */
	private Reading read(HttpServletRequest request) throws IOException {
		ServletServerHttpRequest message = new ServletServerHttpRequest(request);
		PushbackInputStream body = new PushbackInputStream(request.getInputStream(), 1);
		int first = body.read();
		if (first < 0) {
			throw new HttpMessageNotReadableException("Required request body is missing", message);
		}
		body.unread(first);
		MediaType type = message.getHeaders().getContentType();
		Charset charset = type == null ? null : type.getCharset();
		try (JsonParser parser = charset == null || UNICODE.contains(charset.name()) ? this.json.createParser(body)
				: this.json.createParser(new InputStreamReader(body, charset))) {
			Reading reading = this.reader.read(parser);
			if (reading == null) {
				throw new HttpMessageNotReadableException("Required request body is missing", message);
			}
			return reading;
		}
		catch (JacksonException ex) {
			throw new HttpMessageNotReadableException("JSON parse error: " + ex.getOriginalMessage(), ex, message);
		}
	}

	private static @Nullable String idempotencyKey(@Nullable String key) {
		if (key == null) {
			return null;
		}
		if (key.isEmpty() || key.length() > 255 || !key.chars().allMatch(c -> c >= 0x21 && c <= 0x7e)) {
			throw InvalidRequest.of(IDEMPOTENCY_KEY, "must be 1 to 255 visible ASCII characters (e.g. a UUID)");
		}
		return key;
	}

}
