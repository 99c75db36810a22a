package br.suite.imports.statement;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.jspecify.annotations.Nullable;
import org.springdoc.core.annotations.ParameterObject;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestPart;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.multipart.MultipartFile;

import br.suite.imports.csv.CsvImportService;
import br.suite.imports.csv.ImportOptions;
import br.suite.shared.ApiProblem;
import br.suite.shared.Requires;
import tools.jackson.databind.json.JsonMapper;

@RestController
@RequestMapping("/api")
@Tag(name = "CSV import")
class StatementImportController {

	private static final String PREPARE = "Reads a bank statement file of any supported format, detected from its "
			+ "content (never its name): CSV (as /api/prepare-csv-import), OFX 1.x (SGML) and 2.x (XML), Banco do "
			+ "Brasil's OFC, and CNAB 240 / 400 return files. Writes nothing. Always answers {\"statements\": [...]}, "
			+ "one prepared import per account of the file, each the same body as the CSV prepare (groups, "
			+ "import_metadata, delete_period, generate_logs, preview, errors, ignored_rows) with format saying what "
			+ "was read (format, version, charset and why, bank, account, period, balance); post each one to op 7 "
			+ "(/api/confirm-csv-import) as it is. The charset is decided from the bytes, not from the file's header. "
			+ "A statement in a currency other than BRL is a 400 naming it.";

	private final StatementImportService statements;

	private final JsonMapper json;

	StatementImportController(StatementImportService statements, JsonMapper json) {
		this.statements = statements;
		this.json = json;
	}

	@PostMapping(path = "/prepare-statement-import", consumes = MediaType.MULTIPART_FORM_DATA_VALUE)
	@Requires("imports.csv.prepare")
	@Operation(summary = "Prepare a statement import: CSV, OFX, OFC or CNAB (multipart upload)",
			description = PREPARE + " The file is the part named file, up to 8 MiB (413 beyond).")
	StatementImportPreparation prepareUpload(@RequestPart(name = "file", required = false) @Nullable MultipartFile file,
			@ParameterObject ImportOptions options) {
		return this.statements.prepare(options.part(file), options(options));
	}

	@PostMapping(path = "/prepare-statement-import",
			consumes = { "text/csv", "text/plain", "application/csv", "text/comma-separated-values",
					"application/vnd.ms-excel", "application/x-ofx", "application/ofx", "application/vnd.intu.qfx",
					"text/ofx", "application/xml", "text/xml", MediaType.APPLICATION_OCTET_STREAM_VALUE })
	@Requires("imports.csv.prepare")
	@Operation(summary = "Prepare a statement import: CSV, OFX, OFC or CNAB (raw body)", description = PREPARE
			+ " The body is the file (any of the listed content types; the type does not decide the format), up to "
			+ "8 MiB (413 beyond); its name comes from the file_name parameter or a Content-Disposition header.",
			requestBody = @io.swagger.v3.oas.annotations.parameters.RequestBody(content = @Content(
					mediaType = "application/octet-stream", schema = @Schema(type = "string", format = "binary"))))
	StatementImportPreparation prepareBody(@RequestBody(required = false) byte @Nullable [] body,
			@ParameterObject ImportOptions options,
			@RequestHeader(name = HttpHeaders.CONTENT_DISPOSITION, required = false) @Nullable String disposition) {
		return this.statements.prepare(options.body(body, disposition), options(options));
	}

	/** curl's {@code --data-binary} without a Content-Type sends a form. */
	@PostMapping(path = "/prepare-statement-import", consumes = MediaType.APPLICATION_FORM_URLENCODED_VALUE)
	@Requires("imports.csv.prepare")
	@Operation(hidden = true)
	StatementImportPreparation prepareForm() {
		throw new ApiProblem(HttpStatus.UNSUPPORTED_MEDIA_TYPE,
				"Send the statement as the body with Content-Type: "
						+ "application/octet-stream (curl -H 'Content-Type: application/octet-stream' --data-binary "
						+ "@extrato.ofx) or as the multipart part file (curl -F file=@extrato.ofx), not as a form.");
	}

	private StatementImportService.Options options(ImportOptions options) {
		CsvImportService.PrepareOptions csv = options.csv(this.json);
		String provider = options.provider();
		return new StatementImportService.Options(provider == null || provider.isBlank() ? null : provider,
				options.accountId(), csv);
	}

}
