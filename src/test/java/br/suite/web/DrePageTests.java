package br.suite.web;

import java.io.ByteArrayInputStream;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import org.apache.poi.ss.usermodel.Cell;
import org.apache.poi.ss.usermodel.CellType;
import org.apache.poi.ss.usermodel.Row;
import org.apache.poi.ss.usermodel.Sheet;
import org.apache.poi.xssf.usermodel.XSSFWorkbook;
import org.junit.jupiter.api.Test;

import br.suite.Api;
import br.suite.ApiTest;
import br.suite.bills.Bills;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The DRE page over HTTP (issue 42 item 5): the months as columns, lines and categories
 * as rows, a cell's link to its entries, the CSV and XLSX with the API's numbers, and who
 * lacks the report's permission gets the forbidden page. Everything is on a cost centre
 * of its own, so the numbers are the test's.
 */
class DrePageTests extends ApiTest {

	private static final String NBSP = "\u00a0";

	private record Person(String username, String password) {
	}

	private Person person(String... permissions) {
		Api.Response role = this.api.post("/api/access/roles/",
				json("name", unique("dre"), "permissions", List.of(permissions)));
		String username = unique("dre");
		Api.Response user = this.api.post("/api/access/users/",
				json("username", username, "full_name", "Débora DRE", "role_id", role.id()));
		String chosen = "Senha-" + username;
		this.api.signIn(username, user.json().get("temporary_password").asString(), chosen);
		return new Person(username, chosen);
	}

	private PageClient pages(Person person) {
		PageClient pages = new PageClient(this.api.base());
		pages.signIn(person.username(), person.password());
		return pages;
	}

	/**
	 * A cost centre with a payable of 600.00 salaries + 400.00 rent in 04/2026: [centre,
	 * bill, salaries].
	 */
	private long[] centreWithABill() {
		Bills bills = new Bills(this.api);
		long centre = this.api.post("/api/finance/cost-centres/", json("code", unique("DRE"), "name", "Loja DRE")).id();
		long salaries = bills.category("4.1.01");
		long rent = bills.category("4.2");
		Api.Response bill = this.api.post("/api/finance/bills/",
				json("direction", "payable", "fornecedor_id", bills.fornecedor(), "description", "Folha e aluguel",
						"competence_date", "2026-04-15", "total", "1000.00", "splits",
						List.of(Bills.split(salaries, centre, "600.00"), Bills.split(rent, centre, "400.00")),
						"installments", List.of(Bills.installment("2026-05-05", "1000.00"))));
		assertThat(bill.status()).as(bill.toString()).isEqualTo(201);
		return new long[] { centre, bill.id(), salaries };
	}

	@Test
	void thePageLinksEachCellToItsEntriesAndTheExportsCarryTheApisNumbers() throws Exception {
		long[] made = centreWithABill();
		long centre = made[0];
		long salaries = made[2];
		PageClient pages = pages(person("finance.reports.view", "finance.bills.view"));
		String query = "from=03/2026&to=04/2026&basis=accrual&cost_centre_id=" + centre;
		HttpResponse<String> page = pages.get("/app/dre/?" + query);
		assertThat(page.statusCode()).isEqualTo(200);
		String body = page.body();
		assertThat(body).contains("<th scope=\"col\" class=\"num\">03/2026</th>",
				"<th scope=\"col\" class=\"num\">04/2026</th>", "id=\"linha-net_result\"");
		String cell = between(body, "id=\"celula-c" + salaries + "-1\"", "</td>");
		assertThat(cell).contains("R$" + NBSP + "600,00", "/app/dre/entries?month=2026-04&amp;category_id=" + salaries);
		// March has no money: no link; a subtotal is bold and links nowhere.
		assertThat(between(body, "id=\"celula-c" + salaries + "-0\"", "</td>")).doesNotContain("<a");
		String result = between(body, "id=\"celula-net_result-1\"", "</td>");
		assertThat(result).contains("<strong>", "\u2212R$" + NBSP + "1.000,00").doesNotContain("<a");
		assertThat(between(body, "id=\"linha-operating_expenses\"", "</tr>")).contains("R$" + NBSP + "1.000,00");

		String link = cell.substring(cell.indexOf("href=\"") + 6);
		link = link.substring(0, link.indexOf('"')).replace("&amp;", "&");
		HttpResponse<String> entries = pages.get(link);
		assertThat(entries.statusCode()).isEqualTo(200);
		assertThat(entries.body()).contains("4.1.01 Salários", "04/2026", "Folha e aluguel",
				"href=\"/app/bills/" + made[1] + "/\"", "id=\"celula-total\" class=\"num\">R$" + NBSP + "600,00");
		assertThat(between(entries.body(), "id=\"lancamento-0\"", "</tr>")).contains("Conta (competência)",
				"R$" + NBSP + "600,00");
		assertThat(entries.body()).doesNotContain("id=\"lancamento-1\"");
		// A line's entries are named by the line; an unreadable month is refused on the
		// page, with no entries.
		String lineEntries = pages
			.get("/app/dre/entries?month=2026-04&line=operating_expenses&cost_centre_id=" + centre)
			.body();
		assertThat(lineEntries).contains("Despesas operacionais", "id=\"lancamento-0\"");
		HttpResponse<String> unreadable = pages.get("/app/dre/entries?month=abril&line=operating_expenses");
		assertThat(unreadable.statusCode()).isEqualTo(200);
		assertThat(unreadable.body()).contains("id=\"resumo-erros\"").doesNotContain("id=\"lancamento-0\"");

		JsonNode api = this.api.get("/api/finance/dre/?from=2026-03&to=2026-04&cost_centre_id=" + centre).json();
		List<String> expected = new ArrayList<>();
		List<Boolean> bold = new ArrayList<>();
		expected.add("Linha;Código;03/2026;04/2026;Total");
		for (JsonNode line : api.get("lines")) {
			expected.add(line.get("label").asString() + ";;" + comma(line.get("values").get(0)) + ";"
					+ comma(line.get("values").get(1)) + ";" + comma(line.get("total")));
			bold.add(line.get("subtotal").asBoolean());
			for (JsonNode category : api.get("categories")) {
				if (category.get("line").asString().equals(line.get("line").asString())) {
					expected.add(category.get("name").asString() + ";" + category.get("code").asString() + ";"
							+ comma(category.get("values").get(0)) + ";" + comma(category.get("values").get(1)) + ";"
							+ comma(category.get("total")));
					bold.add(false);
				}
			}
		}
		assertThat(expected).contains("Salários;4.1.01;0,00;600,00;600,00",
				"Resultado líquido;;0,00;-1000,00;-1000,00");

		HttpResponse<byte[]> csv = pages.bytes("/app/dre/export?format=csv&" + query);
		assertThat(csv.statusCode()).isEqualTo(200);
		assertThat(csv.headers().firstValue("Content-Disposition"))
			.hasValueSatisfying(d -> assertThat(d).contains("dre.csv"));
		String text = new String(csv.body(), StandardCharsets.UTF_8);
		assertThat(text).startsWith("\uFEFF").endsWith("\r\n");
		assertThat(text.substring(1).split("\r\n")).containsExactlyElementsOf(expected);

		HttpResponse<byte[]> xlsx = pages.bytes("/app/dre/export?format=xlsx&" + query);
		assertThat(xlsx.statusCode()).isEqualTo(200);
		assertThat(xlsx.headers().firstValue("Content-Type"))
			.hasValue("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
		try (XSSFWorkbook book = new XSSFWorkbook(new ByteArrayInputStream(xlsx.body()))) {
			Sheet sheet = book.getSheetAt(0);
			assertThat(sheet.getSheetName()).isEqualTo("DRE");
			assertThat(sheet.getLastRowNum()).isEqualTo(expected.size() - 1);
			for (int r = 0; r < expected.size(); r++) {
				String[] fields = expected.get(r).split(";", -1);
				Row row = sheet.getRow(r);
				assertThat(row.getCell(0).getStringCellValue()).isEqualTo(fields[0]);
				if (r == 0) {
					continue;
				}
				assertThat(row.getCell(1) == null ? "" : row.getCell(1).getStringCellValue()).isEqualTo(fields[1]);
				for (int c = 2; c < 5; c++) {
					assertThat(amount(row.getCell(c))).as(expected.get(r)).isEqualTo(fields[c].replace(',', '.'));
				}
				assertThat(book.getFontAt(row.getCell(2).getCellStyle().getFontIndex()).getBold()).as("row %s bold", r)
					.isEqualTo(bold.get(r - 1));
			}
		}

		// A month that does not exist: the page says so at the field; the export sends
		// back to it.
		HttpResponse<String> bad = pages.get("/app/dre/?from=13/2026&to=04/2026");
		assertThat(bad.statusCode()).isEqualTo(200);
		assertThat(bad.body()).contains("id=\"erro-from\"").doesNotContain("id=\"dre\"");
		HttpResponse<String> backwards = pages.get("/app/dre/?from=05/2026&to=04/2026");
		assertThat(backwards.body()).contains("id=\"erro-to\"", "O mês final não pode ser anterior ao inicial.");
		assertThat(pages.bytes("/app/dre/export?format=xlsx&from=13/2026").statusCode()).isEqualTo(303);
	}

	@Test
	void withoutTheReportPermissionThePagesAreForbidden() {
		PageClient pages = pages(person("finance.bills.view"));
		for (String path : List.of("/app/dre/", "/app/dre/export?format=csv", "/app/dre/export?format=xlsx",
				"/app/dre/entries?month=2026-04&line=costs")) {
			HttpResponse<String> refused = pages.get(path);
			assertThat(refused.statusCode()).as(path).isEqualTo(403);
			assertThat(refused.body()).as(path).contains("<html").doesNotContain("id=\"dre\"");
		}
		assertThat(pages.get("/app/").body()).doesNotContain("href=\"/app/dre/\"");
		assertThat(pages(person("finance.reports.view")).get("/app/").body()).contains("href=\"/app/dre/\"");
	}

	private static String between(String body, String start, String end) {
		int at = body.indexOf(start);
		assertThat(at).as("%s in the page", start).isNotNegative();
		return body.substring(at, body.indexOf(end, at));
	}

	private static String comma(JsonNode amount) {
		return amount.asString().replace('.', ',');
	}

	private static String amount(Cell cell) {
		assertThat(cell.getCellType()).isEqualTo(CellType.NUMERIC);
		return BigDecimal.valueOf(cell.getNumericCellValue()).setScale(2, RoundingMode.HALF_UP).toPlainString();
	}

}
