package br.suite.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.YearMonth;
import java.time.ZoneId;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.support.ui.Select;

import br.suite.Api;
import tools.jackson.databind.JsonNode;

/**
 * The time clock's back office: disregarding a punch and including a forgotten one (with
 * the module's rules shown as errors), the espelho de ponto with both marked, the
 * establishments and the AFD with its list of employees without CPF; each refused without
 * its permission.
 */
class TimeclockBrowserTests extends BrowserTest {

	private static final ZoneId SAO_PAULO = ZoneId.of("America/Sao_Paulo");

	@Test
	void adjustsPunchesWithReasonsAndShowsThemInTheEspelhoDePonto() throws Exception {
		long paula = employee("Paula Adjuste " + unique("p"), null);
		JsonNode punch = register(paula, "entrada");
		long nsr = punch.get("nsr").asLong();
		Person hr = person(true, "Helena RH", "timeclock.punches.view", "timeclock.adjustments.change");
		WebDriver browser = browser();
		signIn(hr.username(), hr.password());

		// Disregarding: confirmed on its own page, with a reason the module requires.
		waitFor(By.linkText("Ponto")).click();
		browser.get(url("/app/punches/?pagina=1"));
		browser.get(url("/app/punches/" + punch.get("id").asLong() + "/disregard"));
		assertThat(waitFor(By.id("pergunta")).getText()).startsWith("Desconsiderar a marcação NSR " + nsr);
		browser.findElement(By.id("reason")).sendKeys("   ");
		browser.findElement(By.id("confirmar")).click();
		assertThat(waitFor(By.id("erro-reason")).getText()).isNotBlank();
		assertThat(adjustmentsOf(paula)).isEmpty();
		browser.findElement(By.id("reason")).clear();
		browser.findElement(By.id("reason")).sendKeys("Marcação em duplicidade");
		browser.findElement(By.id("confirmar")).click();
		assertThat(waitFor(By.cssSelector("[role=status]")).getText())
			.isEqualTo("Marcação NSR " + nsr + " desconsiderada.");
		assertThat(adjustmentsOf(paula)).singleElement()
			.satisfies(a -> assertThat(a.get("kind").asString()).isEqualTo("disregard"));

		// Including a forgotten punch: a date that does not exist, then one's own
		// punches, are refused.
		LocalDate day = YearMonth.now(SAO_PAULO).minusMonths(1).atDay(2);
		String date = String.format("%02d/%02d/%04d", day.getDayOfMonth(), day.getMonthValue(), day.getYear());
		include(browser, "Paula Adjuste", "Entrada", "31/02/2026", "08:00", "Esqueceu de marcar");
		assertThat(waitFor(By.id("erro-occurred_at")).getText())
			.isEqualTo("Informe a data (dd/mm/aaaa) e a hora (hh:mm).");
		include(browser, "Helena RH", "Entrada", date, "08:00", "Ajuste de mim mesma");
		assertThat(waitFor(By.cssSelector("[role=alert]")).getText())
			.isEqualTo("Ninguém registra ajuste nas próprias marcações; peça a outra pessoa.");
		assertThat(adjustmentsOf(hr.id())).isEmpty();
		screenshot(browser, "self-adjustment");
		include(browser, "Paula Adjuste", "Entrada", date, "08:00", "Esqueceu de marcar");
		assertThat(waitFor(By.cssSelector("[role=status]")).getText()).startsWith("Marcação de Paula Adjuste");
		include(browser, "Paula Adjuste", "Saída", date, "12:30", "Esqueceu de marcar a saída");
		waitFor(By.cssSelector("[role=status]"));
		assertThat(waitFor(By.id("ajustes")).getText()).contains("Inclusão", "Desconsideração",
				"Marcação em duplicidade");
		List<JsonNode> made = adjustmentsOf(paula);
		assertThat(made).hasSize(3);
		// 08:00 in São Paulo is 11:00 UTC: the time typed is the establishment's.
		assertThat(made.get(1).get("occurred_at").asString()).isEqualTo(day + "T11:00:00.000Z");
		screenshot(browser, "adjustments");

		// The espelho of last month: the included marks, worked 4:30.
		waitFor(By.linkText("Espelho de ponto")).click();
		new Select(waitFor(By.id("employee_id"))).selectByVisibleText(nameOf(paula));
		browser.findElement(By.id("month")).clear();
		browser.findElement(By.id("month")).sendKeys(day.toString().substring(0, 7));
		browser.findElement(By.cssSelector("form.filtros button")).click();
		String row = waitFor(By.id("dia-" + day)).getText();
		assertThat(row).contains("08:00 Entrada", "incluída: Esqueceu de marcar", "12:30 Saída", "4:30");
		assertThat(browser.findElement(By.id("total")).getText()).isEqualTo("4:30");
		screenshot(browser, "espelho");

		// This month: the disregarded punch is struck through and counts for nothing.
		browser.get(url("/app/timesheet/?employee_id=" + paula + "&month=" + YearMonth.now(SAO_PAULO)));
		String struck = waitFor(By.cssSelector("#dias del")).getText();
		assertThat(struck).contains("Entrada");
		assertThat(browser.findElement(By.id("dias")).getText()).contains("desconsiderada: Marcação em duplicidade");
		assertThat(browser.findElement(By.id("total")).getText()).isEqualTo("0:00");
		String pdfLink = browser.findElement(By.id("baixar-pdf")).getDomAttribute("href");
		HttpResponse<byte[]> pdf = PageClient
			.withSession(this.api.base(), browser.manage().getCookieNamed("JSESSIONID").getValue())
			.bytes(pdfLink);
		assertThat(pdf.statusCode()).isEqualTo(200);
		assertThat(pdf.headers().firstValue("Content-Type").orElse("")).startsWith("application/pdf");
		assertThat(new String(pdf.body(), 0, 5, StandardCharsets.ISO_8859_1)).isEqualTo("%PDF-");
	}

	@Test
	void withoutTheAdjustmentPermissionNothingCanBeAdjusted() {
		long pedro = employee("Pedro Intocado " + unique("p"), null);
		JsonNode punch = register(pedro, "entrada");
		Person viewer = person(false, "Vitória Leitora", "timeclock.punches.view");
		PageClient pages = new PageClient(this.api.base());
		pages.signIn(viewer.username(), viewer.password());
		String list = pages.get("/app/punches/").body();
		assertThat(list).doesNotContain("/disregard");
		assertThat(pages.get("/app/adjustments/").body()).doesNotContain("id=\"incluir\"");
		assertThat(pages.get("/app/punches/" + punch.get("id").asLong() + "/disregard").statusCode()).isEqualTo(403);
		pages.get("/app/adjustments/");
		assertThat(pages.post("/app/punches/" + punch.get("id").asLong() + "/disregard", Map.of("reason", "x"))
			.statusCode()).isEqualTo(403);
		assertThat(pages
			.post("/app/adjustments/include", Map.of("employee_id", Long.toString(pedro), "event_type", "saida", "date",
					"01/01/2026", "time", "08:00", "reason", "x"))
			.statusCode()).isEqualTo(403);
		assertThat(adjustmentsOf(pedro)).isEmpty();
		assertThat(pages.get("/app/afd/").statusCode()).isEqualTo(403);
		assertThat(pages.get("/app/establishments/").statusCode()).isEqualTo(403);
	}

	@Test
	void createsAndEditsAnEstablishmentAndExportsItsAfd() throws Exception {
		Person admin = person(false, "Otávio Fiscal", "timeclock.establishments.view",
				"timeclock.establishments.change", "timeclock.afd.export", "access.users.view", "access.users.change");
		WebDriver browser = browser();
		signIn(admin.username(), admin.password());
		waitFor(By.linkText("Estabelecimentos")).click();
		waitFor(By.linkText("Novo estabelecimento")).click();
		String name = unique("Filial Manaus");
		waitFor(By.id("name")).sendKeys(name);
		browser.findElement(By.id("employer_document")).sendKeys("12.345.678/0001-00");
		browser.findElement(By.id("time_zone")).clear();
		browser.findElement(By.id("time_zone")).sendKeys("Marte/Olympus");
		browser.findElement(By.cssSelector("#estabelecimento button[type=submit]")).click();
		assertThat(waitFor(By.id("erro-employer_document")).getText()).isNotBlank();
		assertThat(browser.findElement(By.id("erro-time_zone")).getText())
			.isEqualTo("Informe um fuso horário como America/Sao_Paulo.");
		assertThat(this.api.get("/api/timeclock/establishments/").body()).doesNotContain(name);
		screenshot(browser, "refused");

		String cnpj = PeopleFixtures.cnpj();
		browser.findElement(By.id("employer_document")).clear();
		browser.findElement(By.id("employer_document")).sendKeys(cnpj);
		browser.findElement(By.id("time_zone")).clear();
		browser.findElement(By.id("time_zone")).sendKeys("America/Manaus");
		browser.findElement(By.id("address")).sendKeys("Av. Eduardo Ribeiro, 520");
		browser.findElement(By.cssSelector("#estabelecimento button[type=submit]")).click();
		assertThat(waitFor(By.cssSelector("[role=status]")).getText())
			.isEqualTo("Estabelecimento “" + name + "” salvo.");
		JsonNode created = establishmentNamed(name);
		assertThat(created.get("employer_document").asString()).isEqualTo(cnpj);
		assertThat(created.get("time_zone").asString()).isEqualTo("America/Manaus");
		long establishment = created.get("id").asLong();

		browser.findElement(By.linkText(name)).click();
		waitFor(By.id("address")).clear();
		browser.findElement(By.id("address")).sendKeys("Av. Sete de Setembro, 1000");
		browser.findElement(By.cssSelector("#estabelecimento button[type=submit]")).click();
		waitFor(By.cssSelector("[role=status]"));
		assertThat(establishmentNamed(name).get("address").asString()).isEqualTo("Av. Sete de Setembro, 1000");

		// A punch there by an employee without CPF: the AFD lists him first, then exports
		// when told to.
		String rafaelName = "Rafael Sem CPF " + unique("r");
		long rafael = employee(rafaelName, establishment);
		register(rafael, "entrada");
		waitFor(By.linkText("AFD")).click();
		new Select(waitFor(By.id("establishment_id"))).selectByVisibleText(name);
		browser.findElement(By.cssSelector("#gerar-afd button[type=submit]")).click();
		assertThat(waitFor(By.id("sem-cpf")).getText()).contains(rafaelName + " (#" + rafael + ")");
		assertThat(browser.findElements(By.id("baixar-afd"))).isEmpty();
		screenshot(browser, "without-cpf");
		browser.findElement(By.id("allow_incomplete")).click();
		browser.findElement(By.cssSelector("#gerar-afd button[type=submit]")).click();
		String link = waitFor(By.id("baixar-afd")).getDomAttribute("href");
		assertThat(browser.findElement(By.id("sem-assinatura")).getText()).contains("SUITE_REP_SIGNATURE_KEYSTORE");
		screenshot(browser, "files");
		HttpResponse<byte[]> afd = PageClient
			.withSession(this.api.base(), browser.manage().getCookieNamed("JSESSIONID").getValue())
			.bytes(link);
		assertThat(afd.statusCode()).isEqualTo(200);
		assertThat(afd.headers().firstValue("Content-Disposition").orElse("")).contains("attachment", "REP_P.txt");
		String text = new String(afd.body(), StandardCharsets.ISO_8859_1);
		assertThat(text).startsWith("000000000").contains("\r\n");
		// Byte for byte the API's AFD for the same generation time.
		String generatedAt = link.substring(link.indexOf("generated_at=") + "generated_at=".length());
		Api.Response fromApi = this.api.get("/api/timeclock/afd/?establishment_id=" + establishment
				+ "&allow_incomplete=true&generated_at=" + generatedAt);
		assertThat(fromApi.status()).isEqualTo(200);
		assertThat(text).isEqualTo(fromApi.body());

		// Without the change permission: the form is refused and nothing is created.
		Person viewer = person(false, "Vicente Leitor", "timeclock.establishments.view");
		PageClient pages = new PageClient(this.api.base());
		pages.signIn(viewer.username(), viewer.password());
		assertThat(pages.get("/app/establishments/").body()).contains(name).doesNotContain("/app/establishments/new");
		assertThat(pages.get("/app/establishments/new").statusCode()).isEqualTo(403);
		String other = unique("Nunca criado");
		assertThat(pages
			.post("/app/establishments/new", Map.of("name", other, "employer_document", PeopleFixtures.cnpj(),
					"time_zone", "America/Sao_Paulo", "active", "true"))
			.statusCode()).isEqualTo(403);
		assertThat(pages
			.post("/app/establishments/" + establishment,
					Map.of("name", other, "employer_document", cnpj, "time_zone", "America/Sao_Paulo", "active",
							"true"))
			.statusCode()).isEqualTo(403);
		assertThat(this.api.get("/api/timeclock/establishments/").body()).doesNotContain(other);
		assertThat(pages.get("/app/afd/").statusCode()).isEqualTo(403);
	}

	private void include(WebDriver browser, String employee, String event, String date, String time, String reason) {
		browser.get(url("/app/adjustments/"));
		Select employees = new Select(waitFor(By.id("employee_id")));
		employees.getOptions().stream().filter(o -> o.getText().startsWith(employee)).findFirst().orElseThrow().click();
		new Select(browser.findElement(By.id("event_type"))).selectByVisibleText(event);
		browser.findElement(By.id("date")).sendKeys(date);
		browser.findElement(By.id("time")).sendKeys(time);
		browser.findElement(By.id("reason")).sendKeys(reason);
		browser.findElement(By.cssSelector("#incluir button[type=submit]")).click();
	}

	private long employee(String name, Long establishment) {
		Api.Response role = this.api.post("/api/access/roles/",
				json("name", unique("empregado"), "permissions", List.of()));
		Api.Response user = this.api.post("/api/access/users/",
				establishment == null
						? json("username", unique("emp"), "full_name", name, "is_employee", true, "role_id", role.id())
						: json("username", unique("emp"), "full_name", name, "is_employee", true, "role_id", role.id(),
								"establishment_id", establishment));
		assertThat(user.status()).as(user.toString()).isEqualTo(201);
		return user.id();
	}

	private String nameOf(long userId) {
		return this.api.get("/api/access/users/" + userId + "/").json().get("full_name").asString();
	}

	private JsonNode register(long employee, String event) {
		Api.Response punch = this.api.post("/api/timeclock/punch/register/",
				json("event_type", event, "employee_id", employee, "source", "other"));
		assertThat(punch.status()).as(punch.toString()).isEqualTo(201);
		return punch.json();
	}

	private List<JsonNode> adjustmentsOf(long employee) {
		Api.Response list = this.api.get("/api/timeclock/punch-adjustments/?employee_id=" + employee);
		assertThat(list.status()).isEqualTo(200);
		List<JsonNode> all = new java.util.ArrayList<>();
		list.json().forEach(all::add);
		return all;
	}

	private JsonNode establishmentNamed(String name) {
		for (JsonNode e : this.api.get("/api/timeclock/establishments/").json()) {
			if (e.get("name").asString().equals(name)) {
				return e;
			}
		}
		throw new AssertionError("No establishment named " + name);
	}

}
