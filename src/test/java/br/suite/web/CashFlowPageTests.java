package br.suite.web;

import java.io.ByteArrayInputStream;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.apache.poi.ss.usermodel.Cell;
import org.apache.poi.ss.usermodel.CellType;
import org.apache.poi.ss.usermodel.Row;
import org.apache.poi.ss.usermodel.Sheet;
import org.apache.poi.xssf.usermodel.XSSFWorkbook;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.transaction.support.TransactionTemplate;

import br.suite.Api;
import br.suite.ApiTest;
import br.suite.finance.TransactionImports;
import br.suite.finance.TransactionImports.RawTransaction;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The cash flow page over HTTP: an OFX imported through the wizard offers its ledger
 * balance, the bank account created from that offer closes the statement at the bank's
 * balance; the CSV and XLSX downloads carry the API's numbers; who lacks the report's
 * permission gets the forbidden page and no tile.
 */
class CashFlowPageTests extends ApiTest {

	private static final String NBSP = "\u00a0";

	@Autowired
	TransactionImports imports;

	@Autowired
	TransactionTemplate transactions;

	private record Person(long id, String username, String password) {
	}

	private Person person(String fullName, String... permissions) {
		Api.Response role = this.api.post("/api/access/roles/",
				json("name", unique("relatorios"), "permissions", List.of(permissions)));
		String username = unique("caixa");
		Api.Response user = this.api.post("/api/access/users/",
				json("username", username, "full_name", fullName, "role_id", role.id()));
		String chosen = "Senha-" + username;
		this.api.signIn(username, user.json().get("temporary_password").asString(), chosen);
		return new Person(user.id(), username, chosen);
	}

	private PageClient pages(Person person) {
		PageClient pages = new PageClient(this.api.base());
		pages.signIn(person.username(), person.password());
		return pages;
	}

	private void settled(String provider, String account, String id, LocalDate date, String amount, String direction) {
		TransactionImports.Account target = this.imports.account(provider, account);
		TransactionImports.ImportRow row = this.imports
			.check(target,
					new RawTransaction(id, date, Instant.parse(date + "T15:00:00Z"), new BigDecimal(amount), direction,
							"settled", "Movimento " + id, "", "", "", "", "", ""))
			.row();
		assertThat(row).isNotNull();
		this.transactions.executeWithoutResult(tx -> this.imports.apply(target, null, List.of(row), UUID.randomUUID()));
	}

	private static String ofx(String account) {
		return String.join("\r\n", "OFXHEADER:100", "DATA:OFXSGML", "VERSION:102", "SECURITY:NONE", "ENCODING:USASCII",
				"CHARSET:1252", "COMPRESSION:NONE", "OLDFILEUID:NONE", "NEWFILEUID:NONE", "", "<OFX>", "<BANKMSGSRSV1>",
				"<STMTTRNRS>", "<TRNUID>1", "<STMTRS>", "<CURDEF>BRL", "<BANKACCTFROM>", "<BANKID>0341",
				"<BRANCHID>1234", "<ACCTID>" + account, "<ACCTTYPE>CHECKING", "</BANKACCTFROM>", "<BANKTRANLIST>",
				"<DTSTART>20260301", "<DTEND>20260331", "<STMTTRN>", "<TRNTYPE>CREDIT", "<DTPOSTED>20260302",
				"<TRNAMT>1000.00", "<FITID>A1", "<MEMO>PIX RECEBIDO", "</STMTTRN>", "<STMTTRN>", "<TRNTYPE>DEBIT",
				"<DTPOSTED>20260315", "<TRNAMT>-250.50", "<FITID>A2", "<MEMO>TARIFA", "</STMTTRN>", "</BANKTRANLIST>",
				"<LEDGERBAL>", "<BALAMT>5000.00", "<DTASOF>20260331", "</LEDGERBAL>", "</STMTRS>", "</STMTTRNRS>",
				"</BANKMSGSRSV1>", "</OFX>", "");
	}

	@Test
	void anImportedStatementOffersItsOpeningBalanceAndTheAccountMadeOfItClosesAtTheBanksBalance() {
		Person clerk = person("Joana Tesouraria", "imports.csv.prepare", "imports.csv.confirm", "finance.accounts.view",
				"finance.accounts.change", "finance.reports.view");
		PageClient pages = pages(clerk);
		String acctId = Long.toString(System.nanoTime(), 36);
		assertThat(pages.get("/app/import/").statusCode()).isEqualTo(200);
		HttpResponse<String> uploaded = pages.postMultipart("/app/import/", Map.of("provider", "csv", "account_id", ""),
				"file", "extrato.ofx", ofx(acctId).getBytes(StandardCharsets.US_ASCII));
		assertThat(uploaded.statusCode()).as(uploaded.body()).isEqualTo(302);
		assertThat(pages.get("/app/import/preview").statusCode()).isEqualTo(200);
		HttpResponse<String> result = pages.post("/app/import/confirm", Map.of());
		assertThat(result.statusCode()).isEqualTo(200);
		// 5 000.00 at the end of 31/03 less the month's 1 000.00 − 250.50.
		assertThat(result.body()).contains("R$" + NBSP + "5.000,00 em 31/03/2026")
			.contains("Saldo no início de 01/03/2026, antes das transações do arquivo: R$" + NBSP + "4.250,50");
		Matcher link = Pattern.compile("id=\"cadastrar-conta\"\\s+href=\"([^\"]+)\"").matcher(result.body());
		assertThat(link.find()).as(result.body()).isTrue();
		String form = link.group(1).replace("&amp;", "&");

		HttpResponse<String> opened = pages.get(form);
		assertThat(opened.statusCode()).isEqualTo(200);
		String account = "0341-1234-" + acctId;
		assertThat(opened.body()).contains("value=\"4250,50\"", "value=\"01/03/2026\"", "value=\"ofx\"",
				"value=\"" + account + "\"");
		// An amount the page cannot read: refused at its field, what was typed kept,
		// nothing created.
		HttpResponse<String> unreadable = pages.post("/app/bank-accounts/new",
				Map.of("name", "Itaú movimento", "provider", "ofx", "account_id", account, "opening_balance",
						"quatro mil", "opening_date", "01/03/2026"));
		assertThat(unreadable.statusCode()).isEqualTo(200);
		assertThat(unreadable.body()).contains("id=\"erro-opening_balance\"", "value=\"quatro mil\"",
				"value=\"Itaú movimento\"");
		assertThat(this.api.get("/api/finance/accounts/").body()).doesNotContain(account);
		HttpResponse<String> saved = pages.post("/app/bank-accounts/new", Map.of("name", "Itaú movimento", "provider",
				"ofx", "account_id", account, "opening_balance", "4250,50", "opening_date", "01/03/2026"));
		assertThat(saved.statusCode()).as(saved.body()).isEqualTo(302);
		long id = 0;
		for (JsonNode each : this.api.get("/api/finance/accounts/").json()) {
			if (each.get("account_id").asString().equals(account)) {
				id = each.get("id").asLong();
				assertThat(each.get("opening_balance").asString()).isEqualTo("4250.50");
			}
		}
		assertThat(id).isPositive();
		// Opened again, the form says the account is there.
		assertThat(pages.get(form).body()).contains("id=\"conta-existente\"");

		HttpResponse<String> page = pages
			.get("/app/cash-flow/?from=01/03/2026&to=31/03/2026&group_by=month&account_id=" + id);
		assertThat(page.statusCode()).isEqualTo(200);
		assertThat(page.body()).contains("id=\"grafico-fluxo\"", "<polyline class=\"saldo\"");
		String row = page.body().substring(page.body().indexOf("id=\"periodo-0\""));
		row = row.substring(0, row.indexOf("</tr>"));
		assertThat(row).contains("R$" + NBSP + "1.000,00", "R$" + NBSP + "250,50", "R$" + NBSP + "5.000,00");
	}

	@Test
	void theCsvAndXlsxCarryTheNumbersOfTheApi() throws Exception {
		String provider = "cfp" + Long.toString(System.nanoTime(), 36);
		long account = this.api
			.post("/api/finance/accounts/",
					json("name", "Conta exportada", "provider", provider, "account_id", "x", "opening_balance",
							"1000.00", "opening_date", "2025-12-01"))
			.id();
		settled(provider, "x", "in-1", LocalDate.of(2026, 1, 10), "321.45", "credit");
		settled(provider, "x", "out-1", LocalDate.of(2026, 2, 3), "1500.10", "debit");
		String query = "from=2026-01-01&to=2026-02-28&group_by=month&account_id=" + account;
		JsonNode api = this.api.get("/api/finance/cash-flow/?" + query).json();
		assertThat(api.get("periods").get(1).get("closing_realised").asString()).isEqualTo("-178.65");

		Person reader = person("Rui Relatórios", "finance.reports.view");
		PageClient pages = pages(reader);
		String pageQuery = "from=01/01/2026&to=28/02/2026&group_by=month&account_id=" + account;
		HttpResponse<byte[]> csv = pages.bytes("/app/cash-flow/export?format=csv&" + pageQuery);
		assertThat(csv.statusCode()).isEqualTo(200);
		assertThat(csv.headers().firstValue("Content-Type"))
			.hasValueSatisfying(t -> assertThat(t).startsWith("text/csv"));
		assertThat(csv.headers().firstValue("Content-Disposition"))
			.hasValueSatisfying(d -> assertThat(d).contains("fluxo-de-caixa.csv"));
		String text = new String(csv.body(), StandardCharsets.UTF_8);
		assertThat(text).startsWith("\uFEFFInício;Fim;Entradas realizadas;Saídas realizadas;Entradas previstas;"
				+ "Saídas previstas;Saldo realizado;Saldo projetado\r\n");
		String[] lines = text.substring(1).split("\r\n");
		assertThat(lines).hasSize(6);
		assertThat(lines[1]).isEqualTo(
				"Saldo inicial;;;;;;" + comma(api.get("opening_balance")) + ";" + comma(api.get("opening_balance")));
		for (int i = 0; i < 2; i++) {
			JsonNode p = api.get("periods").get(i);
			LocalDate start = LocalDate.parse(p.get("start").asString());
			LocalDate end = LocalDate.parse(p.get("end").asString());
			assertThat(lines[2 + i]).isEqualTo(String.format(Locale.ROOT, "%02d/%02d/%d;%02d/%02d/%d;%s;%s;%s;%s;%s;%s",
					start.getDayOfMonth(), start.getMonthValue(), start.getYear(), end.getDayOfMonth(),
					end.getMonthValue(), end.getYear(), comma(p.get("realised_in")), comma(p.get("realised_out")),
					comma(p.get("projected_in")), comma(p.get("projected_out")), comma(p.get("closing_realised")),
					comma(p.get("closing_projected"))));
		}
		assertThat(lines[3]).contains(";-178,65;");
		assertThat(lines[4]).isEqualTo("A receber em atraso;;;;" + comma(api.get("overdue").get("in")) + ";;;");
		assertThat(lines[5]).isEqualTo("A pagar em atraso;;;;;" + comma(api.get("overdue").get("out")) + ";;");

		HttpResponse<byte[]> xlsx = pages.bytes("/app/cash-flow/export?format=xlsx&" + pageQuery);
		assertThat(xlsx.statusCode()).isEqualTo(200);
		assertThat(xlsx.headers().firstValue("Content-Type"))
			.hasValue("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
		try (XSSFWorkbook book = new XSSFWorkbook(new ByteArrayInputStream(xlsx.body()))) {
			Sheet sheet = book.getSheetAt(0);
			assertThat(sheet.getSheetName()).isEqualTo("Fluxo de caixa");
			List<String> headers = new ArrayList<>();
			sheet.getRow(0).forEach(c -> headers.add(c.getStringCellValue()));
			assertThat(headers).containsExactly("Início", "Fim", "Entradas realizadas", "Saídas realizadas",
					"Entradas previstas", "Saídas previstas", "Saldo realizado", "Saldo projetado");
			assertThat(amount(sheet.getRow(1).getCell(6))).isEqualTo(api.get("opening_balance").asString());
			String[] fields = { "realised_in", "realised_out", "projected_in", "projected_out", "closing_realised",
					"closing_projected" };
			for (int i = 0; i < 2; i++) {
				Row row = sheet.getRow(2 + i);
				JsonNode p = api.get("periods").get(i);
				assertThat(row.getCell(0).getLocalDateTimeCellValue().toLocalDate())
					.isEqualTo(LocalDate.parse(p.get("start").asString()));
				for (int f = 0; f < fields.length; f++) {
					assertThat(amount(row.getCell(2 + f))).as(fields[f]).isEqualTo(p.get(fields[f]).asString());
				}
			}
			assertThat(amount(sheet.getRow(4).getCell(4))).isEqualTo(api.get("overdue").get("in").asString());
			assertThat(amount(sheet.getRow(5).getCell(5))).isEqualTo(api.get("overdue").get("out").asString());
			assertThat(book.getFontAt(sheet.getRow(1).getCell(0).getCellStyle().getFontIndex()).getBold())
				.as("the opening row is bold")
				.isTrue();
			assertThat(book.getFontAt(sheet.getRow(2).getCell(2).getCellStyle().getFontIndex()).getBold()).isFalse();
		}

		// A date that does not exist: the page says so at the field; the export sends
		// back to it.
		HttpResponse<String> bad = pages.get("/app/cash-flow/?from=31/02/2026&to=28/02/2026");
		assertThat(bad.statusCode()).isEqualTo(200);
		assertThat(bad.body()).contains("id=\"erro-from\"").doesNotContain("id=\"fluxo-caixa\"");
		assertThat(pages.bytes("/app/cash-flow/export?format=xlsx&from=31/02/2026").statusCode()).isEqualTo(303);
	}

	@Test
	void withoutTheReportPermissionThePagesAreForbiddenAndTheTileIsNotShown() {
		Person other = person("Otávio Sem Relatórios", "finance.accounts.view");
		PageClient pages = pages(other);
		for (String path : List.of("/app/cash-flow/", "/app/cash-flow/export?format=xlsx",
				"/app/cash-flow/export?format=csv", "/app/bank-accounts/new")) {
			HttpResponse<String> refused = pages.get(path);
			assertThat(refused.statusCode()).as(path).isEqualTo(403);
			assertThat(refused.body()).as(path).contains("<html").doesNotContain("saldo-projetado");
		}
		assertThat(pages.get("/app/bank-accounts/").statusCode()).isEqualTo(200);
		assertThat(pages.get("/app/").body()).doesNotContain("id=\"saldo-projetado-30-dias\"");
		PageClient reader = pages(person("Rita Saldo Projetado", "finance.reports.view"));
		String dashboard = reader.get("/app/").body();
		assertThat(dashboard).contains("id=\"saldo-projetado-30-dias\"", "Saldo projetado em 30 dias");
		JsonNode api = this.api
			.get("/api/finance/cash-flow/?from=" + LocalDate.now(br.suite.shared.DateTimes.BRAZIL) + "&to="
					+ LocalDate.now(br.suite.shared.DateTimes.BRAZIL).plusDays(30) + "&group_by=month")
			.json();
		JsonNode periods = api.get("periods");
		BigDecimal expected = new BigDecimal(periods.get(periods.size() - 1).get("closing_projected").asString());
		assertThat(dashboard).contains(new Formats().money(expected, expected.signum() < 0));
	}

	private static String comma(JsonNode amount) {
		return amount.asString().replace('.', ',');
	}

	private static String amount(Cell cell) {
		assertThat(cell.getCellType()).isEqualTo(CellType.NUMERIC);
		return BigDecimal.valueOf(cell.getNumericCellValue()).setScale(2, RoundingMode.HALF_UP).toPlainString();
	}

}
