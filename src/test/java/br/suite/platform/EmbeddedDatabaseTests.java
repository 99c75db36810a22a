package br.suite.platform;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.List;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import org.junit.jupiter.api.Test;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.simple.JdbcClient;
import br.suite.SuiteApplication;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Without SUITE_DATABASE_URL the service runs its own PostgreSQL: durable, on the
 * loopback only, behind a generated password, and its data survives a restart.
 */
class EmbeddedDatabaseTests {

	private static final List<PosixFilePermission> OWNER_ONLY = List.of(PosixFilePermission.OWNER_READ,
			PosixFilePermission.OWNER_WRITE);

	@Test
	void startsAnEmbeddedPostgresWhoseDataSurvivesRestarts() throws Exception {
		Path data = Files.createTempDirectory("suite-embedded");
		String token;
		try (ConfigurableApplicationContext first = start(data)) {
			assertThat(Files.exists(data.resolve("postgres/PG_VERSION"))).isTrue();
			Path tokenFile = data.resolve("admin-token");
			assertThat(tokenFile).exists();
			assertThat(Files.getPosixFilePermissions(tokenFile)).containsExactlyInAnyOrderElementsOf(OWNER_ONLY);
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

	@Test
	void runsDurableOnTheLoopbackBehindAGeneratedPassword() throws Exception {
		Path data = Files.createTempDirectory("suite-embedded");
		// A further setting (the profile's pg_stat_statements) is passed on; the fixed
		// ones cannot be overridden.
		try (ConfigurableApplicationContext context = start(data,
				"--suite.database.embedded-settings[0]=shared_preload_libraries=pg_stat_statements")) {
			JdbcClient jdbc = context.getBean(JdbcClient.class);
			assertThat(show(jdbc, "shared_preload_libraries")).isEqualTo("pg_stat_statements");
			assertThat(show(jdbc, "fsync")).isEqualTo("on");
			assertThat(show(jdbc, "synchronous_commit")).isEqualTo("on");
			assertThat(show(jdbc, "full_page_writes")).isEqualTo("on");
			assertThat(show(jdbc, "listen_addresses")).isEqualTo("127.0.0.1");
			assertThat(postmasterArguments(data.resolve("postgres"))).doesNotContain("-F")
				.contains("fsync=on", "synchronous_commit=on", "full_page_writes=on", "listen_addresses=127.0.0.1");

			Path passwordFile = data.resolve("postgres-password");
			assertThat(Files.getPosixFilePermissions(passwordFile)).containsExactlyInAnyOrderElementsOf(OWNER_ONLY);
			String password = Files.readString(passwordFile).strip();
			assertThat(password).hasSizeGreaterThanOrEqualTo(32);
			String url = "jdbc:postgresql://127.0.0.1:" + port(data.resolve("postgres")) + "/postgres";
			assertThatExceptionOfType(SQLException.class)
				.isThrownBy(() -> DriverManager.getConnection(url, "postgres", "").close())
				.satisfies(ex -> assertThat(ex.getMessage()).containsAnyOf("password", "authentication"));
			try (var connection = DriverManager.getConnection(url, "postgres", password)) {
				assertThat(connection.isValid(1)).isTrue();
			}
		}
	}

	@Test
	void furtherSettingsCannotChangeTheFixedOnes() {
		for (String setting : List.of("fsync=off", "FSYNC=off", "synchronous_commit=off", "full_page_writes=off",
				"listen_addresses=*", "timezone=America/Sao_Paulo")) {
			assertThatExceptionOfType(IllegalArgumentException.class)
				.isThrownBy(() -> EmbeddedPostgresServer.checkExtraSettings(List.of(setting)))
				.withMessageContaining("fixed");
		}
		for (String setting : List.of("fsync", "=on", "work_mem=8 MB", "work_mem='8MB' -c fsync=off")) {
			assertThatExceptionOfType(IllegalArgumentException.class)
				.isThrownBy(() -> EmbeddedPostgresServer.checkExtraSettings(List.of(setting)))
				.withMessageContaining("name=value");
		}
		EmbeddedPostgresServer.checkExtraSettings(List.of("shared_buffers=256MB", "pg_stat_statements.track=all"));
	}

	@Test
	void aDataDirectoryMadeWithoutAPasswordGetsOneOnItsFirstStart() throws Exception {
		Path data = Files.createTempDirectory("suite-embedded");
		// What earlier versions left: zonky's initdb -A trust, no password file.
		EmbeddedPostgres.builder()
			.setDataDirectory(data.resolve("postgres"))
			.setCleanDataDirectory(false)
			.start()
			.close();
		assertThat(data.resolve("postgres-password")).doesNotExist();
		try (ConfigurableApplicationContext context = start(data)) {
			assertThat(context.getBean(JdbcClient.class)
				.sql("SELECT count(*) FROM access_user")
				.query(Long.class)
				.single()).isEqualTo(1);
			String password = Files.readString(data.resolve("postgres-password")).strip();
			assertThat(Files.readString(data.resolve("postgres/pg_hba.conf"))).doesNotContainPattern("(?m)^[^#]*trust");
			String url = "jdbc:postgresql://127.0.0.1:" + port(data.resolve("postgres")) + "/postgres";
			assertThatExceptionOfType(SQLException.class)
				.isThrownBy(() -> DriverManager.getConnection(url, "postgres", "").close());
			DriverManager.getConnection(url, "postgres", password).close();
		}
	}

	@Test
	void operatorCommandsFindTheServerARunningServiceKeeps() throws Exception {
		Path data = Files.createTempDirectory("suite-embedded");
		Path postgres = data.resolve("postgres");
		assertThat(EmbeddedPostgresServer.runningElsewhere(postgres)).isEmpty();
		try (ConfigurableApplicationContext service = start(data)) {
			String url = EmbeddedPostgresServer.runningElsewhere(postgres).orElseThrow();
			assertThat(url).isEqualTo("jdbc:postgresql://127.0.0.1:" + port(postgres) + "/postgres");
			try (var connection = DriverManager.getConnection(url, "postgres",
					EmbeddedPostgresServer.password(postgres))) {
				assertThat(connection.isValid(1)).isTrue();
			}
		}
		// Stopped: nothing to attach to (an operator command then starts the server
		// itself).
		assertThat(EmbeddedPostgresServer.runningElsewhere(postgres)).isEmpty();
	}

	private static String show(JdbcClient jdbc, String setting) {
		return jdbc.sql("SHOW " + setting).query(String.class).single();
	}

	/** The running postmaster's command line, from the pid in its data directory. */
	static List<String> postmasterArguments(Path dataDirectory) throws Exception {
		long pid = Long.parseLong(Files.readAllLines(dataDirectory.resolve("postmaster.pid")).get(0).strip());
		String commandLine = Files.readString(Path.of("/proc", Long.toString(pid), "cmdline"));
		return List.of(commandLine.split("\0"));
	}

	private static int port(Path dataDirectory) throws Exception {
		return Integer.parseInt(Files.readAllLines(dataDirectory.resolve("postmaster.pid")).get(3).strip());
	}

	private static ConfigurableApplicationContext start(Path data, String... more) {
		List<String> arguments = new java.util.ArrayList<>(
				List.of("--server.port=0", "--suite.database.url=", "--suite.access.data-directory=" + data,
						"--suite.database.embedded-directory=" + data.resolve("postgres")));
		arguments.addAll(List.of(more));
		return new SpringApplicationBuilder(SuiteApplication.class).run(arguments.toArray(String[]::new));
	}

}
