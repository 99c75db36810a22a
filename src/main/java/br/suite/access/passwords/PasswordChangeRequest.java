package br.suite.access.passwords;

import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;

/** {@code POST /api/auth/password/}: the caller's current password and the new one. */
public record PasswordChangeRequest(@NotNull @Size(max = 200) String currentPassword,
		@NotNull @Size(min = 10, max = 200) String newPassword) {
}
