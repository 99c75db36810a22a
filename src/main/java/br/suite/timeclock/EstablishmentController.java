package br.suite.timeclock;

import java.net.URI;
import java.util.List;

import jakarta.validation.Valid;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PatchMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

import br.suite.shared.CurrentUser;
import br.suite.shared.json.PartialUpdates;
import br.suite.shared.PathIds;
import br.suite.shared.Requires;
import tools.jackson.databind.node.ObjectNode;

@RestController
@RequestMapping("/api/timeclock/establishments")
@Tag(name = "Time clock: establishments")
class EstablishmentController {

	private final Establishments establishments;

	private final PartialUpdates partialUpdates;

	EstablishmentController(Establishments establishments, PartialUpdates partialUpdates) {
		this.establishments = establishments;
		this.partialUpdates = partialUpdates;
	}

	@PostMapping
	@Requires("timeclock.establishments.change")
	@Operation(summary = "Create an establishment", description = "Each establishment has its own NSR sequence and "
			+ "hash chain (one REP-P per establishment). employer_document is a CNPJ or CPF (check digits verified). The "
			+ "employer data become the establishment's AFD type-2 record (NSR 1); a PATCH that changes them writes another.")
	ResponseEntity<EstablishmentResponse> create(@Valid @RequestBody EstablishmentRequest request) {
		EstablishmentResponse created = EstablishmentResponse
			.from(this.establishments.create(request, CurrentUser.get().id()));
		return ResponseEntity.created(URI.create("/api/timeclock/establishments/" + created.id() + "/")).body(created);
	}

	@GetMapping
	@Requires("timeclock.establishments.view")
	@Operation(summary = "List establishments", description = "Ordered by id; a bare array.")
	List<EstablishmentResponse> list() {
		return this.establishments.list().stream().map(EstablishmentResponse::from).toList();
	}

	@GetMapping(PathIds.ID)
	@Requires("timeclock.establishments.view")
	@Operation(summary = "Read an establishment")
	EstablishmentResponse get(@PathVariable long id) {
		return EstablishmentResponse.from(this.establishments.get(id));
	}

	@PatchMapping(PathIds.ID)
	@Requires("timeclock.establishments.change")
	@Operation(summary = "Update an establishment", description = "Changes only the fields sent. Establishment 1 "
			+ "(migrated) has no employer_document until one is set. A new time_zone applies to later punches; each "
			+ "punch keeps the zone it was recorded in.",
			requestBody = @io.swagger.v3.oas.annotations.parameters.RequestBody(
					content = @Content(schema = @Schema(implementation = EstablishmentRequest.class))))
	EstablishmentResponse update(@PathVariable long id, @RequestBody ObjectNode patch) {
		return EstablishmentResponse.from(this.establishments.update(id, current -> this.partialUpdates
			.merge(EstablishmentRequest.of(current), patch, EstablishmentRequest.class), CurrentUser.get().id()));
	}

}
