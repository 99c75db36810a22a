package br.suite.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;

import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.support.ui.Select;

import br.suite.bills.Bills;
import tools.jackson.databind.JsonNode;

/**
 * Contas a pagar in the browser: a payable in three installments through the new bill
 * form (its preview computed by the service), one installment paid through the baixa form
 * (a refused baixa first), the bill's and the list's totals following, and the same pages
 * on a phone. One browser, one sign-in.
 */
class BillBrowserTests extends BrowserTest {

	@Test
	void createsAPayableInThreeInstallmentsPaysOneAndSeesTheTotalsMove() {
		Bills bills = new Bills(this.api);
		long fornecedor = bills.fornecedor();
		String supplierName = this.api.get("/api/fornecedores/" + fornecedor + "/").json().get("nome").asString();
		Person clerk = person(false, "Rita Contas", "finance.bills.view", "finance.bills.change",
				"customers.fornecedores.view", "finance.categories.view", "finance.cost_centres.view");
		WebDriver browser = browser();
		signIn(clerk.username(), clerk.password());
		waitFor(By.linkText("Contas a pagar")).click();
		waitFor(By.id("nova-conta")).click();

		String description = unique("Material de escritório");
		new Select(waitFor(By.id("fornecedor_id"))).selectByVisibleText(supplierName);
		browser.findElement(By.id("description")).sendKeys(description);
		browser.findElement(By.id("document_number")).sendKeys("NF 4512");
		new Select(browser.findElement(By.id("splits[0].category_id")))
			.selectByVisibleText("4.2 Despesas administrativas");
		browser.findElement(By.id("total")).sendKeys("100,00");
		browser.findElement(By.id("installments.count")).clear();
		browser.findElement(By.id("installments.count")).sendKeys("3");
		browser.findElement(By.id("installments.first_due_date")).sendKeys("31/01/2027");
		browser.findElement(By.id("calcular-parcelas")).click();
		// The service's plan: the remainder cent on the first, the last day of a shorter
		// month.
		assertThat(textOnceItShows(browser, By.id("prevista-1"), "33,34")).isEqualTo("1/3 31/01/2027 R$ 33,34");
		assertThat(browser.findElement(By.id("prevista-2")).getText()).isEqualTo("2/3 28/02/2027 R$ 33,33");
		assertThat(browser.findElement(By.id("prevista-3")).getText()).isEqualTo("3/3 31/03/2027 R$ 33,33");
		assertThat(browser.getCurrentUrl()).as("the preview is a fragment: still the form").endsWith("/new");

		browser.findElement(By.id("salvar")).click();
		assertThat(waitFor(By.cssSelector("[role=status]")).getText())
			.isEqualTo("Conta “" + description + "” lançada.");
		assertThat(browser.findElement(By.id("conta-parte")).getText()).isEqualTo(supplierName);
		assertThat(browser.findElement(By.id("conta-situacao")).getText()).isEqualTo("Em aberto");
		assertThat(browser.findElement(By.id("conta-total")).getText()).isEqualTo("R$ 100,00");
		assertThat(browser.findElement(By.id("parcela-1")).getText()).startsWith("1/3 31/01/2027 R$ 33,34");
		String billPage = browser.getCurrentUrl();
		long billId = Long.parseLong(billPage.replaceAll(".*/app/bills/(\\d+)/?$", "$1"));
		JsonNode stored = this.api.get("/api/finance/bills/" + billId + "/").json();
		assertThat(stored.get("fornecedor_id").asLong()).isEqualTo(fornecedor);
		assertThat(stored.get("document_number").asString()).isEqualTo("NF 4512");
		java.util.List<String> amounts = new java.util.ArrayList<>();
		stored.get("installments").forEach(i -> amounts.add(i.get("amount").asString()));
		assertThat(amounts).containsExactly("33.34", "33.33", "33.33");

		// A baixa that would take more than is open is refused at its field.
		browser.findElement(By.id("baixar-1")).click();
		assertThat(waitFor(By.id("amount")).getDomProperty("value")).isEqualTo("33,34");
		browser.findElement(By.id("amount")).clear();
		browser.findElement(By.id("amount")).sendKeys("50,00");
		browser.findElement(By.id("baixar")).click();
		assertThat(waitFor(By.id("erro-amount")).getText()).startsWith("Esta baixa tiraria da parcela mais do que");
		assertThat(this.api.get("/api/finance/bills/" + billId + "/").json().get("paid_amount").asString())
			.isEqualTo("0.00");

		// Paid two days late: 35,34 with 2,00 of interest settles the 33,34.
		browser.findElement(By.id("amount")).clear();
		browser.findElement(By.id("amount")).sendKeys("35,34");
		browser.findElement(By.id("interest")).sendKeys("2,00");
		browser.findElement(By.id("paid_on")).clear();
		browser.findElement(By.id("paid_on")).sendKeys("02/02/2027");
		browser.findElement(By.id("baixar")).click();
		assertThat(waitFor(By.cssSelector("[role=status]")).getText()).isEqualTo("Baixa da parcela 1 registrada.");
		assertThat(browser.findElement(By.id("conta-situacao")).getText()).isEqualTo("Paga em parte");
		assertThat(browser.findElement(By.id("conta-pago")).getText()).isEqualTo("R$ 33,34");
		assertThat(browser.findElement(By.id("conta-aberto")).getText()).isEqualTo("R$ 66,66");
		assertThat(browser.findElement(By.id("situacao-1")).getText()).isEqualTo("Paga");
		assertThat(browser.findElement(By.id("situacao-2")).getText()).isEqualTo("Em aberto");
		assertThat(browser.findElements(By.id("baixar-1"))).as("nothing open: no baixa").isEmpty();
		assertThat(browser.findElement(By.id("pagamentos")).getText()).contains("02/02/2027", "R$ 35,34", "R$ 2,00",
				"Manual");

		// The list of what is open, filtered by the text, and its totals.
		browser.get(url("/app/payables/?aba=abertas&q=" + description));
		assertThat(waitFor(By.id("total-parcelas")).getText()).isEqualTo("2");
		assertThat(browser.findElement(By.id("total-aberto")).getText()).isEqualTo("R$ 66,66");
		assertThat(browser.findElement(By.id("parcela-" + billId + "-2")).getText()).contains(supplierName, description,
				"2/3", "R$ 33,33");
		browser.findElement(By.id("aba-pagas")).click();
		assertThat(textOnceItShows(browser, By.id("total-pago"), "33,34")).isEqualTo("R$ 33,34");
		assertThat(browser.findElement(By.id("total-parcelas")).getText()).isEqualTo("1");

		// The same pages on a phone: nothing wider than the screen, nothing axe finds.
		((ChromeDriver) browser).executeCdpCommand("Emulation.setDeviceMetricsOverride",
				Map.of("width", 375, "height", 740, "deviceScaleFactor", 1, "mobile", false));
		for (String page : new String[] { billPage, url("/app/payables/?aba=abertas&q=" + description),
				url("/app/payables/new"), url("/app/bills/" + billId + "/installments/2/pay") }) {
			browser.get(page);
			waitFor(By.id("conteudo"));
			PageChecks.assertNoSideScroll(browser);
			PageChecks.assertAccessible(browser);
		}
		screenshot(browser, "phone");
	}

}
