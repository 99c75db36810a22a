package br.suite.access;

import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.security.SecurityRequirements;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.springframework.http.ResponseEntity;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

import br.suite.shared.CurrentUser;

@RestController
@RequestMapping("/api/auth")
@Tag(name = "Authentication")
class AuthController {

	private final AuthService auth;

	AuthController(AuthService auth) {
		this.auth = auth;
	}

	@PostMapping("/token")
	@SecurityRequirements
	@Operation(summary = "Obtain a token", description = "Exchanges username and password for a new token, "
			+ "shown in this response only. Wrong credentials and unknown or inactive users get the same 401.")
	ResponseEntity<TokenResponse> obtain(@Valid @RequestBody TokenRequest request) {
		return ResponseEntity.ok(new TokenResponse(this.auth.login(request)));
	}

	@DeleteMapping("/token")
	@Operation(summary = "Revoke the token used for this request")
	ResponseEntity<Void> revoke() {
		this.auth.revoke((String) SecurityContextHolder.getContext().getAuthentication().getCredentials());
		return ResponseEntity.noContent().build();
	}

	@PostMapping("/password")
	@Operation(summary = "Change your own password",
			description = "Needs the current password; other tokens of the user stay valid.")
	ResponseEntity<Void> changePassword(@Valid @RequestBody PasswordChangeRequest request) {
		this.auth.changePassword(CurrentUser.get(), request);
		return ResponseEntity.noContent().build();
	}

	record TokenRequest(@NotBlank @Size(max = 150) String username, @NotNull @Size(max = 200) String password) {
	}

	record TokenResponse(String token) {
	}

	record PasswordChangeRequest(@NotNull @Size(max = 200) String currentPassword,
			@NotNull @Size(min = 10, max = 200) String newPassword) {
	}

}
