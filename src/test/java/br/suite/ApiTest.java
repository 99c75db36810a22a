package br.suite;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

import org.junit.jupiter.api.BeforeEach;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.context.TestPropertySource;

/**
 * Base of the HTTP-level tests: the whole service on a random port against real
 * PostgreSQL, called through {@link Api} as a client would. All API tests share one
 * application context and one database, so each test makes its own uniquely named data.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
// Contexts share one database: only the webhook tests' own context (which overrides this)
// sends deliveries, and only the Pix tests' processes the Pix webhook inbox (another
// context would claim a call for a provider it may not reach: loopback refused there).
// The kiosk's comprovante window is 20 s instead of 5 min, for
// KioskComprovanteBrowserTests
// to see it close (no other test downloads a kiosk comprovante), without a context of its
// own.
@TestPropertySource(properties = { "suite.webhooks.dispatcher-enabled=false",
		"suite.finance.pix-providers.webhook-processing=false", "suite.web.kiosk-comprovante-window=20s" })
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
