package br.suite.bills.cashflow;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.transaction.support.TransactionTemplate;

import br.suite.Api.Response;
import br.suite.ApiTest;
import br.suite.bills.Bills;
import br.suite.finance.TransactionImports;
import br.suite.shared.DateTimes;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The cash flow of docs/api.md's worked example: two accounts, a transfer between them
 * that nets out, a fee, a credit before the range in the opening balance, a payable
 * partly paid (only its open part projected), an overdue one shown apart. Other test
 * classes' bills share the database, so the projected and overdue figures are checked as
 * what this test's bills add.
 */
class CashFlowApiTests extends ApiTest {

	@Autowired
	TransactionImports imports;

	@Autowired
	TransactionTemplate transactions;

	private void settled(String provider, String account, String id, LocalDate date, String amount, String direction) {
		Bills.settled(this.imports, this.transactions, provider, account, id, date, amount, direction);
	}

	private JsonNode cashFlow(String query) {
		Response response = this.api.get("/api/finance/cash-flow/?" + query);
		assertThat(response.status()).as(response.toString()).isEqualTo(200);
		return response.json();
	}

	private static String money(JsonNode node, String field) {
		return node.get(field).asString();
	}

	private static BigDecimal amount(JsonNode node, String field) {
		return new BigDecimal(node.get(field).asString());
	}

	@Test
	void realisedProjectedAndOverdueOfTheWorkedExample() {
		String provider = unique("cf").toLowerCase(java.util.Locale.ROOT).replaceAll("[^a-z0-9]", "");
		LocalDate today = LocalDate.now(DateTimes.BRAZIL);
		LocalDate from = today.withDayOfMonth(1);
		LocalDate to = from.plusMonths(2).withDayOfMonth(from.plusMonths(2).lengthOfMonth());
		long a = this.api
			.post("/api/finance/accounts/",
					json("name", "Conta A", "provider", provider, "account_id", "a", "opening_balance", "1000.00",
							"opening_date", from.minusMonths(1).toString()))
			.id();
		long b = this.api
			.post("/api/finance/accounts/",
					json("name", "Conta B", "provider", provider, "account_id", "b", "opening_balance", "500.00",
							"opening_date", from.minusMonths(1).toString()))
			.id();
		// Before the range: in the opening balance. Before A's opening date: not counted.
		settled(provider, "a", "before", from.minusDays(5), "200.00", "credit");
		settled(provider, "a", "older", from.minusMonths(2), "999.00", "credit");
		// A transfer from A to B on the first day, and a bank fee.
		settled(provider, "a", "transfer-out", from, "300.00", "debit");
		settled(provider, "b", "transfer-in", from, "300.00", "credit");
		settled(provider, "a", "fee", from, "12.50", "debit");
		String accounts = "account_id=" + a + "&account_id=" + b;
		String query = "from=" + from + "&to=" + to + "&group_by=month&" + accounts;

		JsonNode before = cashFlow(query);
		assertThat(money(before, "opening_balance")).isEqualTo("1700.00");
		JsonNode first = before.get("periods").get(0);
		assertThat(first.get("start").asString()).isEqualTo(from.toString());
		assertThat(money(first, "realised_in")).as("the transfer nets out").isEqualTo("0.00");
		assertThat(money(first, "realised_out")).isEqualTo("12.50");
		assertThat(money(first, "closing_realised")).isEqualTo("1687.50");
		assertThat(before.get("periods")).hasSize(3);
		// Only account A: the transfer's debit has no other side, it is money out of A.
		JsonNode onlyA = cashFlow("from=" + from + "&to=" + to + "&account_id=" + a);
		assertThat(money(onlyA, "opening_balance")).isEqualTo("1200.00");
		assertThat(money(onlyA.get("periods").get(0), "realised_out")).isEqualTo("312.50");

		// A payable of 1000.00 in two installments: one overdue, one next month partly
		// paid.
		Bills bills = new Bills(this.api);
		long fornecedor = bills.fornecedor();
		long rent = bills.category("4.4");
		String nextMonth = from.plusMonths(1).plusDays(9).toString();
		Response bill = this.api.post("/api/finance/bills/",
				json("direction", "payable", "fornecedor_id", fornecedor, "description", "Aluguel", "competence_date",
						from.toString(), "category_id", rent, "total", "1000.00", "installments",
						List.of(Bills.installment(today.minusDays(3).toString(), "400.00"),
								Bills.installment(nextMonth, "600.00"))));
		assertThat(bill.status()).as(bill.toString()).isEqualTo(201);
		Response paid = this.api.post("/api/finance/bills/" + bill.id() + "/installments/2/payments/",
				json("paid_on", today.toString(), "amount", "250.00"));
		assertThat(paid.status()).as(paid.toString()).isEqualTo(201);

		JsonNode after = cashFlow(query);
		assertThat(amount(after.get("overdue"), "out").subtract(amount(before.get("overdue"), "out")))
			.isEqualByComparingTo("400.00");
		JsonNode second = after.get("periods").get(1);
		assertThat(amount(second, "projected_out").subtract(amount(before.get("periods").get(1), "projected_out")))
			.as("only the open part: 600.00 - 250.00")
			.isEqualByComparingTo("350.00");
		JsonNode firstAfter = after.get("periods").get(0);
		assertThat(money(firstAfter, "realised_out")).as("a manual payment is no bank transaction").isEqualTo("12.50");
		assertThat(amount(firstAfter, "closing_projected"))
			.isEqualByComparingTo(amount(firstAfter, "closing_realised").add(amount(firstAfter, "projected_in"))
				.subtract(amount(firstAfter, "projected_out")));
		assertThat(amount(after.get("periods").get(2), "closing_projected")).isEqualByComparingTo(
				amount(second, "closing_projected").add(amount(after.get("periods").get(2), "projected_in"))
					.subtract(amount(after.get("periods").get(2), "projected_out")));
	}

	@Test
	void weeksRunMondayToSundayAndBadParametersAreRefusedNamingTheField() {
		JsonNode weeks = cashFlow("from=2026-06-03&to=2026-06-16&group_by=week");
		assertThat(weeks.get("periods")).extracting(p -> p.get("start").asString() + ".." + p.get("end").asString())
			.containsExactly("2026-06-03..2026-06-07", "2026-06-08..2026-06-14", "2026-06-15..2026-06-16");
		for (String[] bad : new String[][] { { "to=2026-01-31", "from" }, { "from=2026-01-01", "to" },
				{ "from=2026-02-01&to=2026-01-01", "to" }, { "from=2026-01-01&to=2030-01-01", "to" },
				{ "from=2026-01-01&to=2026-01-31&group_by=year", "group_by" },
				{ "from=2026-01-01&to=2026-01-31&account_id=999999999", "account_id" } }) {
			Response refused = this.api.get("/api/finance/cash-flow/?" + bad[0]);
			assertThat(refused.status()).as(bad[0]).isEqualTo(400);
			assertThat(refused.json().get("errors").has(bad[1])).as(bad[0] + " → " + refused.body()).isTrue();
		}
		assertThat(signedInWith("finance.bills.view").get("/api/finance/cash-flow/?from=2026-01-01&to=2026-01-31")
			.status()).isEqualTo(403);
	}

	@Test
	void accountsAreCheckedUniqueAndChangedWithTheirVersion() {
		String provider = unique("acc").toLowerCase(java.util.Locale.ROOT).replaceAll("[^a-z0-9]", "");
		Response created = this.api.post("/api/finance/accounts/", json("name", " Caixa ", "provider", provider,
				"account_id", "", "opening_balance", "-10.50", "opening_date", "2026-01-01"));
		assertThat(created.status()).as(created.toString()).isEqualTo(201);
		assertThat(created.json().get("name").asString()).isEqualTo("Caixa");
		assertThat(created.json().get("opening_balance").asString()).isEqualTo("-10.50");
		Response twice = this.api.post("/api/finance/accounts/",
				json("name", "Outra", "provider", provider, "opening_balance", "0", "opening_date", "2026-01-01"));
		assertThat(twice.status()).isEqualTo(409);
		assertThat(twice.json().get("existing_id").asLong()).isEqualTo(created.id());
		Response bad = this.api.post("/api/finance/accounts/", json("name", "", "provider", "Itaú"));
		assertThat(bad.status()).isEqualTo(400);
		assertThat(bad.json().get("errors").propertyNames()).contains("name", "provider", "opening_balance",
				"opening_date");
		Response cents = this.api.post("/api/finance/accounts/", json("name", "X", "provider", provider + "c",
				"opening_balance", "1.001", "opening_date", "2026-01-01"));
		assertThat(cents.status()).isEqualTo(400);
		assertThat(cents.json().get("errors").has("opening_balance")).isTrue();
		assertThat(this.api.get("/api/finance/accounts/").json().toString()).doesNotContain(provider + "c");
		Response patched = this.api.patch("/api/finance/accounts/" + created.id() + "/",
				json("opening_balance", "100.00"));
		assertThat(patched.status()).isEqualTo(200);
		assertThat(patched.json().get("opening_balance").asString()).isEqualTo("100.00");
		assertThat(
				signedInWith("finance.accounts.view")
					.post("/api/finance/accounts/",
							json("name", "X", "provider", provider + "x", "opening_balance", "0", "opening_date",
									"2026-01-01"))
					.status())
			.isEqualTo(403);
		assertThat(this.api.get("/api/finance/accounts/" + created.id() + "/").json().get("opening_balance").asString())
			.isEqualTo("100.00");
	}

}
