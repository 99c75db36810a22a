package br.suite.access.signin;

import java.util.List;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.validation.Valid;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.security.SecurityRequirements;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.springframework.http.HttpHeaders;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

import br.suite.access.passwords.LoginThrottle;
import br.suite.access.passwords.PasswordChangeRequest;
import br.suite.access.passwords.TokenRequest;
import br.suite.access.tokens.TokenAuthenticationFilter;
import br.suite.access.tokens.TokenService;
import br.suite.access.users.AuthService;
import br.suite.shared.CurrentUser;
import br.suite.shared.NoPermission;
import br.suite.shared.PathIds;

@RestController
@RequestMapping("/api/auth")
@Tag(name = "Authentication")
class AuthController {

	private final AuthService auth;

	AuthController(AuthService auth) {
		this.auth = auth;
	}

	@PostMapping("/token")
	@NoPermission("signing in: anyone may try, the security chain lets this one request through")
	@SecurityRequirements
	@Operation(summary = "Obtain a token", description = "Exchanges username and password for a new token, "
			+ "shown in this response only; it expires 30 days (SUITE_TOKEN_TTL) after its last use. Wrong "
			+ "credentials, unknown or inactive users and expired temporary passwords get the same 401. After 5 "
			+ "failures in a row for a username, or too many attempts from one address, 429 with Retry-After; "
			+ "503 with Retry-After when too many sign-ins are being checked at once.")
	ResponseEntity<TokenResponse> obtain(@Valid @RequestBody TokenRequest request, HttpServletRequest http) {
		return ResponseEntity.ok(new TokenResponse(this.auth.login(request, http.getRemoteAddr())));
	}

	@DeleteMapping("/token")
	@NoPermission("the caller's own token")
	@Operation(summary = "Revoke the token used for this request")
	ResponseEntity<Void> revoke() {
		this.auth.revoke((String) SecurityContextHolder.getContext().getAuthentication().getCredentials());
		return ResponseEntity.noContent().build();
	}

	@GetMapping("/tokens")
	@NoPermission("the caller's own tokens")
	@Operation(summary = "List your own tokens", description = "Unexpired tokens of the caller, by id; "
			+ "current marks the one of this request. Never the token itself.")
	List<TokenService.TokenInfo> tokens() {
		return this.auth.tokens(CurrentUser.get(), TokenAuthenticationFilter.TokenAuthentication.currentTokenId());
	}

	@DeleteMapping("/tokens" + PathIds.ID)
	@NoPermission("the caller's own tokens")
	@Operation(summary = "Revoke one of your own tokens", description = "404 for an id that is not one of yours.")
	ResponseEntity<Void> revokeToken(@PathVariable long id) {
		this.auth.revokeOwnToken(CurrentUser.get(), id);
		return ResponseEntity.noContent().build();
	}

	@PostMapping("/password")
	@NoPermission("the caller's own password")
	@Operation(summary = "Change your own password",
			description = "Needs the current password. The new one needs 10 characters or more, at most 72 bytes "
					+ "in UTF-8, and must not be a common password. Every token of the user is revoked, this one "
					+ "included: sign in again with the new password. The current password is checked as a sign-in "
					+ "checks one: wrong ones count towards the username's lock (429 with Retry-After while locked) "
					+ "and are audited.")
	ResponseEntity<Void> changePassword(@Valid @RequestBody PasswordChangeRequest request, HttpServletRequest http) {
		this.auth.changePassword(CurrentUser.get(), request, http.getRemoteAddr());
		return ResponseEntity.noContent().build();
	}

	@ExceptionHandler(LoginThrottle.TooManyAttempts.class)
	ResponseEntity<ProblemDetail> onTooManyAttempts(LoginThrottle.TooManyAttempts problem) {
		return ResponseEntity.status(problem.status())
			.header(HttpHeaders.RETRY_AFTER, Long.toString(problem.retryAfterSeconds()))
			.body(problem.toProblemDetail());
	}

	@ExceptionHandler(LoginThrottle.Busy.class)
	ResponseEntity<ProblemDetail> onBusy(LoginThrottle.Busy problem) {
		return ResponseEntity.status(problem.status())
			.header(HttpHeaders.RETRY_AFTER, "1")
			.body(problem.toProblemDetail());
	}

}
