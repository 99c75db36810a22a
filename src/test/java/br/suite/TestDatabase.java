package br.suite;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import org.springframework.boot.SpringApplication;
import org.springframework.test.context.DynamicPropertyRegistry;

/**
 * The PostgreSQL the tests talk to: {@code SUITE_TEST_DATABASE_URL} when set, otherwise
 * one embedded PostgreSQL per test run, started here and handed to the service as an
 * external URL, so every API test also proves the external-database path.
 */
public final class TestDatabase {

	private static EmbeddedPostgres embedded;

	private TestDatabase() {
	}

	public static synchronized String url() {
		String external = System.getenv("SUITE_TEST_DATABASE_URL");
		if (external != null && !external.isBlank()) {
			return external;
		}
		if (embedded == null) {
			try {
				embedded = EmbeddedPostgres.builder()
					.setDataDirectory(Files.createTempDirectory("suite-test-pg"))
					.setCleanDataDirectory(true)
					// Test data is thrown away: durability would only slow the run down.
					.setServerConfig("fsync", "off")
					.setServerConfig("synchronous_commit", "off")
					.setServerConfig("full_page_writes", "off")
					// The service's own cluster's encoding and locale
					// (EmbeddedPostgresServer), whatever LANG/LC_* the tests run with.
					.setLocaleConfig("locale", "C")
					.setLocaleConfig("locale-provider", "builtin")
					.setLocaleConfig("builtin-locale", "C.UTF-8")
					// Stopped by the handler below, not by a JVM hook of its own:
					// JVM hooks run at once, and PostgreSQL gone before the contexts
					// closed made each context's close wait for connections.
					.setRegisterShutdownHook(false)
					.start();
			}
			catch (IOException ex) {
				throw new UncheckedIOException(ex);
			}
			// At JVM exit Spring Boot's shutdown hook closes every context still open
			// (the test context cache, services a test left running), then runs its
			// handlers: PostgreSQL stops last, after everything that talks to it.
			SpringApplication.getShutdownHandlers().add(() -> {
				try {
					embedded.close();
				}
				catch (IOException ignored) {
					// The JVM is going away either way.
				}
			});
		}
		return embedded.getJdbcUrl("postgres", "postgres");
	}

	public static void register(DynamicPropertyRegistry registry) {
		registry.add("suite.database.url", TestDatabase::url);
		registry.add("suite.database.user", () -> System.getenv().getOrDefault("SUITE_TEST_DATABASE_USER", "postgres"));
		registry.add("suite.database.password", () -> System.getenv().getOrDefault("SUITE_TEST_DATABASE_PASSWORD", ""));
	}

}
