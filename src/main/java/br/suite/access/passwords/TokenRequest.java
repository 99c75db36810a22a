package br.suite.access.passwords;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;

/** {@code POST /api/auth/token/}: sign in with a username and password. */
public record TokenRequest(@NotBlank @Size(max = 150) String username, @NotNull @Size(max = 200) String password) {
}
