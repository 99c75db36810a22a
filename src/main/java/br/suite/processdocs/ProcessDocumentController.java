package br.suite.processdocs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.text.Normalizer;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.validation.Valid;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpHeaders;
import org.springframework.http.InvalidMediaTypeException;
import org.springframework.http.MediaType;
import org.springframework.http.MediaTypeFactory;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PatchMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RequestPart;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.multipart.MultipartFile;

import br.suite.shared.CurrentUser;
import br.suite.shared.ExpectedVersion;
import br.suite.shared.InvalidRequest;
import br.suite.shared.lists.ListQuery;
import br.suite.shared.lists.Paging;
import br.suite.shared.json.PartialUpdates;
import br.suite.shared.PathIds;
import br.suite.shared.Requires;
import br.suite.shared.UploadNames;
import br.suite.shared.Versioned;
import tools.jackson.databind.node.ObjectNode;

@RestController
@RequestMapping("/api/process-documents")
@Tag(name = "Process documents")
class ProcessDocumentController {

	private final ProcessDocumentService documents;

	private final ProcessDocumentSearch search;

	private final DocumentFileService files;

	private final PartialUpdates partialUpdates;

	ProcessDocumentController(ProcessDocumentService documents, ProcessDocumentSearch search, DocumentFileService files,
			PartialUpdates partialUpdates) {
		this.documents = documents;
		this.search = search;
		this.files = files;
		this.partialUpdates = partialUpdates;
	}

	@GetMapping
	@Requires("processdocs.documents.view")
	@Operation(summary = "List process documents", description = "Bare array ordered by code. Filters: status, "
			+ "process_area, category, owner (each ignoring case), tag (documents holding it, ignoring case), q "
			+ "(code, title or description contains), review_due_within=<days> (next review on or before today + "
			+ "days, overdue ones included), overdue=true|false (next review before today); the two review filters "
			+ "leave obsolete documents out. Today is the date in São Paulo. Optional limit/offset add X-Total-Count.")
	ResponseEntity<List<ProcessDocumentResponse>> list(@RequestParam(required = false) @Nullable String status,
			@RequestParam(name = "process_area", required = false) @Nullable String processArea,
			@RequestParam(required = false) @Nullable String category,
			@RequestParam(required = false) @Nullable String owner,
			@RequestParam(required = false) @Nullable String tag, @RequestParam(required = false) @Nullable String q,
			@RequestParam(name = "review_due_within", required = false) @Nullable Integer reviewDueWithin,
			@RequestParam(required = false) @Nullable Boolean overdue,
			@RequestParam(required = false) @Nullable Integer limit,
			@RequestParam(required = false) @Nullable Integer offset) {
		Paging paging = new Paging(limit, offset);
		ListQuery.Page<ProcessDocumentResponse> listing = this.search.list(new ProcessDocumentSearch.Filter(status,
				processArea, category, owner, tag, q, reviewDueWithin, overdue), paging);
		return paging.respond(listing.items(), listing.total());
	}

	@PostMapping
	@Requires("processdocs.documents.change")
	@Operation(summary = "Create a process document", description = "title, process_area, category and owner are "
			+ "required. The service assigns the code (PD-0001, PD-0002, …). A document starts as draft; status "
			+ "in_review moves it on at once.")
	@ApiResponse(responseCode = "201", description = "The created document; Location names it.")
	ResponseEntity<ProcessDocumentResponse> create(@Valid @RequestBody ProcessDocumentRequest request) {
		ProcessDocument document = this.documents.create(request, CurrentUser.get());
		return versioned(document).created("/api/process-documents/" + document.id() + "/");
	}

	@GetMapping(PathIds.ID)
	@Requires("processdocs.documents.view")
	@Operation(summary = "Read a process document")
	ResponseEntity<ProcessDocumentResponse> get(@PathVariable long id) {
		return versioned(this.documents.get(id)).ok();
	}

	@PatchMapping(PathIds.ID)
	@Requires("processdocs.documents.change")
	@Operation(summary = "Update a process document", description = "Changes only the fields sent. Status moves: "
			+ "draft → in_review → approved → obsolete, approved → in_review (revision), in_review → draft; any "
			+ "other is 409. Moving to approved also needs processdocs.documents.approve, and a caller who neither "
			+ "owns the document nor made its last content change (409, rule no_self_approval, unless "
			+ "SUITE_ALLOW_SELF_APPROVAL). review_cycle_days null means 365. Approved and obsolete "
			+ "documents keep title, process_area, category, version and description (409) until revised.",
			requestBody = @io.swagger.v3.oas.annotations.parameters.RequestBody(
					content = @Content(schema = @Schema(implementation = ProcessDocumentRequest.class))))
	ResponseEntity<ProcessDocumentResponse> update(@PathVariable long id, @RequestBody ObjectNode patch,
			@RequestHeader(name = HttpHeaders.IF_MATCH, required = false) @Nullable String ifMatch) {
		ProcessDocument document = this.documents.update(id, current -> this.partialUpdates
			.merge(ProcessDocumentRequest.of(current), patch, ProcessDocumentRequest.class),
				ExpectedVersion.ifMatch(ifMatch), CurrentUser.get());
		return versioned(document).ok();
	}

	@DeleteMapping(PathIds.ID)
	@Requires("processdocs.documents.change")
	@Operation(summary = "Delete a draft",
			description = "Only drafts are deleted (with their file and history); "
					+ "any other status is 409: make an approved document obsolete instead.")
	@ApiResponse(responseCode = "204", description = "Deleted.")
	ResponseEntity<Void> delete(@PathVariable long id) {
		this.documents.delete(id);
		return ResponseEntity.noContent().build();
	}

	@GetMapping(PathIds.ID + "/history")
	@Requires("processdocs.documents.view")
	@Operation(summary = "History of a process document", description = "Every change, oldest first: who, when, "
			+ "and each changed field's value before and after. Optional limit/offset add X-Total-Count.")
	ResponseEntity<List<ProcessDocumentHistoryEntry>> history(@PathVariable long id,
			@RequestParam(required = false) @Nullable Integer limit,
			@RequestParam(required = false) @Nullable Integer offset) {
		Paging paging = new Paging(limit, offset);
		List<ProcessDocumentHistoryEntry> entries = this.documents.history(id, paging);
		return paging.respond(entries, paging.requested() ? this.documents.historySize(id) : entries.size());
	}

	@PutMapping(path = PathIds.ID + "/file", consumes = MediaType.MULTIPART_FORM_DATA_VALUE)
	@Requires("processdocs.documents.change")
	@Operation(summary = "Attach the file (multipart)", description = "The part named file, up to 8 MiB (413 "
			+ "beyond); its file name and media type are kept (the media type is guessed from the name when the "
			+ "part has none). Replaces any file attached before. Only in draft or in_review (409 otherwise).")
	ResponseEntity<ProcessDocumentResponse> attachPart(@PathVariable long id,
			@RequestPart(name = "file", required = false) @Nullable MultipartFile file,
			@Parameter(description = "overrides the part's file name") @RequestParam(name = "file_name",
					required = false) @Nullable String fileName) {
		if (file == null) {
			throw InvalidRequest.of("file", "is required: send the document as the multipart part named file");
		}
		String name = named(UploadNames.ofPart(fileName, file));
		byte[] content;
		try {
			content = file.getBytes();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		DocumentFileService.Upload upload = new DocumentFileService.Upload(name, mediaType(file.getContentType(), name),
				content);
		return versioned(this.files.attach(id, upload, CurrentUser.get())).ok();
	}

	@PutMapping(PathIds.ID + "/file")
	@Requires("processdocs.documents.change")
	@Operation(summary = "Attach the file (raw body)", description = "The body is the file, up to 8 MiB (413 "
			+ "beyond), its Content-Type the file's media type; the file name comes from the file_name parameter "
			+ "or a Content-Disposition header (filename or filename*). Replaces any file attached before. Only in "
			+ "draft or in_review (409 otherwise).",
			requestBody = @io.swagger.v3.oas.annotations.parameters.RequestBody(content = @Content(
					mediaType = "application/octet-stream", schema = @Schema(type = "string", format = "binary"))))
	ResponseEntity<ProcessDocumentResponse> attachBody(@PathVariable long id,
			@RequestBody(required = false) byte @Nullable [] body,
			@RequestHeader(name = HttpHeaders.CONTENT_TYPE, required = false) @Nullable String contentType,
			@RequestHeader(name = HttpHeaders.CONTENT_DISPOSITION, required = false) @Nullable String disposition,
			@RequestParam(name = "file_name", required = false) @Nullable String fileName) {
		String name = named(UploadNames.ofBody(fileName, disposition));
		DocumentFileService.Upload upload = new DocumentFileService.Upload(name, mediaType(contentType, name),
				body == null ? new byte[0] : body);
		return versioned(this.files.attach(id, upload, CurrentUser.get())).ok();
	}

	@GetMapping(PathIds.ID + "/file")
	@Requires("processdocs.documents.view")
	@Operation(summary = "Download the file", description = "The bytes as uploaded, with their Content-Type, a "
			+ "Content-Disposition naming the file, an ETag and a Repr-Digest holding their SHA-256. 404 when no "
			+ "file is attached.")
	@ApiResponse(responseCode = "200", description = "The file.",
			content = @Content(mediaType = "*/*", schema = @Schema(type = "string", format = "binary")))
	ResponseEntity<byte[]> download(@PathVariable long id) {
		DocumentFileService.StoredFile file = this.files.read(id);
		String digest = Base64.getEncoder().encodeToString(HexFormat.of().parseHex(file.sha256()));
		return ResponseEntity.ok()
			.contentType(MediaType.parseMediaType(file.type()))
			.contentLength(file.content().length)
			.header(HttpHeaders.CONTENT_DISPOSITION, attachment(file.name()))
			.eTag("\"" + file.sha256() + "\"")
			.header("Repr-Digest", "sha-256=:" + digest + ":")
			.body(file.content());
	}

	@DeleteMapping(PathIds.ID + "/file")
	@Requires("processdocs.documents.change")
	@Operation(summary = "Remove the file",
			description = "Only in draft or in_review (409 otherwise); 404 when " + "no file is attached.")
	@ApiResponse(responseCode = "204", description = "Removed.")
	ResponseEntity<Void> removeFile(@PathVariable long id) {
		this.files.remove(id, CurrentUser.get());
		return ResponseEntity.noContent().build();
	}

	private static Versioned<ProcessDocumentResponse> versioned(ProcessDocument document) {
		return new Versioned<>(ProcessDocumentResponse.from(document), document.rowVersion());
	}

	/** The upload's name, which a document's file must have. */
	private static String named(String name) {
		if (name.isEmpty()) {
			throw InvalidRequest.of("file_name",
					"is required: give it in the file_name parameter, a Content-Disposition "
							+ "header or the multipart part's filename");
		}
		return name;
	}

	/**
	 * {@code attachment} with the name twice (RFC 6266): {@code filename*} exact in
	 * UTF-8, {@code filename} an ASCII stand-in for old clients ("Instrução.pdf" →
	 * "Instrucao.pdf").
	 */
	static String attachment(String fileName) {
		String ascii = Normalizer.normalize(fileName, Normalizer.Form.NFD)
			.replaceAll("\\p{M}", "")
			.replaceAll("[^\\x20-\\x7e]", "_")
			.replace("\\", "\\\\")
			.replace("\"", "\\\"");
		StringBuilder exact = new StringBuilder();
		for (byte b : fileName.getBytes(StandardCharsets.UTF_8)) {
			char c = (char) (b & 0xff);
			if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
					|| "!#$&+-.^_`|~".indexOf(c) >= 0) {
				exact.append(c);
			}
			else {
				exact.append('%').append(HexFormat.of().withUpperCase().toHexDigits(b));
			}
		}
		return "attachment; filename=\"" + ascii + "\"; filename*=UTF-8''" + exact;
	}

	/**
	 * The declared media type, or the one the file name suggests when none (or only a
	 * generic one) was given.
	 */
	static String mediaType(@Nullable String declared, String fileName) {
		MediaType type = null;
		if (declared != null && !declared.isBlank()) {
			try {
				type = MediaType.parseMediaType(declared);
			}
			catch (InvalidMediaTypeException ex) {
				throw InvalidRequest.of("Content-Type", "is not a valid media type");
			}
		}
		// curl sends form-urlencoded by default: nobody uploads a form as a controlled
		// document.
		if (type == null || type.isWildcardType() || type.isWildcardSubtype()
				|| type.equalsTypeAndSubtype(MediaType.APPLICATION_OCTET_STREAM)
				|| type.equalsTypeAndSubtype(MediaType.APPLICATION_FORM_URLENCODED)) {
			type = MediaTypeFactory.getMediaType(fileName).orElse(MediaType.APPLICATION_OCTET_STREAM);
		}
		String value = type.toString();
		if (value.length() > 255) {
			throw InvalidRequest.of("Content-Type", "must be at most 255 characters");
		}
		return value;
	}

}
