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
@RequestMapping("/api/fornecedores")
@Tag(name = "Suppliers")
class FornecedorController {

	private final FornecedorService fornecedores;

	private final PartialUpdates partialUpdates;

	FornecedorController(FornecedorService fornecedores, PartialUpdates partialUpdates) {
		this.fornecedores = fornecedores;
		this.partialUpdates = partialUpdates;
	}

	@GetMapping
	@Requires("customers.fornecedores.view")
	@Operation(summary = "List suppliers", description = "A bare array ordered by nome (ignoring case and accents), "
			+ "then id. Optional limit/offset add X-Total-Count.")
	ResponseEntity<List<FornecedorResponse>> list(
			@Parameter(description = "Only active (true) or inactive (false) suppliers") @RequestParam(
					required = false) @Nullable Boolean ativo,
			@Parameter(description = "Part of the name, e-mail or document (CPF/CNPJ, with or without "
					+ "punctuation), ignoring case and accents") @RequestParam(required = false) @Nullable String q,
			@RequestParam(required = false) @Nullable Integer limit,
			@RequestParam(required = false) @Nullable Integer offset) {
		Paging paging = new Paging(limit, offset);
		ListQuery.Page<FornecedorResponse> page = this.fornecedores.list(new FornecedorService.Filter(ativo, q),
				paging);
		return paging.respond(page.items(), page.total());
	}

	@PostMapping
	@Requires("customers.fornecedores.change")
	@Operation(summary = "Create a supplier",
			description = "nome is required. documento (CPF or CNPJ, numeric or "
					+ "alphanumeric) must have valid check digits and belong to no other supplier (409 naming the "
					+ "existing_id).")
	ResponseEntity<FornecedorResponse> create(@Valid @RequestBody FornecedorRequest request) {
		Fornecedor fornecedor = this.fornecedores.create(request);
		return versioned(fornecedor).created("/api/fornecedores/" + fornecedor.id() + "/");
	}

	@GetMapping(PathIds.ID)
	@Requires("customers.fornecedores.view")
	@Operation(summary = "Read a supplier")
	ResponseEntity<FornecedorResponse> get(@PathVariable long id) {
		return versioned(this.fornecedores.get(id)).ok();
	}

	@PutMapping(PathIds.ID)
	@Requires("customers.fornecedores.change")
	@Operation(summary = "Replace a supplier", description = "Sets every writable field: absent optional ones "
			+ "take their defaults (\"\", ativo true, default_category_id null). default_category_id must be an "
			+ "active expense category (400).")
	ResponseEntity<FornecedorResponse> replace(@PathVariable long id, @Valid @RequestBody FornecedorRequest request,
			@RequestHeader(name = HttpHeaders.IF_MATCH, required = false) @Nullable String ifMatch) {
		return versioned(this.fornecedores.update(id, current -> request, ExpectedVersion.ifMatch(ifMatch))).ok();
	}

	@PatchMapping(PathIds.ID)
	@Requires("customers.fornecedores.change")
	@Operation(summary = "Update a supplier",
			description = "Changes only the fields sent; deactivate with " + "{\"ativo\": false}.",
			requestBody = @io.swagger.v3.oas.annotations.parameters.RequestBody(
					content = @Content(schema = @Schema(implementation = FornecedorRequest.class))))
	ResponseEntity<FornecedorResponse> update(@PathVariable long id, @RequestBody ObjectNode patch,
			@RequestHeader(name = HttpHeaders.IF_MATCH, required = false) @Nullable String ifMatch) {
		Fornecedor fornecedor = this.fornecedores.update(id,
				current -> this.partialUpdates.merge(FornecedorRequest.of(current), patch, FornecedorRequest.class),
				ExpectedVersion.ifMatch(ifMatch));
		return versioned(fornecedor).ok();
	}

	@DeleteMapping(PathIds.ID)
	@Requires("customers.fornecedores.change")
	@Operation(summary = "Delete a supplier", description = "Refused (409) while records (bills) refer to the "
			+ "supplier: deactivate it with {\"ativo\": false} instead.")
	ResponseEntity<Void> delete(@PathVariable long id) {
		this.fornecedores.delete(id);
		return ResponseEntity.noContent().build();
	}

	private static Versioned<FornecedorResponse> versioned(Fornecedor fornecedor) {
		return new Versioned<>(FornecedorResponse.from(fornecedor), Objects.requireNonNull(fornecedor.version));
	}

}
