package br.suite.bills.bill;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import br.suite.Api;
import br.suite.Api.Response;
import br.suite.ApiTest;
import br.suite.bills.Bills;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

import static br.suite.bills.Bills.installment;
import static br.suite.bills.Bills.split;
import static br.suite.bills.Bills.texts;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code PATCH /api/finance/bills/{id}/} of what is still open: the party of the bill's
 * direction while nothing is paid (a receivable's open charges take the new cliente as
 * payer), the classification (category and cost centre, or splits), and the refusals that
 * write nothing: the other direction's party, a bill with money paid, splits that do not
 * add up, a stale {@code If-Match}.
 */
class BillPatchApiTests extends ApiTest {

	Bills bills;

	@BeforeEach
	void fixtures() {
		this.bills = new Bills(this.api);
	}

	Response patch(String path, String body, String etag) {
		return this.api.send("PATCH", path, body, "application/json", "If-Match", etag);
	}

	JsonNode read(String path) {
		return this.api.get(path).json();
	}

	/** The bill as it is, minus what moves on every write. */
	static ObjectNode unchanging(JsonNode bill) {
		ObjectNode copy = (ObjectNode) bill.deepCopy();
		copy.remove("updated_at");
		return copy;
	}

	@Test
	void aPayableChangesItsFornecedorAndClassificationWhileNothingIsPaid() {
		long first = this.bills.fornecedor();
		long second = this.bills.fornecedor();
		long cliente = this.bills.cliente();
		long centre = this.api.post("/api/finance/cost-centres/", json("code", unique("OBRA"), "name", "Obra")).id();
		long admin = this.bills.category("4.2");
		long rent = this.bills.category("4.4");
		Response created = this.api.post("/api/finance/bills/",
				json("direction", "payable", "fornecedor_id", first, "description", "Reforma", "competence_date",
						"2027-04-01", "category_id", admin, "total", "300.00", "installments",
						Map.of("count", 3, "first_due_date", "2027-04-10")));
		assertThat(created.status()).as(created.toString()).isEqualTo(201);
		long id = created.id();
		String path = "/api/finance/bills/" + id + "/";
		String etag = created.header("ETag").orElseThrow();

		Response moved = patch(path, json("fornecedor_id", second, "category_id", rent, "cost_centre_id", centre),
				etag);
		assertThat(moved.status()).as(moved.toString()).isEqualTo(200);
		JsonNode bill = moved.json();
		assertThat(bill.get("fornecedor_id").asLong()).isEqualTo(second);
		assertThat(bill.get("cliente_id").isNull()).isTrue();
		assertThat(bill.get("category_id").asLong()).isEqualTo(rent);
		assertThat(bill.get("cost_centre_id").asLong()).isEqualTo(centre);
		assertThat(texts(bill.get("splits"), "amount")).containsExactly("300.00");
		assertThat(moved.header("ETag")).isPresent().isNotEqualTo(created.header("ETag"));
		JsonNode audit = read("/api/audit/events/?action=finance.bill.updated&resource_id=" + id).get(0);
		assertThat(audit.get("changes").get("fornecedor_id").get("before").asLong()).isEqualTo(first);
		assertThat(audit.get("changes").get("fornecedor_id").get("after").asLong()).isEqualTo(second);
		assertThat(audit.get("changes").get("splits").get("after").asString())
			.isEqualTo(rent + "/" + centre + ": 300.00");
		assertThat(read("/api/finance/bills/?fornecedor_id=" + first).size()).isZero();
		assertThat(read("/api/finance/bills/?fornecedor_id=" + second).get(0).get("id").asLong()).isEqualTo(id);

		// The splits replace the one category; the whole record sent back changes
		// nothing.
		String current = moved.header("ETag").orElseThrow();
		Response split = patch(path,
				json("splits", List.of(split(rent, centre, "200.00"), split(admin, null, "100.00"))), current);
		assertThat(split.status()).as(split.toString()).isEqualTo(200);
		assertThat(split.json().get("category_id").isNull()).isTrue();
		assertThat(texts(split.json().get("splits"), "amount")).containsExactly("200.00", "100.00");
		assertThat(split.json().get("splits").get(1).get("category_id").asLong()).isEqualTo(admin);
		Response same = this.api.patch(path, split.json().toString());
		assertThat(same.status()).as(same.toString()).isEqualTo(200);
		assertThat(unchanging(same.json())).isEqualTo(unchanging(split.json()));
		JsonNode before = read(path);
		String stale = current;

		// Refusals: each writes nothing, not even the description sent with it.
		Object[][] refusals = { { 400, "cliente_id", json("description", "x", "cliente_id", cliente) },
				{ 400, "fornecedor_id", json("description", "x", "fornecedor_id", 999_999_999) },
				{ 400, "fornecedor_id", json("description", "x", "fornecedor_id", null) },
				{ 400, "fornecedor_id", json("description", "x", "fornecedor_id", "abc") },
				{ 400, "splits",
						json("description", "x", "splits",
								List.of(split(rent, centre, "200.00"), split(admin, null, "99.99"))) },
				{ 400, "splits[0].category_id",
						json("description", "x", "splits",
								List.of(split(this.bills.category("1.1"), null, "300.00"))) },
				{ 400, "category_id", json("description", "x", "category_id", this.bills.category("1.1")) } };
		for (Object[] refusal : refusals) {
			Response refused = this.api.patch(path, (String) refusal[2]);
			assertThat(refused.status()).as(refusal[2] + " → " + refused.body()).isEqualTo(refusal[0]);
			assertThat(refused.json().get("errors").has((String) refusal[1])).as(refused.body()).isTrue();
		}
		Response staleWrite = patch(path, json("fornecedor_id", first, "description", "x"), stale);
		assertThat(staleWrite.status()).isEqualTo(412);
		assertThat(read(path)).isEqualTo(before);

		// Once something is paid the fornecedor stays; the classification may still be
		// corrected.
		Response paid = this.api.post(path + "installments/1/payments/",
				json("paid_on", "2027-04-10", "amount", "100.00"));
		assertThat(paid.status()).as(paid.toString()).isEqualTo(201);
		JsonNode partly = read(path);
		Response refused = this.api.patch(path, json("fornecedor_id", first, "description", "x"));
		assertThat(refused.status()).as(refused.toString()).isEqualTo(409);
		assertThat(refused.json().get("field").asString()).isEqualTo("fornecedor_id");
		assertThat(refused.json().get("paid_amount").asString()).isEqualTo("100.00");
		assertThat(read(path)).isEqualTo(partly);
		Response reclassified = this.api.patch(path, json("fornecedor_id", second, "category_id", admin));
		assertThat(reclassified.status()).as(reclassified.toString()).isEqualTo(200);
		assertThat(reclassified.json().get("splits").get(0).get("category_id").asLong()).isEqualTo(admin);
		assertThat(reclassified.json().get("splits").get(0).get("cost_centre_id").isNull()).isTrue();
		assertThat(reclassified.json().get("paid_amount").asString()).isEqualTo("100.00");
	}

	@Test
	void aReceivablesNewClienteBecomesThePayerOfItsOpenCharges() {
		long first = this.bills.cliente();
		long second = this.bills.cliente();
		JsonNode newCustomer = read("/api/clientes/" + second + "/");
		JsonNode oldCustomer = read("/api/clientes/" + first + "/");
		Response created = this.api.post("/api/finance/bills/",
				json("direction", "receivable", "cliente_id", first, "description", "Projeto", "competence_date",
						"2027-05-01", "category_id", this.bills.category("1.2"), "total", "250.00", "installments",
						List.of(installment("2027-05-10", "100.00"), installment("2027-06-10", "150.00"))));
		assertThat(created.status()).as(created.toString()).isEqualTo(201);
		String path = "/api/finance/bills/" + created.id() + "/";
		long charge1 = created.json().get("installments").get(0).get("charge_id").asLong();
		long charge2 = created.json().get("installments").get(1).get("charge_id").asLong();
		// A charge called off on its own keeps the payer it had.
		assertThat(this.api.post("/api/finance/charges/" + charge2 + "/cancel/", "").status()).isEqualTo(200);

		JsonNode before = read(path);
		Response wrongWay = this.api.patch(path, json("description", "x", "fornecedor_id", this.bills.fornecedor()));
		assertThat(wrongWay.status()).isEqualTo(400);
		assertThat(wrongWay.json().get("errors").has("fornecedor_id")).isTrue();
		Response stale = patch(path, json("cliente_id", second), "\"999\"");
		assertThat(stale.status()).isEqualTo(412);
		assertThat(read(path)).isEqualTo(before);
		assertThat(read("/api/finance/charges/" + charge1 + "/").get("payer_document").asString())
			.isEqualTo(oldCustomer.get("documento").asString());

		Response moved = patch(path, json("cliente_id", second, "fornecedor_id", null),
				created.header("ETag").orElseThrow());
		assertThat(moved.status()).as(moved.toString()).isEqualTo(200);
		assertThat(moved.json().get("cliente_id").asLong()).isEqualTo(second);
		JsonNode charge = read("/api/finance/charges/" + charge1 + "/");
		assertThat(charge.get("payer_document").asString()).isEqualTo(newCustomer.get("documento").asString());
		assertThat(charge.get("payer_name").asString()).isEqualTo(newCustomer.get("nome").asString());
		assertThat(charge.get("amount").asString()).isEqualTo("100.00");
		JsonNode cancelled = read("/api/finance/charges/" + charge2 + "/");
		assertThat(cancelled.get("payer_document").asString()).isEqualTo(oldCustomer.get("documento").asString());
		assertThat(read("/api/audit/events/?action=finance.charge.updated&resource_id=" + charge1).get(0)
			.get("changes")
			.get("payer_document")
			.get("after")
			.asString()).isEqualTo(newCustomer.get("documento").asString());

		// Paid in part through its charge: the cliente no longer changes, nor the payer.
		String provider = "p" + Long.toString(System.nanoTime(), 36);
		ObjectNode body = Api.JSON.createObjectNode();
		body.putObject("groups")
			.putArray("2027-05")
			.addObject()
			.put("external_id", "ted-1")
			.put("transaction_date", "2027-05-09")
			.put("amount", "40.00")
			.put("direction", "credit");
		body.putObject("import_metadata").put("provider", provider).put("account_id", "conta");
		assertThat(this.api.send("POST", "/api/confirm-csv-import", body.toString(), "application/json").status())
			.isEqualTo(200);
		long transaction = read("/api/finance/transactions/?provider=" + provider).get(0).get("id").asLong();
		assertThat(this.api.post("/api/finance/allocations/", json("transaction_id", transaction, "charge_id", charge1))
			.status()).isEqualTo(201);
		JsonNode partly = read(path);
		assertThat(partly.get("paid_amount").asString()).isEqualTo("40.00");
		Response refused = this.api.patch(path, json("cliente_id", first));
		assertThat(refused.status()).as(refused.toString()).isEqualTo(409);
		assertThat(refused.json().get("field").asString()).isEqualTo("cliente_id");
		assertThat(read(path)).isEqualTo(partly);
		assertThat(read("/api/finance/charges/" + charge1 + "/").get("payer_document").asString())
			.isEqualTo(newCustomer.get("documento").asString());
	}

}
