package br.suite.access;

import java.util.Optional;
import java.util.Set;

import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import br.suite.shared.CurrentUser;

/**
 * What other modules may know about users: who they are and whether they may be treated
 * as employees.
 */
@Service
public class AccessDirectory {

	private final UserRepository users;

	private final UserService userService;

	private final RoleService roles;

	AccessDirectory(UserRepository users, UserService userService, RoleService roles) {
		this.users = users;
		this.userService = userService;
		this.roles = roles;
	}

	/** A user as other modules see it. */
	public record UserSummary(long id, String username, String fullName, boolean isEmployee, boolean active,
			@Nullable String cpf, @Nullable Long establishmentId, @Nullable String matricula) {

		/**
		 * The name to print on records: the full name, or the username when there is
		 * none.
		 */
		public String displayName() {
			return this.fullName.isBlank() ? this.username : this.fullName;
		}

	}

	@Transactional(readOnly = true)
	public Optional<UserSummary> find(long userId) {
		return this.users.findById(userId)
			.map(u -> new UserSummary(u.id(), u.username, u.fullName, u.isEmployee, u.isActive(), u.cpf,
					u.establishmentId, u.matricula));
	}

	/**
	 * The user as a caller would be now, with their role's current permissions; empty
	 * when the user does not exist or is not active (deactivated, blocked). For work done
	 * on a user's behalf outside their requests: a webhook delivery checks its
	 * subscription's owner before each attempt.
	 */
	@Transactional(readOnly = true)
	public Optional<CurrentUser> activeUser(long userId) {
		return this.users.findById(userId)
			.filter(User::isActive)
			.map(u -> new CurrentUser(u.id(), u.username, Set.copyOf(this.roles.get(u.roleId).permissions)));
	}

	/**
	 * Refuses (403 naming the missing permissions) when the caller does not hold every
	 * permission of the user's role, for other modules' operations on a user; an unknown
	 * user passes, for the caller's 404.
	 */
	@Transactional(readOnly = true)
	public void requireAuthorityOver(CurrentUser caller, long userId) {
		this.users.findById(userId).ifPresent(user -> this.userService.requireAuthorityOver(user, caller));
	}

	/**
	 * The cost centre ({@code cost_centre_id}) of each of the users, by id; a user
	 * without one, or unknown, maps to null. Bills shares a payroll bill among cost
	 * centres by the employees' hours.
	 */
	@Transactional(readOnly = true)
	public java.util.Map<Long, @Nullable Long> costCentresOf(java.util.Collection<Long> userIds) {
		java.util.Map<Long, @Nullable Long> centres = new java.util.HashMap<>();
		for (long id : userIds) {
			centres.put(id, null);
		}
		this.users.findAllById(userIds).forEach(u -> centres.put(u.id(), u.costCentreId));
		return centres;
	}

	/**
	 * The employees ({@code is_employee}, active or not) of an establishment, by id;
	 * {@code orUnset} adds those without an establishment (the time clock files them
	 * under its first establishment).
	 */
	@Transactional(readOnly = true)
	public java.util.List<UserSummary> employeesOf(long establishmentId, boolean orUnset) {
		return this.users.findEmployeesOf(establishmentId, orUnset)
			.stream()
			.map(u -> new UserSummary(u.id(), u.username, u.fullName, u.isEmployee, u.isActive(), u.cpf,
					u.establishmentId, u.matricula))
			.toList();
	}

}
