package br.suite.finance;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.LocalDate;
import java.util.List;
import java.util.Random;

import javax.sql.DataSource;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import br.suite.finance.ingest.TransactionWriter;
import br.suite.Api;
import br.suite.Api.Response;
import br.suite.ApiTest;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

import static br.suite.finance.FinanceFixtures.importId;
import static br.suite.finance.FinanceFixtures.provider;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Automatic reconciliation on exact keys: the cascade, its refusals, idempotence, and the
 * import hook.
 */
class ReconciliationApiTests extends ApiTest {

	static final String RUN = "/api/finance/reconciliation/run/";

	private static final Random RANDOM = new Random();

	@Autowired
	TransactionWriter ledger;

	static String alnum(int length) {
		String chars = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
		StringBuilder out = new StringBuilder();
		for (int i = 0; i < length; i++) {
			out.append(chars.charAt(RANDOM.nextInt(chars.length())));
		}
		return out.toString();
	}

	static String endToEnd() {
		return "E" + alnum(31);
	}

	/**
	 * A settled credit of the provider; keys: end_to_end_id, correlation_id,
	 * charge_external_id, bank_reference_id.
	 */
	long credit(String provider, String amount, String e2e, String correlation, String chargeExternal,
			String bankReference) {
		String external = "t-" + alnum(10);
		this.ledger.upsert(importId(),
				List.of(new TransactionRow(provider, "acc", external, LocalDate.of(2026, 9, 10), null,
						new BigDecimal(amount), "credit", "settled", "PIX", "Ana", "123.456.789-09", correlation,
						bankReference, e2e, chargeExternal)));
		return this.api.get("/api/finance/transactions/?provider=" + provider)
			.json()
			.valueStream()
			.filter(t -> t.get("external_id").asString().equals(external))
			.findFirst()
			.orElseThrow()
			.get("id")
			.asLong();
	}

	long charge(String json) {
		Response created = this.api.post("/api/finance/charges/", json);
		assertThat(created.status()).as(created.toString()).isEqualTo(201);
		return created.id();
	}

	JsonNode run(String provider) {
		Response response = this.api.post(RUN,
				"{\"date_from\":\"2026-09-01\",\"date_to\":\"2026-09-30\"," + "\"provider\":\"" + provider + "\"}");
		assertThat(response.status()).as(response.toString()).isEqualTo(200);
		return response.json();
	}

	JsonNode allocations(String query) {
		return this.api.get("/api/finance/allocations/?" + query).json();
	}

	@Test
	void eachExactKeyAllocatesWithItsRule() {
		String provider = provider();
		String e2e = endToEnd();
		String txid = alnum(30);
		String external = "pay_" + alnum(8);
		String nosso = alnum(12);
		long byE2e = charge("{\"kind\":\"pix\",\"amount\":\"10\",\"end_to_end_id\":\"" + e2e + "\"}");
		long byTxid = charge("{\"kind\":\"pix\",\"amount\":\"20\",\"txid\":\"" + txid + "\"}");
		long byExternal = charge(
				"{\"kind\":\"card\",\"provider\":\"asaas\",\"amount\":\"30\",\"external_id\":\"" + external + "\"}");
		long byNosso = charge("{\"kind\":\"boleto\",\"amount\":\"40\",\"nosso_numero\":\"" + nosso + "\"}");
		long t1 = credit(provider, "10", e2e, "", "", "");
		long t2 = credit(provider, "20", "", txid, "", "");
		long t3 = credit(provider, "30", "", "", external, "");
		long t4 = credit(provider, "40", "", "", "", nosso);

		JsonNode outcome = run(provider);
		assertThat(outcome.get("allocations_created").asInt()).isEqualTo(4);
		assertThat(outcome.get("transactions_matched").asInt()).isEqualTo(4);
		assertThat(outcome.get("by_rule").toString())
			.isEqualTo("{\"end_to_end_id\":1,\"txid\":1,\"external_id\":1,\"nosso_numero\":1}");
		long[][] expected = { { t1, byE2e }, { t2, byTxid }, { t3, byExternal }, { t4, byNosso } };
		String[] rules = { "end_to_end_id", "txid", "external_id", "nosso_numero" };
		for (int i = 0; i < expected.length; i++) {
			JsonNode list = allocations("transaction_id=" + expected[i][0]);
			assertThat(list).hasSize(1);
			JsonNode allocation = list.get(0);
			assertThat(allocation.get("charge_id").asLong()).isEqualTo(expected[i][1]);
			assertThat(allocation.get("rule").asString()).isEqualTo(rules[i]);
			assertThat(allocation.get("score").decimalValue()).isEqualByComparingTo("1");
			assertThat(allocation.get("created_by").isNull()).as("made by the service").isTrue();
			assertThat(this.api.get("/api/finance/charges/" + expected[i][1] + "/").json().get("status").asString())
				.isEqualTo("paid");
		}
	}

	@Test
	void runningTwiceChangesNothing() {
		String provider = provider();
		String txid = alnum(26);
		long charge = charge("{\"kind\":\"pix\",\"amount\":\"100\",\"txid\":\"" + txid + "\"}");
		long partial = credit(provider, "60", "", txid, "", "");
		assertThat(run(provider).get("allocations_created").asInt()).isEqualTo(1);
		JsonNode chargeBefore = this.api.get("/api/finance/charges/" + charge + "/").json();
		assertThat(chargeBefore.get("status").asString()).isEqualTo("partially_paid");
		String transactionBefore = this.api.get("/api/finance/transactions/" + partial + "/")
			.header("ETag")
			.orElseThrow();
		JsonNode second = run(provider);
		assertThat(second.get("allocations_created").asInt()).isZero();
		assertThat(allocations("charge_id=" + charge)).hasSize(1);
		assertThat(this.api.get("/api/finance/charges/" + charge + "/").json()).isEqualTo(chargeBefore);
		assertThat(this.api.get("/api/finance/transactions/" + partial + "/").header("ETag"))
			.contains(transactionBefore);

		// A second payment with the same txid pays the rest, and only the rest.
		long rest = credit(provider, "50", "", txid, "", "");
		assertThat(run(provider).get("allocations_created").asInt()).isEqualTo(1);
		assertThat(allocations("transaction_id=" + rest).get(0).get("amount").asString()).isEqualTo("40.00");
		JsonNode charged = this.api.get("/api/finance/charges/" + charge + "/").json();
		assertThat(charged.get("status").asString()).isEqualTo("overpaid");
		assertThat(this.api.get("/api/finance/transactions/" + rest + "/").json().get("unallocated_amount").asString())
			.isEqualTo("10.00");
		assertThat(run(provider).get("allocations_created").asInt()).isZero();
	}

	@Test
	void aKeyMatchingTwoChargesAllocatesNothing() {
		String provider = provider();
		String nosso = alnum(10);
		long a = charge("{\"kind\":\"boleto\",\"amount\":\"10\",\"nosso_numero\":\"" + nosso + "\"}");
		long b = charge("{\"kind\":\"boleto\",\"amount\":\"10\",\"nosso_numero\":\"" + nosso + "\"}");
		long t = credit(provider, "10", "", "", "", nosso);
		JsonNode outcome = run(provider);
		assertThat(outcome.get("allocations_created").asInt()).isZero();
		assertThat(outcome.get("ambiguous").asInt()).isEqualTo(1);
		assertThat(allocations("transaction_id=" + t)).isEmpty();
		assertThat(this.api.get("/api/finance/charges/" + a + "/").json().get("status").asString()).isEqualTo("open");
		// Cancelling one of the twins makes the key exact again.
		this.api.post("/api/finance/charges/" + b + "/cancel/", "");
		assertThat(run(provider).get("allocations_created").asInt()).isEqualTo(1);
		assertThat(allocations("transaction_id=" + t).get(0).get("charge_id").asLong()).isEqualTo(a);
	}

	@Test
	void nothingWeakerThanAnExactKeyIsAllocatedAutomatically() {
		String provider = provider();
		long charge = charge("{\"kind\":\"pix\",\"amount\":\"25\",\"payer_document\":\"12345678909\","
				+ "\"due_date\":\"2026-09-10\",\"txid\":\"" + alnum(28) + "\"}");
		long t = credit(provider, "25", endToEnd(), alnum(28), "", "");
		assertThat(run(provider).get("allocations_created").asInt()).isZero();
		assertThat(allocations("transaction_id=" + t)).isEmpty();
		assertThat(this.api.get("/api/finance/charges/" + charge + "/").json().get("status").asString())
			.isEqualTo("open");
	}

	@Test
	void badRequestsAndRefusalsChangeNothing() {
		String provider = provider();
		String e2e = endToEnd();
		long charge = charge("{\"kind\":\"pix\",\"amount\":\"10\",\"end_to_end_id\":\"" + e2e + "\"}");
		credit(provider, "10", e2e, "", "", "");
		Response missing = this.api.post(RUN, "{\"date_to\":\"2026-09-30\"}");
		assertThat(missing.status()).isEqualTo(400);
		assertThat(missing.json().get("errors").has("date_from")).isTrue();
		Response reversed = this.api.post(RUN, "{\"date_from\":\"2026-09-30\",\"date_to\":\"2026-09-01\"}");
		assertThat(reversed.status()).isEqualTo(400);
		assertThat(reversed.json().get("errors").has("date_to")).isTrue();
		Api viewer = signedInWith("finance.reconciliation.view", "finance.charges.change");
		assertThat(
				viewer
					.post(RUN,
							"{\"date_from\":\"2026-09-01\",\"date_to\":\"2026-09-30\",\"provider\":\"" + provider
									+ "\"}")
					.status())
			.isEqualTo(403);
		assertThat(allocations("charge_id=" + charge)).isEmpty();
		assertThat(run(provider).get("allocations_created").asInt()).isEqualTo(1);
	}

	@Test
	void aConfirmedCsvImportIsReconciledAutomatically() {
		String provider = provider();
		String e2e = endToEnd();
		long charge = charge("{\"kind\":\"pix\",\"amount\":\"99.90\",\"end_to_end_id\":\"" + e2e + "\"}");
		ObjectNode body = Api.JSON.createObjectNode();
		ArrayNode rows = body.putObject("groups").putArray("2026-09");
		rows.addObject()
			.put("external_id", "pix-1")
			.put("transaction_date", "2026-09-15")
			.put("amount", "99.90")
			.put("direction", "credit")
			.put("end_to_end_id", e2e);
		body.putObject("import_metadata").put("provider", provider).put("account_id", "conta");
		body.put("generate_logs", true);
		Response confirmed = this.api.send("POST", "/api/confirm-csv-import", body.toString(), "application/json");
		assertThat(confirmed.status()).as(confirmed.toString()).isEqualTo(200);
		assertThat(confirmed.json().get("success").asBoolean()).isTrue();
		JsonNode transaction = this.api.get("/api/finance/transactions/?provider=" + provider).json().get(0);
		assertThat(transaction.get("matched_charge_id").asLong()).isEqualTo(charge);
		assertThat(this.api.get("/api/finance/charges/" + charge + "/").json().get("status").asString())
			.isEqualTo("paid");
		assertThat(this.api.get("/api/finance/sync-logs/?provider=" + provider).json().get(0).get("message").asString())
			.contains("1 allocation(s) made by automatic reconciliation");
	}

	@Autowired
	DataSource dataSource;

	/**
	 * The ambiguity count looks each key up in the charges' partial indexes: without the
	 * implied {@code <> ''} on the charge side PostgreSQL cannot use them and scanned
	 * every charge once per open transaction (a Pix sync over 52 500 charges ran past the
	 * read time-out). Sequential scans are priced out here, so a plan that still has one
	 * has no index it can use.
	 */
	@Test
	void theAmbiguityCountUsesTheChargesIndexes() throws Exception {
		StringBuilder plan = new StringBuilder();
		try (Connection connection = this.dataSource.getConnection();
				Statement statement = connection.createStatement()) {
			statement.execute("SET enable_seqscan = off");
			try (ResultSet rows = statement
				.executeQuery("EXPLAIN " + ReconciliationService.ambiguousQuery("t.provider = 'bench'"))) {
				while (rows.next()) {
					plan.append(rows.getString(1)).append('\n');
				}
			}
			finally {
				statement.execute("RESET enable_seqscan");
			}
		}
		assertThat(plan.toString()).doesNotContain("Seq Scan on finance_charge")
			.contains("finance_charge_end_to_end_idx", "finance_charge_txid_idx", "finance_charge_pix_reference_key",
					"finance_charge_external_id_idx", "finance_charge_nosso_numero_idx");
	}

}
