package br.suite.access.users;

import java.util.Optional;

import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import br.suite.access.AccessDirectory;
import br.suite.access.EmployeeLookup;

/** {@link EmployeeLookup} over the user rows: a user id, then a username. */
@Service
class UserLookup implements EmployeeLookup {

	private final UserRepository users;

	UserLookup(UserRepository users) {
		this.users = users;
	}

	@Override
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
		return found.filter(u -> u.isActive() && u.isEmployee).map(UserDirectory::summary);
	}

}
