package br.suite.access;

import java.util.Optional;

import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * Finds the active employee a person at a kiosk says they are. The identifier is tried as
 * each kind of key in turn (a user id, then a username); further keys (a CPF) join here.
 */
@Service
public class EmployeeLookup {

	private final UserRepository users;

	EmployeeLookup(UserRepository users) {
		this.users = users;
	}

	@Transactional(readOnly = true)
	public Optional<AccessDirectory.UserSummary> find(String identifier) {
		String key = identifier.strip();
		if (key.isEmpty() || key.length() > 150) {
			return Optional.empty();
		}
		Optional<User> found = Optional.empty();
		if (key.matches("[0-9]{1,18}")) {
			found = this.users.findById(Long.parseLong(key));
		}
		if (found.isEmpty()) {
			found = this.users.findByUsername(key);
		}
		return found.filter(u -> u.isActive() && u.isEmployee)
			.map(u -> new AccessDirectory.UserSummary(u.id(), u.username, u.fullName, u.isEmployee, u.isActive(), u.cpf,
					u.establishmentId, u.matricula));
	}

}
