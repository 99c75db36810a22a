package br.suite.access;

import java.nio.file.Files;
import java.nio.file.Path;

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
import br.suite.access.warmup.StartupWarmup;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The warm-up before readiness: real requests over loopback, and nothing of them kept. A
 * start of its own on a database of its own (the other tests run with the warm-up off).
 */
class StartupWarmupTests extends ApiTest {

	@Autowired
	JdbcClient jdbc;

	@TempDir
	Path directory;

	@Test
	void warmsUpThroughTheRealRequestsAndKeepsNothingOfThem() throws Exception {
		String database = "warmup_" + Long.toString(System.nanoTime(), 36);
		this.jdbc.sql("CREATE DATABASE " + database).update();
		String url = TestDatabase.url().replaceFirst("/postgres(\\?|$)", "/" + database + "$1");
		Path data = this.directory.resolve("data");
		try (ConfigurableApplicationContext context = new SpringApplicationBuilder(SuiteApplication.class).run(
				"--server.port=0", "--server.shutdown=immediate", "--suite.database.url=" + url,
				"--suite.database.user=" + System.getenv().getOrDefault("SUITE_TEST_DATABASE_USER", "postgres"),
				"--suite.database.password=" + System.getenv().getOrDefault("SUITE_TEST_DATABASE_PASSWORD", ""),
				"--suite.access.data-directory=" + data, "--suite.warmup.enabled=true", "--suite.warmup.duration=20s",
				"--suite.warmup.max-requests=140", "--suite.warmup.connections=2")) {
			StartupWarmup.Outcome outcome = context.getBean(StartupWarmup.class).outcome();
			assertThat(outcome).isNotNull();
			// Every request of every round answered as a client's would (a list, a
			// create,
			// a read, a 401).
			assertThat(outcome.requests()).isGreaterThanOrEqualTo(140);
			assertThat(outcome.unexpected()).isZero();
			JdbcClient warmed = JdbcClient.create(context.getBean(javax.sql.DataSource.class));
			// The customers it created, their audit events, the tokens it signed in with
			// and their use: all rolled back. Only the first start's administrator token
			// and its events remain.
			assertThat(warmed.sql("SELECT count(*) FROM customers_cliente").query(Long.class).single()).isZero();
			assertThat(warmed
				.sql("SELECT count(*) FROM audit_event WHERE actor_name = 'warm-up' " + "OR action LIKE 'customers.%'")
				.query(Long.class)
				.single()).isZero();
			assertThat(warmed.sql("SELECT count(*) FROM access_token").query(Long.class).single()).isEqualTo(1);
			assertThat(warmed.sql("SELECT count(*) FROM access_token WHERE last_used_at IS NOT NULL")
				.query(Long.class)
				.single()).isZero();
			assertThat(warmed.sql("SELECT count(*) FROM access_user WHERE last_access_at IS NOT NULL")
				.query(Long.class)
				.single()).isZero();
			// After the warm-up the header opens nothing: no token, no access.
			Api anonymous = new Api("http://localhost:" + context.getEnvironment().getProperty("local.server.port"),
					null);
			assertThat(
					anonymous.send("GET", "/api/clientes/", null, null, StartupWarmup.HEADER, "0".repeat(64)).status())
				.isEqualTo(401);
			Api admin = new Api("http://localhost:" + context.getEnvironment().getProperty("local.server.port"),
					Files.readString(data.resolve("admin-token")).trim());
			assertThat(admin.get("/api/clientes/").json().size()).isZero();
		}
	}

}
