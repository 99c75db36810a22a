package br.suite.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;

import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.Select;
import org.openqa.selenium.support.ui.WebDriverWait;

import tools.jackson.databind.JsonNode;

/**
 * Charges: create and edit with the service's errors at the fields, filters and pages,
 * cancel and its refusals.
 */
class ChargeBrowserTests extends BrowserTest {

	@Test
	void createsEditsFiltersAndCancelsACharge() {
		Person clerk = person(false, "Sônia Alves", "finance.charges.view", "finance.charges.change");
		WebDriver browser = browser();
		signIn(clerk.username(), clerk.password());
		waitFor(By.linkText("Cobranças")).click();
		waitFor(By.linkText("Nova cobrança")).click();

		String tag = unique("Aluguel");
		String cnpj = CustomerBrowserTests.cnpj();
		String masked = cnpj.substring(0, 2) + "." + cnpj.substring(2, 5) + "." + cnpj.substring(5, 8) + "/"
				+ cnpj.substring(8, 12) + "-" + cnpj.substring(12);
		new Select(waitFor(By.id("kind"))).selectByVisibleText("Boleto");
		browser.findElement(By.id("payer_document")).sendKeys("11.111.111/1111-11");
		browser.findElement(By.id("txid")).sendKeys("curto");
		browser.findElement(By.id("description")).sendKeys(tag);
		((JavascriptExecutor) browser).executeScript("document.querySelector('main form').noValidate = true");
		browser.findElement(By.cssSelector("main form button[type=submit]")).click();
		assertThat(waitFor(By.id("erro-amount")).getText()).isEqualTo("Informe um valor válido, maior que zero.");
		assertThat(browser.findElement(By.id("erro-payer_document")).getText()).isNotBlank();
		assertThat(browser.findElement(By.id("erro-txid")).getText()).contains("26 a 35");
		assertThat(this.api.get("/api/finance/charges/?q=" + tag).json()).as("a refused form creates nothing")
			.isEmpty();

		browser.findElement(By.id("amount")).sendKeys("1.234,5x");
		browser.findElement(By.cssSelector("main form button[type=submit]")).click();
		assertThat(waitFor(By.id("erro-amount")).getText()).isEqualTo("Informe o valor como 1.234,56.");
		browser.findElement(By.id("amount")).clear();
		browser.findElement(By.id("amount")).sendKeys("1.234,56");
		browser.findElement(By.id("due_date")).sendKeys("15/12/2026");
		browser.findElement(By.id("payer_document")).clear();
		browser.findElement(By.id("payer_document")).sendKeys(masked);
		browser.findElement(By.id("payer_name")).sendKeys("Loja Boa Vista");
		browser.findElement(By.id("txid")).clear();
		browser.findElement(By.cssSelector("main form button[type=submit]")).click();
		assertThat(waitFor(By.cssSelector("[role=status]")).getText()).isEqualTo("Cobrança criada.");
		assertThat(browser.findElement(By.id("valor")).getText()).isEqualTo("R$ 1.234,56");
		assertThat(browser.findElement(By.id("vencimento")).getText()).isEqualTo("15/12/2026");
		JsonNode created = this.api.get("/api/finance/charges/?q=" + tag).json().get(0);
		long id = created.get("id").asLong();
		assertThat(created.get("amount").asString()).isEqualTo("1234.56");
		assertThat(created.get("kind").asString()).isEqualTo("boleto");
		assertThat(created.get("payer_document").asString()).isEqualTo(cnpj);

		browser.findElement(By.id("editar")).click();
		assertThat(waitFor(By.id("amount")).getDomProperty("value")).isEqualTo("1234,56");
		browser.findElement(By.id("amount")).clear();
		browser.findElement(By.id("amount")).sendKeys("1.300,00");
		browser.findElement(By.id("due_date")).clear();
		browser.findElement(By.id("due_date")).sendKeys("20/12/2026");
		browser.findElement(By.cssSelector("main form button[type=submit]")).click();
		assertThat(waitFor(By.cssSelector("[role=status]")).getText()).isEqualTo("Cobrança alterada.");
		JsonNode edited = this.api.get("/api/finance/charges/" + id + "/").json();
		assertThat(edited.get("amount").asString()).isEqualTo("1300.00");
		assertThat(edited.get("due_date").asString()).isEqualTo("2026-12-20");
		assertThat(edited.get("txid").asString()).isEmpty();

		// A form read before someone else's change is refused, not written over it.
		browser.findElement(By.id("editar")).click();
		waitFor(By.id("amount"));
		assertThat(this.api.patch("/api/finance/charges/" + id + "/", json("description", tag + " (revisto)")).status())
			.isEqualTo(200);
		browser.findElement(By.id("amount")).clear();
		browser.findElement(By.id("amount")).sendKeys("9,99");
		browser.findElement(By.cssSelector("main form button[type=submit]")).click();
		assertThat(waitFor(By.cssSelector("[role=alert]")).getText()).contains("foi alterado por outra pessoa");
		assertThat(this.api.get("/api/finance/charges/" + id + "/").json().get("amount").asString())
			.isEqualTo("1300.00");

		// Filters: customer's CPF/CNPJ (masked), status, due dates.
		browser.get(url("/app/charges/"));
		waitFor(By.id("payer_document")).sendKeys(masked);
		new Select(browser.findElement(By.id("status"))).selectByVisibleText("Em aberto");
		browser.findElement(By.id("due_from")).sendKeys("01/12/2026");
		browser.findElement(By.id("due_to")).sendKeys("31/12/2026");
		browser.findElement(By.cssSelector("form.filtros button[type=submit]")).click();
		assertThat(textOnceItShows(browser, By.cssSelector("#cobrancas tbody"), "Loja Boa Vista"))
			.contains("20/12/2026", "R$ 1.300,00", "Boleto", "Em aberto");
		screenshot(browser, "list");
		browser.findElement(By.id("due_to")).clear();
		browser.findElement(By.id("due_to")).sendKeys("19/12/2026");
		browser.findElement(By.cssSelector("form.filtros button[type=submit]")).click();
		assertThat(textOnceItShows(browser, By.cssSelector("#cobrancas tbody"), "Nenhum registro"))
			.doesNotContain("Loja Boa Vista");
		browser.findElement(By.id("due_to")).clear();
		browser.findElement(By.id("due_to")).sendKeys("01/11/2026");
		browser.findElement(By.cssSelector("form.filtros button[type=submit]")).click();
		assertThat(waitFor(By.id("erro-due_to")).getText())
			.isEqualTo("Informe uma data de vencimento final válida, não anterior à inicial.");

		// Cancelling: dismissed changes nothing; confirmed cancels.
		browser.get(url("/app/charges/" + id + "/"));
		waitFor(By.id("cancelar")).click();
		assertThat(wait(browser).until(ExpectedConditions.alertIsPresent()).getText())
			.startsWith("Cancelar a cobrança nº " + id + "?");
		browser.switchTo().alert().dismiss();
		assertThat(this.api.get("/api/finance/charges/" + id + "/").json().get("status").asString()).isEqualTo("open");
		browser.findElement(By.id("cancelar")).click();
		wait(browser).until(ExpectedConditions.alertIsPresent()).accept();
		assertThat(waitFor(By.cssSelector("[role=status]")).getText()).isEqualTo("Cobrança cancelada.");
		assertThat(browser.findElement(By.id("situacao")).getText()).isEqualTo("Cancelada");
		assertThat(browser.findElements(By.id("editar"))).isEmpty();
		assertThat(this.api.get("/api/finance/charges/" + id + "/").json().get("status").asString())
			.isEqualTo("cancelled");
	}

	@Test
	void aChargeWithPaymentsIsNotCancelledAndTheServiceSaysWhy() {
		String payer = CustomerBrowserTests.cnpj();
		long charge = Ledger.charge(this.api, "300.00", "2026-08-10", "Oficina Dois Irmãos", payer, unique("Revisão"));
		long credit = Ledger.credit(this.api, "100.00", "2026-08-09", "Oficina Dois Irmãos", payer, unique("PIX"));
		assertThat(this.api.post("/api/finance/allocations/", json("transaction_id", credit, "charge_id", charge))
			.status()).isEqualTo(201);

		Person clerk = person(false, "Vera Luz", "finance.charges.view", "finance.charges.change",
				"finance.reconciliation.view");
		WebDriver browser = browser();
		signIn(clerk.username(), clerk.password());
		browser.get(url("/app/charges/" + charge + "/"));
		assertThat(waitFor(By.id("situacao")).getText()).isEqualTo("Paga em parte");
		assertThat(browser.findElement(By.id("pagamentos")).getText()).contains("09/08/2026", "Oficina Dois Irmãos",
				"Manual", "R$ 100,00");
		browser.findElement(By.id("cancelar")).click();
		wait(browser).until(ExpectedConditions.alertIsPresent()).accept();
		assertThat(waitFor(By.cssSelector("[role=alert]")).getText())
			.isEqualTo("Esta cobrança já tem pagamentos conciliados; remova as conciliações antes.");
		assertThat(this.api.get("/api/finance/charges/" + charge + "/").json().get("status").asString())
			.isEqualTo("partially_paid");
		screenshot(browser, "refused");
	}

	@Test
	void pagesTheListAndRefusesChangesToWhoMayOnlyRead() throws Exception {
		String payer = CustomerBrowserTests.cnpj();
		long last = 0;
		for (int i = 1; i <= 21; i++) {
			last = Ledger.charge(this.api, i + ".00", "2026-07-" + String.format("%02d", i), "Condomínio Sol", payer,
					"Taxa " + i);
		}
		Person reader = person(false, "Ivo Torres", "finance.charges.view");
		WebDriver browser = browser();
		signIn(reader.username(), reader.password());
		browser.get(url("/app/charges/?payer_document=" + payer));
		assertThat(waitFor(By.cssSelector(".paginas")).getText()).contains("Página 1 de 2 (21 registros)");
		assertThat(browser.findElements(By.cssSelector("#cobrancas tbody tr"))).hasSize(20);
		assertThat(browser.findElement(By.cssSelector("#cobrancas tbody")).getText()).contains("21/07/2026")
			.doesNotContain("01/07/2026");
		browser.findElement(By.linkText("Próxima")).click();
		assertThat(textOnceItShows(browser, By.cssSelector(".paginas"), "Página 2 de 2")).isNotNull();
		assertThat(browser.findElement(By.cssSelector("#cobrancas tbody")).getText()).contains("01/07/2026", "R$ 1,00");

		assertThat(browser.findElements(By.linkText("Nova cobrança"))).isEmpty();
		browser.get(url("/app/charges/" + last + "/"));
		waitFor(By.id("cobranca"));
		assertThat(browser.findElements(By.id("pagamentos"))).as("needs finance.reconciliation.view").isEmpty();
		assertThat(browser.findElements(By.id("cancelar"))).isEmpty();
		assertThat(browser.findElements(By.id("editar"))).isEmpty();
		PageSession session = new PageSession(this.api.base(), browser);
		assertThat(session.get("/app/charges/new").statusCode()).isEqualTo(403);
		assertThat(session.get("/app/charges/" + last + "/edit").statusCode()).isEqualTo(403);
		assertThat(session.post("/app/charges/" + last + "/cancel").statusCode()).isEqualTo(403);
		assertThat(session.post("/app/charges/new", "kind", "pix", "amount", "5,00", "description", "x").statusCode())
			.isEqualTo(403);
		assertThat(this.api.get("/api/finance/charges/" + last + "/").json().get("status").asString())
			.isEqualTo("open");
		assertThat(this.api.get("/api/finance/charges/?payer_document=" + payer).json()).hasSize(21);

		// The same hand-made request from who may change charges goes through: the
		// permission made the difference.
		Person clerk = person(false, "Caio Lima", "finance.charges.view", "finance.charges.change");
		WebDriver other = open(1280, 900);
		signIn(other, clerk.username(), clerk.password());
		assertThat(new PageSession(this.api.base(), other).post("/app/charges/" + last + "/cancel").statusCode())
			.isEqualTo(302);
		assertThat(this.api.get("/api/finance/charges/" + last + "/").json().get("status").asString())
			.isEqualTo("cancelled");
	}

	private static WebDriverWait wait(WebDriver browser) {
		return waiting(browser, Duration.ofSeconds(10));
	}

}
