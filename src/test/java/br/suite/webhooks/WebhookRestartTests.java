package br.suite.webhooks;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.simple.JdbcClient;

import br.suite.Api;
import br.suite.SuiteApplication;
import br.suite.TestDatabase;
import tools.jackson.databind.JsonNode;

/**
 * At least once across a restart: an event committed while deliveries are not being sent
 * (the dispatcher off, then the service stopped) is delivered, signed, by the next start
 * on the same database. Runs on a database of its own, so no other test context's
 * dispatcher can send it in between.
 */
class WebhookRestartTests {

	@Test
	void aDeliveryPublishedBeforeAStopIsSentAfterTheRestart() throws Exception {
		String database = "restart_" + Long.toString(System.nanoTime(), 36);
		String url = TestDatabase.url();
		String user = System.getenv().getOrDefault("SUITE_TEST_DATABASE_USER", "postgres");
		String password = System.getenv().getOrDefault("SUITE_TEST_DATABASE_PASSWORD", "");
		try (Connection connection = DriverManager.getConnection(url, user, password);
				Statement statement = connection.createStatement()) {
			statement.execute("CREATE DATABASE " + database);
		}
		String ownUrl = url.replaceFirst("/[^/?]+(\\?|$)", "/" + database + "$1");
		Path data = Files.createTempDirectory("suite-restart-data");
		try (Receiver receiver = new Receiver()) {
			String secret;
			long subscriptionId;
			try (ConfigurableApplicationContext first = start(ownUrl, user, password, data, false)) {
				Api admin = new Api("http://localhost:" + port(first),
						Files.readString(data.resolve("admin-token")).trim());
				Api.Response created = admin.post("/api/webhooks/subscriptions/",
						"{\"url\":\"" + receiver.url() + "\",\"event_types\":[\"access.user.changed\"]}");
				assertThat(created.status()).as(created.toString()).isEqualTo(201);
				secret = created.json().get("secret").asString();
				subscriptionId = created.id();
				assertThat(admin.post("/api/access/users/", "{\"username\":\"restarted\",\"role_id\":1}").status())
					.isEqualTo(201);
				JdbcClient jdbc = first.getBean(JdbcClient.class);
				long pending = 0;
				for (int i = 0; i < 100 && pending == 0; i++) {
					Thread.sleep(50);
					pending = jdbc.sql("SELECT count(*) FROM webhooks_delivery WHERE status = 'pending'")
						.query(Long.class)
						.single();
				}
				assertThat(pending).isEqualTo(1);
				Thread.sleep(500);
				assertThat(receiver.pending()).isZero();
			}
			try (ConfigurableApplicationContext second = start(ownUrl, user, password, data, true)) {
				Receiver.Received delivery = receiver.next();
				assertThat(delivery.header("webhook-signature")).isEqualTo(WebhookApiTests.expectedSignature(secret,
						delivery.header("webhook-id"), delivery.header("webhook-timestamp"), delivery.body()));
				JsonNode body = Api.JSON.readTree(delivery.body());
				assertThat(body.get("data").get("username").asString()).isEqualTo("restarted");
				Api admin = new Api("http://localhost:" + port(second),
						Files.readString(data.resolve("admin-token")).trim());
				JsonNode deliveries = null;
				for (int i = 0; i < 100; i++) {
					deliveries = admin.get("/api/webhooks/subscriptions/" + subscriptionId + "/deliveries/").json();
					if (deliveries.get(0).get("status").asString().equals("succeeded")) {
						break;
					}
					Thread.sleep(50);
				}
				assertThat(deliveries.get(0).get("status").asString()).isEqualTo("succeeded");
				assertThat(deliveries.size()).isEqualTo(1);
			}
		}
	}

	private static int port(ConfigurableApplicationContext context) {
		return ((WebServerApplicationContext) context).getWebServer().getPort();
	}

	private static ConfigurableApplicationContext start(String url, String user, String password, Path data,
			boolean dispatching) {
		List<String> properties = List.of("--suite.database.url=" + url, "--suite.database.user=" + user,
				"--suite.database.password=" + password, "--suite.access.data-directory=" + data, "--server.port=0",
				"--server.shutdown=immediate", "--suite.webhooks.allow-loopback=true",
				"--suite.webhooks.dispatch-interval=100ms", "--suite.webhooks.dispatcher-enabled=" + dispatching);
		// Command-line arguments: they override application.properties, as the test
		// needs.
		return new SpringApplicationBuilder(SuiteApplication.class).run(properties.toArray(String[]::new));
	}

}
