package br.suite.access.users;

import java.util.List;

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
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.tags.Tag;
import tools.jackson.databind.node.ObjectNode;

import br.suite.shared.CurrentUser;
import br.suite.shared.ExpectedVersion;
import br.suite.shared.lists.ListQuery;
import br.suite.shared.lists.Paging;
import br.suite.shared.json.PartialUpdates;
import br.suite.shared.PathIds;
import br.suite.shared.Requires;

@RestController
@RequestMapping("/api/access/users")
@Tag(name = "Access: users")
class UserController {

	private final UserService users;

	private final UserSearch search;

	private final PartialUpdates partialUpdates;

	UserController(UserService users, UserSearch search, PartialUpdates partialUpdates) {
		this.users = users;
		this.search = search;
		this.partialUpdates = partialUpdates;
	}

	@GetMapping
	@Requires("access.users.view")
	@Operation(summary = "List users", description = "Ordered by id. Filters: status, role_id, is_employee, "
			+ "q (username, e-mail or full name contains). Optional limit/offset add X-Total-Count.")
	ResponseEntity<List<UserResponse>> list(@RequestParam(required = false) @Nullable String status,
			@RequestParam(name = "role_id", required = false) @Nullable Long roleId,
			@RequestParam(name = "is_employee", required = false) @Nullable Boolean isEmployee,
			@RequestParam(required = false) @Nullable String q, @RequestParam(required = false) @Nullable Integer limit,
			@RequestParam(required = false) @Nullable Integer offset) {
		Paging paging = new Paging(limit, offset);
		ListQuery.Page<UserResponse> listing = this.search.list(new UserSearch.Filter(status, roleId, isEmployee, q),
				paging);
		return paging.respond(listing.items(), listing.total());
	}

	@PostMapping
	@Requires("access.users.change")
	@Operation(summary = "Create a user",
			description = "username and role_id are required. The response carries a generated "
					+ "temporary_password; it is never shown again.")
	ResponseEntity<UserResponse> create(@Valid @RequestBody UserRequest request) {
		var created = this.users.create(request, CurrentUser.get());
		return created.created("/api/access/users/" + created.body().id() + "/");
	}

	@GetMapping(PathIds.ID)
	@Requires("access.users.view")
	@Operation(summary = "Read a user")
	ResponseEntity<UserResponse> get(@PathVariable long id) {
		return this.users.describe(this.users.get(id), null).ok();
	}

	@PatchMapping(PathIds.ID)
	@Requires("access.users.change")
	@Operation(summary = "Update a user", description = "Changes only the fields sent. Needs every permission of "
			+ "the user's role (403 naming missing_permissions otherwise), and of a new role_id. A new role or a "
			+ "status other than active revokes every token of the user.",
			requestBody = @io.swagger.v3.oas.annotations.parameters.RequestBody(
					content = @Content(schema = @Schema(implementation = UserRequest.class))))
	ResponseEntity<UserResponse> update(@PathVariable long id, @RequestBody ObjectNode patch,
			@RequestHeader(name = HttpHeaders.IF_MATCH, required = false) @Nullable String ifMatch) {
		return this.users
			.update(id, user -> this.partialUpdates.merge(UserRequest.of(user), patch, UserRequest.class),
					ExpectedVersion.ifMatch(ifMatch), CurrentUser.get())
			.ok();
	}

	@DeleteMapping(PathIds.ID)
	@Requires("access.users.change")
	@Operation(summary = "Deactivate a user",
			description = "Users are never deleted (punches and audit refer to them): the status becomes inactive "
					+ "and every token of the user is revoked. Needs every permission of the user's role.")
	ResponseEntity<Void> deactivate(@PathVariable long id) {
		this.users.deactivate(id, CurrentUser.get());
		return ResponseEntity.noContent().build();
	}

	@PostMapping(PathIds.ID + "/reset-password")
	@Requires("access.users.change")
	@Operation(summary = "Reset a user's password",
			description = "Generates a new temporary_password, returned in this response only, valid for 72 hours "
					+ "and to be changed before anything else; every token of the user is revoked. Needs every "
					+ "permission of the user's role; your own password is changed with POST /api/auth/password/ (409).")
	ResponseEntity<UserResponse> resetPassword(@PathVariable long id) {
		return this.users.resetPassword(id, CurrentUser.get()).ok();
	}

	@DeleteMapping(PathIds.ID + "/tokens")
	@Requires("access.users.change")
	@Operation(summary = "Revoke every token of a user", description = "Signs the user out everywhere (within "
			+ "a second on every instance). Needs every permission of the user's role.")
	ResponseEntity<Void> revokeTokens(@PathVariable long id) {
		this.users.revokeTokens(id, CurrentUser.get());
		return ResponseEntity.noContent().build();
	}

}
