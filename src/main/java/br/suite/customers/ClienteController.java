package br.suite.customers;

import java.util.List;
import java.util.Objects;

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
@RequestMapping("/api/clientes")
@Tag(name = "Customers")
class ClienteController {

	private final ClienteService clientes;

	private final PartialUpdates partialUpdates;

	ClienteController(ClienteService clientes, PartialUpdates partialUpdates) {
		this.clientes = clientes;
		this.partialUpdates = partialUpdates;
	}

	@GetMapping
	@Requires("customers.clientes.view")
	@Operation(summary = "List customers", description = "A bare array ordered by nome (ignoring case and accents), "
			+ "then id. Optional limit/offset add X-Total-Count.")
	ResponseEntity<List<ClienteResponse>> list(
			@Parameter(description = "Only active (true) or inactive (false) customers") @RequestParam(
					required = false) @Nullable Boolean ativo,
			@Parameter(description = "Part of the name, e-mail or document (CPF/CNPJ, with or without "
					+ "punctuation), ignoring case and accents") @RequestParam(required = false) @Nullable String q,
			@RequestParam(required = false) @Nullable Integer limit,
			@RequestParam(required = false) @Nullable Integer offset) {
		Paging paging = new Paging(limit, offset);
		ListQuery.Page<ClienteResponse> listing = this.clientes.list(new ClienteService.Filter(ativo, q), paging);
		return paging.respond(listing.items(), listing.total());
	}

	@PostMapping
	@Requires("customers.clientes.change")
	@Operation(summary = "Create a customer",
			description = "nome is required. documento (CPF or CNPJ, numeric or "
					+ "alphanumeric) must have valid check digits and belong to no other customer (409 naming the "
					+ "existing_id).")
	ResponseEntity<ClienteResponse> create(@Valid @RequestBody ClienteRequest request) {
		Cliente cliente = this.clientes.create(request);
		return versioned(cliente).created("/api/clientes/" + cliente.id() + "/");
	}

	@GetMapping(PathIds.ID)
	@Requires("customers.clientes.view")
	@Operation(summary = "Read a customer")
	ResponseEntity<ClienteResponse> get(@PathVariable long id) {
		return versioned(this.clientes.get(id)).ok();
	}

	@PutMapping(PathIds.ID)
	@Requires("customers.clientes.change")
	@Operation(summary = "Replace a customer", description = "Sets every writable field: absent optional ones "
			+ "take their defaults (\"\", ativo true).")
	ResponseEntity<ClienteResponse> replace(@PathVariable long id, @Valid @RequestBody ClienteRequest request,
			@RequestHeader(name = HttpHeaders.IF_MATCH, required = false) @Nullable String ifMatch) {
		return versioned(this.clientes.update(id, current -> request, ExpectedVersion.ifMatch(ifMatch))).ok();
	}

	@PatchMapping(PathIds.ID)
	@Requires("customers.clientes.change")
	@Operation(summary = "Update a customer",
			description = "Changes only the fields sent; deactivate with " + "{\"ativo\": false}.",
			requestBody = @io.swagger.v3.oas.annotations.parameters.RequestBody(
					content = @Content(schema = @Schema(implementation = ClienteRequest.class))))
	ResponseEntity<ClienteResponse> update(@PathVariable long id, @RequestBody ObjectNode patch,
			@RequestHeader(name = HttpHeaders.IF_MATCH, required = false) @Nullable String ifMatch) {
		Cliente cliente = this.clientes.update(id,
				current -> this.partialUpdates.merge(ClienteRequest.of(current), patch, ClienteRequest.class),
				ExpectedVersion.ifMatch(ifMatch));
		return versioned(cliente).ok();
	}

	@DeleteMapping(PathIds.ID)
	@Requires("customers.clientes.change")
	@Operation(summary = "Delete a customer", description = "Refused (409) while records (fins) refer to the "
			+ "customer: deactivate it with {\"ativo\": false} instead.")
	ResponseEntity<Void> delete(@PathVariable long id) {
		this.clientes.delete(id);
		return ResponseEntity.noContent().build();
	}

	private static Versioned<ClienteResponse> versioned(Cliente cliente) {
		return new Versioned<>(ClienteResponse.from(cliente), Objects.requireNonNull(cliente.version));
	}

}
