package br.suite.access.roles;

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
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.tags.Tag;
import tools.jackson.databind.node.ObjectNode;

import br.suite.access.Permissions;
import br.suite.shared.CurrentUser;
import br.suite.shared.ExpectedVersion;
import br.suite.shared.json.PartialUpdates;
import br.suite.shared.PathIds;
import br.suite.shared.Requires;
import br.suite.shared.Versioned;

@RestController
@RequestMapping("/api/access")
@Tag(name = "Access: roles and permissions")
class RoleController {

	private final RoleService roles;

	private final PartialUpdates partialUpdates;

	RoleController(RoleService roles, PartialUpdates partialUpdates) {
		this.roles = roles;
		this.partialUpdates = partialUpdates;
	}

	@GetMapping("/roles")
	@Requires("access.roles.view")
	@Operation(summary = "List roles", description = "Ordered by id (the system role Administrator first).")
	List<RoleResponse> list() {
		return this.roles.list();
	}

	@PostMapping("/roles")
	@Requires("access.roles.change")
	@Operation(summary = "Create a role", description = "name is required; permissions must come from the "
			+ "catalogue (or be *) and be held by the caller.")
	ResponseEntity<RoleResponse> create(@Valid @RequestBody RoleRequest request) {
		Role role = this.roles.create(request, CurrentUser.get());
		return versioned(role).created("/api/access/roles/" + role.id() + "/");
	}

	@GetMapping("/roles" + PathIds.ID)
	@Requires("access.roles.view")
	@Operation(summary = "Read a role")
	ResponseEntity<RoleResponse> get(@PathVariable long id) {
		return versioned(this.roles.get(id)).ok();
	}

	@PatchMapping("/roles" + PathIds.ID)
	@Requires("access.roles.change")
	@Operation(summary = "Update a role",
			description = "Changes only the fields sent. A system role keeps its " + "name and permissions (409).",
			requestBody = @io.swagger.v3.oas.annotations.parameters.RequestBody(
					content = @Content(schema = @Schema(implementation = RoleRequest.class))))
	ResponseEntity<RoleResponse> update(@PathVariable long id, @RequestBody ObjectNode patch,
			@RequestHeader(name = HttpHeaders.IF_MATCH, required = false) @Nullable String ifMatch) {
		Role role = this.roles.update(id,
				current -> this.partialUpdates.merge(RoleRequest.of(current), patch, RoleRequest.class),
				ExpectedVersion.ifMatch(ifMatch), CurrentUser.get());
		return versioned(role).ok();
	}

	@DeleteMapping("/roles" + PathIds.ID)
	@Requires("access.roles.change")
	@Operation(summary = "Delete a role", description = "Refused (409) for a system role or a role with users.")
	ResponseEntity<Void> delete(@PathVariable long id) {
		this.roles.delete(id);
		return ResponseEntity.noContent().build();
	}

	@GetMapping("/permissions")
	@Requires("access.roles.view")
	@Operation(summary = "The permission catalogue",
			description = "Every permission a role may hold, in catalogue order; * grants them all.")
	List<PermissionResponse> permissions() {
		return Permissions.CATALOGUE.entrySet()
			.stream()
			.map(entry -> new PermissionResponse(entry.getKey(), entry.getValue()))
			.toList();
	}

	private Versioned<RoleResponse> versioned(Role role) {
		return new Versioned<>(this.roles.describe(role), Objects.requireNonNull(role.version));
	}

	record PermissionResponse(String code, String description) {
	}

}
