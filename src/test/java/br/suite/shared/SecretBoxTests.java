package br.suite.shared;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Base64;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import br.suite.shared.crypto.SecretBox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** AES-GCM sealing of stored secrets: the key file, the context binding, rotation. */
class SecretBoxTests {

	static final String KEY_1 = Base64.getEncoder().encodeToString(new byte[32]);

	static final String KEY_2 = Base64.getEncoder().encodeToString("0123456789abcdef0123456789abcdef".getBytes());

	@Test
	void sealsAndOpensBoundToItsContext() {
		SecretBox box = new SecretBox(KEY_1, "", "unused");
		byte[] plain = "client-secret-42".getBytes(StandardCharsets.UTF_8);
		byte[] sealed = box.seal(plain, "row:1");
		assertThat(new String(sealed, StandardCharsets.ISO_8859_1)).doesNotContain("client-secret-42");
		assertThat(box.seal(plain, "row:1")).as("a fresh nonce each time").isNotEqualTo(sealed);
		assertThat(box.open(sealed, "row:1")).isEqualTo(plain);
		assertThatThrownBy(() -> box.open(sealed, "row:2")).isInstanceOf(IllegalStateException.class);
		sealed[sealed.length - 1] ^= 1;
		assertThatThrownBy(() -> box.open(sealed, "row:1")).isInstanceOf(IllegalStateException.class);
	}

	@Test
	void aRotatedKeyStillOpensOldSecretsAsAPreviousKey() {
		byte[] sealed = new SecretBox(KEY_1, "", "unused").seal(new byte[] { 1, 2, 3 }, "c");
		SecretBox rotated = new SecretBox(KEY_2, KEY_1, "unused");
		assertThat(rotated.current(sealed)).isFalse();
		assertThat(rotated.open(sealed, "c")).containsExactly(1, 2, 3);
		assertThat(rotated.current(rotated.seal(new byte[] { 1 }, "c"))).isTrue();
		assertThatThrownBy(() -> new SecretBox(KEY_2, "", "unused").open(sealed, "c"))
			.isInstanceOf(IllegalStateException.class)
			.hasMessageContaining("SUITE_SECRETS_PREVIOUS_KEYS");
		assertThatThrownBy(() -> new SecretBox("c2hvcnQ=", "", "unused")).isInstanceOf(IllegalStateException.class)
			.hasMessageContaining("32 bytes");
	}

	@Test
	void withoutAKeyOneIsGeneratedInTheDataDirectoryReadableByTheOwnerOnly(@TempDir Path data) throws Exception {
		SecretBox first = new SecretBox("", "", data.toString());
		Path file = data.resolve("secrets.key");
		assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file))).isEqualTo("rw-------");
		assertThat(Base64.getDecoder().decode(Files.readString(file).strip())).hasSize(32);
		byte[] sealed = first.seal(new byte[] { 7 }, "c");
		assertThat(new SecretBox("", "", data.toString()).open(sealed, "c")).containsExactly(7);
		try (var files = Files.list(data)) {
			assertThat(files).as("no temporary file left").hasSize(1);
		}
	}

}
