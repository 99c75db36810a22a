package br.suite.access;

import java.util.List;
import java.util.Map;

import jakarta.validation.Validator;

import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Service;

import br.suite.shared.BeanChecks;
import br.suite.shared.CurrentUser;
import br.suite.shared.Paging;

/**
 * Users and roles for callers inside the application (the web pages): the same services, checks and
 * errors as the {@code /api/access/} endpoints, with the caller passed in.
 */
@Service
public class AccessAdministration {

	private final RoleService roles;

	private final UserService users;

	private final Validator validator;

	AccessAdministration(RoleService roles, UserService users, Validator validator) {
		this.roles = roles;
		this.users = users;
		this.validator = validator;
	}

	/** A role as a list shows it. */
	public record RoleView(long id, String name, String description, List<String> permissions, boolean isSystem,
			long usersCount) {
	}

	/** A user as a list shows it. */
	public record UserView(long id, String username, String email, String fullName, String roleName, String status,
			boolean isEmployee) {
	}

	public record UserPage(List<UserView> users, long total) {
	}

	/** A created user and the temporary password, which exists in clear only in this answer. */
	public record CreatedUser(long id, String username, String temporaryPassword) {
	}

	/** The permission catalogue: permission → description, in catalogue order. */
	public Map<String, String> catalogue() {
		return Permissions.CATALOGUE;
	}

	public List<RoleView> roles() {
		return this.roles.list()
			.stream()
			.map(r -> new RoleView(r.id(), r.name(), r.description(), r.permissions(), r.isSystem(), r.usersCount()))
			.toList();
	}

	public RoleView createRole(String name, String description, List<String> permissions, CurrentUser caller) {
		RoleRequest request = new RoleRequest(name, description, permissions);
		BeanChecks.check(this.validator, request);
		Role role = this.roles.create(request, caller);
		return new RoleView(role.id(), role.name, role.description, role.permissions, role.isSystem, 0);
	}

	public UserPage users(@Nullable String q, int limit, int offset) {
		UserService.Listing listing = this.users.list(new UserService.Filter(null, null, null, q),
				new Paging(limit, offset));
		return new UserPage(listing.users()
			.stream()
			.map(u -> new UserView(u.id(), u.username(), u.email(), u.fullName(), u.roleName(), u.status(),
					u.isEmployee()))
			.toList(), listing.total());
	}

	public CreatedUser createUser(String username, String email, String fullName, boolean isEmployee,
			@Nullable Long roleId, CurrentUser caller) {
		UserRequest request = new UserRequest(username, email, fullName, null, null, isEmployee, roleId, null, null, null);
		BeanChecks.check(this.validator, request);
		UserResponse created = this.users.create(request, caller).body();
		return new CreatedUser(created.id(), created.username(), String.valueOf(created.temporaryPassword()));
	}

}
