package br.suite.web;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.support.ui.Select;

import tools.jackson.databind.JsonNode;

/**
 * Fiscal documents: the service's checks of an NF-e at the fields, the list's filters, a
 * document's page.
 */
class FiscalDocumentBrowserTests extends BrowserTest {

	@Test
	void registersAnNfeWithTheAccessKeyCheckedAtTheFields() {
		Person clerk = person(false, "Beatriz Nogueira", "finance.fiscal_documents.view",
				"finance.fiscal_documents.change");
		WebDriver browser = browser();
		signIn(clerk.username(), clerk.password());
		waitFor(By.linkText("Documentos fiscais")).click();
		waitFor(By.linkText("Novo documento fiscal")).click();

		long number = 100_000 + (System.nanoTime() % 800_000);
		String key = accessKey(55, 1, number, "2610");
		String wrongDigit = key.substring(0, 43) + (char) ('0' + (key.charAt(43) - '0' + 1) % 10);
		String cnpj = CustomerBrowserTests.cnpj();
		((JavascriptExecutor) browser).executeScript("document.querySelector('main form').noValidate = true");
		waitFor(By.id("access_key")).sendKeys(wrongDigit);
		browser.findElement(By.cssSelector("main form button[type=submit]")).click();
		// Bean Validation first, as the API's @Valid: the required fields.
		assertThat(waitFor(By.id("erro-number")).getText()).isNotBlank();
		assertThat(browser.findElement(By.id("erro-customer_name")).getText()).isNotBlank();
		assertThat(browser.findElement(By.id("erro-amount")).getText()).isNotBlank();

		((JavascriptExecutor) browser).executeScript("document.querySelector('main form').noValidate = true");
		browser.findElement(By.id("number")).sendKeys(Long.toString(number + 1));
		browser.findElement(By.id("issue_date")).sendKeys("05/10/2026");
		browser.findElement(By.id("amount")).sendKeys("2.500,00");
		browser.findElement(By.id("customer_name")).sendKeys("Mercado Central");
		browser.findElement(By.id("customer_document")).sendKeys(cnpj);
		browser.findElement(By.cssSelector("main form button[type=submit]")).click();
		assertThat(waitFor(By.id("erro-access_key")).getText()).contains("dígito verificador");
		assertThat(this.api.get("/api/finance/fiscal-documents/?customer_document=" + cnpj).json()).isEmpty();

		// The right key, but the number typed does not agree with it: named at the
		// number.
		browser.findElement(By.id("access_key")).clear();
		browser.findElement(By.id("access_key")).sendKeys(key.replaceAll("(.{4})", "$1 ").strip());
		browser.findElement(By.cssSelector("main form button[type=submit]")).click();
		assertThat(waitFor(By.id("erro-number")).getText())
			.isEqualTo("Informe um número válido, o mesmo da chave de acesso quando há uma.");
		assertThat(browser.findElements(By.id("erro-access_key"))).isEmpty();
		assertThat(this.api.get("/api/finance/fiscal-documents/?customer_document=" + cnpj).json()).isEmpty();

		browser.findElement(By.id("number")).clear();
		browser.findElement(By.id("number")).sendKeys(Long.toString(number));
		new Select(browser.findElement(By.id("status"))).selectByVisibleText("Autorizada");
		browser.findElement(By.cssSelector("main form button[type=submit]")).click();
		assertThat(waitFor(By.cssSelector("[role=status]")).getText()).isEqualTo("Documento fiscal registrado.");
		assertThat(browser.findElement(By.tagName("h1")).getText()).isEqualTo("NF-e nº " + number);
		assertThat(browser.findElement(By.id("chave")).getText()).isEqualTo(key.replaceAll("(.{4})", "$1 ").strip());
		assertThat(browser.findElement(By.id("serie")).getText()).as("filled from the key").isEqualTo("1");
		assertThat(browser.findElement(By.id("valor")).getText()).isEqualTo("R$ 2.500,00");
		assertThat(browser.findElement(By.id("situacao")).getText()).isEqualTo("Autorizada");
		JsonNode stored = this.api.get("/api/finance/fiscal-documents/?customer_document=" + cnpj).json();
		assertThat(stored).hasSize(1);
		assertThat(stored.get(0).get("access_key").asString()).isEqualTo(key);
		assertThat(stored.get(0).get("amount").asString()).isEqualTo("2500.00");
		screenshot(browser, "created");

		// The same key again: the service's conflict, at the key.
		browser.get(url("/app/fiscal-documents/new"));
		waitFor(By.id("access_key")).sendKeys(key);
		browser.findElement(By.id("number")).sendKeys(Long.toString(number));
		browser.findElement(By.id("issue_date")).sendKeys("06/10/2026");
		browser.findElement(By.id("amount")).sendKeys("10,00");
		browser.findElement(By.id("customer_name")).sendKeys("Outro");
		browser.findElement(By.cssSelector("main form button[type=submit]")).click();
		assertThat(waitFor(By.id("erro-access_key")).getText())
			.isEqualTo("Esta chave de acesso já pertence a outro documento fiscal.");

		// The list, filtered by customer and type, leads to the document.
		browser.get(url("/app/fiscal-documents/"));
		waitFor(By.id("customer_document")).sendKeys(cnpj);
		new Select(browser.findElement(By.id("type"))).selectByVisibleText("NF-e");
		browser.findElement(By.cssSelector("form.filtros button[type=submit]")).click();
		assertThat(textOnceItShows(browser, By.cssSelector("#documentos-fiscais tbody"), "Mercado Central"))
			.contains(number + " / 1", "05/10/2026", "R$ 2.500,00", "Autorizada");
		new Select(browser.findElement(By.id("type"))).selectByVisibleText("NFC-e");
		browser.findElement(By.cssSelector("form.filtros button[type=submit]")).click();
		assertThat(textOnceItShows(browser, By.cssSelector("#documentos-fiscais tbody"), "Nenhum registro"))
			.doesNotContain("Mercado Central");
		browser.findElement(By.id("customer_document")).clear();
		browser.findElement(By.id("customer_document")).sendKeys("123");
		browser.findElement(By.cssSelector("form.filtros button[type=submit]")).click();
		assertThat(waitFor(By.id("erro-customer_document")).getText()).isNotBlank();
	}

	@Test
	void whoMayOnlyReadSeesNoFormAndCannotPostOne() throws Exception {
		String cnpj = CustomerBrowserTests.cnpj();
		assertThat(this.api
			.post("/api/finance/fiscal-documents/",
					json("type", "nfse", "number", "77", "amount", "90.00", "customer_name", "Clínica Boa Saúde",
							"customer_document", cnpj))
			.status()).isEqualTo(201);
		Person reader = person(false, "Gustavo Pires", "finance.fiscal_documents.view");
		WebDriver browser = browser();
		signIn(reader.username(), reader.password());
		waitFor(By.linkText("Documentos fiscais")).click();
		assertThat(waitFor(By.id("documentos-fiscais")).getText()).contains("Clínica Boa Saúde");
		assertThat(browser.findElements(By.linkText("Novo documento fiscal"))).isEmpty();
		assertThat(browser.findElements(By.linkText("Cobranças"))).isEmpty();
		PageSession session = new PageSession(this.api.base(), browser);
		assertThat(session.get("/app/fiscal-documents/new").statusCode()).isEqualTo(403);
		assertThat(session
			.post("/app/fiscal-documents/new", "type", "nfse", "number", "78", "amount", "1,00", "customer_name",
					"Clínica Boa Saúde", "customer_document", cnpj)
			.statusCode()).isEqualTo(403);
		assertThat(this.api.get("/api/finance/fiscal-documents/?customer_document=" + cnpj).json()).hasSize(1);
		assertThat(session.get("/app/charges/").statusCode()).isEqualTo(403);
	}

	/**
	 * A valid access key of SP for the model, série, number and issue month (YYMM), with
	 * a random cNF; the check digit computed here from the reference text (weights 2-9
	 * from the right), not by the service.
	 */
	static String accessKey(int model, int series, long number, String yymm) {
		String first43 = "35" + yymm + "11222333000181"
				+ String.format("%02d%03d%09d1%08d", model, series, number, (long) (Math.random() * 99_999_999L));
		int sum = 0;
		for (int i = 0; i < 43; i++) {
			sum += (first43.charAt(42 - i) - 48) * (2 + i % 8);
		}
		int r = sum % 11;
		return first43 + (r < 2 ? 0 : 11 - r);
	}

}
