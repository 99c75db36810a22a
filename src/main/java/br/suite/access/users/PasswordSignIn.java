package br.suite.access.users;

import java.util.Optional;
import java.util.Set;

import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import br.suite.access.passwords.PasswordChangeRequest;
import br.suite.access.roles.Role;
import br.suite.access.roles.RoleService;
import br.suite.access.tokens.TokenService;
import br.suite.shared.ApiProblem;
import br.suite.shared.CurrentUser;
import br.suite.shared.InvalidRequest;

/**
 * Signing in with a username and password for callers other than the token endpoint (the
 * web pages' form login). The same users, password hashes and rules as
 * {@code POST /api/auth/token/}: a wrong password, an unknown user and an inactive one
 * are refused alike and take the same time, and failures are throttled.
 */
@Service
public class PasswordSignIn {

	private final UserRepository users;

	private final RoleService roles;

	private final AuthService auth;

	PasswordSignIn(UserRepository users, RoleService roles, AuthService auth) {
		this.users = users;
		this.roles = roles;
		this.auth = auth;
	}

	/**
	 * A signed-in user: who, the name to greet them with, their authorities ({@code *}
	 * expanded), and whether they hold a temporary password, which they must change
	 * before anything else.
	 */
	public record SignedIn(CurrentUser user, String displayName, Set<String> authorities, boolean mustChangePassword) {
	}

	/**
	 * Checks a username and password under the token endpoint's rules (throttling
	 * included). Empty for wrong credentials; throws {@link ApiProblem} when sign-in is
	 * throttled (429) or overloaded (503).
	 */
	public Optional<SignedIn> authenticate(String username, String password, String clientAddress) {
		User user;
		try {
			user = this.auth.verify(username, password, clientAddress);
		}
		catch (InvalidRequest tooLong) {
			return Optional.empty();
		}
		catch (ApiProblem problem) {
			if (problem.status() == HttpStatus.UNAUTHORIZED) {
				return Optional.empty();
			}
			throw problem;
		}
		return Optional.of(signedIn(user));
	}

	/**
	 * The user as they stand now, for a session signed in earlier: empty when they no
	 * longer exist or are not active, else their current name and permissions.
	 */
	@Transactional(readOnly = true)
	public Optional<SignedIn> refresh(long userId) {
		return this.users.findById(userId).filter(User::isActive).map(this::signedIn);
	}

	private SignedIn signedIn(User user) {
		Role role = this.roles.find(user.roleId).orElseThrow();
		CurrentUser current = new CurrentUser(user.id(), user.username, Set.copyOf(role.permissions));
		String name = user.fullName.isBlank() ? user.username : user.fullName;
		return new SignedIn(current, name, TokenService.authorities(current), user.temporaryPasswordExpiresAt != null);
	}

	/**
	 * Changes the caller's own password; the errors are the token endpoint's
	 * ({@code current_password}, {@code new_password}; 429 while the username is locked).
	 * Every page session of the caller ends but the one of this request.
	 */
	public void changePassword(CurrentUser caller, String currentPassword, String newPassword, String clientAddress) {
		this.auth.changePassword(caller, new PasswordChangeRequest(currentPassword, newPassword), clientAddress);
	}

}
