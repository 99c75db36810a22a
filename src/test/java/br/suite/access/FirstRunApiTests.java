package br.suite.access;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.time.temporal.ChronoUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.simple.JdbcClient;

import br.suite.Api;
import br.suite.ApiTest;
import br.suite.SuiteApplication;
import br.suite.TestDatabase;

import static org.assertj.core.api.Assertions.assertThat;

/** The first start on an empty database, each test on a database of its own. */
class FirstRunApiTests extends ApiTest {

	@Autowired
	JdbcClient jdbc;

	@TempDir
	Path directory;

	private ConfigurableApplicationContext firstStart(Path dataDirectory) {
		String database = "first_run_" + Long.toString(System.nanoTime(), 36);
		this.jdbc.sql("CREATE DATABASE " + database).update();
		String url = TestDatabase.url().replaceFirst("/postgres(\\?|$)", "/" + database + "$1");
		assertThat(url).contains(database);
		return new SpringApplicationBuilder(SuiteApplication.class).run("--server.port=0",
				"--server.shutdown=immediate", "--suite.database.url=" + url,
				"--suite.database.user=" + System.getenv().getOrDefault("SUITE_TEST_DATABASE_USER", "postgres"),
				"--suite.database.password=" + System.getenv().getOrDefault("SUITE_TEST_DATABASE_PASSWORD", ""),
				"--suite.access.data-directory=" + dataDirectory);
	}

	@Test
	void writesTheAdminTokenToANewOwnerOnlyFileAndItExpiresLikeAnyOther() throws Exception {
		Path data = this.directory.resolve("data");
		try (ConfigurableApplicationContext context = firstStart(data)) {
			Path file = data.resolve("admin-token");
			assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file))).isEqualTo("rw-------");
			Api admin = new Api("http://localhost:" + context.getEnvironment().getProperty("local.server.port"),
					Files.readString(file).trim());
			var tokens = admin.get("/api/auth/tokens/");
			assertThat(tokens.status()).isEqualTo(200);
			assertThat(tokens.json().size()).isEqualTo(1);
			Instant expires = Instant.parse(tokens.json().get(0).get("expires_at").asString());
			assertThat(expires).isBetween(Instant.now().plus(29, ChronoUnit.DAYS),
					Instant.now().plus(31, ChronoUnit.DAYS));
		}
	}

	@Test
	void doesNotFollowALinkPlantedAtTheTokenPath() throws Exception {
		Path data = Files.createDirectories(this.directory.resolve("data"));
		Path victim = this.directory.resolve("victim");
		Files.writeString(victim, "precious\n");
		Files.createSymbolicLink(data.resolve("admin-token"), victim);
		try (ConfigurableApplicationContext context = firstStart(data)) {
			assertThat(Files.readString(victim)).isEqualTo("precious\n");
			assertThat(Files.isSymbolicLink(data.resolve("admin-token"))).isTrue();
			JdbcClient database = context.getBean(JdbcClient.class);
			assertThat(database.sql("SELECT count(*) FROM access_user WHERE username = 'admin'")
				.query(Long.class)
				.single()).isEqualTo(1);
			assertThat(database.sql("SELECT count(*) FROM access_token").query(Long.class).single())
				.as("no token is issued that nobody could read")
				.isZero();
		}
	}

}
