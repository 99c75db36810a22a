package br.suite.finance;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.temporal.ChronoUnit;
import java.util.HexFormat;
import java.util.List;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;

import br.suite.Api;
import br.suite.Api.Response;
import br.suite.ApiTest;
import br.suite.TestSettings;
import br.suite.finance.FakePsp.Fault;
import br.suite.finance.charge.BrCode;
import br.suite.finance.charge.PixCharges;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

import static br.suite.finance.FinanceFixtures.provider;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Pix charges at a provider against {@link FakePsp} over real mutual TLS: the whole chain
 * (test → sync of 3 pages → webhook → charge → QR → payment → allocation by txid →
 * devolução) with injected failures along it, cob and cobv, a provider that omits the BR
 * Code, and cancelling at the provider. The shared context, with the same settings
 * switched on as {@link PixProviderApiTests}.
 */
class PixChargeApiTests extends ApiTest {

	@Override
	protected void settings(TestSettings settings) {
		PixTestSettings.apply(settings);
	}

	static final String CONNECTIONS = "/api/finance/connections/";

	static final String CHARGES = "/api/finance/charges/";

	@Autowired
	JdbcClient jdbc;

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

	long charge(String json) {
		Response created = this.api.post(CHARGES, json);
		assertThat(created.status()).as(created.toString()).isEqualTo(201);
		return created.id();
	}

	Response atProvider(long charge) {
		return this.api.post(CHARGES + charge + "/pix/", json("connection_id", this.connection));
	}

	JsonNode get(long charge) {
		return this.api.get(CHARGES + charge + "/").json();
	}

	List<JsonNode> transactions() {
		return this.api.get("/api/finance/transactions/?provider=" + this.provider).json().valueStream().toList();
	}

	JsonNode sync() {
		Response response = this.api.post(CONNECTIONS + this.connection + "/sync/", "");
		assertThat(response.status()).as(response.toString()).isEqualTo(200);
		return response.json();
	}

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

	@Test
	void theWholeChainFromTheTestToTheDevolucaoWithFailuresOnTheWay() throws Exception {
		// Test: a token over mutual TLS.
		Response tested = this.api.post(CONNECTIONS + this.connection + "/test/", "");
		assertThat(tested.json().get("status").asString()).as(tested.toString()).isEqualTo("active");

		// Sync: 250 Pix on 3 pages, with a 429 and a 500 on the way.
		Instant base = Instant.now().minus(Duration.ofHours(3)).truncatedTo(ChronoUnit.MILLIS);
		for (int i = 0; i < 250; i++) {
			this.psp.addPix(PixProviderApiTests.e2e(700 + i), "", "10.00", base.plusSeconds(i));
		}
		this.psp.maxPageSize = 100;
		this.psp.faults.add(Fault.tooMany("/v2/pix", "1"));
		this.psp.faults.add(Fault.status("/v2/pix", 500));
		this.psp.requests.clear();
		JsonNode log = sync();
		assertThat(log.get("status").asString()).as(log.toString()).isEqualTo("success");
		assertThat(log.get("imported_count").asInt()).isEqualTo(250);
		assertThat(this.psp.requests.stream().filter(r -> r.startsWith("GET /v2/pix?") && !r.contains("devolucao")))
			.as("3 pages, the two failed tries again")
			.hasSize(5);

		// Webhook registered.
		assertThat(this.api.put(CONNECTIONS + this.connection + "/webhook/", "").status()).isEqualTo(200);

		// Charge at the provider: a 500, then a slow answer (the client gives up), then
		// it
		// is created; every try carried the same txid.
		long id = charge("{\"kind\":\"pix\",\"amount\":\"87.35\",\"description\":\"Mensalidade de dezembro\"}");
		for (int i = 0; i < 4; i++) {
			this.psp.faults.add(Fault.status("/v2/cob/", 500));
		}
		Response failed = atProvider(id);
		assertThat(failed.status()).as(failed.toString()).isEqualTo(502);
		assertThat(failed.json().get("detail").asString()).contains("500").contains("txid");
		String txid = get(id).get("txid").asString();
		assertThat(txid).matches("[A-Za-z0-9]{26,35}");
		assertThat(get(id).get("pix_copia_e_cola").asString()).isEmpty();
		this.psp.faults.add(Fault.slow("/v2/cob/", Duration.ofMillis(3500)));
		this.psp.expireTokens();
		Response created = atProvider(id);
		assertThat(created.status()).as(created.toString()).isEqualTo(200);
		JsonNode charge = created.json();
		assertThat(charge.get("txid").asString()).as("a retry reuses the txid").isEqualTo(txid);
		assertThat(this.psp.requests.stream().filter(r -> r.startsWith("PUT /v2/cob/")))
			.allMatch(r -> r.equals("PUT /v2/cob/" + txid))
			.as("4 × 500, the slow one, the expired token's 401, the one that worked")
			.hasSize(7);
		assertThat(this.psp.cobs.puts).as("the provider's charge was written by one request").hasSize(1);
		assertThat(this.psp.cobs.charges).as("one charge at the provider").containsOnlyKeys("cob/" + txid);
		ObjectNode cob = this.psp.cobs.find(txid);
		assertThat(cob.path("valor").path("original").asString()).isEqualTo("87.35");
		assertThat(cob.path("chave").asString()).isEqualTo("11222333000181");
		assertThat(cob.path("calendario").path("expiracao").asInt()).isEqualTo(86400);
		assertThat(cob.path("solicitacaoPagador").asString()).isEqualTo("Mensalidade de dezembro");
		assertThat(charge.get("pix_kind").asString()).isEqualTo("cob");
		assertThat(charge.get("pix_status").asString()).isEqualTo("ATIVA");
		assertThat(charge.get("pix_connection_id").asLong()).isEqualTo(this.connection);
		assertThat(charge.get("pix_copia_e_cola").asString()).isEqualTo(cob.path("pixCopiaECola").asString());
		assertThat(charge.get("pix_location").asString()).isEqualTo(cob.path("location").asString());
		assertThat(charge.get("payment_url").asString())
			.matches(PixProviderApiTests.PUBLIC.replace(".", "\\.") + "/pagar/[0-9a-f]{64}");

		// QR: the provider's dynamic code.
		Response png = this.api.get(CHARGES + id + "/qrcode.png");
		assertThat(png.status()).isEqualTo(200);
		assertThat(ChargeQrCodeApiTests.decode(png.bytes())).isEqualTo(charge.get("pix_copia_e_cola").asString())
			.startsWith("000201010212")
			.contains(cob.path("location").asString());

		// The payer pays: the webhook announces it, Suite confirms and allocates by txid.
		String paidE2e = PixProviderApiTests.e2e(999);
		ObjectNode paid = this.psp.cobs.payerPays(txid, paidE2e, PixProviderApiTests.PUBLIC, this.api.base());
		awaitInbox();
		JsonNode after = get(id);
		assertThat(after.get("status").asString()).as(after.toString()).isEqualTo("paid");
		assertThat(after.get("paid_amount").asString()).isEqualTo("87.35");
		assertThat(transactions()).hasSize(251);

		// The pull sync sees the same Pix again: nothing written twice.
		JsonNode again = sync();
		assertThat(again.get("imported_count").asInt()).isZero();
		assertThat(transactions()).hasSize(251);

		// A devolução: the debit, once.
		String rtrId = "D18236120" + "0".repeat(22) + "9";
		FakePsp.devolucao(paid, "dev1", rtrId, "87.35", "DEVOLVIDO", Instant.now());
		JsonNode refunded = sync();
		assertThat(refunded.get("imported_count").asInt()).as(refunded.toString()).isEqualTo(1);
		assertThat(sync().get("imported_count").asInt()).isZero();
		List<JsonNode> all = transactions();
		assertThat(all).hasSize(252);
		JsonNode debit = all.stream()
			.filter(t -> t.get("external_id").asString().equals(rtrId))
			.findFirst()
			.orElseThrow();
		assertThat(debit.get("direction").asString()).isEqualTo("debit");
		assertThat(debit.get("correlation_id").asString()).isEqualTo(paidE2e);

		// Cancelling a paid charge is refused and leaves the provider alone.
		assertThat(this.api.post(CHARGES + id + "/cancel", "").status()).isEqualTo(409);
		assertThat(this.psp.requests).noneMatch(r -> r.startsWith("PATCH"));

		// The secrets at rest: none in clear.
		String row = this.jdbc
			.sql("SELECT row_to_json(c)::text FROM finance_connection_credential c WHERE connection_id = ?")
			.param(this.connection)
			.query(String.class)
			.single();
		byte[] sealed = this.jdbc.sql("SELECT secrets FROM finance_connection_credential WHERE connection_id = ?")
			.param(this.connection)
			.query((rs, n) -> rs.getBytes(1))
			.single();
		String raw = new String(sealed, StandardCharsets.ISO_8859_1);
		String key = this.psp.client.privateKeyPem().lines().skip(1).findFirst().orElseThrow();
		for (String secret : new String[] { FakePsp.CLIENT_ID, FakePsp.CLIENT_SECRET, key,
				this.psp.client.p12Base64("").substring(0, 40) }) {
			assertThat(row).doesNotContain(secret)
				.doesNotContain(HexFormat.of().formatHex(secret.getBytes(StandardCharsets.UTF_8)));
			assertThat(raw).doesNotContain(secret);
		}
	}

	@Test
	void aChargeWithADueDateIsACobvAndNeedsThePayer() {
		LocalDate due = LocalDate.now().plusDays(10);
		long id = charge("{\"kind\":\"pix\",\"amount\":\"300\",\"due_date\":\"" + due + "\"}");
		Response refused = atProvider(id);
		assertThat(refused.status()).as(refused.toString()).isEqualTo(409);
		assertThat(refused.json().get("field").asString()).isEqualTo("payer_document");
		assertThat(this.psp.cobs.puts).isEmpty();
		assertThat(this.api
			.patch(CHARGES + id + "/", "{\"payer_name\":\"Ana Souza\",\"payer_document\":\"123.456.789-09\"}")
			.status()).isEqualTo(200);
		Response created = atProvider(id);
		assertThat(created.status()).as(created.toString()).isEqualTo(200);
		String txid = created.json().get("txid").asString();
		assertThat(created.json().get("pix_kind").asString()).isEqualTo("cobv");
		ObjectNode cobv = this.psp.cobs.charges.get("cobv/" + txid);
		assertThat(cobv.path("calendario").path("dataDeVencimento").asString()).isEqualTo(due.toString());
		assertThat(cobv.path("calendario").path("validadeAposVencimento").asInt()).isEqualTo(30);
		assertThat(cobv.path("devedor").path("cpf").asString()).isEqualTo("12345678909");
		assertThat(cobv.path("devedor").path("nome").asString()).isEqualTo("Ana Souza");
		assertThat(cobv.path("valor").path("original").asString()).isEqualTo("300.00");

		// Called again after the amount changed: the same charge is revised.
		assertThat(this.api.patch(CHARGES + id + "/", "{\"amount\":\"310\"}").status()).isEqualTo(200);
		assertThat(atProvider(id).status()).isEqualTo(200);
		assertThat(this.psp.cobs.charges).containsOnlyKeys("cobv/" + txid);
		assertThat(this.psp.cobs.find(txid).path("valor").path("original").asString()).isEqualTo("310.00");
		assertThat(this.psp.cobs.find(txid).path("revisao").asInt()).isEqualTo(1);

		// The due date removed: it would be a cob now, refused.
		assertThat(this.api.patch(CHARGES + id + "/", "{\"due_date\":null}").status()).isEqualTo(200);
		Response changed = atProvider(id);
		assertThat(changed.status()).isEqualTo(409);
		assertThat(changed.json().get("field").asString()).isEqualTo("due_date");
	}

	@Test
	void aProviderThatOmitsTheBrCodeGetsOneBuiltFromItsLocation() throws Exception {
		this.psp.cobs.omitCopiaECola = true;
		long id = charge("{\"kind\":\"pix\",\"amount\":\"12.00\"}");
		Response created = atProvider(id);
		assertThat(created.status()).as(created.toString()).isEqualTo(200);
		String location = created.json().get("pix_location").asString();
		assertThat(location).startsWith("pix.example.com/qr/v2/");
		String code = BrCode.dynamicCode(location, "Padaria São João Ltda", "São Paulo");
		assertThat(created.json().get("pix_copia_e_cola").asString()).isEqualTo(code);
		assertThat(ChargeQrCodeApiTests.decode(this.api.get(CHARGES + id + "/qrcode.png").bytes())).isEqualTo(code);
	}

	@Test
	void cancellingRemovesTheChargeAtTheProviderOrChangesNothing() {
		long id = charge("{\"kind\":\"pix\",\"amount\":\"50.00\"}");
		assertThat(atProvider(id).status()).isEqualTo(200);
		String txid = get(id).get("txid").asString();

		// The provider down: 502, nothing changes on either side.
		for (int i = 0; i < 4; i++) {
			this.psp.faults.add(Fault.status("/v2/cob/", 503));
		}
		Response down = this.api.post(CHARGES + id + "/cancel", "");
		assertThat(down.status()).as(down.toString()).isEqualTo(502);
		assertThat(down.json().get("detail").asString()).contains("503").contains("stays open");
		assertThat(get(id).get("status").asString()).isEqualTo("open");
		assertThat(this.psp.cobs.find(txid).path("status").asString()).isEqualTo("ATIVA");

		// Up again: removed there, then cancelled here.
		Response cancelled = this.api.post(CHARGES + id + "/cancel", "");
		assertThat(cancelled.status()).as(cancelled.toString()).isEqualTo(200);
		assertThat(cancelled.json().get("status").asString()).isEqualTo("cancelled");
		assertThat(cancelled.json().get("pix_status").asString()).isEqualTo(PixCharges.REMOVED);
		assertThat(this.psp.cobs.find(txid).path("status").asString()).isEqualTo(PixCharges.REMOVED);
		assertThat(this.api.get(CHARGES + id + "/qrcode.png").status()).isEqualTo(409);
		assertThat(atProvider(id).status()).isEqualTo(409);

		// Removed by the PSP itself: the PATCH is refused, the charge is seen removed,
		// and
		// it is cancelled here.
		long other = charge("{\"kind\":\"pix\",\"amount\":\"51.00\"}");
		assertThat(atProvider(other).status()).isEqualTo(200);
		this.psp.cobs.find(get(other).get("txid").asString()).put("status", "REMOVIDA_PELO_PSP");
		assertThat(this.api.post(CHARGES + other + "/cancel", "").json().get("status").asString())
			.isEqualTo("cancelled");

		// local_only: cancelled in Suite alone, the provider's charge left as it is.
		long third = charge("{\"kind\":\"pix\",\"amount\":\"52.00\"}");
		assertThat(atProvider(third).status()).isEqualTo(200);
		for (int i = 0; i < 4; i++) {
			this.psp.faults.add(Fault.status("/v2/cob/", 503));
		}
		Response local = this.api.post(CHARGES + third + "/cancel?local_only=true", "");
		assertThat(local.status()).as(local.toString()).isEqualTo(200);
		assertThat(local.json().get("status").asString()).isEqualTo("cancelled");
		assertThat(local.json().get("pix_status").asString()).isEqualTo("ATIVA");
		assertThat(this.psp.cobs.find(get(third).get("txid").asString()).path("status").asString()).isEqualTo("ATIVA");
	}

	@Test
	void whatCannotBeAPixChargeAtTheProviderIsRefused() {
		long boleto = charge("{\"kind\":\"boleto\",\"amount\":\"10\"}");
		Response refused = atProvider(boleto);
		assertThat(refused.status()).isEqualTo(409);
		assertThat(refused.json().get("field").asString()).isEqualTo("kind");
		assertThat(get(boleto).get("payment_url").isNull()).isTrue();
		long pix = charge("{\"kind\":\"pix\",\"amount\":\"10\"}");
		Response unknown = this.api.post(CHARGES + pix + "/pix/", json("connection_id", 999999999));
		assertThat(unknown.status()).isEqualTo(400);
		assertThat(unknown.json().get("errors").has("connection_id")).isTrue();
		assertThat(this.api.post(CHARGES + "999999999/pix/", "").status()).isEqualTo(404);
		assertThat(signedInWith("finance.charges.view").post(CHARGES + pix + "/pix/", "").status()).isEqualTo(403);
		// A provider that refuses (400): 502 with its answer, nothing stored but the
		// txid.
		this.psp.faults.add(Fault.status("/v2/cob/", 400));
		Response rejected = atProvider(pix);
		assertThat(rejected.status()).isEqualTo(502);
		assertThat(get(pix).get("pix_kind").asString()).isEmpty();
		// Only this connection usable: it is the default.
		this.jdbc.sql("UPDATE finance_connection SET enabled = false WHERE id <> ?").param(this.connection).update();
		Response byDefault = this.api.post(CHARGES + pix + "/pix/", "");
		assertThat(byDefault.status()).as(byDefault.toString()).isEqualTo(200);
		assertThat(byDefault.json().get("pix_connection_id").asLong()).isEqualTo(this.connection);
	}

}
