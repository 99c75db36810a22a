package br.suite;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetSocketAddress;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.Test;

import br.suite.Api.Response;
import br.suite.webhooks.WebhookTestSettings;

/**
 * {@code /actuator/prometheus} on the API port: refused without a token or without
 * {@code operations.metrics.view}; with it, after a punch, an import (with an automatic
 * allocation), a webhook delivery, a failed sign-in and a scheduled job, every meter
 * docs/operations.md names is there.
 */
class MetricsApiTests extends ApiTest {

	// Deliveries on in the shared context (its jobs, TestJobs, are there for all).
	@Override
	protected void settings(TestSettings settings) {
		WebhookTestSettings.delivering(settings);
	}

	@Test
	void theMetricsNeedAPermissionOnTheApiPort() {
		Response anonymous = this.api.as(null).get("/actuator/prometheus");
		assertThat(anonymous.status()).isEqualTo(401);
		assertThat(anonymous.body()).doesNotContain("jvm_");
		Response withoutPermission = signedInWith("customers.clientes.view").get("/actuator/prometheus");
		assertThat(withoutPermission.status()).isEqualTo(403);
		assertThat(withoutPermission.body()).doesNotContain("jvm_");
		assertThat(this.api.as(null).get("/actuator/metrics").status()).isIn(401, 404);
		// The operators' health group (its details name directories) likewise.
		assertThat(this.api.as(null).get("/actuator/health/operations").status()).isEqualTo(401);
		assertThat(signedInWith("customers.clientes.view").get("/actuator/health/operations").status()).isEqualTo(403);
		Response operations = signedInWith("operations.metrics.view").get("/actuator/health/operations");
		assertThat(operations.status()).as(operations.toString()).isEqualTo(200);
		assertThat(operations.json().get("components").has("backup")).isTrue();
		assertThat(this.api.as(null).get("/actuator/health").body()).doesNotContain("backup");
	}

	@Test
	void everyMeterIsScrapedAfterAPunchAnImportAndAWebhookDelivery() throws Exception {
		CountDownLatch delivered = new CountDownLatch(1);
		HttpServer receiver = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
		receiver.createContext("/", exchange -> {
			exchange.getRequestBody().readAllBytes();
			exchange.sendResponseHeaders(204, -1);
			exchange.close();
			delivered.countDown();
		});
		receiver.start();
		try {
			// A webhook delivery
			Response subscribed = this.api.post("/api/webhooks/subscriptions/",
					json("url", "http://127.0.0.1:" + receiver.getAddress().getPort() + "/hook", "event_types",
							List.of("access.user.changed"), "description", "metrics"));
			assertThat(subscribed.status()).as(subscribed.toString()).isEqualTo(201);
			Response employee = this.api.post("/api/access/users/", json("username", unique("metrics"), "full_name",
					"Marcos Pereira", "is_employee", true, "role_id", 1));
			assertThat(employee.status()).as(employee.toString()).isEqualTo(201);
			assertThat(delivered.await(30, TimeUnit.SECONDS)).isTrue();

			// A punch (without a snapshot: recorded for review)
			Response punch = this.api.post("/api/timeclock/punch/register/",
					json("event_type", "entrada", "employee_id", employee.id(), "source", "device"));
			assertThat(punch.status()).as(punch.toString()).isEqualTo(201);

			// An import whose Pix is matched to a charge by its txid
			String txid = ("mx" + Long.toString(System.nanoTime(), 36) + "0000000000000000000000000").substring(0, 30);
			Response charge = this.api.post("/api/finance/charges/",
					json("kind", "pix", "amount", "150.00", "txid", txid));
			assertThat(charge.status()).as(charge.toString()).isEqualTo(201);
			String csv = "Data;Descrição;Valor;TxId\n10/12/2026;PIX RECEBIDO;150,00;" + txid + "\n";
			Response prepared = this.api.send("POST",
					"/api/prepare-csv-import?provider=" + unique("mx") + "&account_id=a1", csv, "text/csv");
			assertThat(prepared.status()).as(prepared.toString()).isEqualTo(200);
			Response confirmed = this.api.post("/api/confirm-csv-import", prepared.body());
			assertThat(confirmed.json().get("success").asBoolean()).as(confirmed.toString()).isTrue();

			// A failed sign-in
			assertThat(this.api.as(null)
				.post("/api/auth/token/", json("username", unique("nobody"), "password", "wrong-password"))
				.status()).isIn(400, 401);
		}
		finally {
			receiver.stop(0);
		}

		Api operator = signedInWith("operations.metrics.view");
		String metrics = awaitScrape(operator, "suite_job_last_success_seconds\\{[^}]*job=\"test.metrics-job\"");
		assertThat(metrics)
			.containsPattern(meter("http_server_requests_seconds_count", "uri=\"/api/timeclock/punch/register\""));
		assertThat(metrics).containsPattern(meter("hikaricp_connections_active", "pool=\"suite\""));
		assertThat(metrics).containsPattern(meter("jvm_memory_used_bytes", "area=\"heap\""));
		assertThat(metrics).containsPattern(meter("suite_database_up", ""))
			.contains("suite_database_up{application=\"suite\"} 1.0");
		assertThat(metrics).containsPattern(meter("suite_punch_face_checks_seconds_count", "outcome=\"no_snapshot\""));
		assertThat(metrics).containsPattern(meter("suite_punch_face_checks_seconds_sum", "outcome=\"no_snapshot\""));
		assertThat(metrics).containsPattern(meter("suite_punches_needing_review", ""));
		assertThat(metrics).containsPattern(meter("suite_imports_seconds_count", "outcome=\"applied\""));
		assertThat(metrics).containsPattern(meter("suite_imports_rows_total", "result=\"inserted\""));
		assertThat(metrics).containsPattern(meter("suite_reconciliation_allocations_total", "rule=\"txid\""));
		assertThat(metrics).containsPattern(meter("suite_webhooks_deliveries_total", "outcome=\"succeeded\""));
		assertThat(metrics).containsPattern(meter("suite_webhooks_queue_size", ""));
		assertThat(metrics).containsPattern(meter("suite_webhooks_queue_age_seconds", ""));
		assertThat(metrics).containsPattern(meter("suite_signin_failures_total", ""));
		// A run that threw is no success.
		assertThat(metrics).doesNotContain("test.failing-job");
	}

	/** A sample line of the meter with the label, and a value of at least 0. */
	private static Pattern meter(String name, String label) {
		return Pattern.compile("(?m)^" + name + "\\{[^}]*" + Pattern.quote(label) + "[^}]*\\} [0-9.eE+-]+$");
	}

	private static String awaitScrape(Api operator, String expected) throws InterruptedException {
		Pattern pattern = Pattern.compile(expected);
		String body = "";
		for (int i = 0; i < 100; i++) {
			Response scraped = operator.get("/actuator/prometheus");
			assertThat(scraped.status()).as(scraped.toString()).isEqualTo(200);
			body = scraped.body();
			if (pattern.matcher(body).find()) {
				return body;
			}
			Thread.sleep(100);
		}
		throw new AssertionError("never scraped " + expected + " in:\n" + body);
	}

}
