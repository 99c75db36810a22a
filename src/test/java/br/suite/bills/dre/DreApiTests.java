package br.suite.bills.dre;

import java.math.BigDecimal;
import java.security.SecureRandom;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.transaction.support.TransactionTemplate;

import br.suite.Api.Response;
import br.suite.ApiTest;
import br.suite.bills.Bills;
import br.suite.finance.TransactionImports;
import br.suite.finance.TransactionImports.RawTransaction;
import br.suite.shared.DateTimes;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The DRE of docs/api.md's worked example through HTTP, in March and April of a year no
 * other test uses: a split bill paid half in March and half in April with interest and a
 * discount, a rent by recurrence paid by a classified debit (counted once), a receivable
 * half received through its charge by a classified credit (counted once), an overdue
 * receivable, a bank fee, a transfer between two accounts (dre_line none: never there);
 * both bases, the cost centre LOJA, and the drill-down of cells.
 */
class DreApiTests extends ApiTest {

	@Autowired
	TransactionImports imports;

	@Autowired
	TransactionTemplate transactions;

	private Bills bills;

	private int year;

	private String provider;

	private long loja;

	private long oficina;

	@BeforeEach
	void example() {
		this.bills = new Bills(this.api);
		this.year = 2100 + new SecureRandom().nextInt(800);
		this.provider = unique("dre").toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]", "");
		this.loja = costCentre("LOJA");
		this.oficina = costCentre("OFICINA");
		long fornecedor = this.bills.fornecedor();
		long cliente = this.bills.cliente();
		// P1: split between CMV (OFICINA) and Ocupação (LOJA), paid 500.00 in March and
		// 503.00 (5.00 interest, 2.00 discount) in April.
		long p1 = created("/api/finance/bills/",
				json("direction", "payable", "fornecedor_id", fornecedor, "description", "Material e galpão",
						"competence_date", day("03-10"), "total", "1000.00", "splits",
						List.of(Bills.split(cat("3.1"), this.oficina, "333.33"),
								Bills.split(cat("4.4"), this.loja, "666.67")),
						"installments", List.of(Bills.installment(day("03-31"), "1000.00"))))
			.id();
		created("/api/finance/bills/" + p1 + "/installments/1/payments/",
				json("paid_on", day("03-20"), "amount", "500.00"));
		created("/api/finance/bills/" + p1 + "/installments/1/payments/",
				json("paid_on", day("04-05"), "amount", "503.00", "interest", "5.00", "discount", "2.00"));
		// The rent, monthly in March and April; March's paid by a debit classified as
		// Ocupação too.
		long rent = created("/api/finance/bills/",
				json("direction", "payable", "fornecedor_id", fornecedor, "description", "Aluguel da loja",
						"competence_date", day("03-05"), "category_id", cat("4.4"), "cost_centre_id", this.loja,
						"total", "1500.00", "installments", List.of(Bills.installment(day("03-05"), "1500.00")),
						"recurrence", Map.of("frequency", "monthly", "until", day("04-05"))))
			.id();
		long rentDebit = settled("a", "aluguel", day("03-05"), "1500.00", "debit", cat("4.4"), this.loja);
		created("/api/finance/bills/" + rent + "/installments/1/payments/",
				json("amount", "1500.00", "transaction_id", rentDebit));
		// R1: 2000.00 of services (OFICINA) in two installments, the first received by a
		// classified credit allocated to its charge.
		Response r1 = created("/api/finance/bills/", json("direction", "receivable", "cliente_id", cliente,
				"description", "Manutenção", "competence_date", day("03-15"), "category_id", cat("1.2"),
				"cost_centre_id", this.oficina, "total", "2000.00", "installments",
				List.of(Bills.installment(day("03-25"), "1000.00"), Bills.installment(day("04-25"), "1000.00"))));
		long credit = settled("a", "manutencao", day("03-26"), "1000.00", "credit", cat("1.2"), this.oficina);
		created("/api/finance/allocations/", json("transaction_id", credit, "charge_id",
				r1.json().get("installments").get(0).get("charge_id").asLong()));
		// R2: a sale of March, due a month ago and unpaid: overdue.
		Response r2 = created("/api/finance/bills/", json("direction", "receivable", "cliente_id", cliente,
				"description", "Venda a prazo", "competence_date", day("03-12"), "category_id", cat("1.1"), "total",
				"800.00", "installments",
				List.of(Bills.installment(LocalDate.now(DateTimes.BRAZIL).minusMonths(1).toString(), "800.00"))));
		assertThat(r2.json().get("overdue").asBoolean()).isTrue();
		// A transfer from account a to account b, and a bank fee of LOJA.
		settled("a", "transfer-out", day("03-15"), "300.00", "debit", cat("11.1"), null);
		settled("b", "transfer-in", day("03-15"), "300.00", "credit", cat("10.1"), null);
		settled("a", "fee", day("03-31"), "12.50", "debit", cat("6.1"), this.loja);
	}

	private String day(String monthDay) {
		return this.year + "-" + monthDay;
	}

	private long cat(String code) {
		return this.bills.category(code);
	}

	private long costCentre(String code) {
		return created("/api/finance/cost-centres/", json("code", unique(code), "name", code)).id();
	}

	private Response created(String path, String body) {
		Response response = this.api.post(path, body);
		assertThat(response.status()).as(path + " " + response).isEqualTo(201);
		return response;
	}

	/** A settled transaction, classified, and its id. */
	private long settled(String account, String id, String date, String amount, String direction, long category,
			Long costCentre) {
		TransactionImports.Account target = this.imports.account(this.provider, account);
		TransactionImports.ImportRow row = this.imports
			.check(target,
					new RawTransaction(id, LocalDate.parse(date), Instant.parse(date + "T15:00:00Z"),
							new BigDecimal(amount), direction, "settled", "Movimento " + id, "", "", "", "", "", ""))
			.row();
		assertThat(row).isNotNull();
		this.transactions.executeWithoutResult(tx -> this.imports.apply(target, null, List.of(row), UUID.randomUUID()));
		long transaction = this.api.get("/api/finance/transactions/?provider=" + this.provider + "&limit=1000")
			.json()
			.valueStream()
			.filter(t -> t.get("external_id").asString().equals(id))
			.findFirst()
			.orElseThrow()
			.get("id")
			.asLong();
		Response classified = this.api.patch("/api/finance/transactions/" + transaction + "/",
				json("category_id", category, "cost_centre_id", costCentre));
		assertThat(classified.status()).as(classified.toString()).isEqualTo(200);
		return transaction;
	}

	private JsonNode dre(String query) {
		Response response = this.api
			.get("/api/finance/dre/?from=" + day("03").substring(0, 7) + "&to=" + this.year + "-04&" + query);
		assertThat(response.status()).as(response.toString()).isEqualTo(200);
		return response.json();
	}

	private static Map<String, String> lines(JsonNode dre) {
		Map<String, String> lines = new java.util.LinkedHashMap<>();
		for (JsonNode line : dre.get("lines")) {
			List<String> values = values(line.get("values"));
			lines.put(line.get("line").asString(), String.join(" ", values) + " = " + line.get("total").asString());
		}
		return lines;
	}

	private static List<String> values(JsonNode array) {
		return array.valueStream().map(JsonNode::asString).toList();
	}

	private static Map<String, String> categories(JsonNode dre) {
		Map<String, String> categories = new java.util.LinkedHashMap<>();
		for (JsonNode category : dre.get("categories")) {
			categories.put(category.get("code").asString(),
					String.join(" ", values(category.get("values"))) + " = " + category.get("total").asString());
		}
		return categories;
	}

	private List<JsonNode> entries(String query) {
		Response response = this.api.get("/api/finance/dre/entries/?" + query);
		assertThat(response.status()).as(response.toString()).isEqualTo(200);
		return response.json().valueStream().toList();
	}

	private static BigDecimal sum(List<JsonNode> entries) {
		return entries.stream()
			.map(e -> new BigDecimal(e.get("amount").asString()))
			.reduce(BigDecimal.ZERO, BigDecimal::add);
	}

	@Test
	void accrualBasisCountsBillsByCompetenceAndClassifiedMoneyOnce() {
		JsonNode dre = dre("basis=accrual");
		assertThat(dre.get("months")).extracting(JsonNode::asString)
			.containsExactly(this.year + "-03", this.year + "-04");
		assertThat(lines(dre)).containsExactly(Map.entry("gross_revenue", "2800.00 0.00 = 2800.00"),
				Map.entry("deductions", "0.00 0.00 = 0.00"), Map.entry("net_revenue", "2800.00 0.00 = 2800.00"),
				Map.entry("costs", "333.33 0.00 = 333.33"), Map.entry("gross_profit", "2466.67 0.00 = 2466.67"),
				Map.entry("operating_expenses", "2166.67 1500.00 = 3666.67"),
				Map.entry("other_revenue", "0.00 0.00 = 0.00"), Map.entry("other_expenses", "0.00 0.00 = 0.00"),
				Map.entry("operating_result", "300.00 -1500.00 = -1200.00"),
				Map.entry("financial_revenue", "0.00 2.00 = 2.00"),
				Map.entry("financial_expenses", "12.50 5.00 = 17.50"),
				Map.entry("result_before_taxes", "287.50 -1503.00 = -1215.50"),
				Map.entry("income_taxes", "0.00 0.00 = 0.00"), Map.entry("net_result", "287.50 -1503.00 = -1215.50"));
		assertThat(categories(dre)).containsExactly(Map.entry("1.1", "800.00 0.00 = 800.00"),
				Map.entry("1.2", "2000.00 0.00 = 2000.00"), Map.entry("3.1", "333.33 0.00 = 333.33"),
				Map.entry("4.4", "2166.67 1500.00 = 3666.67"), Map.entry("5.2", "0.00 2.00 = 2.00"),
				Map.entry("6.1", "12.50 0.00 = 12.50"), Map.entry("6.2", "0.00 5.00 = 5.00"));
		assertThat(dre.get("lines").get(0).get("label").asString()).isEqualTo("Receita bruta");
		assertThat(dre.get("lines").get(2).get("subtotal").asBoolean()).isTrue();

		JsonNode loja = dre("basis=accrual&cost_centre_id=" + this.loja);
		assertThat(lines(loja)).containsEntry("operating_expenses", "2166.67 1500.00 = 3666.67")
			.containsEntry("gross_revenue", "0.00 0.00 = 0.00")
			.containsEntry("financial_revenue", "0.00 1.33 = 1.33")
			.containsEntry("financial_expenses", "12.50 3.33 = 15.83")
			.containsEntry("net_result", "-2179.17 -1502.00 = -3681.17");

		List<JsonNode> opex = entries("month=" + this.year + "-03&line=operating_expenses&basis=accrual");
		assertThat(opex)
			.extracting(e -> e.get("kind").asString() + " " + e.get("amount").asString() + " "
					+ e.get("category_code").asString() + " " + e.get("cost_centre_name").asString())
			.containsExactly("bill 1500.00 4.4 LOJA", "bill 666.67 4.4 LOJA");
		assertThat(sum(opex)).isEqualByComparingTo("2166.67");
		List<JsonNode> fees = entries("month=" + this.year + "-03&category_id=" + cat("6.1"));
		assertThat(fees).hasSize(1);
		assertThat(fees.get(0).get("kind").asString()).isEqualTo("transaction");
		assertThat(fees.get(0).get("amount").asString()).isEqualTo("12.50");
	}

	@Test
	void cashBasisSharesPaymentsAmongTheSplitsAndFollowsTheCharges() {
		JsonNode dre = dre("basis=cash");
		assertThat(lines(dre)).containsEntry("gross_revenue", "1000.00 0.00 = 1000.00")
			.containsEntry("costs", "166.67 166.66 = 333.33")
			.containsEntry("gross_profit", "833.33 -166.66 = 666.67")
			.containsEntry("operating_expenses", "1833.33 333.34 = 2166.67")
			.containsEntry("operating_result", "-1000.00 -500.00 = -1500.00")
			.containsEntry("financial_revenue", "0.00 2.00 = 2.00")
			.containsEntry("financial_expenses", "12.50 5.00 = 17.50")
			.containsEntry("result_before_taxes", "-1012.50 -503.00 = -1515.50")
			.containsEntry("net_result", "-1012.50 -503.00 = -1515.50");
		assertThat(categories(dre).keySet()).containsExactly("1.2", "3.1", "4.4", "5.2", "6.1", "6.2");

		JsonNode loja = dre("basis=cash&cost_centre_id=" + this.loja);
		assertThat(lines(loja)).containsEntry("operating_expenses", "1833.33 333.34 = 2166.67")
			.containsEntry("costs", "0.00 0.00 = 0.00")
			.containsEntry("financial_revenue", "0.00 1.33 = 1.33")
			.containsEntry("financial_expenses", "12.50 3.33 = 15.83")
			.containsEntry("net_result", "-1845.83 -335.34 = -2181.17");
		JsonNode oficina = dre("basis=cash&cost_centre_id=" + this.oficina);
		assertThat(lines(oficina)).containsEntry("net_result", "833.33 -167.66 = 665.67");

		List<JsonNode> april = entries("month=" + this.year + "-04&line=financial_expenses&basis=cash");
		assertThat(april)
			.extracting(e -> e.get("kind").asString() + " " + e.get("amount").asString() + " "
					+ e.get("category_code").asString() + " " + e.get("cost_centre_name").asString())
			.containsExactly("payment 1.67 6.2 OFICINA", "payment 3.33 6.2 LOJA");
		List<JsonNode> revenue = entries("month=" + this.year + "-03&line=gross_revenue&basis=cash");
		assertThat(revenue).hasSize(1);
		assertThat(revenue.get(0).get("kind").asString()).isEqualTo("receipt");
		assertThat(revenue.get(0).get("amount").asString()).isEqualTo("1000.00");
		assertThat(revenue.get(0).get("transaction_id").isNull()).isFalse();
		for (String line : List.of("costs", "operating_expenses", "financial_revenue")) {
			for (String month : List.of("03", "04")) {
				List<JsonNode> cell = entries("month=" + this.year + "-" + month + "&line=" + line
						+ "&basis=cash&cost_centre_id=" + this.loja);
				JsonNode row = loja.get("lines")
					.valueStream()
					.filter(l -> l.get("line").asString().equals(line))
					.findFirst()
					.orElseThrow();
				assertThat(sum(cell)).as(line + " " + month)
					.isEqualByComparingTo(row.get("values").get(month.equals("03") ? 0 : 1).asString());
			}
		}
	}

	@Test
	void badParametersAreRefusedNamingTheFieldAndTheReportNeedsItsPermission() {
		String y = this.year + "-";
		for (String[] bad : new String[][] { { "to=" + y + "01", "from" },
				{ "from=" + y + "13&to=" + y + "12", "from" }, { "from=" + y + "05&to=" + y + "04", "to" },
				{ "from=" + (this.year - 2) + "-01&to=" + y + "01", "to" },
				{ "from=" + y + "01&to=" + y + "02&basis=caixa", "basis" },
				{ "from=" + y + "01&to=" + y + "02&cost_centre_id=999999999", "cost_centre_id" },
				{ "from=" + y + "01&to=" + y + "02&cost_centre_id=x", "cost_centre_id" } }) {
			Response refused = this.api.get("/api/finance/dre/?" + bad[0]);
			assertThat(refused.status()).as(bad[0]).isEqualTo(400);
			assertThat(refused.json().get("errors").has(bad[1])).as(bad[0] + " → " + refused.body()).isTrue();
		}
		for (String[] bad : new String[][] { { "line=costs", "month" }, { "month=" + y + "03", "line" },
				{ "month=" + y + "03&line=net_result", "line" },
				{ "month=" + y + "03&category_id=" + cat("11.1"), "category_id" } }) {
			Response refused = this.api.get("/api/finance/dre/entries/?" + bad[0]);
			assertThat(refused.status()).as(bad[0]).isEqualTo(400);
			assertThat(refused.json().get("errors").has(bad[1])).as(bad[0] + " → " + refused.body()).isTrue();
		}
		assertThat(dre("").get("basis").asString()).isEqualTo("accrual");
		assertThat(signedInWith("finance.bills.view").get("/api/finance/dre/?from=" + y + "03&to=" + y + "04").status())
			.isEqualTo(403);
		assertThat(signedInWith("finance.bills.view").get("/api/finance/dre/entries/?month=" + y + "03&line=costs")
			.status()).isEqualTo(403);
		assertThat(
				signedInWith("finance.reports.view").get("/api/finance/dre/?from=" + y + "03&to=" + y + "04").status())
			.isEqualTo(200);
	}

}
