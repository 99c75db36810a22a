package br.suite.finance.connection;

import java.util.List;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.validation.Valid;
import org.jspecify.annotations.Nullable;
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
@RequestMapping("/api/finance/connections")
@Tag(name = "Finance: provider connections")
class ConnectionController {

	private final ConnectionService connections;

	private final PartialUpdates partialUpdates;

	ConnectionController(ConnectionService connections, PartialUpdates partialUpdates) {
		this.connections = connections;
		this.partialUpdates = partialUpdates;
	}

	@GetMapping
	@Requires("finance.connections.view")
	@Operation(summary = "List provider connections", description = "Ordered by id. Filters: provider, account_id, "
			+ "enabled, status (pending, active, error, revoked). Optional limit/offset add X-Total-Count.")
	ResponseEntity<List<ConnectionResponse>> list(@RequestParam(required = false) @Nullable String provider,
			@RequestParam(name = "account_id", required = false) @Nullable String accountId,
			@RequestParam(required = false) @Nullable Boolean enabled,
			@RequestParam(required = false) @Nullable String status,
			@RequestParam(required = false) @Nullable Integer limit,
			@RequestParam(required = false) @Nullable Integer offset) {
		Paging paging = new Paging(limit, offset);
		ListQuery.Page<ConnectionResponse> listing = this.connections
			.list(new ConnectionService.Filter(provider, accountId, enabled, status), paging);
		return paging.respond(listing.items(), listing.total());
	}

	@PostMapping
	@Requires("finance.connections.change")
	@Operation(summary = "Create a provider connection",
			description = "provider is required and never changes "
					+ "afterwards; provider + account_id is unique (409 naming the existing connection). Defaults: "
					+ "enabled true, status pending, webhook_configured false, text fields empty.")
	ResponseEntity<ConnectionResponse> create(@Valid @RequestBody NewConnectionRequest request) {
		var created = this.connections.create(request);
		return created.created("/api/finance/connections/" + created.body().id() + "/");
	}

	@GetMapping(PathIds.ID)
	@Requires("finance.connections.view")
	@Operation(summary = "Read a provider connection")
	ResponseEntity<ConnectionResponse> get(@PathVariable long id) {
		return this.connections.get(id).ok();
	}

	@PutMapping(PathIds.ID)
	@Requires("finance.connections.change")
	@Operation(summary = "Update a provider connection", description = "Sets every writable field; absent ones "
			+ "take their defaults. provider is not writable: ignored if sent. account_id changes only while no "
			+ "transaction carries the old one (409).")
	ResponseEntity<ConnectionResponse> replace(@PathVariable long id, @Valid @RequestBody ConnectionRequest request,
			@RequestHeader(name = HttpHeaders.IF_MATCH, required = false) @Nullable String ifMatch) {
		return this.connections.update(id, current -> request, ExpectedVersion.ifMatch(ifMatch)).ok();
	}

	@PatchMapping(PathIds.ID)
	@Requires("finance.connections.change")
	@Operation(summary = "Change some fields of a provider connection",
			description = "Changes only the fields " + "sent, with the rules of PUT.",
			requestBody = @io.swagger.v3.oas.annotations.parameters.RequestBody(
					content = @Content(schema = @Schema(implementation = ConnectionRequest.class))))
	ResponseEntity<ConnectionResponse> update(@PathVariable long id, @RequestBody ObjectNode patch,
			@RequestHeader(name = HttpHeaders.IF_MATCH, required = false) @Nullable String ifMatch) {
		return this.connections
			.update(id,
					current -> this.partialUpdates.merge(ConnectionRequest.of(current), patch, ConnectionRequest.class),
					ExpectedVersion.ifMatch(ifMatch))
			.ok();
	}

	@DeleteMapping(PathIds.ID)
	@Requires("finance.connections.change")
	@Operation(summary = "Delete a provider connection", description = "Refused (409) while transactions carry "
			+ "its provider and account_id: disable it with enabled: false instead.")
	ResponseEntity<Void> delete(@PathVariable long id) {
		this.connections.delete(id);
		return ResponseEntity.noContent().build();
	}

}
