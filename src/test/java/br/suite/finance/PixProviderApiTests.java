package br.suite.finance;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.temporal.ChronoUnit;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;

import br.suite.finance.ingest.TransactionWriter;
import br.suite.Api;
import br.suite.Api.Response;
import br.suite.ApiTest;
import br.suite.TestSettings;
import br.suite.finance.FakePsp.Fault;
import br.suite.finance.pix.PixSyncService;
import br.suite.finance.pix.PixWebhookService;
import br.suite.shared.DateTimes;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

import static br.suite.finance.FinanceFixtures.provider;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Connections that talk to a Pix provider, against {@link FakePsp} over real mutual TLS:
 * the credentials test, the pull sync (pages, idempotence, devoluções, automatic matching
 * by txid) and every injected failure, with nothing written twice and nothing lost.
 */
class PixProviderApiTests extends ApiTest {

	@Override
	protected void settings(TestSettings settings) {
		PixTestSettings.apply(settings);
	}

	static final String CONNECTIONS = "/api/finance/connections/";

	/**
	 * Where Suite tells providers it is (a reverse proxy in front of it, in production).
	 */
	static final String PUBLIC = "https://suite.example.com";

	@Autowired
	JdbcClient jdbc;

	@Autowired
	PixSyncService pixSync;

	@Autowired
	TransactionWriter ledger;

	FakePsp psp;

	String provider;

	long connection;

	@BeforeEach
	void start() throws Exception {
		this.psp = new FakePsp();
		this.provider = provider();
		Response created = this.api.post(CONNECTIONS, json("provider", this.provider, "account_id", "conta-1"));
		assertThat(created.status()).as(created.toString()).isEqualTo(201);
		this.connection = created.id();
		Response set = this.api.put(CONNECTIONS + this.connection + "/credentials/",
				Api.JSON.writeValueAsString(this.psp.credentials()));
		assertThat(set.status()).as(set.toString()).isEqualTo(204);
	}

	@AfterEach
	void stop() {
		this.psp.close();
	}

	static String e2e(int n) {
		return String.format("E18236120%023d", n);
	}

	Response test() {
		return this.api.post(CONNECTIONS + this.connection + "/test/", "");
	}

	JsonNode sync() {
		Response response = this.api.post(CONNECTIONS + this.connection + "/sync/", "");
		assertThat(response.status()).as(response.toString()).isEqualTo(200);
		return response.json();
	}

	List<JsonNode> transactions() {
		return this.api.get("/api/finance/transactions/?provider=" + this.provider).json().valueStream().toList();
	}

	String status() {
		return this.api.get(CONNECTIONS + this.connection + "/").json().get("status").asString();
	}

	@Test
	void theTestGetsATokenOverMutualTlsAndSetsTheStatus() {
		Response tested = test();
		assertThat(tested.status()).as(tested.toString()).isEqualTo(200);
		assertThat(tested.json().get("status").asString()).as(tested.toString()).isEqualTo("active");
		assertThat(status()).isEqualTo("active");
		assertThat(this.psp.tokenRequests.get()).isEqualTo(1);
		assertThat(this.psp.requests).anyMatch(r -> r.startsWith("GET /v2/pix?") && r.contains("itensPorPagina=1"));

		// Revoked credentials: the token request is refused.
		this.psp.revoked = true;
		this.psp.expireTokens();
		tested = test();
		assertThat(tested.json().get("status").asString()).as(tested.toString()).isEqualTo("revoked");
		assertThat(status()).isEqualTo("revoked");
		this.psp.revoked = false;

		// The provider down: error, with the reason.
		for (int i = 0; i < 4; i++) {
			this.psp.faults.add(Fault.status("/v2/pix", 503));
		}
		tested = test();
		assertThat(tested.json().get("status").asString()).isEqualTo("error");
		assertThat(tested.json().get("message").asString()).contains("503").contains("4 attempts");
		assertThat(status()).isEqualTo("error");
	}

	@Test
	void withoutTheClientCertificateTheHandshakeFails() {
		Map<String, Object> credentials = this.psp.credentials();
		credentials.remove("certificate_p12_base64");
		assertThat(
				this.api.put(CONNECTIONS + this.connection + "/credentials/", Api.JSON.writeValueAsString(credentials))
					.status())
			.isEqualTo(204);
		Response tested = test();
		assertThat(tested.json().get("status").asString()).as(tested.toString()).isEqualTo("error");
		assertThat(this.psp.tokenRequests.get()).as("no request gets through without the certificate").isZero();
	}

	@Test
	void aSyncReadsEveryPageOnceAndWritesEachPixOnce() {
		Instant base = Instant.now().minus(Duration.ofHours(2)).truncatedTo(ChronoUnit.MILLIS);
		for (int i = 0; i < 250; i++) {
			this.psp.addPix(e2e(i), "", "10.00", base.plusSeconds(i));
		}
		// A provider that serves 100 per page whatever is asked: 3 pages.
		this.psp.maxPageSize = 100;
		JsonNode log = sync();
		assertThat(log.get("flow").asString()).isEqualTo("provider_sync");
		assertThat(log.get("status").asString()).as(log.toString()).isEqualTo("success");
		assertThat(log.get("imported_count").asInt()).isEqualTo(250);
		assertThat(this.psp.requests.stream().filter(r -> r.startsWith("GET /v2/pix?") && !r.contains("devolucao")))
			.hasSize(3);
		assertThat(this.psp.tokenRequests.get()).as("the token is kept").isEqualTo(1);
		List<JsonNode> written = transactions();
		assertThat(written).hasSize(250);
		JsonNode first = written.stream()
			.filter(t -> t.get("external_id").asString().equals(e2e(0)))
			.findFirst()
			.orElseThrow();
		assertThat(first.get("end_to_end_id").asString()).isEqualTo(e2e(0));
		assertThat(first.get("direction").asString()).isEqualTo("credit");
		assertThat(first.get("status").asString()).isEqualTo("settled");
		assertThat(first.get("amount").asString()).isEqualTo("10.00");
		assertThat(first.get("account_id").asString()).isEqualTo("conta-1");
		assertThat(Instant.parse(first.get("posted_at").asString())).isEqualTo(base);

		// Again: nothing new, nothing changed.
		JsonNode again = sync();
		assertThat(again.get("imported_count").asInt()).isZero();
		assertThat(again.get("updated_count").asInt()).isZero();
		assertThat(transactions()).hasSize(250);
		assertThat(this.api.get(CONNECTIONS + this.connection + "/").json().get("last_sync_at").isNull()).isFalse();
	}

	/**
	 * The provider's {@code inicio}/{@code fim} are whole seconds and inclusive: a Pix in
	 * the second a window ends (a chunk's boundary, or the last second of
	 * {@code date_to}) must be asked for and written once.
	 */
	@Test
	void aPixInTheLastSecondOfAWindowIsNotLost() {
		LocalDate from = LocalDate.now(DateTimes.BRAZIL).minusDays(10);
		LocalDate to = from.plusDays(8);
		// The first 7-day chunk ends at this instant.
		Instant boundary = from.plusDays(7).atStartOfDay(DateTimes.BRAZIL).toInstant();
		this.psp.addPix(e2e(600), "", "6.00", boundary.plusMillis(400));
		this.psp.addPix(e2e(601), "", "6.01",
				to.plusDays(1).atStartOfDay(DateTimes.BRAZIL).toInstant().minusMillis(600));
		this.psp.addPix(e2e(602), "", "6.02", boundary.minusMillis(300));
		Response synced = this.api.post(CONNECTIONS + this.connection + "/sync/",
				json("date_from", from.toString(), "date_to", to.toString()));
		assertThat(synced.status()).as(synced.toString()).isEqualTo(200);
		assertThat(synced.json().get("imported_count").asInt()).isEqualTo(3);
		assertThat(transactions()).extracting(t -> t.get("external_id").asString())
			.containsExactlyInAnyOrder(e2e(600), e2e(601), e2e(602));
	}

	@Test
	void aPixPaidToAChargesTxidIsAllocatedAndItsDevolucaoIsADebit() {
		String txid = ReconciliationApiTests.alnum(30);
		Response charge = this.api.post("/api/finance/charges/",
				"{\"kind\":\"pix\",\"amount\":\"99.90\",\"txid\":\"" + txid + "\"}");
		assertThat(charge.status()).isEqualTo(201);
		Instant when = Instant.now().minus(Duration.ofMinutes(30)).truncatedTo(ChronoUnit.MILLIS);
		ObjectNode paid = this.psp.addPix(e2e(1), txid, "99.90", when);
		paid.putObject("pagador").put("cpf", "***.456.789-**").put("nome", "Ana Souza");
		paid.put("infoPagador", "Mensalidade");
		ObjectNode valid = this.psp.addPix(e2e(2), "", "5.00", when.plusSeconds(5));
		valid.putObject("pagador").put("cpf", "12345678909").put("nome", "Bruno");

		JsonNode log = sync();
		assertThat(log.get("status").asString()).as(log.toString()).isEqualTo("success");
		assertThat(log.get("message").asString()).contains("1 allocations");
		JsonNode credit = transactions().stream()
			.filter(t -> t.get("external_id").asString().equals(e2e(1)))
			.findFirst()
			.orElseThrow();
		assertThat(credit.get("correlation_id").asString()).isEqualTo(txid);
		assertThat(credit.get("payer_name").asString()).isEqualTo("Ana Souza");
		assertThat(credit.get("payer_document").asString()).as("a masked CPF is dropped, not the Pix").isEmpty();
		assertThat(credit.get("description").asString()).contains("Mensalidade");
		assertThat(this.api.get("/api/finance/charges/" + charge.id() + "/").json().get("status").asString())
			.isEqualTo("paid");
		assertThat(transactions().stream()
			.filter(t -> t.get("external_id").asString().equals(e2e(2)))
			.findFirst()
			.orElseThrow()
			.get("payer_document")
			.asString()).isEqualTo("12345678909");

		// A devolução in processing is not money yet; once DEVOLVIDO it is a debit.
		String rtrId = "D18236120" + "0".repeat(22) + "1";
		ObjectNode devolucao = FakePsp.devolucao(paid, "dev1", rtrId, "20.00", "EM_PROCESSAMENTO",
				when.plusSeconds(60));
		sync();
		assertThat(transactions()).hasSize(2);
		devolucao.put("status", "DEVOLVIDO");
		JsonNode after = sync();
		assertThat(after.get("imported_count").asInt()).isEqualTo(1);
		JsonNode debit = transactions().stream()
			.filter(t -> t.get("external_id").asString().equals(rtrId))
			.findFirst()
			.orElseThrow();
		assertThat(debit.get("direction").asString()).isEqualTo("debit");
		assertThat(debit.get("amount").asString()).isEqualTo("20.00");
		assertThat(debit.get("end_to_end_id").asString()).isEqualTo(rtrId);
		assertThat(debit.get("correlation_id").asString()).isEqualTo(e2e(1));
		assertThat(sync().get("imported_count").asInt()).as("idempotent").isZero();
		assertThat(transactions()).hasSize(3);
	}

	@Test
	void aConnectionsRowsAreLinkedToItAndRevertedInOneStepByAMoneyPermissionOnly() {
		String txid = ReconciliationApiTests.alnum(30);
		long charge = this.api
			.post("/api/finance/charges/", "{\"kind\":\"pix\",\"amount\":\"99.90\",\"txid\":\"" + txid + "\"}")
			.id();
		Instant when = Instant.now().minus(Duration.ofMinutes(30)).truncatedTo(ChronoUnit.MILLIS);
		this.psp.addPix(e2e(700), txid, "99.90", when);
		this.psp.addPix(e2e(701), "", "12.00", when.plusSeconds(1));
		// A statement file's row of the same account: not the connection's, it stays.
		this.ledger.upsert(UUID.randomUUID(), List.of(FinanceFixtures.row(this.provider, "conta-1", "file-1",
				LocalDate.now(DateTimes.BRAZIL), "7.00", "credit")));
		sync();
		List<JsonNode> linked = this.api.get("/api/finance/transactions/?connection_id=" + this.connection)
			.json()
			.valueStream()
			.toList();
		assertThat(linked).extracting(t -> t.get("external_id").asString())
			.containsExactlyInAnyOrder(e2e(700), e2e(701));
		assertThat(this.api.get("/api/finance/transactions/?source=provider_sync&provider=" + this.provider).json())
			.hasSize(2);
		JsonNode file = this.api.get("/api/finance/transactions/?source=file&provider=" + this.provider).json();
		assertThat(file).singleElement()
			.satisfies(t -> assertThat(t.get("external_id").asString()).isEqualTo("file-1"));
		assertThat(this.api.get("/api/finance/transactions/?source=paper").status()).isEqualTo(400);
		assertThat(this.api.get("/api/finance/charges/" + charge + "/").json().get("status").asString())
			.isEqualTo("paid");
		String revert = CONNECTIONS + this.connection + "/revert-transactions/";

		// Who holds the connection's settings, or may read every transaction, may not
		// erase money.
		Api clerk = signedInWith("finance.connections.view", "finance.connections.change", "finance.transactions.view",
				"finance.charges.view", "finance.reconciliation.change");
		assertThat(clerk.post(revert, "").status()).isEqualTo(403);
		// Enabled, its next sync would write the rows again.
		Response enabled = this.api.post(revert, "");
		assertThat(enabled.status()).as(enabled.toString()).isEqualTo(409);
		assertThat(enabled.json().get("field").asString()).isEqualTo("enabled");
		assertThat(this.api.get("/api/finance/transactions/?provider=" + this.provider).json()).hasSize(3);
		assertThat(this.api.get("/api/finance/charges/" + charge + "/").json().get("status").asString())
			.isEqualTo("paid");
		assertThat(this.api.post(CONNECTIONS + "999999999/revert-transactions/", "").status()).isEqualTo(404);

		assertThat(this.api.patch(CONNECTIONS + this.connection + "/", "{\"enabled\":false}").status()).isEqualTo(200);
		Response reverted = this.api.post(revert, "");
		assertThat(reverted.status()).as(reverted.toString()).isEqualTo(200);
		assertThat(reverted.json().get("connection_id").asLong()).isEqualTo(this.connection);
		assertThat(reverted.json().get("deleted_count").asInt()).isEqualTo(2);
		assertThat(reverted.json().get("notes").valueStream().map(JsonNode::asString).toList()).singleElement()
			.asString()
			.contains(e2e(700), "charge " + charge, "99.90");
		assertThat(this.api.get("/api/finance/transactions/?provider=" + this.provider).json())
			.extracting(t -> t.get("external_id").asString())
			.containsExactly("file-1");
		JsonNode reopened = this.api.get("/api/finance/charges/" + charge + "/").json();
		assertThat(reopened.get("status").asString()).isEqualTo("open");
		assertThat(reopened.get("paid_amount").asString()).isEqualTo("0.00");
		JsonNode audit = this.api
			.get("/api/audit/events/?action=finance.connection.transactions_reverted&resource_id=" + this.connection)
			.json();
		assertThat(audit).hasSize(1);
		assertThat(audit.get(0).toString()).contains("deleted_count");
		assertThat(this.api.post(revert, "").json().get("deleted_count").asInt()).as("nothing left").isZero();
	}

	@Test
	void retryableFailuresAreRetriedAndNothingIsWrittenTwice() {
		Instant base = Instant.now().minus(Duration.ofMinutes(5)).truncatedTo(ChronoUnit.MILLIS);
		for (int i = 0; i < 30; i++) {
			this.psp.addPix(e2e(100 + i), "", "1.00", base.plusSeconds(i));
		}
		this.psp.maxPageSize = 10;
		// The token endpoint busy, then every kind of transient failure on the pages.
		this.psp.faults.add(Fault.status("/oauth/token", 500));
		this.psp.faults.add(Fault.tooMany("/v2/pix", "1"));
		this.psp.faults.add(Fault.status("/v2/pix", 500));
		this.psp.faults.add(Fault.slow("/v2/pix", Duration.ofMillis(3500)));
		// Between the first and second page a Pix lands among the first page's items:
		// every
		// later item shifts by one, so the second page repeats the first page's last
		// item.
		this.psp.afterPage = page -> {
			if (page == 0 && this.psp.pix.size() == 30) {
				this.psp.addPix(e2e(99), "", "1.00", base.plusMillis(5500));
			}
		};
		long started = System.nanoTime();
		JsonNode log = sync();
		assertThat(log.get("status").asString()).as(log.toString()).isEqualTo("success");
		assertThat(Duration.ofNanos(System.nanoTime() - started)).as("Retry-After: 1 was honoured")
			.isGreaterThanOrEqualTo(Duration.ofSeconds(1));
		assertThat(this.psp.faults).isEmpty();
		assertThat(log.get("imported_count").asInt()).as("the repeated item counts once").isEqualTo(30);
		assertThat(transactions()).hasSize(30);

		// The Pix that landed behind the pages already read comes with the next run,
		// whose
		// window overlaps this one.
		JsonNode next = sync();
		assertThat(next.get("imported_count").asInt()).isEqualTo(1);
		Set<String> ids = new HashSet<>();
		transactions().forEach(t -> ids.add(t.get("external_id").asString()));
		assertThat(ids).hasSize(31).contains(e2e(99), e2e(100), e2e(129));
		assertThat(transactions()).hasSize(31);

		// A token the provider dropped: one fresh token, then on.
		this.psp.expireTokens();
		int tokens = this.psp.tokenRequests.get();
		assertThat(sync().get("status").asString()).isEqualTo("success");
		assertThat(this.psp.tokenRequests.get()).isEqualTo(tokens + 1);
		assertThat(transactions()).hasSize(31);
	}

	@Test
	void aProviderThatKeepsFailingWritesNothingAndTheNextRunBringsEverything() {
		Instant base = Instant.now().minus(Duration.ofHours(1)).truncatedTo(ChronoUnit.MILLIS);
		for (int i = 0; i < 15; i++) {
			this.psp.addPix(e2e(200 + i), "", "2.00", base.plusSeconds(i));
		}
		this.psp.maxPageSize = 10;
		// The first page answers; every try of the second fails.
		this.psp.afterPage = page -> {
			if (page == 0 && this.psp.faults.isEmpty()) {
				for (int i = 0; i < 4; i++) {
					this.psp.faults.add(Fault.status("/v2/pix", 500));
				}
				this.psp.afterPage = p -> {
				};
			}
		};
		JsonNode failed = sync();
		assertThat(failed.get("status").asString()).as(failed.toString()).isEqualTo("failed");
		assertThat(failed.get("message").asString()).contains("500").contains("Nothing written");
		assertThat(transactions()).isEmpty();
		assertThat(status()).isEqualTo("error");
		assertThat(this.api.get(CONNECTIONS + this.connection + "/").json().get("last_sync_at").isNull()).isTrue();

		JsonNode recovered = sync();
		assertThat(recovered.get("status").asString()).isEqualTo("success");
		assertThat(recovered.get("imported_count").asInt()).isEqualTo(15);
		assertThat(transactions()).hasSize(15);
		assertThat(status()).isEqualTo("active");
	}

	/**
	 * A 64 MB answer: the client stops at max-response-bytes (1MB), the sync fails with
	 * that reason and writes nothing, and the service keeps answering.
	 */
	@Test
	void anOversizedAnswerFailsTheCallUnreadAndTheServiceStillAnswers() {
		this.psp.addPix(e2e(600), "", "6.00", Instant.now().minusSeconds(60));
		long size = 64L * 1024 * 1024;
		this.psp.faults.add(Fault.huge("/v2/pix", size));
		JsonNode log = sync();
		assertThat(log.get("status").asString()).as(log.toString()).isEqualTo("failed");
		assertThat(log.get("message").asString()).contains("Nothing written")
			.contains("more than 1048576 bytes")
			.contains("SUITE_PIX_MAX_RESPONSE_BYTES");
		assertThat(this.psp.hugeWritten.get()).as("the rest of the answer was never read").isLessThan(size / 4);
		assertThat(transactions()).isEmpty();
		assertThat(status()).isEqualTo("error");
		// The service answers, and the next run (a normal answer) brings the Pix.
		assertThat(this.api.get("/api/access/roles/").status()).isEqualTo(200);
		assertThat(sync().get("status").asString()).isEqualTo("success");
		assertThat(transactions()).hasSize(1);
	}

	/**
	 * A provider that never answers in time holds the request for the deadline (8 s here)
	 * only, not 4 attempts of 3 s plus waits; the sync log says why, and other requests
	 * are answered meanwhile.
	 */
	@Test
	void aSlowProviderHoldsARequestForTheDeadlineOnly() throws Exception {
		this.psp.addPix(e2e(610), "", "6.10", Instant.now().minusSeconds(60));
		for (int i = 0; i < 4; i++) {
			this.psp.faults.add(Fault.slow("/v2/pix", Duration.ofMillis(3500)));
		}
		long started = System.nanoTime();
		java.util.concurrent.CompletableFuture<JsonNode> running = java.util.concurrent.CompletableFuture
			.supplyAsync(this::sync);
		Thread.sleep(1000);
		long asked = System.nanoTime();
		assertThat(this.api.get("/api/access/roles/").status()).isEqualTo(200);
		assertThat(Duration.ofNanos(System.nanoTime() - asked)).isLessThan(Duration.ofSeconds(2));
		JsonNode log = running.get(30, java.util.concurrent.TimeUnit.SECONDS);
		Duration took = Duration.ofNanos(System.nanoTime() - started);
		assertThat(log.get("status").asString()).as(log.toString()).isEqualTo("failed");
		assertThat(log.get("message").asString()).contains("Nothing written")
			.contains("did not answer within 8 s")
			.contains("SUITE_PIX_REQUEST_DEADLINE");
		assertThat(took).isLessThan(Duration.ofSeconds(11)).isGreaterThanOrEqualTo(Duration.ofSeconds(7));
		assertThat(transactions()).isEmpty();
		this.psp.faults.clear();
	}

	/**
	 * A refusal's detail and violations may echo what was sent: the sync log, the test's
	 * message and a 502's detail keep the status and the problem's title only.
	 */
	@Test
	void aProvidersRefusalIsDescribedByItsStatusAndTitleOnly() {
		String body = "{\"title\":\"Requisicao invalida\",\"status\":400,\"detail\":\"echo client_secret="
				+ FakePsp.CLIENT_SECRET + "\",\"violacoes\":[{\"razao\":\"echo-razao\",\"propriedade\":\"x\"}]}";
		this.psp.faults.add(Fault.answer("/v2/pix", 400, body));
		JsonNode log = sync();
		assertThat(log.get("status").asString()).isEqualTo("failed");
		assertThat(log.get("message").asString()).contains("400").contains("Requisicao invalida");
		assertThat(log.toString()).doesNotContain(FakePsp.CLIENT_SECRET).doesNotContain("echo");
		this.psp.faults.add(Fault.answer("/v2/pix", 400, "plain text echo " + FakePsp.CLIENT_SECRET));
		Response tested = test();
		assertThat(tested.toString()).contains("400").doesNotContain(FakePsp.CLIENT_SECRET).doesNotContain("echo");
		assertThat(transactions()).isEmpty();
	}

	/**
	 * IPv6 forms that carry an IPv4 address (loopback, private, metadata) are refused as
	 * a provider URL: 400 naming the field, the stored credentials unchanged.
	 */
	@Test
	void ipv6FormsThatEmbedIpv4AreRefusedAsProviderUrls() {
		String before = this.api.get(CONNECTIONS + this.connection + "/credentials/").json().toString();
		for (String host : List.of("[::127.0.0.1]", "[::ffff:7f00:1]", "[64:ff9b::a9fe:a9fe]", "[2002:7f00:1::1]",
				"[2001:0:7f00:1::1]", "[::ffff:0:a00:1]")) {
			Map<String, Object> body = this.psp.credentials();
			body.put("base_url", "https://" + host + ":8443/v2");
			Response refused = this.api.put(CONNECTIONS + this.connection + "/credentials/",
					Api.JSON.writeValueAsString(body));
			assertThat(refused.status()).as(host + " → " + refused).isEqualTo(400);
			assertThat(refused.json().get("errors").has("base_url")).as(host + " → " + refused).isTrue();
		}
		assertThat(this.api.get(CONNECTIONS + this.connection + "/credentials/").json().toString()).isEqualTo(before);
	}

	@Test
	void revokedCredentialsFailTheSyncAndMarkTheConnection() {
		this.psp.addPix(e2e(300), "", "3.00", Instant.now().minusSeconds(60));
		this.psp.revoked = true;
		JsonNode log = sync();
		assertThat(log.get("status").asString()).isEqualTo("failed");
		assertThat(log.get("message").asString()).contains("401");
		assertThat(status()).isEqualTo("revoked");
		assertThat(transactions()).isEmpty();
	}

	@Test
	void theScheduledRunSyncsEveryEnabledConnectionAndAManualWindowIsChecked() {
		this.psp.addPix(e2e(400), "", "4.00", Instant.now().minusSeconds(120));
		// Other test classes' connections (same database, run before) point at addresses
		// that
		// do not answer: out of this run's way.
		this.jdbc.sql("UPDATE finance_connection SET enabled = false WHERE id <> ?").param(this.connection).update();
		this.pixSync.syncEnabledConnections();
		assertThat(transactions()).hasSize(1);
		Response backwards = this.api.post(CONNECTIONS + this.connection + "/sync/",
				json("date_from", LocalDate.now().toString(), "date_to", LocalDate.now().minusDays(1).toString()));
		assertThat(backwards.status()).isEqualTo(400);
		assertThat(backwards.json().get("errors").has("date_to")).isTrue();
		assertThat(this.api.patch(CONNECTIONS + this.connection + "/", "{\"enabled\":false}").status()).isEqualTo(200);
		assertThat(this.api.post(CONNECTIONS + this.connection + "/sync/", "").status()).isEqualTo(409);
		assertThat(this.api.post(CONNECTIONS + "999999999/sync/", "").status()).isEqualTo(404);
		assertThat(signedInWith("finance.connections.view").post(CONNECTIONS + this.connection + "/sync/", "").status())
			.isEqualTo(403);
	}

	/** Waits (up to 30 s) until the connection's webhook inbox has nothing pending. */
	void awaitInbox() throws InterruptedException {
		for (int i = 0; i < 150; i++) {
			long pending = this.jdbc
				.sql("SELECT count(*) FROM finance_pix_webhook_inbox WHERE connection_id = ? AND status = 'pending'")
				.param(this.connection)
				.query(Long.class)
				.single();
			if (pending == 0) {
				return;
			}
			Thread.sleep(200);
		}
		throw new AssertionError("the webhook inbox was not processed in 30 s");
	}

	List<String> inboxMessages() {
		return this.jdbc
			.sql("SELECT status || ': ' || message FROM finance_pix_webhook_inbox WHERE connection_id = ? ORDER BY id")
			.param(this.connection)
			.query(String.class)
			.list();
	}

	@Test
	void aWebhookCallIsConfirmedAtTheProviderWrittenOnceAndAllocated() throws Exception {
		String txid = ReconciliationApiTests.alnum(32);
		Response charge = this.api.post("/api/finance/charges/",
				"{\"kind\":\"pix\",\"amount\":\"42.00\",\"txid\":\"" + txid + "\"}");
		assertThat(charge.status()).isEqualTo(201);

		Response registered = this.api.put(CONNECTIONS + this.connection + "/webhook/", "");
		assertThat(registered.status()).as(registered.toString()).isEqualTo(200);
		assertThat(this.psp.webhookKey).isEqualTo("11222333000181");
		assertThat(this.psp.webhookUrl).startsWith(PUBLIC + "/api/finance/pix-webhooks/");
		String secret = this.psp.webhookUrl.substring(this.psp.webhookUrl.lastIndexOf('/') + 1);
		assertThat(secret).hasSizeGreaterThanOrEqualTo(43);
		assertThat(registered.body()).doesNotContain(secret);
		String stored = this.jdbc.sql("SELECT row_to_json(w)::text FROM finance_pix_webhook w WHERE connection_id = ?")
			.param(this.connection)
			.query(String.class)
			.single();
		assertThat(stored).as("only the secret's hash is kept").doesNotContain(secret);
		assertThat(this.api.get(CONNECTIONS + this.connection + "/").json().get("webhook_configured").asBoolean())
			.isTrue();

		String suite = this.api.base();
		ObjectNode paid = this.psp.addPix(e2e(500), txid, "42.00", Instant.now().minusSeconds(5));
		assertThat(this.psp.notifySuite(PUBLIC, suite, paid)).isEqualTo(200);
		awaitInbox();
		assertThat(inboxMessages()).singleElement().asString().startsWith("processed: ");
		assertThat(transactions()).hasSize(1);
		assertThat(transactions().get(0).get("correlation_id").asString()).isEqualTo(txid);
		assertThat(this.api.get("/api/finance/charges/" + charge.id() + "/").json().get("status").asString())
			.isEqualTo("paid");
		JsonNode logs = this.api.get("/api/finance/sync-logs/?provider=" + this.provider + "&flow=webhook").json();
		assertThat(logs).hasSize(1);
		assertThat(logs.get(0).get("imported_count").asInt()).isEqualTo(1);

		// A replay changes nothing.
		assertThat(this.psp.notifySuite(PUBLIC, suite, paid)).isEqualTo(200);
		awaitInbox();
		assertThat(transactions()).hasSize(1);
		JsonNode replay = this.api.get("/api/finance/sync-logs/?provider=" + this.provider + "&flow=webhook")
			.json()
			.get(0);
		assertThat(replay.get("imported_count").asInt()).isZero();
		assertThat(replay.get("updated_count").asInt()).isZero();

		// A forged call announcing a Pix the provider does not know writes nothing.
		ObjectNode forged = paid.deepCopy().put("endToEndId", e2e(501)).put("valor", "1000000.00");
		assertThat(this.psp.notifySuite(PUBLIC, suite, forged)).isEqualTo(200);
		awaitInbox();
		assertThat(inboxMessages().get(2)).contains(e2e(501) + " not confirmed");
		assertThat(transactions()).hasSize(1);

		// A wrong path, or a body that is not JSON, is refused and nothing is stored.
		int inbox = inboxMessages().size();
		Response unknown = this.api.as(null).post("/api/finance/pix-webhooks/" + "x".repeat(43) + "/pix", "{}");
		assertThat(unknown.status()).as(unknown.toString()).isEqualTo(404);
		assertThat(this.psp.notifySuite(PUBLIC, suite, "not json")).isEqualTo(400);
		assertThat(inboxMessages()).hasSize(inbox);

		// Registering again replaces the secret: the old path no longer works.
		String oldUrl = this.psp.webhookUrl;
		assertThat(this.api.put(CONNECTIONS + this.connection + "/webhook/", "").status()).isEqualTo(200);
		assertThat(this.psp.webhookUrl).isNotEqualTo(oldUrl);
		Response old = this.api.as(null).post(oldUrl.replace(PUBLIC, "") + "/pix", "{\"pix\":[]}");
		assertThat(old.status()).isEqualTo(404);

		// The webhook's rows are linked to the connection; once it is disabled, a call
		// writes nothing.
		assertThat(this.api.get("/api/finance/transactions/?source=webhook&connection_id=" + this.connection)
			.json()
			.get(0)
			.get("external_id")
			.asString()).isEqualTo(e2e(500));
		assertThat(this.api.patch(CONNECTIONS + this.connection + "/", "{\"enabled\":false}").status()).isEqualTo(200);
		ObjectNode late = this.psp.addPix(e2e(502), "", "7.00", Instant.now().minusSeconds(5));
		assertThat(this.psp.notifySuite(PUBLIC, suite, late)).isEqualTo(200);
		awaitInbox();
		List<String> messages = inboxMessages();
		assertThat(messages.get(messages.size() - 1)).startsWith("failed: Nothing written").contains("disabled");
		assertThat(transactions()).hasSize(1);
	}

	@Test
	void registeringNeedsAPixKeyAndAProviderThatAccepts() {
		this.psp.faults.add(Fault.status("/v2/webhook", 400));
		Response refused = this.api.put(CONNECTIONS + this.connection + "/webhook/", "");
		assertThat(refused.status()).as(refused.toString()).isEqualTo(502);
		assertThat(refused.json().get("detail").asString()).contains("400");
		assertThat(this.api.get(CONNECTIONS + this.connection + "/").json().get("webhook_configured").asBoolean())
			.isFalse();

		Map<String, Object> credentials = this.psp.credentials();
		credentials.put("pix_key", "");
		assertThat(
				this.api.put(CONNECTIONS + this.connection + "/credentials/", Api.JSON.writeValueAsString(credentials))
					.status())
			.isEqualTo(204);
		Response noKey = this.api.put(CONNECTIONS + this.connection + "/webhook/", "");
		assertThat(noKey.status()).isEqualTo(409);
		assertThat(noKey.json().get("field").asString()).isEqualTo("pix_key");
		assertThat(
				signedInWith("finance.connections.view").put(CONNECTIONS + this.connection + "/webhook/", "").status())
			.isEqualTo(403);
	}

	@Test
	void theAllowListTakesAddressesAndBlocks() {
		assertThat(PixWebhookService.allowed("203.0.113.9", List.of())).isTrue();
		assertThat(PixWebhookService.allowed("34.193.116.226", List.of("34.193.116.226"))).isTrue();
		assertThat(PixWebhookService.allowed("10.1.2.3", List.of("192.168.0.0/16", "10.0.0.0/8"))).isTrue();
		assertThat(PixWebhookService.allowed("11.1.2.3", List.of("10.0.0.0/8"))).isFalse();
		assertThat(PixWebhookService.allowed("10.255.0.1", List.of("10.254.0.0/15"))).isTrue();
		assertThat(PixWebhookService.allowed("10.253.0.1", List.of("10.254.0.0/15"))).isFalse();
		assertThat(PixWebhookService.allowed("::1", List.of("10.0.0.0/8"))).isFalse();
		assertThat(PixWebhookService.allowed("10.1.2.3", List.of("not an address"))).isFalse();
	}

}
