package br.suite.shared.crypto;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.Set;

import javax.crypto.Cipher;
import javax.crypto.SecretKey;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;

/**
 * Encrypts secrets kept in the database (a provider's client secret, certificate and
 * private key) with AES-256-GCM. The key is {@code SUITE_SECRETS_KEY} (base64 of 32
 * bytes) or, when unset, the file {@code secrets.key} in the data directory, generated on
 * first use with permissions 0600. Older keys ({@code SUITE_SECRETS_PREVIOUS_KEYS},
 * comma-separated) still decrypt, so a key can be rotated (docs/api.md § Pix providers).
 *
 * <p>
 * A sealed value is {@code 0x01}, the key's id (the first 4 bytes of its SHA-256), a
 * random 12-byte nonce, and the ciphertext with its 16-byte tag. The associated data
 * (e.g. the table and row id) binds it to where it is stored: a value copied to another
 * row does not open.
 */
@Component
public class SecretBox {

	private static final byte VERSION = 1;

	private static final int NONCE = 12;

	private static final SecureRandom RANDOM = new SecureRandom();

	private final SecretKey current;

	private final List<SecretKey> previous;

	public SecretBox(@Value("${suite.secrets.key:}") String key,
			@Value("${suite.secrets.previous-keys:}") String previousKeys,
			@Value("${suite.access.data-directory:data}") String dataDirectory) {
		this.current = key.isBlank() ? fileKey(Path.of(dataDirectory).resolve("secrets.key")) : parse(key.strip());
		this.previous = new ArrayList<>();
		for (String old : previousKeys.split(",")) {
			if (!old.isBlank()) {
				this.previous.add(parse(old.strip()));
			}
		}
	}

	/** Encrypts {@code plain} bound to {@code context}. */
	public byte[] seal(byte[] plain, String context) {
		byte[] nonce = new byte[NONCE];
		RANDOM.nextBytes(nonce);
		try {
			Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
			cipher.init(Cipher.ENCRYPT_MODE, this.current, new GCMParameterSpec(128, nonce));
			cipher.updateAAD(context.getBytes(StandardCharsets.UTF_8));
			byte[] sealed = cipher.doFinal(plain);
			return ByteBuffer.allocate(1 + 4 + NONCE + sealed.length)
				.put(VERSION)
				.put(id(this.current))
				.put(nonce)
				.put(sealed)
				.array();
		}
		catch (GeneralSecurityException ex) {
			throw new IllegalStateException("AES-GCM is not available", ex);
		}
	}

	/**
	 * Decrypts what {@link #seal} wrote for the same context, with the current key or a
	 * previous one.
	 * @throws IllegalStateException when no known key opens it (a wrong or lost key, or a
	 * value moved to another context)
	 */
	public byte[] open(byte[] sealed, String context) {
		if (sealed.length < 1 + 4 + NONCE + 16 || sealed[0] != VERSION) {
			throw new IllegalStateException("not a sealed secret");
		}
		byte[] keyId = Arrays.copyOfRange(sealed, 1, 5);
		for (SecretKey key : keys()) {
			if (!Arrays.equals(id(key), keyId)) {
				continue;
			}
			try {
				Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
				cipher.init(Cipher.DECRYPT_MODE, key, new GCMParameterSpec(128, sealed, 5, NONCE));
				cipher.updateAAD(context.getBytes(StandardCharsets.UTF_8));
				return cipher.doFinal(sealed, 5 + NONCE, sealed.length - 5 - NONCE);
			}
			catch (GeneralSecurityException ex) {
				throw new IllegalStateException(
						"the secret does not open with its key (altered, or moved from " + "another record)");
			}
		}
		throw new IllegalStateException("the secret was sealed with a key this instance does not have (set "
				+ "SUITE_SECRETS_KEY, or the old key in SUITE_SECRETS_PREVIOUS_KEYS)");
	}

	/**
	 * Whether {@code sealed} was sealed with the current key (rotation is done for it).
	 */
	public boolean current(byte[] sealed) {
		return sealed.length > 5 && Arrays.equals(Arrays.copyOfRange(sealed, 1, 5), id(this.current));
	}

	private List<SecretKey> keys() {
		List<SecretKey> keys = new ArrayList<>();
		keys.add(this.current);
		keys.addAll(this.previous);
		return keys;
	}

	private static byte[] id(SecretKey key) {
		return Arrays.copyOf(Sha256.digest().digest(key.getEncoded()), 4);
	}

	private static SecretKey parse(String base64) {
		byte[] bytes;
		try {
			bytes = Base64.getDecoder().decode(base64);
		}
		catch (IllegalArgumentException ex) {
			throw new IllegalStateException("SUITE_SECRETS_KEY must be base64 of 32 bytes (openssl rand -base64 32)");
		}
		if (bytes.length != 32) {
			throw new IllegalStateException("SUITE_SECRETS_KEY must be base64 of 32 bytes (openssl rand -base64 32); "
					+ "it has " + bytes.length);
		}
		return new SecretKeySpec(bytes, "AES");
	}

	/** Reads the key file, creating it (0600, 32 random bytes in base64) when absent. */
	private static SecretKey fileKey(Path file) {
		try {
			if (!Files.exists(file)) {
				byte[] bytes = new byte[32];
				RANDOM.nextBytes(bytes);
				Files.createDirectories(file.toAbsolutePath().getParent());
				Set<PosixFilePermission> owner = PosixFilePermissions.fromString("rw-------");
				Path temporary = Files.createTempFile(file.toAbsolutePath().getParent(), "secrets", ".tmp",
						PosixFilePermissions.asFileAttribute(owner));
				try {
					Files.writeString(temporary, Base64.getEncoder().encodeToString(bytes) + "\n");
					// Never replaces a key: two instances starting at once keep the
					// first.
					Files.createLink(file, temporary);
				}
				catch (FileAlreadyExistsException ex) {
					// Another instance made it first: use theirs.
				}
				finally {
					Files.deleteIfExists(temporary);
				}
			}
			return parse(Files.readString(file).strip());
		}
		catch (IOException ex) {
			throw new UncheckedIOException("cannot read or create the secrets key " + file, ex);
		}
	}

}
