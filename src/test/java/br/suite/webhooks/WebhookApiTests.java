package br.suite.webhooks;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

import org.junit.jupiter.api.Test;
import org.springframework.test.context.TestPropertySource;

import br.suite.Api;
import br.suite.Api.Response;
import br.suite.ApiTest;
import tools.jackson.databind.JsonNode;

/** Signed deliveries to a real local receiver, retries, disabling, and the refusals. */
@TestPropertySource(properties = { "suite.webhooks.allow-loopback=true", "suite.webhooks.dispatch-interval=100ms",
		"suite.webhooks.retry-schedule=200ms,200ms,200ms", "suite.webhooks.disable-after-failures=3",
		"suite.webhooks.dispatcher-enabled=true" })
class WebhookApiTests extends ApiTest {

	static final String BASE = "/api/webhooks/subscriptions/";

	JsonNode subscribe(String url, String... types) {
		Response created = this.api.post(BASE, json("url", url, "event_types", List.of(types), "description", "test"));
		assertThat(created.status()).as(created.toString()).isEqualTo(201);
		return created.json();
	}

	/** The receiver's own check of a Standard Webhooks signature. */
	static String expectedSignature(String secret, String id, String timestamp, String body) throws Exception {
		Mac mac = Mac.getInstance("HmacSHA256");
		mac.init(new SecretKeySpec(Base64.getDecoder().decode(secret.substring("whsec_".length())), "HmacSHA256"));
		return "v1," + Base64.getEncoder()
			.encodeToString(mac.doFinal((id + "." + timestamp + "." + body).getBytes(StandardCharsets.UTF_8)));
	}

	JsonNode deliveries(long subscriptionId) {
		return this.api.get(BASE + subscriptionId + "/deliveries/").json();
	}

	JsonNode awaitDelivery(long subscriptionId, String status) throws InterruptedException {
		for (int i = 0; i < 200; i++) {
			JsonNode list = deliveries(subscriptionId);
			if (list.size() > 0 && list.get(0).get("status").asString().equals(status)) {
				return list.get(0);
			}
			Thread.sleep(100);
		}
		throw new AssertionError("delivery never became " + status + ": " + deliveries(subscriptionId));
	}

	@Test
	void anApprovalIsDeliveredSignedToALocalReceiver() throws Exception {
		try (Receiver receiver = new Receiver()) {
			JsonNode subscription = subscribe(receiver.url(), "processdocs.document.approved");
			String secret = subscription.get("secret").asString();
			assertThat(secret).startsWith("whsec_");
			assertThat(Base64.getDecoder().decode(secret.substring(6))).hasSizeGreaterThanOrEqualTo(24);
			long id = subscription.get("id").asLong();
			assertThat(this.api.get(BASE + id + "/").json().has("secret")).isFalse();
			assertThat(this.api.get(BASE).body()).doesNotContain(secret);

			Response document = this.api.post("/api/process-documents/",
					"{\"title\":\"" + unique("Webhook")
							+ "\",\"process_area\":\"Qualidade\",\"category\":\"Procedimento\",\"owner\":\"Ana Souza\","
							+ "\"status\":\"in_review\"}");
			assertThat(receiver.pending()).isZero();
			Api approver = signedInWith("processdocs.documents.view", "processdocs.documents.change",
					"processdocs.documents.approve");
			assertThat(approver.patch("/api/process-documents/" + document.id() + "/", "{\"status\":\"approved\"}")
				.status()).isEqualTo(200);

			Receiver.Received delivery = receiver.next();
			String messageId = delivery.header("webhook-id");
			String timestamp = delivery.header("webhook-timestamp");
			assertThat(messageId).startsWith("msg_");
			assertThat(Long.parseLong(timestamp)).isCloseTo(System.currentTimeMillis() / 1000,
					org.assertj.core.data.Offset.offset(60L));
			assertThat(delivery.header("webhook-signature"))
				.isEqualTo(expectedSignature(secret, messageId, timestamp, delivery.body()));
			assertThat(delivery.header("content-type")).startsWith("application/json");
			JsonNode body = Api.JSON.readTree(delivery.body());
			assertThat(body.get("type").asString()).isEqualTo("processdocs.document.approved");
			assertThat(body.get("timestamp").asString()).endsWith("Z");
			assertThat(body.get("data").get("document_id").asLong()).isEqualTo(document.id());
			assertThat(body.get("data").get("code").asString()).isEqualTo(document.json().get("code").asString());

			JsonNode recorded = awaitDelivery(id, "succeeded");
			assertThat(recorded.get("attempts").asInt()).isEqualTo(1);
			assertThat(recorded.get("last_response_code").asInt()).isEqualTo(204);
			assertThat(recorded.get("message_id").asString()).isEqualTo(messageId);

			// After rotation the old secret no longer verifies the next delivery.
			String rotated = this.api.post(BASE + id + "/rotate-secret/", "{}").json().get("secret").asString();
			assertThat(rotated).startsWith("whsec_").isNotEqualTo(secret);
			assertThat(this.api.post("/api/webhooks/deliveries/" + recorded.get("id").asLong() + "/redeliver/", "{}")
				.status()).isEqualTo(200);
			Receiver.Received again = receiver.next();
			assertThat(again.header("webhook-id")).isEqualTo(messageId);
			assertThat(again.header("webhook-signature"))
				.isEqualTo(expectedSignature(rotated, messageId, again.header("webhook-timestamp"), again.body()));
		}
	}

	@Test
	void aPixMatchedOnImportIsDeliveredAsAnAllocationAndAPaidCharge() throws Exception {
		try (Receiver receiver = new Receiver()) {
			subscribe(receiver.url(), "finance.allocation.created", "finance.charge.paid");
			String txid = "wh" + Long.toString(System.nanoTime(), 36) + "0000000000000000000000000";
			Response charge = this.api.post("/api/finance/charges/",
					json("kind", "pix", "amount", "150.00", "txid", txid.substring(0, 30)));
			assertThat(charge.status()).as(charge.toString()).isEqualTo(201);
			String csv = "Data;Descrição;Valor;TxId\n10/12/2026;PIX RECEBIDO;150,00;" + txid.substring(0, 30) + "\n";
			Response prepared = this.api.send("POST",
					"/api/prepare-csv-import?provider=" + unique("wh") + "&account_id=a1", csv, "text/csv");
			assertThat(prepared.status()).as(prepared.toString()).isEqualTo(200);
			Response confirmed = this.api.post("/api/confirm-csv-import", prepared.body());
			assertThat(confirmed.json().get("success").asBoolean()).as(confirmed.toString()).isTrue();

			java.util.Map<String, JsonNode> byType = new java.util.HashMap<>();
			for (int i = 0; i < 2; i++) {
				JsonNode body = Api.JSON.readTree(receiver.next().body());
				byType.put(body.get("type").asString(), body.get("data"));
			}
			assertThat(byType.get("finance.allocation.created").get("charge_id").asLong()).isEqualTo(charge.id());
			assertThat(byType.get("finance.allocation.created").get("rule").asString()).isEqualTo("txid");
			assertThat(byType.get("finance.charge.paid").get("charge_id").asLong()).isEqualTo(charge.id());
			assertThat(new java.math.BigDecimal(byType.get("finance.charge.paid").get("paid_amount").asString()))
				.isEqualByComparingTo("150");
		}
	}

	@Test
	void aReceiverThatIsDownGetsTheDeliveryWhenItRecovers() throws Exception {
		try (Receiver receiver = new Receiver()) {
			receiver.statuses.add(500);
			receiver.statuses.add(503);
			long id = subscribe(receiver.url(), "access.user.changed").get("id").asLong();
			Response user = this.api.post("/api/access/users/", json("username", unique("hooked"), "role_id", 1));
			Receiver.Received first = receiver.next();
			Receiver.Received second = receiver.next();
			Receiver.Received third = receiver.next();
			assertThat(second.header("webhook-id")).isEqualTo(first.header("webhook-id"));
			assertThat(third.header("webhook-id")).isEqualTo(first.header("webhook-id"));
			JsonNode data = Api.JSON.readTree(third.body()).get("data");
			assertThat(data.get("user_id").asLong()).isEqualTo(user.id());
			assertThat(data.get("change").asString()).isEqualTo("created");
			assertThat(third.body()).doesNotContain(user.json().get("temporary_password").asString());
			JsonNode delivered = awaitDelivery(id, "succeeded");
			assertThat(delivered.get("attempts").asInt()).isEqualTo(3);
			assertThat(this.api.get(BASE + id + "/").json().get("consecutive_failures").asInt()).isZero();
		}
	}

	@Test
	void consecutiveFailuresDisableTheSubscriptionAndKeepOnlyAKibibyteOfTheAnswer() throws Exception {
		try (Receiver receiver = new Receiver()) {
			receiver.defaultStatus = 500;
			long id = subscribe(receiver.url(), "access.user.changed").get("id").asLong();
			this.api.post("/api/access/users/", json("username", unique("failing"), "role_id", 1));
			JsonNode subscription = null;
			for (int i = 0; i < 100; i++) {
				subscription = this.api.get(BASE + id + "/").json();
				if (!subscription.get("enabled").asBoolean()) {
					break;
				}
				Thread.sleep(100);
			}
			assertThat(subscription.get("enabled").asBoolean()).as(subscription.toString()).isFalse();
			assertThat(subscription.get("disabled_reason").asString()).contains("3 consecutive failed deliveries")
				.contains("HTTP 500");
			JsonNode delivery = deliveries(id).get(0);
			assertThat(delivery.get("last_response_code").asInt()).isEqualTo(500);
			assertThat(delivery.get("last_response_body").asString()).hasSize(1024);
			assertThat(delivery.get("attempts").asInt()).isEqualTo(3);
			long deliveryId = delivery.get("id").asLong();
			assertThat(this.api.post("/api/webhooks/deliveries/" + deliveryId + "/redeliver/", "{}").status())
				.isEqualTo(409);

			receiver.defaultStatus = 204;
			JsonNode enabled = this.api.patch(BASE + id + "/", json("enabled", true)).json();
			assertThat(enabled.get("consecutive_failures").asInt()).isZero();
			assertThat(enabled.get("disabled_reason").isNull()).isTrue();
			assertThat(awaitDelivery(id, "succeeded").get("attempts").asInt()).isEqualTo(4);
		}
	}

	@Test
	void unsafeTargetsAreRefusedNamingTheUrl() {
		int before = this.api.get(BASE).json().size();
		for (String url : List.of("http://example.com/hook", "https://10.0.0.8/hook", "https://192.168.1.10/hook",
				"https://172.16.0.1/hook", "https://169.254.169.254/latest/meta-data", "https://[::1]:8443/hook",
				"https://[fd00::1]/hook", "https://100.64.0.1/hook", "https://0.0.0.0/hook", "ftp://example.com/",
				"http://127.0.0.1/no-port", "https://user:pw@example.com/", "not a url")) {
			Response refused = this.api.post(BASE, json("url", url, "event_types", List.of("access.user.changed")));
			assertThat(refused.status()).as(url + " → " + refused).isEqualTo(400);
			assertThat(refused.json().get("errors").has("url")).as(url + " → " + refused).isTrue();
		}
		Response unknownType = this.api.post(BASE, json("url", "http://127.0.0.1:9/x", "event_types", List.of("nope")));
		assertThat(unknownType.status()).isEqualTo(400);
		assertThat(unknownType.json().get("errors").has("event_types")).isTrue();
		assertThat(this.api.get(BASE).json().size()).isEqualTo(before);
	}

	@Test
	void withoutThePermissionNothingIsSeenOrChanged() {
		long id = subscribe("http://127.0.0.1:9/x", "access.user.changed").get("id").asLong();
		Api nobody = signedInWith("access.users.view");
		assertThat(nobody.get(BASE).status()).isEqualTo(403);
		assertThat(nobody.get("/api/webhooks/event-types/").status()).isEqualTo(403);
		Api viewer = signedInWith("webhooks.subscriptions.view");
		assertThat(viewer.get("/api/webhooks/event-types/").json().toString()).contains("timeclock.punch.needs_review");
		assertThat(viewer.get(BASE + id + "/").json().has("secret")).isFalse();
		int before = this.api.get(BASE).json().size();
		assertThat(viewer.post(BASE, json("url", "http://127.0.0.1:9/y", "event_types", List.of("access.user.changed")))
			.status()).isEqualTo(403);
		assertThat(viewer.patch(BASE + id + "/", json("url", "http://127.0.0.1:10/z")).status()).isEqualTo(403);
		assertThat(viewer.post(BASE + id + "/rotate-secret/", "{}").status()).isEqualTo(403);
		assertThat(viewer.delete(BASE + id + "/").status()).isEqualTo(403);
		assertThat(this.api.get(BASE).json().size()).isEqualTo(before);
		assertThat(this.api.get(BASE + id + "/").json().get("url").asString()).isEqualTo("http://127.0.0.1:9/x");
		assertThat(this.api.delete(BASE + id + "/").status()).isEqualTo(204);
		assertThat(this.api.get(BASE + id + "/").status()).isEqualTo(404);
		// Subscription changes are audited, never with the secret.
		JsonNode audited = this.api.get("/api/audit/events/?resource_type=webhook_subscription&resource_id=" + id)
			.json();
		assertThat(audited.size()).isEqualTo(2);
		assertThat(audited.get(0).get("action").asString()).isEqualTo("webhooks.subscription.deleted");
		assertThat(audited.get(1).get("action").asString()).isEqualTo("webhooks.subscription.created");
		assertThat(audited.get(1).get("changes").get("url").get("after").asString()).isEqualTo("http://127.0.0.1:9/x");
		assertThat(audited.toString()).doesNotContain("whsec_");
	}

	@org.springframework.beans.factory.annotation.Autowired
	org.springframework.context.ApplicationEventPublisher publisher;

	@org.springframework.beans.factory.annotation.Autowired
	org.springframework.transaction.support.TransactionTemplate transactions;

	@Test
	void theDailyRemindersBecomeTheirEventTypes() throws Exception {
		try (Receiver receiver = new Receiver()) {
			subscribe(receiver.url(), "processdocs.document.review_due", "fins.record.overdue");
			java.time.LocalDate day = java.time.LocalDate.of(2026, 12, 1);
			this.transactions.executeWithoutResult(status -> {
				this.publisher.publishEvent(
						new br.suite.processdocs.DocumentReviewDue(77, "PD-0077", "Compras", "Ana", day, false));
				this.publisher.publishEvent(new br.suite.fins.FinsRecordOverdue(88, 5, "Renovar contrato", day));
			});
			List<JsonNode> bodies = List.of(Api.JSON.readTree(receiver.next().body()),
					Api.JSON.readTree(receiver.next().body()));
			assertThat(bodies).anySatisfy(body -> {
				assertThat(body.get("type").asString()).isEqualTo("processdocs.document.review_due");
				assertThat(body.get("data").get("next_review_at").asString()).isEqualTo("2026-12-01");
			});
			assertThat(bodies).anySatisfy(body -> {
				assertThat(body.get("type").asString()).isEqualTo("fins.record.overdue");
				assertThat(body.get("data").get("record_id").asLong()).isEqualTo(88);
			});
		}
	}

}
