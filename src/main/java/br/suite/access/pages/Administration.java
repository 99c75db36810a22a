package br.suite.access.pages;

import java.util.List;
import java.util.Map;

import jakarta.validation.Validator;

import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Service;

import br.suite.access.AccessAdministration;
import br.suite.access.Permissions;
import br.suite.access.roles.Role;
import br.suite.access.roles.RoleRequest;
import br.suite.access.roles.RoleService;
import br.suite.access.users.User;
import br.suite.access.users.UserRequest;
import br.suite.access.users.UserResponse;
import br.suite.access.users.UserSearch;
import br.suite.access.users.UserService;
import br.suite.shared.BeanChecks;
import br.suite.shared.CurrentUser;
import br.suite.shared.ExpectedVersion;
import br.suite.shared.lists.ListQuery;
import br.suite.shared.lists.Paging;

/**
 * {@link AccessAdministration} over the users' and roles' services.
 */
@Service
class Administration implements AccessAdministration {

	private final RoleService roles;

	private final UserService users;

	private final UserSearch search;

	private final Validator validator;

	Administration(RoleService roles, UserService users, UserSearch search, Validator validator) {
		this.roles = roles;
		this.users = users;
		this.search = search;
		this.validator = validator;
	}

	@Override
	public Map<String, String> catalogue() {
		return Permissions.CATALOGUE;
	}

	@Override
	public List<RoleView> roles() {
		return this.roles.list()
			.stream()
			.map(r -> new RoleView(r.id(), r.name(), r.description(), r.permissions(), r.isSystem(), r.usersCount()))
			.toList();
	}

	@Override
	public RoleView createRole(String name, String description, List<String> permissions, CurrentUser caller) {
		RoleRequest request = new RoleRequest(name, description, permissions);
		BeanChecks.check(this.validator, request);
		Role role = this.roles.create(request, caller);
		return new RoleView(role.id(), role.name, role.description, role.permissions, role.isSystem, 0);
	}

	@Override
	public UserPage users(@Nullable String q, int limit, int offset) {
		ListQuery.Page<UserResponse> listing = this.search.list(new UserSearch.Filter(null, null, null, q),
				new Paging(limit, offset));
		return new UserPage(listing.items()
			.stream()
			.map(u -> new UserView(u.id(), u.username(), u.email(), u.fullName(), u.roleName(), u.status(),
					u.isEmployee()))
			.toList(), listing.total());
	}

	@Override
	public UserDetail user(long id) {
		User user = this.users.get(id);
		Role role = this.roles.get(user.roleId);
		return new UserDetail(user.id(), user.username, user.email, user.fullName, role.id(), role.name, user.status,
				user.isEmployee, user.cpf, user.establishmentId);
	}

	@Override
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

	@Override
	public void deactivateUser(long id, CurrentUser caller) {
		this.users.deactivate(id, caller);
	}

	@Override
	public void reactivateUser(long id, CurrentUser caller) {
		this.users.update(id, user -> {
			UserRequest current = UserRequest.of(user);
			return new UserRequest(current.username(), current.email(), current.fullName(), current.department(),
					current.jobTitle(), current.isEmployee(), current.roleId(), "active", current.cpf(),
					current.establishmentId(), current.matricula(), current.costCentreId());
		}, ExpectedVersion.ANY, caller);
	}

	@Override
	public String resetPassword(long id, CurrentUser caller) {
		return String.valueOf(this.users.resetPassword(id, caller).body().temporaryPassword());
	}

	@Override
	public void revokeTokens(long id, CurrentUser caller) {
		this.users.revokeTokens(id, caller);
	}

	@Override
	public List<Employee> employees() {
		return this.search.list(new UserSearch.Filter(null, null, true, null), new Paging(null, null))
			.items()
			.stream()
			.map(u -> new Employee(u.id(), u.fullName().isBlank() ? u.username() : u.fullName(),
					"active".equals(u.status())))
			.sorted(java.util.Comparator.comparing(Employee::name, String.CASE_INSENSITIVE_ORDER))
			.toList();
	}

	@Override
	public RoleView role(long id) {
		return roles().stream().filter(r -> r.id() == id).findFirst().orElseGet(() -> {
			this.roles.get(id);
			throw new IllegalStateException("Role " + id + " vanished");
		});
	}

	@Override
	public RoleView updateRole(long id, String name, String description, List<String> permissions, CurrentUser caller) {
		this.roles.update(id, role -> {
			RoleRequest request = new RoleRequest(name, description, permissions);
			BeanChecks.check(this.validator, request);
			return request;
		}, ExpectedVersion.ANY, caller);
		return role(id);
	}

	@Override
	public void deleteRole(long id) {
		this.roles.delete(id);
	}

	@Override
	public CreatedUser createUser(String username, String email, String fullName, boolean isEmployee,
			@Nullable Long roleId, CurrentUser caller) {
		UserRequest request = new UserRequest(username, email, fullName, null, null, isEmployee, roleId, null, null,
				null, null, null);
		BeanChecks.check(this.validator, request);
		UserResponse created = this.users.create(request, caller).body();
		return new CreatedUser(created.id(), created.username(), String.valueOf(created.temporaryPassword()));
	}

}
