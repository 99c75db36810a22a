package br.suite;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.simple.JdbcClient;

import static org.assertj.core.api.Assertions.assertThat;

/** Without SUITE_DATABASE_URL the service runs its own PostgreSQL, and its data survives a restart. */
class EmbeddedDatabaseTests {

	@Test
	void startsAnEmbeddedPostgresWhoseDataSurvivesRestarts() throws Exception {
		Path data = Files.createTempDirectory("suite-embedded");
		String token;
		try (ConfigurableApplicationContext first = start(data)) {
			assertThat(Files.exists(data.resolve("postgres/PG_VERSION"))).isTrue();
			Path tokenFile = data.resolve("admin-token");
			assertThat(tokenFile).exists();
			assertThat(Files.getPosixFilePermissions(tokenFile)).containsExactlyInAnyOrder(
					java.nio.file.attribute.PosixFilePermission.OWNER_READ,
					java.nio.file.attribute.PosixFilePermission.OWNER_WRITE);
			token = Files.readString(tokenFile).trim();
			first.getBean(JdbcClient.class).sql("UPDATE access_role SET description = 'kept' WHERE id = 1").update();
		}
		try (ConfigurableApplicationContext second = start(data)) {
			JdbcClient jdbc = second.getBean(JdbcClient.class);
			assertThat(jdbc.sql("SELECT description FROM access_role WHERE id = 1").query(String.class).single())
				.isEqualTo("kept");
			assertThat(jdbc.sql("SELECT count(*) FROM access_user").query(Long.class).single()).isEqualTo(1);
			// A restart keeps the first token and does not write another.
			assertThat(Files.readString(data.resolve("admin-token")).trim()).isEqualTo(token);
		}
	}

	private static ConfigurableApplicationContext start(Path data) {
		return new SpringApplicationBuilder(SuiteApplication.class).run("--server.port=0", "--suite.database.url=",
				"--suite.access.data-directory=" + data, "--suite.database.embedded-directory=" + data.resolve("postgres"));
	}

}
