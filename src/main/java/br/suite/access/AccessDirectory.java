package br.suite.access;

import java.util.List;
import java.util.Optional;

import org.jspecify.annotations.Nullable;

import br.suite.shared.CurrentUser;

/**
 * What other modules may know about users: who they are and whether they may be treated
 * as employees.
 */
public interface AccessDirectory {

	/** A user as other modules see it. */
	record UserSummary(long id, String username, String fullName, boolean isEmployee, boolean active,
			@Nullable String cpf, @Nullable Long establishmentId, @Nullable String matricula) {

		/**
		 * The name to print on records: the full name, or the username when there is
		 * none.
		 */
		public String displayName() {
			return this.fullName.isBlank() ? this.username : this.fullName;
		}

	}

	Optional<UserSummary> find(long userId);

	/**
	 * The user as a caller would be now, with their role's current permissions; empty
	 * when the user does not exist or is not active (deactivated, blocked). For work done
	 * on a user's behalf outside their requests: a webhook delivery checks its
	 * subscription's owner before each attempt.
	 */
	Optional<CurrentUser> activeUser(long userId);

	/**
	 * Refuses (403 naming the missing permissions) when the caller does not hold every
	 * permission of the user's role, for other modules' operations on a user; an unknown
	 * user passes, for the caller's 404.
	 */
	void requireAuthorityOver(CurrentUser caller, long userId);

	/**
	 * The cost centre ({@code cost_centre_id}) of each of the users, by id; a user
	 * without one, or unknown, maps to null. Bills shares a payroll bill among cost
	 * centres by the employees' hours.
	 */
	java.util.Map<Long, @Nullable Long> costCentresOf(java.util.Collection<Long> userIds);

	/**
	 * The employees ({@code is_employee}, active or not) of an establishment, by id;
	 * {@code orUnset} adds those without an establishment (the time clock files them
	 * under its first establishment).
	 */
	List<UserSummary> employeesOf(long establishmentId, boolean orUnset);

}
