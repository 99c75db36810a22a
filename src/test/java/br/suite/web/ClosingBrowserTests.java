package br.suite.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebDriver;

import br.suite.Api;
import br.suite.shared.crypto.Sha256;
import tools.jackson.databind.JsonNode;

/**
 * Issue 24 item 7 in the browser: HR closes an establishment's month (a bad month refused
 * in Portuguese), someone with the reopening permission reopens it after a confirmation
 * (HR without it sees no button and is refused), and an employee opens the closed month
 * in "Meu espelho", its PDF, and signs it with a disagreement.
 */
class ClosingBrowserTests extends BrowserTest {

	private void include(long employee, String type, String at) {
		Api.Response included = this.api.post("/api/timeclock/punch-adjustments/", json("kind", "include",
				"employee_id", employee, "event_type", type, "occurred_at", at, "reason", "Esqueceu de marcar"));
		assertThat(included.status()).as(included.toString()).isEqualTo(201);
	}

	@Test
	void hrClosesAMonthAndOnlyTheReopenerReopensItAfterConfirming() {
		long store = establishment("Loja Fechamento", "Rua B, 2");
		Person ana = employeeOf(store, "Ana Fechamento " + unique("a"));
		include(ana.id(), "entrada", "2026-08-03T08:00:00-03:00");
		include(ana.id(), "saida", "2026-08-03T12:00:00-03:00");
		Person hr = person(false, "Rita RH", "timeclock.closings.view", "timeclock.closings.change");
		WebDriver browser = browser();
		signIn(hr.username(), hr.password());

		waitFor(By.linkText("Fechamento do mês")).click();
		browser.get(url("/app/closings/?establishment_id=" + store));
		waitFor(By.id("month")).clear();
		browser.findElement(By.id("month")).sendKeys("agosto");
		browser.findElement(By.id("fechar-mes")).click();
		assertThat(waitFor(By.id("erro-month")).getText())
			.isEqualTo("Informe o mês como aaaa-mm (por exemplo 2026-10).");
		waitFor(By.id("month")).clear();
		browser.findElement(By.id("month")).sendKeys("2026-08");
		browser.findElement(By.id("fechar-mes")).click();
		assertThat(waitFor(By.cssSelector("[role=status]")).getText()).isEqualTo("Mês de agosto de 2026 fechado.");
		assertThat(browser.findElement(By.id("situacao")).getText()).isEqualTo("Fechado");
		assertThat(browser.findElement(By.id("funcionario-" + ana.id())).getText()).contains("Ana Fechamento", "4:00",
				"Não assinado");
		assertThat(browser.findElements(By.id("reabrir"))).isEmpty();
		long closing = Long.parseLong(browser.getCurrentUrl().replaceAll(".*/app/closings/(\\d+).*", "$1"));
		screenshot(browser, "closed");

		// Closing the same month again is refused in Portuguese.
		browser.get(url("/app/closings/?establishment_id=" + store));
		waitFor(By.id("month")).clear();
		browser.findElement(By.id("month")).sendKeys("2026-08");
		browser.findElement(By.id("fechar-mes")).click();
		assertThat(waitFor(By.cssSelector("[role=alert]")).getText()).isEqualTo("Este mês já está fechado.");
		assertThat(waitFor(By.id("fechamento-" + closing)).getText()).contains("agosto de 2026", "Fechado");

		// Without the reopening permission, no way to reopen.
		PageClient pages = PageClient.withSession(this.api.base(),
				browser.manage().getCookieNamed("JSESSIONID").getValue());
		assertThat(pages.get("/app/closings/" + closing + "/reopen").statusCode()).isEqualTo(403);
		assertThat(pages.post("/app/closings/" + closing + "/reopen", Map.of()).statusCode()).isEqualTo(403);
		assertThat(this.api.get("/api/timeclock/closings/" + closing + "/").json().get("status").asString())
			.isEqualTo("closed");

		Person reopener = person(false, "Otávio Reabre", "timeclock.closings.view", "timeclock.closings.reopen");
		WebDriver second = open(1280, 900);
		signIn(second, reopener.username(), reopener.password());
		second.get(url("/app/closings/" + closing));
		waitFor(second, By.id("reabrir")).click();
		assertThat(waitFor(second, By.id("pergunta")).getText()).startsWith("Reabrir agosto de 2026?");
		screenshot(second, "reopen-question");
		second.findElement(By.id("confirmar")).click();
		assertThat(waitFor(second, By.cssSelector("[role=status]")).getText())
			.isEqualTo("Mês de agosto de 2026 reaberto.");
		assertThat(second.findElement(By.id("situacao")).getText()).isEqualTo("Reaberto");
		assertThat(this.api.get("/api/timeclock/closings/" + closing + "/").json().get("status").asString())
			.isEqualTo("reopened");
	}

	@Test
	void anEmployeeOpensTheClosedMonthItsPdfAndSignsWithADisagreement() throws Exception {
		long store = establishment("Loja Fechamento", "Rua B, 2");
		Person bia = employeeOf(store, "Bia Assinatura " + unique("b"), "timeclock.own.view");
		Person caio = employeeOf(store, "Caio Vizinho " + unique("c"), "timeclock.own.view");
		include(bia.id(), "entrada", "2026-08-04T08:00:00-03:00");
		include(bia.id(), "saida", "2026-08-04T12:30:00-03:00");
		include(caio.id(), "entrada", "2026-08-04T09:00:00-03:00");
		Api.Response closed = this.api.post("/api/timeclock/closings/",
				json("establishment_id", store, "month", "2026-08"));
		assertThat(closed.status()).as(closed.toString()).isEqualTo(201);

		WebDriver browser = browser();
		signIn(bia.username(), bia.password());
		waitFor(By.linkText("Meu espelho")).click();
		waitFor(By.linkText("agosto de 2026")).click();
		String row = waitFor(By.id("dia-2026-08-04")).getText();
		assertThat(row).contains("08:00 Entrada", "12:30 Saída", "4:30");
		assertThat(browser.getPageSource()).doesNotContain("Caio Vizinho");
		screenshot(browser, "my-timesheet");

		String pdfLink = browser.findElement(By.id("abrir-pdf")).getDomAttribute("href");
		HttpResponse<byte[]> pdf = PageClient
			.withSession(this.api.base(), browser.manage().getCookieNamed("JSESSIONID").getValue())
			.bytes(pdfLink);
		assertThat(pdf.statusCode()).isEqualTo(200);
		assertThat(new String(pdf.body(), 0, 5, StandardCharsets.ISO_8859_1)).isEqualTo("%PDF-");
		JsonNode frozen = this.api.get("/api/timeclock/closings/" + closed.id() + "/").json().get("employees");
		String expected = frozen.get(0).get("employee_id").asLong() == bia.id()
				? frozen.get(0).get("pdf_sha256").asString() : frozen.get(1).get("pdf_sha256").asString();
		assertThat(Sha256.hex(pdf.body())).isEqualTo(expected);

		browser.findElement(By.id("disagreement")).sendKeys("Faltou meia hora no dia 4.");
		browser.findElement(By.id("assinar-botao")).click();
		assertThat(waitFor(By.cssSelector("[role=status]")).getText()).isEqualTo("Espelho de agosto de 2026 assinado.");
		assertThat(waitFor(By.id("assinado")).getText()).startsWith("Assinado em ");
		assertThat(browser.findElement(By.id("assinatura")).getText())
			.contains("Discordância: Faltou meia hora no dia 4.");
		assertThat(browser.findElements(By.id("assinar"))).isEmpty();
		screenshot(browser, "signed");

		JsonNode signature = null;
		for (JsonNode employee : this.api.get("/api/timeclock/closings/" + closed.id() + "/").json().get("employees")) {
			if (employee.get("employee_id").asLong() == bia.id()) {
				signature = employee.get("signature");
			}
		}
		assertThat(signature).isNotNull();
		assertThat(signature.get("pdf_sha256").asString()).isEqualTo(expected);
		assertThat(signature.get("disagreement").asString()).isEqualTo("Faltou meia hora no dia 4.");
		assertThat(signature.get("signed_by").asLong()).isEqualTo(bia.id());

		// The month list shows it signed.
		browser.get(url("/app/my-timesheets/"));
		assertThat(waitFor(By.id("mes-2026-08")).getText()).contains("Assinado em");
	}

}
