package br.suite.access.users;

import java.util.List;
import java.util.Optional;
import java.util.Set;

import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import br.suite.access.AccessDirectory;
import br.suite.access.roles.RoleService;
import br.suite.shared.CurrentUser;

/** {@link AccessDirectory} read from the user rows. */
@Service
class UserDirectory implements AccessDirectory {

	private final UserRepository users;

	private final UserService userService;

	private final RoleService roles;

	UserDirectory(UserRepository users, UserService userService, RoleService roles) {
		this.users = users;
		this.userService = userService;
		this.roles = roles;
	}

	@Override
	@Transactional(readOnly = true)
	public Optional<UserSummary> find(long userId) {
		return this.users.findById(userId).map(UserDirectory::summary);
	}

	@Override
	@Transactional(readOnly = true)
	public Optional<CurrentUser> activeUser(long userId) {
		return this.users.findById(userId)
			.filter(User::isActive)
			.map(u -> new CurrentUser(u.id(), u.username, Set.copyOf(this.roles.get(u.roleId).permissions)));
	}

	@Override
	@Transactional(readOnly = true)
	public void requireAuthorityOver(CurrentUser caller, long userId) {
		this.users.findById(userId).ifPresent(user -> this.userService.requireAuthorityOver(user, caller));
	}

	@Override
	@Transactional(readOnly = true)
	public List<UserSummary> employeesOf(long establishmentId, boolean orUnset) {
		return this.users.findEmployeesOf(establishmentId, orUnset).stream().map(UserDirectory::summary).toList();
	}

	static UserSummary summary(User u) {
		return new UserSummary(u.id(), u.username, u.fullName, u.isEmployee, u.isActive(), u.cpf, u.establishmentId,
				u.matricula);
	}

	@Override
	@Transactional(readOnly = true)
	public java.util.Map<Long, @Nullable Long> costCentresOf(java.util.Collection<Long> userIds) {
		java.util.Map<Long, @Nullable Long> centres = new java.util.HashMap<>();
		for (long id : userIds) {
			centres.put(id, null);
		}
		this.users.findAllById(userIds).forEach(u -> centres.put(u.id(), u.costCentreId));
		return centres;
	}

}
