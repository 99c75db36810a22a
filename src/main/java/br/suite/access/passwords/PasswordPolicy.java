package br.suite.access.passwords;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;

import org.springframework.stereotype.Component;

import br.suite.shared.InvalidRequest;

/**
 * What a password chosen by a user must be: 10 characters or more (checked on the
 * request), at most 72 bytes in UTF-8 (bcrypt ignores, and Spring Security refuses,
 * anything longer), and not one of the 10 000 most common passwords shipped in
 * {@code access/common-passwords.txt} (compared in lower case).
 */
@Component
public class PasswordPolicy {

	/** bcrypt reads at most this many bytes of a password. */
	static final int MAX_BYTES = 72;

	private final Set<String> common;

	PasswordPolicy() {
		Set<String> words = new HashSet<>();
		try (InputStream in = Objects.requireNonNull(getClass().getResourceAsStream("/access/common-passwords.txt"),
				"access/common-passwords.txt is missing from the classpath");
				BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
			reader.lines().filter(line -> !line.isEmpty() && !line.startsWith("#")).forEach(words::add);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		this.common = Set.copyOf(words);
	}

	/** Refuses, naming the field, a password longer than bcrypt reads. */
	public static void checkLength(String field, String password) {
		if (password.getBytes(StandardCharsets.UTF_8).length > MAX_BYTES) {
			throw InvalidRequest.of(field, "must be at most " + MAX_BYTES + " bytes in UTF-8");
		}
	}

	/** Refuses, naming the field, a new password that is too long or too common. */
	public void checkNew(String field, String password) {
		checkLength(field, password);
		if (this.common.contains(password.toLowerCase(Locale.ROOT))) {
			throw InvalidRequest.of(field, "is one of the most common passwords; choose another");
		}
	}

}
