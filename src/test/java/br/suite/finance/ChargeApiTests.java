package br.suite.finance;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import br.suite.Api;
import br.suite.Api.Response;
import br.suite.ApiTest;
import tools.jackson.databind.JsonNode;

import static br.suite.finance.FinanceFixtures.END_TO_END_ID;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Charges (cobranças): their fields, their rules, their filters and who may change them.
 */
class ChargeApiTests extends ApiTest {

	static final String CHARGES = "/api/finance/charges/";

	static final String TXID = "7d9f0335a1b24c6c8f1e2a3b4c5d6e7f";

	Response create(String json) {
		return this.api.post(CHARGES, json);
	}

	@Test
	void createsAPixChargeAndReadsItBackFieldByField() {
		String external = unique("cob");
		Response created = create("{\"kind\":\"pix\",\"provider\":\"Efi\",\"external_id\":\"" + external + "\","
				+ "\"txid\":\"" + TXID + "\",\"nosso_numero\":\"\",\"end_to_end_id\":\"" + END_TO_END_ID + "\","
				+ "\"payer_name\":\" Padaria Pão Quente \",\"payer_document\":\"11.222.333/0001-81\","
				+ "\"amount\":\"1234.5\",\"due_date\":\"2026-12-10\",\"description\":\"Mensalidade\"}");
		assertThat(created.status()).as(created.toString()).isEqualTo(201);
		assertThat(created.header("Location")).contains("/api/finance/charges/" + created.id() + "/");
		assertThat(created.header("ETag")).contains("\"0\"");
		JsonNode charge = this.api.get(CHARGES + created.id() + "/").json();
		assertThat(charge.get("kind").asString()).isEqualTo("pix");
		assertThat(charge.get("provider").asString()).isEqualTo("efi");
		assertThat(charge.get("external_id").asString()).isEqualTo(external);
		assertThat(charge.get("txid").asString()).isEqualTo(TXID);
		assertThat(charge.get("end_to_end_id").asString()).isEqualTo(END_TO_END_ID);
		assertThat(charge.get("payer_name").asString()).isEqualTo("Padaria Pão Quente");
		assertThat(charge.get("payer_document").asString()).isEqualTo("11222333000181");
		assertThat(charge.get("amount").asString()).isEqualTo("1234.50");
		assertThat(charge.get("paid_amount").asString()).isEqualTo("0.00");
		assertThat(charge.get("open_amount").asString()).isEqualTo("1234.50");
		assertThat(charge.get("status").asString()).isEqualTo("open");
		assertThat(charge.get("due_date").asString()).isEqualTo("2026-12-10");
		assertThat(charge.get("paid_on").isNull()).isTrue();
		assertThat(charge.get("fiscal_document_id").isNull()).isTrue();
		assertThat(charge.get("description").asString()).isEqualTo("Mensalidade");
	}

	@Test
	void badFieldsAre400sNamingEachFieldAndWriteNothing() {
		String marker = unique("bad");
		String[][] cases = { { "{\"amount\":\"10\"}", "kind", "is required" },
				{ "{\"kind\":\"cheque\",\"amount\":\"10\"}", "kind", "pix, boleto, card, transfer, other" },
				{ "{\"kind\":\"pix\"}", "amount", "is required" },
				{ "{\"kind\":\"pix\",\"amount\":\"0\"}", "amount", "greater than 0" },
				{ "{\"kind\":\"pix\",\"amount\":\"10\",\"txid\":\"abc\"}", "txid", "26 to 35" },
				{ "{\"kind\":\"pix\",\"amount\":\"10\",\"txid\":\"" + "a".repeat(36) + "\"}", "txid", "26 to 35" },
				{ "{\"kind\":\"pix\",\"amount\":\"10\",\"txid\":\"" + "a".repeat(25) + "-\"}", "txid", "26 to 35" },
				{ "{\"kind\":\"pix\",\"amount\":\"10\",\"end_to_end_id\":\"E123\"}", "end_to_end_id", "" },
				{ "{\"kind\":\"pix\",\"amount\":\"10\",\"payer_document\":\"111.222.333-44\"}", "payer_document", "" },
				{ "{\"kind\":\"pix\",\"amount\":\"10\",\"provider\":\"Banco do Brasil\"}", "provider", "" },
				{ "{\"kind\":\"pix\",\"amount\":\"10\",\"fiscal_document_id\":999999999}", "fiscal_document_id",
						"does not exist" } };
		for (String[] c : cases) {
			String body = c[0].replace("{", "{\"description\":\"" + marker + "\",");
			Response refused = create(body);
			assertThat(refused.status()).as(body + " → " + refused).isEqualTo(400);
			assertThat(refused.contentType()).startsWith("application/problem+json");
			assertThat(refused.json().get("errors").has(c[1])).as(refused.toString()).isTrue();
			assertThat(refused.json().get("errors").get(c[1]).get(0).asString()).contains(c[2]);
		}
		Response threeDecimals = create("{\"kind\":\"pix\",\"amount\":\"1.234\",\"description\":\"" + marker + "\"}");
		assertThat(threeDecimals.status()).isEqualTo(400);
		assertThat(threeDecimals.json().get("errors").has("amount")).isTrue();
		assertThat(this.api.get(CHARGES + "?q=" + marker).json()).isEmpty();
		// A 26- and a 35-character txid are both fine.
		assertThat(create("{\"kind\":\"pix\",\"amount\":\"1\",\"txid\":\"" + "A1".repeat(13) + "\"}").status())
			.isEqualTo(201);
		assertThat(create("{\"kind\":\"pix\",\"amount\":\"1\",\"txid\":\"" + "b".repeat(35) + "\"}").status())
			.isEqualTo(201);
	}

	@Test
	void externalIdIsUniquePerProvider() {
		String external = unique("ext");
		long first = create(
				"{\"kind\":\"boleto\",\"provider\":\"itau\",\"external_id\":\"" + external + "\",\"amount\":\"10\"}")
			.id();
		Response taken = create(
				"{\"kind\":\"boleto\",\"provider\":\"ITAU\",\"external_id\":\"" + external + "\",\"amount\":\"99\"}");
		assertThat(taken.status()).isEqualTo(409);
		assertThat(taken.json().get("field").asString()).isEqualTo("external_id");
		assertThat(taken.json().get("existing_id").asLong()).isEqualTo(first);
		assertThat(this.api.get(CHARGES + "?q=" + external).json()).hasSize(1);
		assertThat(create(
				"{\"kind\":\"boleto\",\"provider\":\"bb\",\"external_id\":\"" + external + "\",\"amount\":\"10\"}")
			.status()).as("another provider").isEqualTo(201);
		long other = create("{\"kind\":\"boleto\",\"provider\":\"itau\",\"amount\":\"10\"}").id();
		Response patched = this.api.patch(CHARGES + other + "/", "{\"external_id\":\"" + external + "\"}");
		assertThat(patched.status()).isEqualTo(409);
		assertThat(this.api.get(CHARGES + other + "/").json().get("external_id").asString()).isEmpty();
	}

	@Test
	void aFiscalDocumentMayBeReferencedWhenItExists() {
		long document = this.api
			.post("/api/finance/fiscal-documents/",
					"{\"type\":\"nfse\",\"number\":\"5\",\"amount\":\"10\",\"customer_name\":\"C\"}")
			.id();
		Response created = create("{\"kind\":\"pix\",\"amount\":\"10\",\"fiscal_document_id\":" + document + "}");
		assertThat(created.status()).as(created.toString()).isEqualTo(201);
		assertThat(created.json().get("fiscal_document_id").asLong()).isEqualTo(document);
	}

	@Test
	void patchChangesOnlyTheFieldsSentAndCancelEndsTheCharge() {
		long id = create("{\"kind\":\"boleto\",\"nosso_numero\":\"000123\",\"amount\":\"50\",\"payer_name\":\"Ana\","
				+ "\"due_date\":\"2026-12-01\"}")
			.id();
		Response patched = this.api.patch(CHARGES + id + "/", "{\"amount\":\"60.10\",\"due_date\":null}");
		assertThat(patched.status()).as(patched.toString()).isEqualTo(200);
		assertThat(patched.json().get("amount").asString()).isEqualTo("60.10");
		assertThat(patched.json().get("due_date").isNull()).isTrue();
		assertThat(patched.json().get("nosso_numero").asString()).isEqualTo("000123");
		assertThat(patched.json().get("payer_name").asString()).isEqualTo("Ana");
		assertThat(patched.header("ETag")).contains("\"1\"");
		Response stale = this.api.send("PATCH", CHARGES + id + "/", "{\"amount\":\"70\"}", "application/json",
				"If-Match", "\"0\"");
		assertThat(stale.status()).isEqualTo(412);
		Response bad = this.api.patch(CHARGES + id + "/", "{\"kind\":\"cash\"}");
		assertThat(bad.status()).isEqualTo(400);
		assertThat(bad.json().get("errors").get("kind").get(0).asString()).contains("pix, boleto");
		assertThat(this.api.get(CHARGES + id + "/").json().get("amount").asString()).isEqualTo("60.10");

		Response cancelled = this.api.post(CHARGES + id + "/cancel/", "");
		assertThat(cancelled.status()).as(cancelled.toString()).isEqualTo(200);
		assertThat(cancelled.json().get("status").asString()).isEqualTo("cancelled");
		assertThat(cancelled.json().get("open_amount").asString()).isEqualTo("0.00");
		assertThat(this.api.post(CHARGES + id + "/cancel/", "").json().get("status").asString()).isEqualTo("cancelled");
		Response frozen = this.api.patch(CHARGES + id + "/", "{\"amount\":\"1\"}");
		assertThat(frozen.status()).isEqualTo(409);
		assertThat(this.api.get(CHARGES + id + "/").json().get("amount").asString()).isEqualTo("60.10");
		assertThat(this.api.get(CHARGES + "999999999/").status()).isEqualTo(404);
		assertThat(this.api.post(CHARGES + "999999999/cancel/", "").status()).isEqualTo(404);
		assertThat(this.api.delete(CHARGES + id + "/").status()).isEqualTo(405);
	}

	@Test
	void listsWithFiltersAndPaging() {
		String payer = "12345678909";
		String marker = unique("lista");
		long a = create(
				"{\"kind\":\"pix\",\"amount\":\"1\",\"due_date\":\"2026-01-05\",\"payer_document\":\"123.456.789-09\","
						+ "\"description\":\"" + marker + " a\"}")
			.id();
		long b = create("{\"kind\":\"boleto\",\"amount\":\"2\",\"due_date\":\"2026-02-05\",\"description\":\"" + marker
				+ " b\"}")
			.id();
		long c = create("{\"kind\":\"pix\",\"amount\":\"3\",\"description\":\"" + marker + " c\"}").id();
		this.api.post(CHARGES + b + "/cancel/", "");
		assertThat(ids("?q=" + marker)).containsExactly(c, b, a);
		assertThat(ids("?q=" + marker + "&status=cancelled")).containsExactly(b);
		assertThat(ids("?q=" + marker + "&status=open")).containsExactly(c, a);
		assertThat(ids("?q=" + marker + "&kind=boleto")).containsExactly(b);
		assertThat(ids("?q=" + marker + "&due_from=2026-01-01&due_to=2026-01-31")).containsExactly(a);
		assertThat(ids("?q=" + marker + "&payer_document=" + payer)).containsExactly(a);
		assertThat(ids("?q=" + marker + "&paid_from=2026-01-01")).isEmpty();
		Response page = this.api.get(CHARGES + "?q=" + marker + "&limit=2&offset=1");
		assertThat(page.header("X-Total-Count")).contains("3");
		assertThat(page.json()).hasSize(2);
		Response unknown = this.api.get(CHARGES + "?status=pago");
		assertThat(unknown.status()).isEqualTo(400);
		assertThat(unknown.json().get("errors").get("status").get(0).asString())
			.contains("open, partially_paid, paid, overpaid, cancelled");
		assertThat(this.api.get(CHARGES + "?due_from=2026-02-01&due_to=2026-01-01").status()).isEqualTo(400);
	}

	@Test
	void viewersReadAndOnlyChangersWriteRefusalsChangeNothing() {
		Api viewer = signedInWith("finance.charges.view");
		Api nobody = signedInWith("finance.transactions.view");
		String marker = unique("perm");
		Response denied = viewer.post(CHARGES,
				"{\"kind\":\"pix\",\"amount\":\"1\",\"description\":\"" + marker + "\"}");
		assertThat(denied.status()).isEqualTo(403);
		assertThat(this.api.get(CHARGES + "?q=" + marker).json()).isEmpty();
		long id = create("{\"kind\":\"pix\",\"amount\":\"1\",\"description\":\"" + marker + "\"}").id();
		assertThat(viewer.get(CHARGES + id + "/").status()).isEqualTo(200);
		assertThat(viewer.patch(CHARGES + id + "/", "{\"amount\":\"5\"}").status()).isEqualTo(403);
		assertThat(viewer.post(CHARGES + id + "/cancel/", "").status()).isEqualTo(403);
		assertThat(nobody.get(CHARGES).status()).isEqualTo(403);
		JsonNode unchanged = this.api.get(CHARGES + id + "/").json();
		assertThat(unchanged.get("amount").asString()).isEqualTo("1.00");
		assertThat(unchanged.get("status").asString()).isEqualTo("open");
	}

	private List<Long> ids(String query) {
		Response list = this.api.get(CHARGES + query);
		assertThat(list.status()).as(list.toString()).isEqualTo(200);
		List<Long> ids = new ArrayList<>();
		list.json().forEach(c -> ids.add(c.get("id").asLong()));
		return ids;
	}

}
