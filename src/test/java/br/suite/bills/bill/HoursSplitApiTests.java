package br.suite.bills.bill;

import java.util.List;

import org.junit.jupiter.api.Test;

import br.suite.Api.Response;
import br.suite.ApiTest;
import br.suite.bills.Bills;
import br.suite.timeclock.RepApiTests;
import br.suite.timeclock.ScheduleApiTests;
import tools.jackson.databind.JsonNode;

import static br.suite.bills.Bills.installment;
import static br.suite.bills.Bills.split;
import static br.suite.bills.Bills.texts;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 42 item 4: a payroll bill shared across cost centres by the worked minutes of a
 * closed month, checked to the cent (the worked example of docs/api.md § Reports,
 * "Payroll by hours"). The month is 2023-05, which no other test marks or closes.
 */
class HoursSplitApiTests extends ApiTest {

	private static final String MONTH = "2023-05";

	@Test
	void aClosedMonthSharesTheBillByMinutesToTheCent() {
		Bills bills = new Bills(this.api);
		long salaries = bills.category("4.1.01");
		long charges = bills.category("4.1.02");
		long kitchen = created("/api/finance/cost-centres/", json("code", unique("COZ"), "name", "Cozinha"));
		long counter = created("/api/finance/cost-centres/", json("code", unique("BAL"), "name", "Balcão"));
		long store = created("/api/timeclock/establishments/", json("name", unique("Padaria"), "employer_document",
				"11222333000181", "address", "Rua A, 1", "time_zone", "America/Sao_Paulo"));
		long schedule = created("/api/timeclock/schedules/", ScheduleApiTests.COMERCIAL.formatted(unique("S")));
		long ana = employee(store, kitchen, schedule);
		long bruno = employee(store, kitchen, schedule);
		long carla = employee(store, counter, schedule);
		long davi = employee(store, null, schedule);
		// 480 + 240 in the kitchen, 490 at the counter, 137 without a cost centre.
		marks(ana, "2023-05-08", "08:00", "12:00", "13:00", "17:00");
		marks(bruno, "2023-05-08", "08:00", "12:00");
		marks(carla, "2023-05-09", "08:00", "12:00", "13:00", "17:10");
		marks(davi, "2023-05-10", "08:00", "10:17");
		long fornecedor = bills.fornecedor();
		Response bill = this.api.post("/api/finance/bills/",
				json("direction", "payable", "fornecedor_id", fornecedor, "description", "Folha de maio",
						"competence_date", "2023-05-31", "total", "1000.00", "splits",
						List.of(split(salaries, null, "700.00"), split(charges, counter, "300.00")), "installments",
						List.of(installment("2023-06-05", "1000.00"))));
		assertThat(bill.status()).as(bill.toString()).isEqualTo(201);
		long id = bill.id();
		String path = "/api/finance/bills/" + id + "/split-by-hours/";
		String etag = bill.header("ETag").orElseThrow();

		// Not closed yet where the marks are: 409 naming the establishment, nothing
		// written.
		Response open = this.api.post(path, json("month", MONTH));
		assertThat(open.status()).as(open.toString()).isEqualTo(409);
		assertThat(open.json().get("establishment_ids").valueStream().map(JsonNode::asLong)).containsExactly(store);
		assertThat(open.json().get("month").asString()).isEqualTo(MONTH);
		assertThat(this.api.get("/api/finance/bills/" + id + "/").header("ETag")).contains(etag);

		Response closed = this.api.post("/api/timeclock/closings/", json("establishment_id", store, "month", MONTH));
		assertThat(closed.status()).as(closed.toString()).isEqualTo(201);

		// Refusals that write nothing: a bad month, a stale version, an unknown bill, a
		// reader.
		for (Object month : new Object[] { "2023-13", "05/2023", "", null }) {
			Response bad = this.api.post(path, json("month", month));
			assertThat(bad.status()).as(bad.toString()).isEqualTo(400);
			assertThat(bad.json().get("errors").propertyNames()).containsExactly("month");
		}
		Response stale = this.api.send("POST", path, json("month", MONTH), "application/json", "If-Match", "\"999\"");
		assertThat(stale.status()).isEqualTo(412);
		assertThat(this.api.post("/api/finance/bills/999999999/split-by-hours/", json("month", MONTH)).status())
			.isEqualTo(404);
		assertThat(signedInWith("finance.bills.view").post(path, json("month", MONTH)).status()).isEqualTo(403);
		assertThat(this.api.get("/api/finance/bills/" + id + "/").header("ETag")).contains(etag);

		Response split = this.api.send("POST", path, json("month", MONTH), "application/json", "If-Match", etag);
		assertThat(split.status()).as(split.toString()).isEqualTo(200);
		JsonNode answer = split.json();
		assertThat(answer.get("bill_id").asLong()).isEqualTo(id);
		assertThat(answer.get("month").asString()).isEqualTo(MONTH);
		assertThat(answer.get("total_minutes").asLong()).isEqualTo(1347);
		assertThat(answer.get("total").asString()).isEqualTo("1000.00");
		JsonNode centres = answer.get("cost_centres");
		assertThat(centres.valueStream()
			.map(c -> c.get("cost_centre_id").isNull() ? null : c.get("cost_centre_id").asLong()))
			.containsExactly(kitchen, counter, null);
		assertThat(texts(centres, "name")).containsExactly("Cozinha", "Balcão", "sem centro de custo");
		assertThat(centres.valueStream().map(c -> c.get("minutes").asLong())).containsExactly(720L, 490L, 137L);
		assertThat(centres.valueStream().map(c -> c.get("employees").asLong())).containsExactly(2L, 1L, 1L);
		// 1000.00 × 720/1347 = 534.5211…, × 490/1347 = 363.7713…, × 137/1347 = 101.7075…:
		// each category on its own, by largest remainder.
		assertThat(texts(centres, "amount")).containsExactly("534.52", "363.77", "101.71");
		JsonNode splits = answer.get("bill").get("splits");
		assertThat(texts(splits, "amount")).containsExactly("374.16", "254.64", "71.20", "160.36", "109.13", "30.51");
		assertThat(splits.valueStream().map(s -> s.get("category_id").asLong())).containsExactly(salaries, salaries,
				salaries, charges, charges, charges);
		assertThat(splits.valueStream()
			.map(s -> s.get("cost_centre_id").isNull() ? null : s.get("cost_centre_id").asLong()))
			.containsExactly(kitchen, counter, null, kitchen, counter, null);
		assertThat(split.header("ETag")).isPresent().isNotEqualTo(java.util.Optional.of(etag));
		JsonNode read = this.api.get("/api/finance/bills/" + id + "/").json();
		assertThat(texts(read.get("splits"), "amount")).containsExactlyElementsOf(texts(splits, "amount"));
		assertThat(read.get("total").asString()).isEqualTo("1000.00");
		JsonNode audit = this.api.get("/api/audit/events/?action=finance.bill.split_by_hours&resource_id=" + id).json();
		assertThat(audit.size()).isEqualTo(1);

		// The DRE by cost centre now shows the labour where it was spent.
		JsonNode dre = this.api.get("/api/finance/dre/?from=" + MONTH + "&to=" + MONTH + "&cost_centre_id=" + kitchen)
			.json();
		assertThat(category(dre, salaries).get("values").get(0).asString()).isEqualTo("374.16");
		assertThat(category(dre, charges).get("values").get(0).asString()).isEqualTo("160.36");
		JsonNode counterDre = this.api
			.get("/api/finance/dre/?from=" + MONTH + "&to=" + MONTH + "&cost_centre_id=" + counter)
			.json();
		assertThat(category(counterDre, salaries).get("total").asString()).isEqualTo("254.64");
		assertThat(category(counterDre, charges).get("total").asString()).isEqualTo("109.13");

		// Sharing again gives the same splits (the categories keep their amounts).
		Response again = this.api.post(path, json("month", MONTH));
		assertThat(again.status()).isEqualTo(200);
		assertThat(texts(again.json().get("bill").get("splits"), "amount"))
			.containsExactlyElementsOf(texts(splits, "amount"));

		// A cancelled bill and a paid one no longer change.
		long cancelled = payable(bills, fornecedor, salaries);
		assertThat(this.api.post("/api/finance/bills/" + cancelled + "/cancel/", "{}").status()).isEqualTo(200);
		Response refusedCancelled = this.api.post("/api/finance/bills/" + cancelled + "/split-by-hours/",
				json("month", MONTH));
		assertThat(refusedCancelled.status()).as(refusedCancelled.toString()).isEqualTo(409);
		long paid = payable(bills, fornecedor, salaries);
		Response payment = this.api.post("/api/finance/bills/" + paid + "/installments/1/payments/",
				json("paid_on", "2023-06-05", "amount", "10.00"));
		assertThat(payment.status()).as(payment.toString()).isEqualTo(201);
		Response refusedPaid = this.api.post("/api/finance/bills/" + paid + "/split-by-hours/", json("month", MONTH));
		assertThat(refusedPaid.status()).as(refusedPaid.toString()).isEqualTo(409);
		assertThat(refusedPaid.json().get("status").asString()).isEqualTo("paid");
		assertThat(this.api.get("/api/finance/bills/" + paid + "/")
			.json()
			.get("splits")
			.get(0)
			.get("cost_centre_id")
			.isNull()).isTrue();

		// A month without marks anywhere has no minutes to share by.
		Response empty = this.api.post(path, json("month", "2019-02"));
		assertThat(empty.status()).as(empty.toString()).isEqualTo(409);
	}

	private long payable(Bills bills, long fornecedor, long category) {
		return created("/api/finance/bills/",
				json("direction", "payable", "fornecedor_id", fornecedor, "description", "Vale", "competence_date",
						"2023-05-31", "total", "10.00", "category_id", category, "installments",
						List.of(installment("2023-06-05", "10.00"))));
	}

	private static JsonNode category(JsonNode dre, long id) {
		return dre.get("categories")
			.valueStream()
			.filter(c -> c.get("category_id").asLong() == id)
			.findFirst()
			.orElseThrow(() -> new AssertionError("no category " + id + " in " + dre));
	}

	private long created(String path, String body) {
		Response created = this.api.post(path, body);
		assertThat(created.status()).as(created.toString()).isEqualTo(201);
		return created.id();
	}

	private long employee(long establishment, Long costCentre, long schedule) {
		long id = created("/api/access/users/",
				json("username", unique("folha"), "full_name", "Empregado", "is_employee", true, "role_id", 1, "cpf",
						RepApiTests.cpf(), "establishment_id", establishment, "cost_centre_id", costCentre));
		Response assigned = this.api.put("/api/timeclock/employees/" + id + "/schedule/",
				json("schedule_id", schedule, "valid_from", "2023-01-01"));
		assertThat(assigned.status()).as(assigned.toString()).isEqualTo(200);
		return id;
	}

	private void marks(long employee, String date, String... times) {
		String[] types = { "entrada", "saida", "entrada", "saida" };
		for (int i = 0; i < times.length; i++) {
			Response included = this.api.post("/api/timeclock/punch-adjustments/",
					json("kind", "include", "employee_id", employee, "event_type", types[i], "occurred_at",
							date + "T" + times[i] + ":00-03:00", "reason", "Marcação esquecida"));
			assertThat(included.status()).as(included.toString()).isEqualTo(201);
		}
	}

}
