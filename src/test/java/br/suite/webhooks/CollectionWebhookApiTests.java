package br.suite.webhooks;

import java.time.LocalDate;
import java.util.List;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;

import br.suite.Api;
import br.suite.Api.Response;
import br.suite.ApiTest;
import br.suite.TestSettings;
import br.suite.finance.collection.TestSmtp;
import br.suite.shared.DateTimes;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The régua de cobrança's events delivered as webhooks: a message that failed after its
 * attempts (nothing listening on the SMTP port), then the same message sent once a real
 * SMTP server (GreenMail) is there; subscribing needs {@code finance.collection.view}.
 */
class CollectionWebhookApiTests extends ApiTest {

	static final String POLICY = "/api/finance/collection-policy/";

	@Autowired
	JdbcClient jdbc;

	private final TestSmtp smtp = new TestSmtp();

	@Override
	protected void settings(TestSettings settings) {
		WebhookTestSettings.deliveringWithShortRetries(settings);
		this.smtp.settings(settings, "Cobrança <cobranca@padaria.example>");
	}

	@AfterEach
	void stopSmtpAndDisable() {
		this.smtp.stop();
		this.api.put(POLICY, "{\"enabled\":false}");
	}

	private JsonNode run() {
		Response run = this.api.post("/api/finance/collection/run/", "");
		assertThat(run.status()).as(run.toString()).isEqualTo(200);
		return run.json();
	}

	/** The next delivery of {@code type} about {@code chargeId}, skipping others. */
	private static JsonNode delivered(Receiver receiver, String type, long chargeId) throws Exception {
		for (int i = 0; i < 50; i++) {
			JsonNode body = Api.JSON.readTree(receiver.next().body());
			if (body.get("type").asString().equals(type) && body.get("data").get("charge_id").asLong() == chargeId) {
				return body.get("data");
			}
		}
		throw new AssertionError("No " + type + " about charge " + chargeId);
	}

	@Test
	void aFailedAndThenASentCollectionMessageAreDeliveredToASubscriptionThatMayViewThem() throws Exception {
		LocalDate today = LocalDate.now(DateTimes.BRAZIL);
		assertThat(this.api.put(POLICY, "{\"enabled\":true,\"send_time\":\"23:59\"}").status()).isEqualTo(200);
		this.jdbc.sql("UPDATE finance_collection_policy SET last_run_day = ? WHERE id = 1")
			.param(java.sql.Date.valueOf(today))
			.update();
		// Whatever else the shared database has due goes first, with the server up.
		this.smtp.start();
		run();
		this.smtp.stop();
		try (Receiver receiver = new Receiver()) {
			// Subscribing to them needs finance.collection.view.
			Response refused = signedInWith("webhooks.subscriptions.change").post("/api/webhooks/subscriptions/",
					json("url", receiver.url(), "event_types", List.of("finance.collection.failed")));
			assertThat(refused.status()).as(refused.toString()).isEqualTo(403);
			Response subscribed = signedInWith("webhooks.subscriptions.change", "finance.collection.view")
				.post("/api/webhooks/subscriptions/", json("url", receiver.url(), "event_types",
						List.of("finance.collection.sent", "finance.collection.failed"), "description", "régua"));
			assertThat(subscribed.status()).as(subscribed.toString()).isEqualTo(201);

			String email = "webhook." + Long.toString(System.nanoTime(), 36) + "@cliente.example";
			Response created = this.api.post("/api/finance/charges/",
					json("kind", "pix", "amount", "55.00", "payer_name", "Rita", "payer_email", email, "due_date",
							today.toString(), "description", "Mensalidade"));
			assertThat(created.status()).as(created.toString()).isEqualTo(201);
			long charge = created.id();

			assertThat(run().get("failed").asInt()).isEqualTo(1);
			JsonNode failed = delivered(receiver, "finance.collection.failed", charge);
			assertThat(failed.get("kind").asString()).isEqualTo("reminder");
			assertThat(failed.get("offset_days").asInt()).isZero();
			assertThat(failed.get("attempts").asInt()).isEqualTo(3);
			assertThat(failed.get("reason").asString()).isNotEmpty();
			assertThat(failed.get("to").asString()).startsWith("we***@").doesNotContain(email);
			long messageId = failed.get("message_id").asLong();

			this.smtp.start();
			assertThat(run().get("sent").asInt()).isEqualTo(1);
			JsonNode sent = delivered(receiver, "finance.collection.sent", charge);
			assertThat(sent.get("message_id").asLong()).isEqualTo(messageId);
			assertThat(sent.get("attempts").asInt()).isEqualTo(4);
			assertThat(sent.get("subject").asString()).isEqualTo("Vence hoje: R$ 55,00");
			assertThat(sent.get("to").asString()).startsWith("we***@").doesNotContain(email);
			assertThat(sent.get("sent_at").asString()).isNotEmpty();
		}
		assertThat(this.api.get("/api/webhooks/event-types/")
			.json()
			.valueStream()
			.filter(t -> t.get("type").asString().startsWith("finance.collection."))
			.map(t -> t.get("type").asString() + ":" + t.get("permission").asString())
			.toList()).containsExactlyInAnyOrder("finance.collection.sent:finance.collection.view",
					"finance.collection.failed:finance.collection.view");
	}

}
