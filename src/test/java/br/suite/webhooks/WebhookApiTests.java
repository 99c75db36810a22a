package br.suite.webhooks;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

import javax.sql.DataSource;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;

import br.suite.Api;
import br.suite.Api.Response;
import br.suite.ApiTest;
import br.suite.TestSettings;
import tools.jackson.databind.JsonNode;

/** Signed deliveries to a real local receiver, retries, disabling, and the refusals. */
class WebhookApiTests extends ApiTest {

	// Deliveries on in the shared context, 3 retries 200 ms apart, a 3 s deadline per
	// attempt.
	@Override
	protected void settings(TestSettings settings) {
		WebhookTestSettings.deliveringWithShortRetries(settings);
	}

	static final String BASE = "/api/webhooks/subscriptions/";

	@Autowired
	JdbcClient jdbc;

	@Autowired
	DataSource dataSource;

	/**
	 * The dispatcher records an attempt by writing the delivery, then its subscription's
	 * failure count; a delete meanwhile must not take the two in the other order (the
	 * subscription, then its deliveries by the cascade): PostgreSQL would break the
	 * deadlock by failing one of them (the delete answered 503 in a whole run).
	 */
	@Test
	void deletingASubscriptionWhileADeliveryIsRecordedDoesNotDeadlock() throws Exception {
		try (Receiver receiver = new Receiver()) {
			long id = subscribe(receiver.url(), "access.user.changed").get("id").asLong();
			long delivery = this.jdbc.sql("""
					INSERT INTO webhooks_delivery (message_id, subscription_id, event_type, body, status, created_at)
					VALUES ('msg_deadlock_' || :id, :id, 'access.user.changed', '{}', 'failed', now()) RETURNING id""")
				.param("id", id)
				.query(Long.class)
				.single();
			try (Connection dispatcher = this.dataSource.getConnection()) {
				dispatcher.setAutoCommit(false);
				try (PreparedStatement first = dispatcher
					.prepareStatement("UPDATE webhooks_delivery SET attempts = attempts + 1 WHERE id = ?")) {
					first.setLong(1, delivery);
					first.executeUpdate();
				}
				CompletableFuture<Integer> deleted = CompletableFuture
					.supplyAsync(() -> this.api.delete(BASE + id + "/").status());
				for (int i = 0; i < 200 && this.jdbc.sql(
						"SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()")
					.query(Long.class)
					.single() == 0; i++) {
					Thread.sleep(25);
				}
				try (PreparedStatement second = dispatcher.prepareStatement(
						"UPDATE webhooks_subscription SET consecutive_failures = consecutive_failures + 1 WHERE id = ?")) {
					second.setLong(1, id);
					second.executeUpdate();
				}
				dispatcher.commit();
				assertThat(deleted.get(30, TimeUnit.SECONDS)).isEqualTo(204);
			}
			assertThat(this.api.get(BASE + id + "/").status()).isEqualTo(404);
		}
	}

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
				"http://127.0.0.1/no-port", "https://user:pw@example.com/", "not a url",
				// IPv6 forms that carry an IPv4 address: compatible, mapped, translated,
				// NAT64, 6to4, Teredo.
				"https://[::127.0.0.1]/hook", "https://[::ffff:7f00:1]/hook", "https://[::ffff:0:a00:1]/hook",
				"https://[64:ff9b::a9fe:a9fe]/hook", "https://[2002:a9fe:a9fe::1]/hook",
				"https://[2001:0:a9fe:a9fe::1]/hook")) {
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

	/**
	 * A receiver that sends 200 with Content-Length 100000 and never the body holds one
	 * sender for the attempt's deadline only: the attempt is a failure (not a success), a
	 * good receiver subscribed to the same event gets its delivery meanwhile.
	 */
	@Test
	void aReceiverThatNeverSendsItsBodyFailsAtTheDeadlineWithoutHoldingUpTheRest() throws Exception {
		try (StallingReceiver stalling = new StallingReceiver(); Receiver good = new Receiver()) {
			long stalled = subscribe(stalling.url(), "access.user.changed").get("id").asLong();
			long served = subscribe(good.url(), "access.user.changed").get("id").asLong();

			Response created = this.api.post("/api/access/users/", json("username", unique("stalled"), "role_id", 1));
			StallingReceiver.Connection connection = stalling.nextAnswered();
			// That another scheduled job runs meanwhile is SchedulingConfigurationTests'
			// (here, in the whole suite, other cached contexts share the pruning job's
			// lock).

			JsonNode delivered = Api.JSON.readTree(good.next().body());
			assertThat(delivered.get("data").get("user_id").asLong()).isEqualTo(created.id());
			assertThat(connection.open()).as("the good receiver was served while the stalling one held its attempt")
				.isTrue();

			JsonNode attempt = deliveries(stalled).get(0);
			for (int i = 0; i < 100 && attempt.get("attempts").asInt() == 0; i++) {
				Thread.sleep(50);
				attempt = deliveries(stalled).get(0);
			}
			long recordedAfterMillis = (System.nanoTime() - connection.answeredAt) / 1_000_000;
			assertThat(attempt.get("attempts").asInt()).as(attempt.toString()).isEqualTo(1);
			assertThat(attempt.get("status").asString()).isEqualTo("pending");
			assertThat(attempt.get("delivered_at").isNull()).isTrue();
			assertThat(attempt.get("last_response_code").asInt()).isEqualTo(200);
			assertThat(attempt.get("last_error").asString()).contains("not complete within 3000 ms");
			assertThat(recordedAfterMillis).as("recorded soon after the 3 s deadline").isBetween(2500L, 6000L);
			assertThat(connection.open()).as("the connection was closed at the deadline").isFalse();
			assertThat((connection.closedAt - connection.answeredAt) / 1_000_000).isBetween(2500L, 5000L);
			assertThat(awaitDelivery(served, "succeeded").get("attempts").asInt()).isEqualTo(1);
		}
	}

	/**
	 * A 200 whose body ends before its Content-Length is a failed attempt, not a success;
	 * one that sends more than max-response-bytes has answered: reading stops there.
	 */
	@Test
	void aBodyCutShortFailsAndAnOversizedOneIsReadOnlyToTheLimit() throws Exception {
		try (StallingReceiver cut = new StallingReceiver(StallingReceiver.Behaviour.CUT_SHORT);
				StallingReceiver oversized = new StallingReceiver(StallingReceiver.Behaviour.OVERSIZED)) {
			long cutId = subscribe(cut.url(), "processdocs.document.review_due").get("id").asLong();
			long oversizedId = subscribe(oversized.url(), "processdocs.document.review_due").get("id").asLong();
			this.transactions.executeWithoutResult(
					status -> this.publisher.publishEvent(new br.suite.processdocs.DocumentReviewDue(78, "PD-0078",
							"Vendas", "Ana", java.time.LocalDate.of(2026, 12, 2), false)));
			StallingReceiver.Connection big = oversized.nextAnswered();
			JsonNode answered = awaitDelivery(oversizedId, "succeeded");
			assertThat((System.nanoTime() - big.answeredAt) / 1_000_000).as("well before the 3 s deadline")
				.isLessThan(2500);
			assertThat(answered.get("last_response_body").asString()).startsWith("accepted").hasSize(1024);

			cut.nextAnswered();
			JsonNode attempt = deliveries(cutId).get(0);
			for (int i = 0; i < 100 && attempt.get("attempts").asInt() == 0; i++) {
				Thread.sleep(50);
				attempt = deliveries(cutId).get(0);
			}
			assertThat(attempt.get("status").asString()).as(attempt.toString()).isNotEqualTo("succeeded");
			assertThat(attempt.get("delivered_at").isNull()).isTrue();
			assertThat(attempt.get("last_response_code").asInt()).isEqualTo(200);
			assertThat(attempt.get("last_error").asString()).startsWith("the answer's body was cut short: ");
			assertThat(this.api.delete(BASE + cutId + "/").status()).isEqualTo(204);
			assertThat(this.api.delete(BASE + oversizedId + "/").status()).isEqualTo(204);
		}
	}

	/**
	 * A new user in a new role holding the permissions, signed in: [role id, user id].
	 */
	record Person(long roleId, long userId, Api api) {
	}

	Person person(String... permissions) {
		Response role = this.api.post("/api/access/roles/",
				json("name", unique("hooks"), "permissions", List.of(permissions)));
		assertThat(role.status()).as(role.toString()).isEqualTo(201);
		Response user = this.api.post("/api/access/users/",
				json("username", unique("hook-owner"), "role_id", role.id()));
		assertThat(user.status()).as(user.toString()).isEqualTo(201);
		return new Person(role.id(), user.id(), this.api.as(this.api.signIn(user.json().get("username").asString(),
				user.json().get("temporary_password").asString())));
	}

	long adminId() {
		return this.jdbc.sql("SELECT id FROM access_user WHERE username = 'admin'").query(Long.class).single();
	}

	/**
	 * Webhooks are no side door: subscribing to an event type needs the view permission
	 * of the data it carries, on create and on every change of url or event types.
	 */
	@Test
	void onlyTheWebhookPermissionsDoNotReachPunchesOrUsers() {
		Api hooks = signedInWith("webhooks.subscriptions.view", "webhooks.subscriptions.change");
		int before = this.api.get(BASE).json().size();
		Response punches = hooks.post(BASE, json("url", "http://127.0.0.1:9/punches", "event_types",
				List.of("timeclock.punch.registered", "timeclock.punch.needs_review")));
		assertThat(punches.status()).as(punches.toString()).isEqualTo(403);
		assertThat(punches.json().get("detail").asString())
			.contains("timeclock.punch.registered needs timeclock.punches.view");
		assertThat(punches.json().get("event_types").toString())
			.isEqualTo("[\"timeclock.punch.registered\",\"timeclock.punch.needs_review\"]");
		assertThat(punches.json().get("missing_permissions").toString()).isEqualTo("[\"timeclock.punches.view\"]");
		Response users = hooks.post(BASE, json("url", "http://127.0.0.1:9/users", "event_types",
				List.of("access.user.changed", "timeclock.punch.registered")));
		assertThat(users.status()).isEqualTo(403);
		assertThat(users.json().get("missing_permissions").toString())
			.isEqualTo("[\"access.users.view\",\"timeclock.punches.view\"]");
		assertThat(this.api.get(BASE).json().size()).isEqualTo(before);
		assertThat(hooks.get("/api/webhooks/event-types/").json().toString())
			.contains("{\"type\":\"timeclock.punch.registered\",\"description\":\"A punch was recorded in the ledger\","
					+ "\"permission\":\"timeclock.punches.view\"}");

		// With the view permission of users, the same may subscribe to users, and owns
		// it...
		Person viewer = person("webhooks.subscriptions.view", "webhooks.subscriptions.change", "access.users.view");
		Response mine = viewer.api()
			.post(BASE, json("url", "http://127.0.0.1:9/mine", "event_types", List.of("access.user.changed")));
		assertThat(mine.status()).as(mine.toString()).isEqualTo(201);
		assertThat(mine.json().get("owner_id").asLong()).isEqualTo(viewer.userId());
		// ...but not widen it to punches,
		Response widened = viewer.api()
			.patch(BASE + mine.id() + "/",
					json("event_types", List.of("access.user.changed", "timeclock.punch.registered")));
		assertThat(widened.status()).isEqualTo(403);
		assertThat(widened.json().get("event_types").toString()).isEqualTo("[\"timeclock.punch.registered\"]");
		assertThat(this.api.get(BASE + mine.id() + "/").json().get("event_types").size()).isEqualTo(1);
		// nor point someone else's punch subscription at themselves.
		long punchesOfAdmin = subscribe("http://127.0.0.1:9/admin", "timeclock.punch.registered").get("id").asLong();
		assertThat(viewer.api().patch(BASE + punchesOfAdmin + "/", json("url", "http://127.0.0.1:9/mine")).status())
			.isEqualTo(403);
		JsonNode untouched = this.api.get(BASE + punchesOfAdmin + "/").json();
		assertThat(untouched.get("url").asString()).isEqualTo("http://127.0.0.1:9/admin");
		assertThat(untouched.get("owner_id").asLong()).isEqualTo(adminId());
		// Relabelling or switching it off sends nothing anywhere new: allowed, the owner
		// stays.
		JsonNode relabelled = viewer.api()
			.patch(BASE + punchesOfAdmin + "/", json("description", "relabelled", "enabled", false))
			.json();
		assertThat(relabelled.get("description").asString()).isEqualTo("relabelled");
		assertThat(relabelled.get("owner_id").asLong()).isEqualTo(adminId());
		assertThat(this.api.delete(BASE + mine.id() + "/").status()).isEqualTo(204);
		assertThat(this.api.delete(BASE + punchesOfAdmin + "/").status()).isEqualTo(204);
	}

	/**
	 * The owner's permission is checked again before every delivery: once it is gone,
	 * nothing is sent and the delivery says why; whoever takes the subscription over with
	 * the permission gets it sent again.
	 */
	@Test
	void aSubscriptionWhoseOwnerLosesThePermissionGetsNoDelivery() throws Exception {
		try (Receiver receiver = new Receiver()) {
			Person owner = person("webhooks.subscriptions.view", "webhooks.subscriptions.change", "access.users.view");
			Response created = owner.api()
				.post(BASE, json("url", receiver.url(), "event_types", List.of("access.user.changed")));
			assertThat(created.status()).as(created.toString()).isEqualTo(201);
			long id = created.id();

			// While the owner holds access.users.view, user changes arrive.
			Response first = this.api.post("/api/access/users/", json("username", unique("seen"), "role_id", 1));
			awaitUser(receiver, first.id());

			Response lost = this.api.patch("/api/access/roles/" + owner.roleId() + "/",
					json("permissions", List.of("webhooks.subscriptions.view", "webhooks.subscriptions.change")));
			assertThat(lost.status()).as(lost.toString()).isEqualTo(200);
			Response second = this.api.post("/api/access/users/", json("username", unique("unseen"), "role_id", 1));
			JsonNode withheld = null;
			for (int i = 0; i < 200 && withheld == null; i++) {
				for (JsonNode delivery : deliveries(id)) {
					if (delivery.get("status").asString().equals("failed")) {
						withheld = delivery;
					}
				}
				Thread.sleep(50);
			}
			assertThat(withheld).as(deliveries(id).toString()).isNotNull();
			assertThat(withheld.get("last_error").asString()).isEqualTo(
					"withheld: the subscription's owner (user " + owner.userId() + ") does not hold access.users.view");
			assertThat(withheld.get("attempts").asInt()).isZero();
			assertThat(withheld.get("last_response_code").isNull()).isTrue();
			Thread.sleep(500);
			while (receiver.pending() > 0) {
				assertThat(Api.JSON.readTree(receiver.next().body()).get("data").get("user_id").asLong())
					.isNotEqualTo(second.id());
			}
			JsonNode subscription = this.api.get(BASE + id + "/").json();
			assertThat(subscription.get("enabled").asBoolean()).isTrue();
			assertThat(subscription.get("consecutive_failures").asInt()).isZero();

			// A redelivery checks again: still not sent.
			long withheldId = withheld.get("id").asLong();
			assertThat(this.api.post("/api/webhooks/deliveries/" + withheldId + "/redeliver/", "{}").status())
				.isEqualTo(200);
			JsonNode again = null;
			for (int i = 0; i < 100; i++) {
				again = find(deliveries(id), withheldId);
				if (again.get("status").asString().equals("failed")) {
					break;
				}
				Thread.sleep(50);
			}
			assertThat(again.get("status").asString()).isEqualTo("failed");
			assertThat(receiver.pending()).isZero();

			// Someone holding the permission takes it over (changes its url): sent again.
			JsonNode taken = this.api.patch(BASE + id + "/", json("url", receiver.url() + "?v=2")).json();
			assertThat(taken.get("owner_id").asLong()).isEqualTo(adminId());
			assertThat(this.api.post("/api/webhooks/deliveries/" + withheldId + "/redeliver/", "{}").status())
				.isEqualTo(200);
			awaitUser(receiver, second.id());
			assertThat(this.api.delete(BASE + id + "/").status()).isEqualTo(204);
		}
	}

	/** Reads deliveries from the receiver until the one about the user arrives. */
	static void awaitUser(Receiver receiver, long userId) throws Exception {
		for (int i = 0; i < 10; i++) {
			if (Api.JSON.readTree(receiver.next().body()).get("data").get("user_id").asLong() == userId) {
				return;
			}
		}
		throw new AssertionError("No delivery about user " + userId);
	}

	static JsonNode find(JsonNode deliveries, long id) {
		for (JsonNode delivery : deliveries) {
			if (delivery.get("id").asLong() == id) {
				return delivery;
			}
		}
		throw new AssertionError("No delivery " + id + " in " + deliveries);
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
