package br.suite.access.users;

import java.time.Instant;
import java.util.List;

import org.springframework.http.HttpStatus;
import org.springframework.security.crypto.password.PasswordEncoder;
import org.springframework.stereotype.Service;
import org.springframework.transaction.support.TransactionTemplate;

import br.suite.access.passwords.LoginThrottle;
import br.suite.access.passwords.PasswordChangeRequest;
import br.suite.access.passwords.PasswordPolicy;
import br.suite.access.passwords.Passwords;
import br.suite.access.passwords.TokenRequest;
import br.suite.access.tokens.TokenService;
import br.suite.audit.AuditLog;
import br.suite.audit.AuditLog.Changes;
import br.suite.shared.ApiProblem;
import br.suite.shared.CurrentUser;
import br.suite.shared.InvalidRequest;

@Service
public class AuthService {

	/**
	 * Compared against when the user does not exist, so both failures take the same time;
	 * made again when the bcrypt cost setting rises above its own.
	 */
	private volatile String decoyHash;

	private final UserRepository users;

	private final TokenService tokens;

	private final PasswordEncoder passwordEncoder;

	private final LoginThrottle throttle;

	private final PasswordPolicy policy;

	private final AuditLog audit;

	private final TransactionTemplate transactions;

	AuthService(UserRepository users, TokenService tokens, PasswordEncoder passwordEncoder, LoginThrottle throttle,
			PasswordPolicy policy, AuditLog audit, TransactionTemplate transactions) {
		this.audit = audit;
		this.transactions = transactions;
		this.users = users;
		this.tokens = tokens;
		this.passwordEncoder = passwordEncoder;
		this.throttle = throttle;
		this.policy = policy;
		this.decoyHash = passwordEncoder.encode(Passwords.temporary());
	}

	private String decoy() {
		String decoy = this.decoyHash;
		if (this.passwordEncoder.upgradeEncoding(decoy)) {
			decoy = this.passwordEncoder.encode(Passwords.temporary());
			this.decoyHash = decoy;
		}
		return decoy;
	}

	/**
	 * Not one transaction: a failure must be recorded although the request fails, and no
	 * database connection is held while bcrypt runs.
	 */
	public String login(TokenRequest request, String clientAddress) {
		User user = verify(request.username(), request.password(), clientAddress);
		return this.tokens.issue(user.id(), AuditLog.Actor.user(user.id(), user.username));
	}

	/**
	 * The user these credentials sign in, under every sign-in rule (length, throttling
	 * per address and per username, at most N bcrypt checks at once, active users only,
	 * unexpired temporary passwords): the token endpoint and the pages' form login share
	 * it. Refusals are {@link ApiProblem}s: 401 alike for an unknown user, a wrong
	 * password, an inactive user and an expired temporary password; 429 or 503 when
	 * throttled.
	 */
	User verify(String rawUsername, String password, String clientAddress) {
		PasswordPolicy.checkLength("password", password);
		this.throttle.checkAddress(clientAddress);
		String username = rawUsername.trim();
		this.throttle.checkUsername(username);
		User user = this.users.findByUsername(username).orElse(null);
		boolean matches = this.throttle
			.check(() -> this.passwordEncoder.matches(password, user == null ? decoy() : user.passwordHash));
		boolean temporaryExpired = user != null && user.temporaryPasswordExpiresAt != null
				&& user.temporaryPasswordExpiresAt.isBefore(Instant.now());
		if (user == null || !matches || !user.isActive() || temporaryExpired) {
			this.throttle.recordFailure(username);
			// Only attempts the throttle let through get here, so failures add rows no
			// faster than it allows.
			this.audit.record(new AuditLog.Actor(null, username), "access.sign_in.failed", "user",
					user == null ? null : user.id(), Changes.of());
			throw new ApiProblem(HttpStatus.UNAUTHORIZED, "Wrong username or password, or the user is not active.");
		}
		this.throttle.recordSuccess(username);
		this.audit.record(AuditLog.Actor.user(user.id(), user.username), "access.sign_in.succeeded", "user", user.id(),
				Changes.of());
		return user;
	}

	public void revoke(String token) {
		this.tokens.revoke(token);
	}

	public List<TokenService.TokenInfo> tokens(CurrentUser caller, long currentTokenId) {
		return this.tokens.listOf(caller.id(), currentTokenId);
	}

	public void revokeOwnToken(CurrentUser caller, long tokenId) {
		if (!this.tokens.revokeOwn(caller.id(), tokenId)) {
			throw new ApiProblem.NotFound("Token", tokenId);
		}
	}

	/**
	 * Sets the new password and revokes every token of the user, the one of this request
	 * included (and every page session but the one making the change, if a page makes
	 * it). The current password is checked as a sign-in checks one: under the per-address
	 * bucket, the user's per-username lock (429 while locked, the password unchecked) and
	 * the bcrypt slots, outside any transaction; a wrong one counts towards the lock and
	 * is audited ({@code access.password.change_failed}), a right one clears the count.
	 */
	public void changePassword(CurrentUser caller, PasswordChangeRequest request, String clientAddress) {
		PasswordPolicy.checkLength("current_password", request.currentPassword());
		this.policy.checkNew("new_password", request.newPassword());
		this.throttle.checkAddress(clientAddress);
		User user = this.users.findById(caller.id()).orElseThrow();
		this.throttle.checkUsername(user.username);
		String checkedHash = user.passwordHash;
		if (!this.throttle.check(() -> this.passwordEncoder.matches(request.currentPassword(), checkedHash))) {
			this.throttle.recordFailure(user.username);
			this.audit.record(AuditLog.Actor.user(user.id(), user.username), "access.password.change_failed", "user",
					user.id(), Changes.of());
			throw notTheCurrentPassword();
		}
		this.throttle.recordSuccess(user.username);
		this.transactions.executeWithoutResult(status -> setPassword(caller.id(), checkedHash, request));
	}

	private void setPassword(long userId, String checkedHash, PasswordChangeRequest request) {
		User user = this.users.findForUpdate(userId).orElseThrow();
		if (!user.passwordHash.equals(checkedHash)) {
			// Changed or reset since the check: the password checked is no longer
			// current.
			throw notTheCurrentPassword();
		}
		if (user.temporaryPasswordExpiresAt != null && user.temporaryPasswordExpiresAt.isBefore(Instant.now())) {
			throw InvalidRequest.of("current_password",
					"is a temporary password that has expired; ask an " + "administrator to reset it");
		}
		if (request.newPassword().equals(request.currentPassword())) {
			throw InvalidRequest.of("new_password", "must differ from the current password");
		}
		boolean wasTemporary = user.temporaryPasswordExpiresAt != null;
		user.passwordHash = this.passwordEncoder.encode(request.newPassword());
		user.temporaryPasswordExpiresAt = null;
		user.touch();
		this.users.save(user);
		this.tokens.revokeAllOf(user.id(), true);
		this.audit.record("access.password.changed", "user", user.id(),
				Changes.of().put("temporary_password", wasTemporary, false));
	}

	private static InvalidRequest notTheCurrentPassword() {
		return InvalidRequest.of("current_password", "is not your current password");
	}

}
