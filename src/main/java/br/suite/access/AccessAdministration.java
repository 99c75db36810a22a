package br.suite.access;

import java.util.List;
import java.util.Map;

import org.jspecify.annotations.Nullable;

import br.suite.shared.CurrentUser;

/**
 * Users and roles for callers inside the application (the web pages): the same services,
 * checks and errors as the {@code /api/access/} endpoints, with the caller passed in.
 */
public interface AccessAdministration {

	/** A role as a list shows it. */
	record RoleView(long id, String name, String description, List<String> permissions, boolean isSystem,
			long usersCount) {
	}

	/** A user as a list shows it. */
	record UserView(long id, String username, String email, String fullName, String roleName, String status,
			boolean isEmployee) {
	}

	record UserPage(List<UserView> users, long total) {
	}

	/** A user as its edit page shows it. */
	record UserDetail(long id, String username, String email, String fullName, long roleId, String roleName,
			String status, boolean isEmployee, @Nullable String cpf, @Nullable Long establishmentId) {

		public boolean active() {
			return "active".equals(this.status);
		}

	}

	/** What the edit page changes; the rest of the user stays as it is. */
	record UserChanges(String fullName, String email, @Nullable Long roleId, boolean isEmployee, @Nullable String cpf,
			@Nullable Long establishmentId, boolean active) {
	}

	/**
	 * An employee to choose from (espelho de ponto): id and the name printed on records.
	 */
	record Employee(long id, String name, boolean active) {
	}

	/**
	 * A created user and the temporary password, which exists in clear only in this
	 * answer.
	 */
	record CreatedUser(long id, String username, String temporaryPassword) {
	}

	/** The permission catalogue: permission → description, in catalogue order. */
	Map<String, String> catalogue();

	List<RoleView> roles();

	RoleView createRole(String name, String description, List<String> permissions, CurrentUser caller);

	UserPage users(@Nullable String q, int limit, int offset);

	UserDetail user(long id);

	/**
	 * Changes a user as {@code PATCH /api/access/users/{id}/} does, with its checks:
	 * authority over the user, a new role's permissions held by the caller (403), CPF and
	 * establishment (400), uniqueness (409).
	 */
	UserDetail updateUser(long id, UserChanges changes, CurrentUser caller);

	/**
	 * Deactivates as {@code DELETE /api/access/users/{id}/}: the user is kept, every
	 * token revoked.
	 */
	void deactivateUser(long id, CurrentUser caller);

	/**
	 * Makes an inactive user active again (the same change as a PATCH of {@code status}).
	 */
	void reactivateUser(long id, CurrentUser caller);

	/**
	 * A new temporary password, in clear only in this answer; every token of the user is
	 * revoked.
	 */
	String resetPassword(long id, CurrentUser caller);

	void revokeTokens(long id, CurrentUser caller);

	/**
	 * Every user marked as an employee, by name (inactive ones too: their records stay).
	 */
	List<Employee> employees();

	RoleView role(long id);

	/**
	 * Changes a role as {@code PATCH /api/access/roles/{id}/}: only permissions one holds
	 * may be added (403).
	 */
	RoleView updateRole(long id, String name, String description, List<String> permissions, CurrentUser caller);

	/** Deletes an unused, non-system role (409 when someone holds it). */
	void deleteRole(long id);

	CreatedUser createUser(String username, String email, String fullName, boolean isEmployee, @Nullable Long roleId,
			CurrentUser caller);

}
