package br.suite.bills.bill;

import java.util.List;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import br.suite.Api;
import br.suite.Api.Response;
import br.suite.ApiTest;
import br.suite.bills.Bills;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

import static br.suite.bills.Bills.installment;
import static br.suite.bills.Bills.texts;
import static org.assertj.core.api.Assertions.assertThat;

/** Receivable installments are charges: whatever pays the charge pays the installment. */
class ReceivableApiTests extends ApiTest {

	Bills bills;

	@BeforeEach
	void fixtures() {
		this.bills = new Bills(this.api);
	}

	JsonNode receivable(long cliente, Object chargeKind, String description) {
		Response created = this.api.post("/api/finance/bills/",
				json("direction", "receivable", "cliente_id", cliente, "description", description, "competence_date",
						"2027-06-01", "category_id", this.bills.category("1.2"), "total", "300.00", "installments",
						List.of(installment("2027-06-10", "120.00"), installment("2027-07-10", "180.00")),
						"charge_kind", chargeKind));
		assertThat(created.status()).as(created.toString()).isEqualTo(201);
		return created.json();
	}

	JsonNode charge(JsonNode installment) {
		return this.api.get("/api/finance/charges/" + installment.get("charge_id").asLong() + "/").json();
	}

	JsonNode bill(long id) {
		return this.api.get("/api/finance/bills/" + id + "/").json();
	}

	@Test
	void eachInstallmentIsBackedByAChargeOfTheClientesDocumentAndAnImportedPixPaysIt() {
		long cliente = this.bills.cliente();
		JsonNode customer = this.api.get("/api/clientes/" + cliente + "/").json();
		JsonNode bill = receivable(cliente, "pix", "Consultoria de junho");
		long id = bill.get("id").asLong();
		assertThat(bill.get("charge_kind").asString()).isEqualTo("pix");
		JsonNode first = charge(bill.get("installments").get(0));
		assertThat(first.get("kind").asString()).isEqualTo("pix");
		assertThat(first.get("amount").asString()).isEqualTo("120.00");
		assertThat(first.get("due_date").asString()).isEqualTo("2027-06-10");
		assertThat(first.get("payer_document").asString()).isEqualTo(customer.get("documento").asString());
		assertThat(first.get("payer_name").asString()).isEqualTo(customer.get("nome").asString());
		assertThat(first.get("description").asString()).isEqualTo("Consultoria de junho (parcela 1/2)");
		assertThat(charge(bill.get("installments").get(1)).get("amount").asString()).isEqualTo("180.00");

		// A Pix paid through the charge's static BR Code arrives with its reference: the
		// import's
		// automatic reconciliation allocates it, and the installment is paid.
		String provider = "r" + Long.toString(System.nanoTime(), 36);
		ObjectNode body = Api.JSON.createObjectNode();
		ArrayNode rows = body.putObject("groups").putArray("2027-06");
		rows.addObject()
			.put("external_id", "pix-1")
			.put("transaction_date", "2027-06-09")
			.put("amount", "120.00")
			.put("direction", "credit")
			.put("correlation_id", first.get("pix_reference").asString());
		body.putObject("import_metadata").put("provider", provider).put("account_id", "conta");
		Response confirmed = this.api.send("POST", "/api/confirm-csv-import", body.toString(), "application/json");
		assertThat(confirmed.status()).as(confirmed.toString()).isEqualTo(200);
		assertThat(confirmed.json().get("success").asBoolean()).as(confirmed.toString()).isTrue();
		JsonNode paid = bill(id);
		JsonNode installment = paid.get("installments").get(0);
		assertThat(installment.get("status").asString()).isEqualTo("paid");
		assertThat(installment.get("paid_amount").asString()).isEqualTo("120.00");
		assertThat(installment.get("paid_on").asString()).isEqualTo("2027-06-09");
		assertThat(paid.get("status").asString()).isEqualTo("partially_paid");
		assertThat(paid.get("open_amount").asString()).isEqualTo("180.00");

		// Something paid: the bill is not cancelled, and its charges stay.
		Response refused = this.api.post("/api/finance/bills/" + id + "/cancel/", "");
		assertThat(refused.status()).isEqualTo(409);
		assertThat(charge(paid.get("installments").get(1)).get("status").asString()).isEqualTo("open");
	}

	@Test
	void aPartialAllocationToTheChargeIsAPartialPaymentAndDeletingItReopens() {
		JsonNode bill = receivable(this.bills.cliente(), null, "Venda a prazo");
		long id = bill.get("id").asLong();
		assertThat(bill.get("charge_kind").asString()).isEqualTo("boleto");
		JsonNode second = bill.get("installments").get(1);
		assertThat(charge(second).get("kind").asString()).isEqualTo("boleto");
		String provider = "r" + Long.toString(System.nanoTime(), 36);
		ObjectNode body = Api.JSON.createObjectNode();
		body.putObject("groups")
			.putArray("2027-07")
			.addObject()
			.put("external_id", "ted-1")
			.put("transaction_date", "2027-07-08")
			.put("amount", "80.00")
			.put("direction", "credit");
		body.putObject("import_metadata").put("provider", provider).put("account_id", "conta");
		assertThat(this.api.send("POST", "/api/confirm-csv-import", body.toString(), "application/json").status())
			.isEqualTo(200);
		long transaction = this.api.get("/api/finance/transactions/?provider=" + provider)
			.json()
			.get(0)
			.get("id")
			.asLong();
		Response allocation = this.api.post("/api/finance/allocations/",
				json("transaction_id", transaction, "charge_id", second.get("charge_id").asLong()));
		assertThat(allocation.status()).as(allocation.toString()).isEqualTo(201);
		JsonNode partial = bill(id).get("installments").get(1);
		assertThat(partial.get("status").asString()).isEqualTo("partially_paid");
		assertThat(partial.get("paid_amount").asString()).isEqualTo("80.00");
		assertThat(partial.get("open_amount").asString()).isEqualTo("100.00");
		assertThat(this.api.delete("/api/finance/allocations/" + allocation.id() + "/").status()).isEqualTo(204);
		JsonNode reopened = bill(id);
		assertThat(reopened.get("installments").get(1).get("status").asString()).isEqualTo("open");
		assertThat(reopened.get("status").asString()).isEqualTo("open");
	}

	@Test
	void cancellingAReceivableCancelsItsChargesAndABadChargeKindWritesNothing() {
		long cliente = this.bills.cliente();
		JsonNode bill = receivable(cliente, "boleto", "Venda cancelada");
		Response cancelled = this.api.post("/api/finance/bills/" + bill.get("id").asLong() + "/cancel/", "");
		assertThat(cancelled.status()).as(cancelled.toString()).isEqualTo(200);
		assertThat(texts(bill.get("installments"), "charge_id").stream()
			.map(charge -> this.api.get("/api/finance/charges/" + charge + "/").json().get("status").asString()))
			.containsOnly("cancelled");

		Response refused = this.api.post("/api/finance/bills/",
				json("direction", "receivable", "cliente_id", cliente, "description", "Tipo errado", "competence_date",
						"2027-06-01", "category_id", this.bills.category("1.2"), "total", "10.00", "installments",
						List.of(installment("2027-06-10", "10.00")), "charge_kind", "cheque"));
		assertThat(refused.status()).isEqualTo(400);
		assertThat(refused.json().get("errors").has("charge_kind")).isTrue();
		assertThat(this.api.get("/api/finance/bills/?cliente_id=" + cliente).json().size()).isEqualTo(1);
		assertThat(this.api.get("/api/finance/charges/?q=Tipo%20errado").json().size()).isZero();
	}

}
