package br.suite;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.ApplicationContext;
import org.springframework.context.annotation.Import;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.context.TestPropertySource;

/**
 * Base of the HTTP-level tests: the whole service on a random port against real
 * PostgreSQL, called through {@link Api} as a client would. All API tests share one
 * application context and one database, so each test makes its own uniquely named data.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@Import(TestJobs.class)
// One context for all HTTP and browser tests (docs/testing.md): what a test class needs
// otherwise it switches on the running context (settings(TestSettings) below). Off
// unless a class switches them on: webhook deliveries (the webhook tests) and the Pix
// webhook inbox (the Pix tests; off in every context of the test JVMs, pom.xml's
// systemPropertyVariables), both with loopback targets allowed. Fixed at start, so
// set for all: the dispatcher's and the inbox's polling intervals, and the Pix providers'
// short timeouts and backoff (only the Pix tests reach a provider).
@TestPropertySource(properties = { "suite.webhooks.dispatcher-enabled=false", "suite.webhooks.dispatch-interval=100ms",
		"suite.finance.pix-providers.webhook-interval=200ms", "suite.finance.pix-providers.backoff=20ms",
		"suite.finance.pix-providers.request-timeout=3s", "suite.finance.pix-providers.request-deadline=8s",
		"suite.finance.pix-providers.max-retry-after=2s", "suite.finance.pix-providers.connect-timeout=5s",
		"suite.finance.pix-providers.chunk=7d",
		"suite.finance.pix-providers.public-base-url=https://suite.example.com" })
public abstract class ApiTest {

	static final Path DATA_DIRECTORY;

	static {
		try {
			DATA_DIRECTORY = Files.createTempDirectory("suite-test-data");
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	@LocalServerPort
	int port;

	protected Api api;

	@Autowired
	private ApplicationContext applicationContext;

	private @Nullable TestSettings changedSettings;

	@DynamicPropertySource
	static void database(DynamicPropertyRegistry registry) {
		TestDatabase.register(registry);
		registry.add("suite.access.data-directory", DATA_DIRECTORY::toString);
		// Graceful shutdown would wait for the test client's idle keep-alive connections.
		registry.add("server.shutdown", () -> "immediate");
		// A look-up against a database that is gone fails after 2 s, not 30 (the test
		// database itself now stops only after every context has closed: TestDatabase).
		registry.add("suite.database.connection-timeout", () -> "2s");
		// Every test signs in from 127.0.0.1: the per-address limit is tested with its
		// own instances.
		registry.add("suite.access.login.address-capacity", () -> "1000000");
		// Tests call the expensive operations many times as admin: the limit itself is
		// tested by lowering it on the running service for a user of its own.
		for (String kind : new String[] { "exports", "timesheets", "reconciliation", "provider-calls" }) {
			registry.add("suite.rate-limits." + kind, () -> "1000000");
		}
		// The company as a Pix receiver (static BR Codes): the key of the Central Bank's
		// examples.
		registry.add("suite.finance.pix.key", () -> "123e4567-e12b-12d1-a456-426655440000");
		registry.add("suite.finance.pix.merchant-name", () -> "Padaria São João Ltda");
		registry.add("suite.finance.pix.merchant-city", () -> "São Paulo");
		// Provider syncs run when a test asks, never on the schedule.
		registry.add("suite.finance.pix-providers.scheduled-sync", () -> "false");
	}

	/**
	 * Settings this class changes on the shared context for each of its tests (none
	 * here), put back after each test.
	 */
	protected void settings(TestSettings settings) {
	}

	/**
	 * Settings changed on the shared context in the middle of a test, put back after it
	 * like those of {@link #settings(TestSettings)}.
	 */
	protected TestSettings settingsNow() {
		return Objects.requireNonNull(this.changedSettings);
	}

	@BeforeEach
	void changeSettings() {
		this.changedSettings = TestSettings.on(this.applicationContext);
		try {
			settings(this.changedSettings);
		}
		catch (RuntimeException ex) {
			this.changedSettings.close();
			throw ex;
		}
	}

	@AfterEach
	void restoreSettings() {
		if (this.changedSettings != null) {
			this.changedSettings.close();
			this.changedSettings = null;
		}
	}

	@BeforeEach
	void connect() throws IOException {
		this.api = new Api("http://localhost:" + this.port,
				Files.readString(DATA_DIRECTORY.resolve("admin-token")).trim());
	}

	/**
	 * A client signed in as a new user whose role holds exactly the given permissions.
	 */
	protected Api signedInWith(String... permissions) {
		return this.api.signedInWith(permissions);
	}

	/**
	 * A JSON object from name/value pairs: {@code json("nome", "Ana", "ativo", true)}.
	 */
	protected static String json(Object... pairs) {
		Map<String, Object> object = new LinkedHashMap<>();
		for (int i = 0; i + 1 < pairs.length; i += 2) {
			object.put((String) pairs[i], pairs[i + 1]);
		}
		return Api.JSON.writeValueAsString(object);
	}

	/** A name no other test uses, for unique fields. */
	protected static String unique(String prefix) {
		return prefix + "-" + Long.toString(System.nanoTime(), 36);
	}

}
