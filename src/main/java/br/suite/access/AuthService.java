package br.suite.access;

import org.springframework.http.HttpStatus;
import org.springframework.security.crypto.password.PasswordEncoder;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import br.suite.shared.ApiProblem;
import br.suite.shared.CurrentUser;
import br.suite.shared.InvalidRequest;

@Service
class AuthService {

	/** Compared against when the user does not exist, so both failures take the same time. */
	private final String decoyHash;

	private final UserRepository users;

	private final TokenService tokens;

	private final PasswordEncoder passwordEncoder;

	AuthService(UserRepository users, TokenService tokens, PasswordEncoder passwordEncoder) {
		this.users = users;
		this.tokens = tokens;
		this.passwordEncoder = passwordEncoder;
		this.decoyHash = passwordEncoder.encode(Passwords.temporary());
	}

	@Transactional
	String login(AuthController.TokenRequest request) {
		User user = this.users.findByUsernameIgnoreCase(request.username().trim()).orElse(null);
		boolean matches = this.passwordEncoder.matches(request.password(),
				user == null ? this.decoyHash : user.passwordHash);
		if (user == null || !matches || !user.isActive()) {
			throw new ApiProblem(HttpStatus.UNAUTHORIZED, "Wrong username or password, or the user is not active.");
		}
		return this.tokens.issue(user.id());
	}

	void revoke(String token) {
		this.tokens.revoke(token);
	}

	@Transactional
	void changePassword(CurrentUser caller, AuthController.PasswordChangeRequest request) {
		User user = this.users.findById(caller.id()).orElseThrow();
		if (!this.passwordEncoder.matches(request.currentPassword(), user.passwordHash)) {
			throw InvalidRequest.of("current_password", "is not your current password");
		}
		user.passwordHash = this.passwordEncoder.encode(request.newPassword());
		user.touch();
		this.users.save(user);
	}

}
