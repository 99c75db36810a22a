package br.suite.access;

import java.util.Optional;

import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/** What other modules may know about users: who they are and whether they may be treated as employees. */
@Service
public class AccessDirectory {

	private final UserRepository users;

	AccessDirectory(UserRepository users) {
		this.users = users;
	}

	/** A user as other modules see it. */
	public record UserSummary(long id, String username, String fullName, boolean isEmployee, boolean active) {

		/** The name to print on records: the full name, or the username when there is none. */
		public String displayName() {
			return this.fullName.isBlank() ? this.username : this.fullName;
		}

	}

	@Transactional(readOnly = true)
	public Optional<UserSummary> find(long userId) {
		return this.users.findById(userId)
			.map(u -> new UserSummary(u.id(), u.username, u.fullName, u.isEmployee, u.isActive()));
	}

}
