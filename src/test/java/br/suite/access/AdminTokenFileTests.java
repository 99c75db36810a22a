package br.suite.access;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import br.suite.access.users.FirstRunSetup;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The first-run token file is created new, owner-only, and never through a link planted
 * at its path.
 */
class AdminTokenFileTests {

	@TempDir
	Path directory;

	private final AtomicInteger issued = new AtomicInteger();

	private String issue() {
		this.issued.incrementAndGet();
		return "secret-token";
	}

	@Test
	void writesANewOwnerOnlyFile() throws Exception {
		Path file = this.directory.resolve("data/admin-token");
		assertThat(FirstRunSetup.writeSecret(file, this::issue)).isTrue();
		assertThat(Files.readString(file)).isEqualTo("secret-token\n");
		assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file))).isEqualTo("rw-------");
		assertThat(this.issued).hasValue(1);
	}

	@Test
	void doesNotFollowALinkPlantedAtThePath() throws Exception {
		Path target = this.directory.resolve("victim");
		Files.writeString(target, "precious\n");
		Path file = this.directory.resolve("admin-token");
		Files.createSymbolicLink(file, target);
		assertThat(FirstRunSetup.writeSecret(file, this::issue)).isFalse();
		assertThat(Files.readString(target)).isEqualTo("precious\n");
		assertThat(Files.isSymbolicLink(file)).isTrue();
		assertThat(this.issued).as("no token is issued for a file that is not written").hasValue(0);

		Path dangling = this.directory.resolve("dangling-token");
		Path missing = this.directory.resolve("created-through-link");
		Files.createSymbolicLink(dangling, missing);
		assertThat(FirstRunSetup.writeSecret(dangling, this::issue)).isFalse();
		assertThat(missing).doesNotExist();
	}

	@Test
	void leavesAnExistingFileAlone() throws Exception {
		Path file = this.directory.resolve("admin-token");
		Files.writeString(file, "earlier\n", StandardCharsets.US_ASCII);
		assertThat(FirstRunSetup.writeSecret(file, this::issue)).isFalse();
		assertThat(Files.readString(file)).isEqualTo("earlier\n");
		assertThat(this.issued).hasValue(0);
	}

}
