package br.suite.access;

import java.util.List;
import java.util.Map;

import jakarta.validation.Validator;

import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Service;

import br.suite.shared.BeanChecks;
import br.suite.shared.CurrentUser;
import br.suite.shared.ExpectedVersion;
import br.suite.shared.Paging;

/**
 * Users and roles for callers inside the application (the web pages): the same services,
 * checks and errors as the {@code /api/access/} endpoints, with the caller passed in.
 */
@Service
public class AccessAdministration {

	private final RoleService roles;

	private final UserService users;

	private final UserSearch search;

	private final Validator validator;

	AccessAdministration(RoleService roles, UserService users, UserSearch search, Validator validator) {
		this.roles = roles;
		this.users = users;
		this.search = search;
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

	/** A user as its edit page shows it. */
	public record UserDetail(long id, String username, String email, String fullName, long roleId, String roleName,
			String status, boolean isEmployee, @Nullable String cpf, @Nullable Long establishmentId) {

		public boolean active() {
			return "active".equals(this.status);
		}

	}

	/** What the edit page changes; the rest of the user stays as it is. */
	public record UserChanges(String fullName, String email, @Nullable Long roleId, boolean isEmployee,
			@Nullable String cpf, @Nullable Long establishmentId, boolean active) {
	}

	/**
	 * An employee to choose from (espelho de ponto): id and the name printed on records.
	 */
	public record Employee(long id, String name, boolean active) {
	}

	/**
	 * A created user and the temporary password, which exists in clear only in this
	 * answer.
	 */
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
		UserSearch.Listing listing = this.search.list(new UserSearch.Filter(null, null, null, q),
				new Paging(limit, offset));
		return new UserPage(listing.users()
			.stream()
			.map(u -> new UserView(u.id(), u.username(), u.email(), u.fullName(), u.roleName(), u.status(),
					u.isEmployee()))
			.toList(), listing.total());
	}

	public UserDetail user(long id) {
		User user = this.users.get(id);
		Role role = this.roles.get(user.roleId);
		return new UserDetail(user.id(), user.username, user.email, user.fullName, role.id(), role.name, user.status,
				user.isEmployee, user.cpf, user.establishmentId);
	}

	/**
	 * Changes a user as {@code PATCH /api/access/users/{id}/} does, with its checks:
	 * authority over the user, a new role's permissions held by the caller (403), CPF and
	 * establishment (400), uniqueness (409).
	 */
	public UserDetail updateUser(long id, UserChanges changes, CurrentUser caller) {
		this.users.update(id, user -> {
			UserRequest request = new UserRequest(user.username, changes.email(), changes.fullName(), user.department,
					user.jobTitle, changes.isEmployee(), changes.roleId(),
					changes.active() ? "active" : user.isActive() ? "inactive" : user.status, changes.cpf(),
					changes.establishmentId(), user.matricula, user.costCentreId);
			BeanChecks.check(this.validator, request);
			return request;
		}, ExpectedVersion.ANY, caller);
		return user(id);
	}

	/**
	 * Deactivates as {@code DELETE /api/access/users/{id}/}: the user is kept, every
	 * token revoked.
	 */
	public void deactivateUser(long id, CurrentUser caller) {
		this.users.deactivate(id, caller);
	}

	/**
	 * Makes an inactive user active again (the same change as a PATCH of {@code status}).
	 */
	public void reactivateUser(long id, CurrentUser caller) {
		this.users.update(id, user -> {
			UserRequest current = UserRequest.of(user);
			return new UserRequest(current.username(), current.email(), current.fullName(), current.department(),
					current.jobTitle(), current.isEmployee(), current.roleId(), "active", current.cpf(),
					current.establishmentId(), current.matricula(), current.costCentreId());
		}, ExpectedVersion.ANY, caller);
	}

	/**
	 * A new temporary password, in clear only in this answer; every token of the user is
	 * revoked.
	 */
	public String resetPassword(long id, CurrentUser caller) {
		return String.valueOf(this.users.resetPassword(id, caller).body().temporaryPassword());
	}

	public void revokeTokens(long id, CurrentUser caller) {
		this.users.revokeTokens(id, caller);
	}

	/**
	 * Every user marked as an employee, by name (inactive ones too: their records stay).
	 */
	public List<Employee> employees() {
		return this.search.list(new UserSearch.Filter(null, null, true, null), new Paging(null, null))
			.users()
			.stream()
			.map(u -> new Employee(u.id(), u.fullName().isBlank() ? u.username() : u.fullName(),
					"active".equals(u.status())))
			.sorted(java.util.Comparator.comparing(Employee::name, String.CASE_INSENSITIVE_ORDER))
			.toList();
	}

	public RoleView role(long id) {
		return roles().stream().filter(r -> r.id() == id).findFirst().orElseGet(() -> {
			this.roles.get(id);
			throw new IllegalStateException("Role " + id + " vanished");
		});
	}

	/**
	 * Changes a role as {@code PATCH /api/access/roles/{id}/}: only permissions one holds
	 * may be added (403).
	 */
	public RoleView updateRole(long id, String name, String description, List<String> permissions, CurrentUser caller) {
		this.roles.update(id, role -> {
			RoleRequest request = new RoleRequest(name, description, permissions);
			BeanChecks.check(this.validator, request);
			return request;
		}, ExpectedVersion.ANY, caller);
		return role(id);
	}

	/** Deletes an unused, non-system role (409 when someone holds it). */
	public void deleteRole(long id) {
		this.roles.delete(id);
	}

	public CreatedUser createUser(String username, String email, String fullName, boolean isEmployee,
			@Nullable Long roleId, CurrentUser caller) {
		UserRequest request = new UserRequest(username, email, fullName, null, null, isEmployee, roleId, null, null,
				null, null, null);
		BeanChecks.check(this.validator, request);
		UserResponse created = this.users.create(request, caller).body();
		return new CreatedUser(created.id(), created.username(), String.valueOf(created.temporaryPassword()));
	}

}
