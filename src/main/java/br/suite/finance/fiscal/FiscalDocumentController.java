package br.suite.finance.fiscal;

import java.time.LocalDate;
import java.util.List;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.validation.Valid;
import org.jspecify.annotations.Nullable;
import org.springframework.format.annotation.DateTimeFormat;
import org.springframework.http.HttpHeaders;
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
import org.springframework.web.bind.annotation.RestController;

import br.suite.shared.ExpectedVersion;
import br.suite.shared.lists.ListQuery;
import br.suite.shared.lists.Paging;
import br.suite.shared.json.PartialUpdates;
import br.suite.shared.PathIds;
import br.suite.shared.Requires;
import tools.jackson.databind.node.ObjectNode;

@RestController
@RequestMapping("/api/finance/fiscal-documents")
@Tag(name = "Finance: fiscal documents")
class FiscalDocumentController {

	private static final String RULES = " type, number, amount and customer_name are required. A given access_key "
			+ "must be a valid 44-character key (mod-11 check digit), unique (409 naming the existing document), and "
			+ "agree with type (model 55 nfe, 65 nfce, 57 cte), series, number and issue_date's year-month (400 "
			+ "naming each field that disagrees). customer_document is a CPF or CNPJ with valid check digits. "
			+ "related_transaction_ids must exist (400) and not belong to another document (409); each listed "
			+ "transaction's matched_document_id becomes this document, and transactions no longer listed are "
			+ "released.";

	private final FiscalDocumentService documents;

	private final PartialUpdates partialUpdates;

	FiscalDocumentController(FiscalDocumentService documents, PartialUpdates partialUpdates) {
		this.documents = documents;
		this.partialUpdates = partialUpdates;
	}

	@GetMapping
	@Requires("finance.fiscal_documents.view")
	@Operation(summary = "List fiscal documents", description = "A bare array, newest issue_date first (documents "
			+ "without one, usually drafts, on top), then id (newest first). Filters: type, status, provider, "
			+ "date_from and date_to (inclusive, on issue_date), customer_document, q (substring of number, customer "
			+ "name, customer document or access key). Optional limit/offset add X-Total-Count.")
	ResponseEntity<List<FiscalDocumentResponse>> list(
			@RequestParam(required = false) @Parameter(description = "nfe, nfce, nfse or cte") @Nullable String type,
			@RequestParam(required = false) @Nullable String status,
			@RequestParam(required = false) @Nullable String provider,
			@RequestParam(name = "date_from",
					required = false) @DateTimeFormat(iso = DateTimeFormat.ISO.DATE) @Nullable LocalDate dateFrom,
			@RequestParam(name = "date_to",
					required = false) @DateTimeFormat(iso = DateTimeFormat.ISO.DATE) @Nullable LocalDate dateTo,
			@RequestParam(name = "customer_document", required = false) @Nullable String customerDocument,
			@RequestParam(required = false) @Nullable String q, @RequestParam(required = false) @Nullable Integer limit,
			@RequestParam(required = false) @Nullable Integer offset) {
		Paging paging = new Paging(limit, offset);
		ListQuery.Page<FiscalDocumentResponse> listing = this.documents.list(
				new FiscalDocumentService.Filter(type, status, provider, dateFrom, dateTo, customerDocument, q),
				paging);
		return paging.respond(listing.items(), listing.total());
	}

	@PostMapping
	@Requires("finance.fiscal_documents.change")
	@Operation(summary = "Create a fiscal document", description = "Status defaults to draft; any status may be "
			+ "recorded on create (a document issued elsewhere is registered as authorized). provider is manual."
			+ RULES)
	ResponseEntity<FiscalDocumentResponse> create(@Valid @RequestBody FiscalDocumentRequest request) {
		var created = this.documents.create(request);
		return created.created("/api/finance/fiscal-documents/" + created.body().id() + "/");
	}

	@GetMapping(PathIds.ID)
	@Requires("finance.fiscal_documents.view")
	@Operation(summary = "Read a fiscal document")
	ResponseEntity<FiscalDocumentResponse> get(@PathVariable long id) {
		return this.documents.get(id).ok();
	}

	@PutMapping(PathIds.ID)
	@Requires("finance.fiscal_documents.change")
	@Operation(summary = "Update a fiscal document", description = "Sets every writable field; absent optional "
			+ "ones take their defaults (status draft, no related ids)." + RULES + " Status changes follow the "
			+ "allowed transitions (409 otherwise); once processing, authorized, denied or cancelled the fiscal "
			+ "content (type, number, series, amount, customer, access_key, issue_date) no longer changes (409).")
	ResponseEntity<FiscalDocumentResponse> replace(@PathVariable long id,
			@Valid @RequestBody FiscalDocumentRequest request,
			@RequestHeader(name = HttpHeaders.IF_MATCH, required = false) @Nullable String ifMatch) {
		return this.documents.update(id, current -> request, ExpectedVersion.ifMatch(ifMatch)).ok();
	}

	@PatchMapping(PathIds.ID)
	@Requires("finance.fiscal_documents.change")
	@Operation(summary = "Change some fields of a fiscal document",
			description = "Changes only the fields sent, " + "with the rules of PUT.",
			requestBody = @io.swagger.v3.oas.annotations.parameters.RequestBody(
					content = @Content(schema = @Schema(implementation = FiscalDocumentRequest.class))))
	ResponseEntity<FiscalDocumentResponse> update(@PathVariable long id, @RequestBody ObjectNode patch,
			@RequestHeader(name = HttpHeaders.IF_MATCH, required = false) @Nullable String ifMatch) {
		return this.documents
			.update(id, current -> this.partialUpdates.merge(current, patch, FiscalDocumentRequest.class),
					ExpectedVersion.ifMatch(ifMatch))
			.ok();
	}

	@DeleteMapping(PathIds.ID)
	@Requires("finance.fiscal_documents.change")
	@Operation(summary = "Delete a fiscal document",
			description = "Only a draft or rejected document (never "
					+ "issued); its transactions are released. Any other is kept as a legal record (409): cancel an "
					+ "authorized document instead.")
	ResponseEntity<Void> delete(@PathVariable long id) {
		this.documents.delete(id);
		return ResponseEntity.noContent().build();
	}

}
