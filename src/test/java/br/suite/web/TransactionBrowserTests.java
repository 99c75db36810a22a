package br.suite.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;

import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

import tools.jackson.databind.JsonNode;

/**
 * Credits to reconcile: the filter, a credit's suggestions, accepting one after
 * confirming, and refusals.
 */
class TransactionBrowserTests extends BrowserTest {

	@Test
	void acceptsASuggestionAfterConfirmingAndShowsTheServicesRefusal() {
		String payer = CustomerBrowserTests.cnpj();
		String tag = unique("Mensalidade");
		long first = Ledger.charge(this.api, "150.00", "2026-10-10", "Escola Aprender", payer, tag + " outubro");
		long second = Ledger.charge(this.api, "150.00", "2026-10-12", "Escola Aprender", payer, tag + " reserva");
		long credit = Ledger.credit(this.api, "150.00", "2026-10-11", "Escola Aprender", payer, "PIX " + tag + " A");
		long later = Ledger.credit(this.api, "150.00", "2026-10-13", "Escola Aprender", payer, "PIX " + tag + " B");
		String otherPayer = CustomerBrowserTests.cnpj();
		long paid = Ledger.credit(this.api, "80.00", "2026-10-13", "Outro Pagador", otherPayer, "Pago " + tag);
		long paidCharge = Ledger.charge(this.api, "80.00", "2026-10-13", "Outro Pagador", otherPayer, tag + " paga");
		assertThat(this.api.post("/api/finance/allocations/", json("transaction_id", paid, "charge_id", paidCharge))
			.status()).isEqualTo(201);

		Person clerk = person(false, "Rita Campos", "finance.transactions.view", "finance.reconciliation.view",
				"finance.reconciliation.change", "finance.charges.view");
		WebDriver browser = browser();
		signIn(clerk.username(), clerk.password());
		waitFor(By.linkText("Transações")).click();
		waitFor(By.id("q")).sendKeys(tag);
		browser.findElement(By.id("unreconciled")).click();
		browser.findElement(By.cssSelector("form.filtros button[type=submit]")).click();
		String rows = textOnceItShows(browser, By.cssSelector("#transacoes tbody"), "PIX " + tag + " A");
		assertThat(rows).contains("PIX " + tag + " B", "R$ 150,00", "11/10/2026").doesNotContain("Pago " + tag);
		assertThat(browser.findElement(By.id("unreconciled")).isSelected()).isTrue();
		browser.findElement(By.id("unreconciled")).click();
		browser.findElement(By.cssSelector("form.filtros button[type=submit]")).click();
		assertThat(textOnceItShows(browser, By.cssSelector("#transacoes tbody"), "Pago " + tag)).contains("PIX " + tag);
		browser.navigate().back();

		waitFor(By.linkText("11/10/2026")).click();
		String suggestions = waitFor(By.id("sugestoes")).getText();
		assertThat(suggestions).contains("Cobrança nº " + first, "Cobrança nº " + second, "10/10/2026", "R$ 150,00",
				"Mesmo valor e mesmo CPF/CNPJ do pagador; pago");
		assertThat(suggestions).doesNotContain("same amount", "payer", "ambiguous");
		assertThat(browser.findElement(By.id("a-conciliar")).getText()).isEqualTo("R$ 150,00");
		screenshot(browser, "suggestions");

		// Dismissing the confirmation changes nothing.
		By acceptFirst = By.cssSelector("#sugestao-cobranca-" + first + " button");
		browser.findElement(acceptFirst).click();
		wait(browser).until(ExpectedConditions.alertIsPresent()).dismiss();
		assertThat(this.api.get("/api/finance/allocations/?transaction_id=" + credit).json()).isEmpty();

		browser.findElement(acceptFirst).click();
		assertThat(wait(browser).until(ExpectedConditions.alertIsPresent()).getText())
			.isEqualTo("Conciliar R$\u00a0150,00 desta transação com Escola Aprender?");
		browser.switchTo().alert().accept();
		assertThat(waitFor(By.id("aceita")).getText()).isEqualTo("Sugestão aceita: a transação foi conciliada.");
		assertThat(browser.findElement(By.id("alocacoes")).getText()).contains("Cobrança nº " + first,
				"Sugestão aceita", "R$ 150,00");
		assertThat(browser.findElement(By.id("a-conciliar")).getText()).isEqualTo("—");
		JsonNode allocations = this.api.get("/api/finance/allocations/?transaction_id=" + credit).json();
		assertThat(allocations).hasSize(1);
		assertThat(allocations.get(0).get("charge_id").asLong()).isEqualTo(first);
		assertThat(allocations.get(0).get("rule").asString()).isEqualTo("suggestion");
		assertThat(allocations.get(0).get("created_by").asLong()).isEqualTo(clerk.id());

		// The later credit's page offers the second charge; someone else takes it first:
		// the service refuses.
		browser.get(url("/app/transactions/" + later + "/"));
		By acceptSecond = By.cssSelector("#sugestao-cobranca-" + second + " button");
		waitFor(acceptSecond);
		assertThat(
				this.api
					.post("/api/finance/reconciliation/suggestions/accept/",
							json("items",
									java.util.List.of(java.util.Map.of("transaction_id", later, "charge_id", second))))
					.status())
			.isEqualTo(201);
		browser.findElement(acceptSecond).click();
		wait(browser).until(ExpectedConditions.alertIsPresent()).accept();
		assertThat(waitFor(By.cssSelector("[role=alert]")).getText())
			.contains("Esta sugestão não vale mais", "nada foi conciliado")
			.doesNotContain("items[");
		JsonNode after = this.api.get("/api/finance/allocations/?transaction_id=" + later).json();
		assertThat(after).as("the refused acceptance allocated nothing").hasSize(1);
		assertThat(after.get(0).get("created_by").asLong()).as("the administrator's, not the page's")
			.isNotEqualTo(clerk.id());
		screenshot(browser, "refused");
	}

	@Test
	void withoutTheReconciliationPermissionsThereIsNothingToAcceptAndThePostIsRefused() throws Exception {
		String payer = CustomerBrowserTests.cnpj();
		long charge = Ledger.charge(this.api, "42.00", "2026-09-01", "Café Central", payer, unique("Assinatura"));
		long credit = Ledger.credit(this.api, "42.00", "2026-09-02", "Café Central", payer, unique("PIX Café"));

		Person viewer = person(false, "Paulo Reis", "finance.transactions.view", "finance.reconciliation.view");
		WebDriver browser = browser();
		signIn(viewer.username(), viewer.password());
		browser.get(url("/app/transactions/" + credit + "/"));
		assertThat(waitFor(By.id("sugestoes")).getText()).contains("Cobrança nº " + charge);
		assertThat(browser.findElements(By.cssSelector("#sugestoes button"))).isEmpty();
		PageSession session = new PageSession(this.api.base(), browser);
		assertThat(session.post("/app/transactions/" + credit + "/accept", "charge_id", Long.toString(charge))
			.statusCode()).isEqualTo(403);
		assertThat(this.api.get("/api/finance/allocations/?transaction_id=" + credit).json()).isEmpty();

		Person reader = person(false, "Lia Prado", "finance.transactions.view");
		WebDriver other = open(1280, 900);
		signIn(other, reader.username(), reader.password());
		other.get(url("/app/transactions/" + credit + "/"));
		assertThat(waitFor(other, By.id("transacao")).getText()).contains("Café Central", "R$ 42,00");
		assertThat(other.findElements(By.id("sugestoes"))).as("suggestions need finance.reconciliation.view").isEmpty();
	}

	private static WebDriverWait wait(WebDriver browser) {
		return waiting(browser, Duration.ofSeconds(10));
	}

}
