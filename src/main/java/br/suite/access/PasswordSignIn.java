package br.suite.access;

import java.util.Optional;
import java.util.Set;

import org.springframework.security.crypto.password.PasswordEncoder;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import br.suite.shared.CurrentUser;

/**
 * Signing in with a username and password for callers other than the token endpoint (the web pages' form
 * login). The same users, password hashes and rules: a wrong password, an unknown user and an inactive one
 * are refused alike, and take the same time.
 */
@Service
public class PasswordSignIn {

	private final UserRepository users;

	private final RoleRepository roles;

	private final PasswordEncoder passwordEncoder;

	private final AuthService auth;

	private final String decoyHash;

	PasswordSignIn(UserRepository users, RoleRepository roles, PasswordEncoder passwordEncoder, AuthService auth) {
		this.users = users;
		this.roles = roles;
		this.passwordEncoder = passwordEncoder;
		this.auth = auth;
		this.decoyHash = passwordEncoder.encode(Passwords.temporary());
	}

	/** A signed-in user: who, the name to greet them with, and their authorities ({@code *} expanded). */
	public record SignedIn(CurrentUser user, String displayName, Set<String> authorities) {
	}

	@Transactional(readOnly = true)
	public Optional<SignedIn> authenticate(String username, String password) {
		User user = this.users.findByUsernameIgnoreCase(username.trim()).orElse(null);
		boolean matches = this.passwordEncoder.matches(password, user == null ? this.decoyHash : user.passwordHash);
		if (user == null || !matches || !user.isActive()) {
			return Optional.empty();
		}
		return Optional.of(signedIn(user));
	}

	/**
	 * The user as they stand now, for a session signed in earlier: empty when they no longer exist or are
	 * not active, else their current name and permissions.
	 */
	@Transactional(readOnly = true)
	public Optional<SignedIn> refresh(long userId) {
		return this.users.findById(userId).filter(User::isActive).map(this::signedIn);
	}

	private SignedIn signedIn(User user) {
		Role role = this.roles.findById(user.roleId).orElseThrow();
		CurrentUser current = new CurrentUser(user.id(), user.username, Set.copyOf(role.permissions));
		String name = user.fullName.isBlank() ? user.username : user.fullName;
		return new SignedIn(current, name, TokenService.authorities(current));
	}

	/**
	 * Changes the caller's own password; the errors are the token endpoint's ({@code current_password},
	 * {@code new_password}).
	 */
	public void changePassword(CurrentUser caller, String currentPassword, String newPassword) {
		this.auth.changePassword(caller, new AuthController.PasswordChangeRequest(currentPassword, newPassword));
	}

}
