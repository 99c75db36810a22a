package br.suite.fins;

import java.time.LocalDate;
import java.util.List;
import java.util.Objects;

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

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.tags.Tag;
import tools.jackson.databind.node.ObjectNode;

import br.suite.shared.ExpectedVersion;
import br.suite.shared.lists.ListQuery;
import br.suite.shared.lists.Paging;
import br.suite.shared.json.PartialUpdates;
import br.suite.shared.PathIds;
import br.suite.shared.Requires;
import br.suite.shared.Versioned;

@RestController
@RequestMapping("/api/fins")
@Tag(name = "Fins records")
class FinsRecordController {

	private final FinsRecordService records;

	private final PartialUpdates partialUpdates;

	FinsRecordController(FinsRecordService records, PartialUpdates partialUpdates) {
		this.records = records;
		this.partialUpdates = partialUpdates;
	}

	@GetMapping
	@Requires("fins.records.view")
	@Operation(summary = "List fins records", description = "A bare array ordered by data_limite (records without "
			+ "one last), then id. Date filters are exclusive and leave out records without a deadline. Optional "
			+ "limit/offset add X-Total-Count.")
	ResponseEntity<List<FinsRecordResponse>> list(
			@Parameter(description = "Only this customer's records") @RequestParam(
					required = false) @Nullable Long cliente,
			@Parameter(description = "Only done (true) or open (false) records") @RequestParam(
					required = false) @Nullable Boolean concluido,
			@Parameter(description = "true: open records whose data_limite is before today in America/Sao_Paulo; "
					+ "false: all others") @RequestParam(required = false) @Nullable Boolean overdue,
			@Parameter(description = "Only data_limite before this date (YYYY-MM-DD)") @RequestParam(
					name = "due_before",
					required = false) @DateTimeFormat(iso = DateTimeFormat.ISO.DATE) @Nullable LocalDate dueBefore,
			@Parameter(description = "Only data_limite after this date (YYYY-MM-DD)") @RequestParam(name = "due_after",
					required = false) @DateTimeFormat(iso = DateTimeFormat.ISO.DATE) @Nullable LocalDate dueAfter,
			@RequestParam(required = false) @Nullable Integer limit,
			@RequestParam(required = false) @Nullable Integer offset) {
		Paging paging = new Paging(limit, offset);
		ListQuery.Page<FinsRecordResponse> listing = this.records
			.list(new FinsRecordService.Filter(cliente, concluido, overdue, dueBefore, dueAfter), paging);
		return paging.respond(listing.items(), listing.total());
	}

	@PostMapping
	@Requires("fins.records.change")
	@Operation(summary = "Create a fins record", description = "cliente (an existing customer) and titulo are "
			+ "required; data_limite is a date or null; concluido defaults to false.")
	ResponseEntity<FinsRecordResponse> create(@Valid @RequestBody FinsRecordRequest request) {
		FinsRecord record = this.records.create(request);
		return versioned(record).created("/api/fins/" + record.id() + "/");
	}

	@GetMapping(PathIds.ID)
	@Requires("fins.records.view")
	@Operation(summary = "Read a fins record")
	ResponseEntity<FinsRecordResponse> get(@PathVariable long id) {
		return versioned(this.records.read(id)).ok();
	}

	@PutMapping(PathIds.ID)
	@Requires("fins.records.change")
	@Operation(summary = "Replace a fins record", description = "Sets every writable field: cliente and titulo are "
			+ "required; absent descricao becomes \"\", data_limite null, concluido false.")
	ResponseEntity<FinsRecordResponse> replace(@PathVariable long id, @Valid @RequestBody FinsRecordRequest request,
			@RequestHeader(name = HttpHeaders.IF_MATCH, required = false) @Nullable String ifMatch) {
		return versioned(this.records.update(id, current -> request, ExpectedVersion.ifMatch(ifMatch))).ok();
	}

	@PatchMapping(PathIds.ID)
	@Requires("fins.records.change")
	@Operation(summary = "Update a fins record",
			description = "Changes only the fields sent; " + "{\"data_limite\": null} removes the deadline.",
			requestBody = @io.swagger.v3.oas.annotations.parameters.RequestBody(
					content = @Content(schema = @Schema(implementation = FinsRecordRequest.class))))
	ResponseEntity<FinsRecordResponse> update(@PathVariable long id, @RequestBody ObjectNode patch,
			@RequestHeader(name = HttpHeaders.IF_MATCH, required = false) @Nullable String ifMatch) {
		FinsRecord record = this.records.update(id,
				current -> this.partialUpdates.merge(FinsRecordRequest.of(current), patch, FinsRecordRequest.class),
				ExpectedVersion.ifMatch(ifMatch));
		return versioned(record).ok();
	}

	@DeleteMapping(PathIds.ID)
	@Requires("fins.records.change")
	@Operation(summary = "Delete a fins record")
	ResponseEntity<Void> delete(@PathVariable long id) {
		this.records.delete(id);
		return ResponseEntity.noContent().build();
	}

	private static Versioned<FinsRecordResponse> versioned(FinsRecord record) {
		return new Versioned<>(FinsRecordResponse.from(record), Objects.requireNonNull(record.version));
	}

}
