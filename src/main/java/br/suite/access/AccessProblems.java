package br.suite.access;

import java.util.Collection;
import java.util.List;

import br.suite.shared.ApiProblem;
import br.suite.shared.InvalidRequest;

/** What can go wrong in access management, each named for what happened. */
public final class AccessProblems {

	private AccessProblems() {
	}

	public static final class RoleNotFound extends ApiProblem.NotFound {

		public RoleNotFound(long id) {
			super("Role", id);
		}

	}

	public static final class UserNotFound extends ApiProblem.NotFound {

		public UserNotFound(long id) {
			super("User", id);
		}

	}

	public static final class RoleNameTaken extends ApiProblem.Conflict {

		public RoleNameTaken(String name, long existingId) {
			super("A role named \"" + name + "\" already exists (id " + existingId + ").");
			with("field", "name").with("existing_id", existingId);
		}

	}

	public static final class UsernameTaken extends ApiProblem.Conflict {

		public UsernameTaken(String username, long existingId) {
			super("The username \"" + username + "\" is taken (user " + existingId + ").");
			with("field", "username").with("existing_id", existingId);
		}

	}

	public static final class EmailTaken extends ApiProblem.Conflict {

		public EmailTaken(String email, long existingId) {
			super("The e-mail " + email + " belongs to another user (user " + existingId + ").");
			with("field", "email").with("existing_id", existingId);
		}

	}

	public static final class CpfTaken extends ApiProblem.Conflict {

		public CpfTaken(long existingId) {
			super("The CPF belongs to another user (user " + existingId + ").");
			with("field", "cpf").with("existing_id", existingId);
		}

	}

	public static final class MatriculaTaken extends ApiProblem.Conflict {

		public MatriculaTaken(long existingId) {
			super("The matrícula belongs to another user (user " + existingId + ").");
			with("field", "matricula").with("existing_id", existingId);
		}

	}

	public static final class SystemRoleLocked extends ApiProblem.Conflict {

		public SystemRoleLocked(String name) {
			super("The system role \"" + name + "\" cannot be renamed, have its permissions changed, or be deleted.");
		}

	}

	public static final class RoleInUse extends ApiProblem.Conflict {

		public RoleInUse(String name, long users) {
			super("The role \"" + name + "\" is held by " + users + " user(s); move them to another role first.");
			with("users_count", users);
		}

	}

	public static final class LastAdministrator extends ApiProblem.Conflict {

		public LastAdministrator() {
			super("This would leave no active user holding every permission (*); keep at least one administrator.");
		}

	}

	public static final class NotGrantable extends ApiProblem.Forbidden {

		public NotGrantable(Collection<String> permissions) {
			super("You cannot grant permissions you do not hold yourself: " + String.join(", ", permissions) + ".");
			with("permissions", List.copyOf(permissions));
			with("missing_permissions", List.copyOf(permissions));
		}

	}

	public static final class NoAuthorityOver extends ApiProblem.Forbidden {

		public NoAuthorityOver(long userId, Collection<String> missing) {
			super("You cannot act on user " + userId + ": their role grants permissions you do not hold: "
					+ String.join(", ", missing) + ".");
			with("missing_permissions", List.copyOf(missing));
		}

	}

	/**
	 * Changing a role's permissions acts on every holder of the role: the caller needs
	 * authority over them (every permission the role grants now), as for a password
	 * reset.
	 */
	public static final class NoAuthorityOverHolders extends ApiProblem.Forbidden {

		public NoAuthorityOverHolders(long roleId, long holders, Collection<String> missing) {
			super("You cannot change the permissions of role " + roleId + ": its " + holders
					+ " user(s) hold permissions you do not hold: " + String.join(", ", missing) + ".");
			with("missing_permissions", List.copyOf(missing));
			with("users_count", holders);
		}

	}

	public static final class OwnPasswordReset extends ApiProblem.Conflict {

		public OwnPasswordReset() {
			super("You cannot reset your own password here; change it with POST /api/auth/password/, "
					+ "which needs your current password.");
		}

	}

	public static InvalidRequest unknownRole(long roleId) {
		return InvalidRequest.of("role_id", "role " + roleId + " does not exist");
	}

}
