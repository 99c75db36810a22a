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

import static br.suite.bills.Bills.installment;
import static br.suite.bills.Bills.split;
import static br.suite.bills.Bills.texts;
import static org.assertj.core.api.Assertions.assertThat;

class BillApiTests extends ApiTest {

	Bills bills;

	@BeforeEach
	void fixtures() {
		this.bills = new Bills(this.api);
	}

	Response create(Object... pairs) {
		return this.api.post("/api/finance/bills/", json(pairs));
	}

	JsonNode created(Object... pairs) {
		Response response = create(pairs);
		assertThat(response.status()).as(response.toString()).isEqualTo(201);
		return response.json();
	}

	@Test
	void createsAPayableInThreeGeneratedInstallmentsWithTheRemainderCentsOnTheFirst() {
		long fornecedor = this.bills.fornecedor();
		long rent = this.bills.category("4.4");
		Response response = create("direction", "payable", "fornecedor_id", fornecedor, "description",
				" Aluguel da loja ", "document_number", "NF 123", "competence_date", "2027-01-15", "category_id", rent,
				"total", "1000.00", "installments", Map.of("count", 3, "first_due_date", "2027-01-31"));
		assertThat(response.status()).as(response.toString()).isEqualTo(201);
		JsonNode bill = response.json();
		long id = bill.get("id").asLong();
		assertThat(response.header("Location"))
			.hasValueSatisfying(l -> assertThat(l).endsWith("/api/finance/bills/" + id + "/"));
		assertThat(response.header("ETag")).isPresent();
		assertThat(bill.propertyNames()).containsExactlyInAnyOrder("id", "direction", "fornecedor_id", "cliente_id",
				"description", "document_number", "competence_date", "category_id", "cost_centre_id", "splits", "total",
				"status", "overdue", "paid_amount", "open_amount", "recurrence_id", "charge_kind", "installments",
				"uncategorised", "nfe_access_key", "fiscal_document_id", "created_at", "updated_at");
		assertThat(bill.get("uncategorised").asBoolean()).isFalse();
		assertThat(bill.get("nfe_access_key").isNull()).isTrue();
		assertThat(bill.get("fiscal_document_id").isNull()).isTrue();
		assertThat(bill.get("description").asString()).isEqualTo("Aluguel da loja");
		assertThat(bill.get("fornecedor_id").asLong()).isEqualTo(fornecedor);
		assertThat(bill.get("cliente_id").isNull()).isTrue();
		assertThat(bill.get("total").asString()).isEqualTo("1000.00");
		assertThat(bill.get("status").asString()).isEqualTo("open");
		assertThat(bill.get("overdue").asBoolean()).isFalse();
		assertThat(bill.get("open_amount").asString()).isEqualTo("1000.00");
		assertThat(bill.get("paid_amount").asString()).isEqualTo("0.00");
		assertThat(bill.get("category_id").asLong()).isEqualTo(rent);
		assertThat(bill.get("splits").size()).isEqualTo(1);
		assertThat(bill.get("splits").get(0).get("amount").asString()).isEqualTo("1000.00");
		assertThat(bill.get("recurrence_id").isNull()).isTrue();
		JsonNode installments = bill.get("installments");
		assertThat(texts(installments, "amount")).containsExactly("333.34", "333.33", "333.33");
		assertThat(texts(installments, "due_date")).containsExactly("2027-01-31", "2027-02-28", "2027-03-31");
		assertThat(texts(installments, "status")).containsExactly("open", "open", "open");
		assertThat(texts(installments, "open_amount")).containsExactly("333.34", "333.33", "333.33");
		assertThat(installments.get(0).propertyNames()).containsExactlyInAnyOrder("id", "number", "due_date", "amount",
				"paid_amount", "open_amount", "status", "paid_on", "charge_id");
		assertThat(installments.get(2).get("number").asInt()).isEqualTo(3);
		assertThat(installments.get(0).get("paid_on").isNull()).isTrue();
		assertThat(installments.get(0).get("charge_id").isNull()).isTrue();

		Response read = this.api.get("/api/finance/bills/" + id + "/");
		assertThat(read.json()).isEqualTo(bill);
		assertThat(read.header("ETag")).isEqualTo(response.header("ETag"));
		JsonNode audit = this.api.get("/api/audit/events/?action=finance.bill.created&resource_id=" + id).json();
		assertThat(audit.get(0).get("changes").get("installments").get("after").asString())
			.isEqualTo("1: 2027-01-31 333.34; 2: 2027-02-28 333.33; 3: 2027-03-31 333.33");
	}

	@Test
	void refusesWhatDoesNotAddUpOrPointsTheWrongWayAndWritesNothing() {
		String marker = unique("recusada");
		long fornecedor = this.bills.fornecedor();
		long cliente = this.bills.cliente();
		long rent = this.bills.category("4.4");
		long sales = this.bills.category("1.1");
		List<Object> two = List.of(installment("2027-02-10", "60.00"), installment("2027-03-10", "40.00"));
		Object[][] cases = {
				{ "installments",
						new Object[] { "installments",
								List.of(installment("2027-02-10", "60.00"), installment("2027-03-10", "39.99")) } },
				{ "splits",
						new Object[] { "category_id", null, "installments", two, "splits",
								List.of(split(rent, null, "60.00"), split(rent, null, "40.01")) } },
				{ "cliente_id", new Object[] { "cliente_id", cliente } },
				{ "category_id", new Object[] { "category_id", sales } },
				{ "fornecedor_id", new Object[] { "fornecedor_id", 999999999 } },
				{ "installments", new Object[] { "installments", null } },
				{ "installments[0].due_date",
						new Object[] { "installments", List.of(installment("2027-02-30", "100.00")) } },
				{ "installments[0].amount",
						new Object[] { "installments", List.of(installment("2027-02-10", "100.001")) } },
				{ "installments.count",
						new Object[] { "installments", Map.of("count", 0, "first_due_date", "2027-01-10") } },
				{ "total", new Object[] { "total", "-100.00" } }, { "direction", new Object[] { "direction", "owed" } },
				{ "recurrence.until",
						new Object[] { "recurrence", Map.of("frequency", "monthly", "until", "2026-01-01") } } };
		for (Object[] c : cases) {
			Map<String, Object> body = new java.util.LinkedHashMap<>();
			body.put("direction", "payable");
			body.put("fornecedor_id", fornecedor);
			body.put("description", marker);
			body.put("competence_date", "2027-01-15");
			body.put("category_id", rent);
			body.put("total", "100.00");
			body.put("installments", two);
			Object[] overrides = (Object[]) c[1];
			for (int i = 0; i < overrides.length; i += 2) {
				body.put((String) overrides[i], overrides[i + 1]);
			}
			String json = Api.JSON.writeValueAsString(body);
			Response refused = this.api.post("/api/finance/bills/", json);
			assertThat(refused.status()).as(json + " → " + refused.body()).isEqualTo(400);
			assertThat(refused.json().get("errors").has((String) c[0])).as(json + " → " + refused.body()).isTrue();
		}
		// A receivable from a fornecedor is the wrong party too.
		Response receivable = create("direction", "receivable", "fornecedor_id", fornecedor, "description", marker,
				"competence_date", "2027-01-15", "category_id", sales, "total", "100.00", "installments", two);
		assertThat(receivable.status()).isEqualTo(400);
		assertThat(receivable.json().get("errors").has("fornecedor_id")).isTrue();
		assertThat(receivable.json().get("errors").has("cliente_id")).isTrue();
		assertThat(this.api.get("/api/finance/bills/?q=" + marker).json().size()).isZero();
		assertThat(this.api.get("/api/finance/bills/?fornecedor_id=" + fornecedor).json().size()).isZero();
	}

	@Test
	void splitsSumExactlyToTheTotalAndExplicitInstallmentsKeepTheirDates() {
		long fornecedor = this.bills.fornecedor();
		long centre = this.api.post("/api/finance/cost-centres/", json("code", unique("LOJA"), "name", "Loja")).id();
		JsonNode bill = created("direction", "payable", "fornecedor_id", fornecedor, "description", "Energia e água",
				"competence_date", "2027-02-01", "total", "250.10", "splits",
				List.of(split(this.bills.category("4.4"), centre, "200.05"),
						split(this.bills.category("4.2"), null, "50.05")),
				"installments", List.of(installment("2027-03-05", "125.05"), installment("2027-03-20", "125.05")));
		assertThat(bill.get("category_id").isNull()).isTrue();
		assertThat(texts(bill.get("splits"), "amount")).containsExactly("200.05", "50.05");
		assertThat(bill.get("splits").get(0).get("cost_centre_id").asLong()).isEqualTo(centre);
		assertThat(texts(bill.get("installments"), "due_date")).containsExactly("2027-03-05", "2027-03-20");
		assertThat(this.api.get("/api/finance/bills/?cost_centre_id=" + centre).json().get(0).get("id").asLong())
			.isEqualTo(bill.get("id").asLong());
	}

	@Test
	void listsFilterByOverdueDirectionPartyDatesAndCategory() {
		String marker = unique("filtro");
		long fornecedor = this.bills.fornecedor();
		long cliente = this.bills.cliente();
		long late = created("direction", "payable", "fornecedor_id", fornecedor, "description", marker + " vencida",
				"competence_date", "2020-01-01", "category_id", this.bills.category("4.2"), "total", "10.00",
				"installments", List.of(installment("2020-01-10", "10.00")))
			.get("id")
			.asLong();
		JsonNode lateBill = this.api.get("/api/finance/bills/" + late + "/").json();
		assertThat(lateBill.get("overdue").asBoolean()).isTrue();
		long future = created("direction", "receivable", "cliente_id", cliente, "description", marker + " futura",
				"competence_date", "2099-05-01", "category_id", this.bills.category("1.2"), "total", "20.00",
				"installments", List.of(installment("2099-05-10", "20.00")))
			.get("id")
			.asLong();
		assertThat(ids("q=" + marker)).containsExactly(late, future);
		assertThat(ids("q=" + marker + "&overdue=true")).containsExactly(late);
		assertThat(ids("q=" + marker + "&overdue=false")).containsExactly(future);
		assertThat(ids("q=" + marker + "&direction=receivable")).containsExactly(future);
		assertThat(ids("q=" + marker + "&fornecedor_id=" + fornecedor)).containsExactly(late);
		assertThat(ids("q=" + marker + "&cliente_id=" + cliente)).containsExactly(future);
		assertThat(ids("q=" + marker + "&due_from=2099-05-10&due_to=2099-05-10")).containsExactly(future);
		assertThat(ids("q=" + marker + "&competence_to=2020-12-31")).containsExactly(late);
		assertThat(ids("q=" + marker + "&category_id=" + this.bills.category("1.2"))).containsExactly(future);
		assertThat(ids("q=" + marker + "&status=open")).containsExactly(late, future);
		Response paged = this.api.get("/api/finance/bills/?q=" + marker + "&limit=1");
		assertThat(paged.header("X-Total-Count")).hasValue("2");
		assertThat(paged.json().size()).isEqualTo(1);
		Response unknown = this.api.get("/api/finance/bills/?status=late");
		assertThat(unknown.status()).isEqualTo(400);
		assertThat(unknown.json().get("errors").has("status")).isTrue();
	}

	List<Long> ids(String query) {
		Response list = this.api.get("/api/finance/bills/?" + query);
		assertThat(list.status()).as(list.toString()).isEqualTo(200);
		return list.json().valueStream().map(b -> b.get("id").asLong()).toList();
	}

	@Test
	void aMonthlyRecurrenceCreatesOneBillPerMonthEachInItsOwnMonth() {
		long fornecedor = this.bills.fornecedor();
		JsonNode first = created("direction", "payable", "fornecedor_id", fornecedor, "description", "Assinatura",
				"competence_date", "2027-01-31", "category_id", this.bills.category("4.2"), "total", "99.90",
				"installments", List.of(installment("2027-02-05", "99.90")), "recurrence",
				Map.of("frequency", "monthly", "until", "2027-04-30"));
		long recurrence = first.get("recurrence_id").asLong();
		assertThat(recurrence).isEqualTo(first.get("id").asLong());
		JsonNode series = this.api.get("/api/finance/bills/?recurrence_id=" + recurrence).json();
		assertThat(texts(series, "competence_date")).containsExactly("2027-01-31", "2027-02-28", "2027-03-31",
				"2027-04-30");
		assertThat(series.valueStream().map(b -> b.get("installments").get(0).get("due_date").asString()))
			.containsExactly("2027-02-05", "2027-03-05", "2027-04-05", "2027-05-05");
		assertThat(texts(series, "total")).containsOnly("99.90");
	}

	@Test
	void patchChangesWhatIsOpenUnderIfMatchAndCancelStopsEverything() {
		long fornecedor = this.bills.fornecedor();
		Response created = create("direction", "payable", "fornecedor_id", fornecedor, "description", "Compra",
				"competence_date", "2027-01-15", "category_id", this.bills.category("3.1"), "total", "300.00",
				"installments", Map.of("count", 3, "first_due_date", "2027-02-10"));
		long id = created.id();
		String path = "/api/finance/bills/" + id + "/";
		Response stale = this.api.send("PATCH", path, json("description", "x"), "application/json", "If-Match",
				"\"42\"");
		assertThat(stale.status()).isEqualTo(412);
		Response patched = this.api.send("PATCH", path,
				json("description", "Compra de farinha", "installments",
						List.of(Map.of("number", 2, "due_date", "2027-03-15", "amount", "150.00"))),
				"application/json", "If-Match", created.header("ETag").orElseThrow());
		assertThat(patched.status()).as(patched.toString()).isEqualTo(200);
		JsonNode bill = patched.json();
		assertThat(bill.get("description").asString()).isEqualTo("Compra de farinha");
		assertThat(texts(bill.get("installments"), "amount")).containsExactly("100.00", "150.00", "100.00");
		assertThat(texts(bill.get("installments"), "due_date")).containsExactly("2027-02-10", "2027-03-15",
				"2027-04-10");
		assertThat(bill.get("total").asString()).isEqualTo("350.00");
		assertThat(bill.get("splits").get(0).get("amount").asString()).isEqualTo("350.00");
		// Sending the whole record back changes nothing.
		assertThat(this.api.patch(path, bill.toString()).json().get("total").asString()).isEqualTo("350.00");
		JsonNode audit = this.api.get("/api/audit/events/?action=finance.bill.updated&resource_id=" + id).json();
		assertThat(audit.get(0).get("changes").get("total").get("after").asString()).isEqualTo("350.00");

		Response badNumber = this.api.patch(path, json("installments", List.of(Map.of("number", 9, "amount", "1.00"))));
		assertThat(badNumber.status()).isEqualTo(400);
		assertThat(badNumber.json().get("errors").has("installments[0].number")).isTrue();

		Response cancelled = this.api.post(path + "cancel/", "");
		assertThat(cancelled.status()).as(cancelled.toString()).isEqualTo(200);
		assertThat(cancelled.json().get("status").asString()).isEqualTo("cancelled");
		assertThat(cancelled.json().get("open_amount").asString()).isEqualTo("0.00");
		assertThat(texts(cancelled.json().get("installments"), "status")).containsOnly("cancelled");
		assertThat(this.api.post(path + "cancel/", "").json()).isEqualTo(cancelled.json());
		Response afterCancel = this.api.patch(path, json("description", "y"));
		assertThat(afterCancel.status()).isEqualTo(409);
		assertThat(this.api.get(path).json().get("description").asString()).isEqualTo("Compra de farinha");
		assertThat(this.api.delete(path).status()).isEqualTo(405);
	}

	@Test
	void partiesWithBillsAreNotDeleted() {
		long fornecedor = this.bills.fornecedor();
		long cliente = this.bills.cliente();
		created("direction", "payable", "fornecedor_id", fornecedor, "description", "Conta", "competence_date",
				"2027-01-15", "category_id", this.bills.category("4.2"), "total", "10.00", "installments",
				List.of(installment("2027-02-10", "10.00")));
		created("direction", "receivable", "cliente_id", cliente, "description", "Venda", "competence_date",
				"2027-01-15", "category_id", this.bills.category("1.1"), "total", "10.00", "installments",
				List.of(installment("2027-02-10", "10.00")));
		Response supplier = this.api.delete("/api/fornecedores/" + fornecedor + "/");
		assertThat(supplier.status()).isEqualTo(409);
		assertThat(supplier.json().get("references").get("bills").asLong()).isEqualTo(1);
		Response customer = this.api.delete("/api/clientes/" + cliente + "/");
		assertThat(customer.status()).isEqualTo(409);
		assertThat(customer.json().get("references").get("bills").asLong()).isEqualTo(1);
	}

	@Test
	void readingNeedsFinanceBillsViewAndWritingFinanceBillsChange() {
		long fornecedor = this.bills.fornecedor();
		String body = json("direction", "payable", "fornecedor_id", fornecedor, "description", "Sem permissão",
				"competence_date", "2027-01-15", "category_id", this.bills.category("4.2"), "total", "10.00",
				"installments", List.of(installment("2027-02-10", "10.00")));
		Api viewer = signedInWith("finance.bills.view");
		assertThat(viewer.get("/api/finance/bills/").status()).isEqualTo(200);
		assertThat(viewer.post("/api/finance/bills/", body).status()).isEqualTo(403);
		assertThat(signedInWith("finance.charges.view", "finance.charges.change").get("/api/finance/bills/").status())
			.isEqualTo(403);
		assertThat(this.api.get("/api/finance/bills/?fornecedor_id=" + fornecedor).json().size()).isZero();
		assertThat(signedInWith("finance.bills.change").post("/api/finance/bills/", body).status()).isEqualTo(201);
	}

}
