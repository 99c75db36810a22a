package br.suite.web;

import java.time.LocalDate;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.chrome.ChromeDriver;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.transaction.support.TransactionTemplate;

import br.suite.bills.Bills;
import br.suite.finance.TransactionImports;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The reports in a browser, signed in once: the cash flow of an account made in the test,
 * picked by period, grouping and account, its chart and its table, and on a phone the
 * table scrolling inside its box, not the page; the DRE of a cost centre made in the
 * test, one of its cells followed to its entries and on to the bill.
 */
class ReportBrowserTests extends BrowserTest {

	@Autowired
	TransactionImports imports;

	@Autowired
	TransactionTemplate transactions;

	private void settled(String provider, String account, String id, LocalDate date, String amount, String direction) {
		Bills.settled(this.imports, this.transactions, provider, account, id, date, amount, direction);
	}

	@Test
	void opensTheCashFlowOfAnAccountAndItsTableScrollsInItsBoxOnAPhone() {
		String provider = "rb" + Long.toString(System.nanoTime(), 36);
		long account = this.api
			.post("/api/finance/accounts/",
					json("name", "Caixa " + provider, "provider", provider, "account_id", "c", "opening_balance",
							"1000.00", "opening_date", "2026-01-01"))
			.id();
		settled(provider, "c", "in", LocalDate.of(2026, 1, 15), "250.00", "credit");
		settled(provider, "c", "out", LocalDate.of(2026, 1, 20), "75.25", "debit");

		Person owner = person(false, "Helena Proprietária", "finance.reports.view", "finance.accounts.view");
		WebDriver browser = browser();
		signIn(owner.username(), owner.password());
		assertThat(waitFor(By.id("saldo-projetado-30-dias")).getText()).startsWith("R$");
		waitFor(By.linkText("Fluxo de caixa")).click();
		waitFor(By.id("from")).clear();
		browser.findElement(By.id("from")).sendKeys("01/01/2026");
		browser.findElement(By.id("to")).clear();
		browser.findElement(By.id("to")).sendKeys("31/01/2026");
		new org.openqa.selenium.support.ui.Select(browser.findElement(By.id("group_by"))).selectByVisibleText("Mês");
		browser.findElement(By.id("conta-" + account)).click();
		browser.findElement(By.cssSelector("form.filtros button[type=submit]")).click();
		String row = textOnceItShows(browser, By.id("periodo-0"), "R$ 1.174,75");
		assertThat(row).contains("01/01/2026 a 31/01/2026", "R$ 250,00", "R$ 75,25");
		assertThat(browser.findElement(By.id("saldo-inicial")).getText()).isEqualTo("R$ 1.000,00");
		assertThat(browser.findElement(By.id("grafico-fluxo")).getAttribute("role")).isEqualTo("img");
		assertThat(browser.findElements(By.cssSelector("#grafico-fluxo rect.entrada"))).isNotEmpty();
		assertThat(browser.findElement(By.id("em-atraso")).getText()).contains("A receber em atraso",
				"A pagar em atraso");
		screenshot(browser, "cash-flow");

		// On a phone: the page does not scroll sideways; the table scrolls in its box.
		((ChromeDriver) browser).executeCdpCommand("Emulation.setDeviceMetricsOverride",
				Map.of("width", 375, "height", 740, "deviceScaleFactor", 1, "mobile", false));
		browser.navigate().refresh();
		waitFor(By.id("periodo-0"));
		PageChecks.assertNoSideScroll(browser);
		Boolean scrolls = (Boolean) ((JavascriptExecutor) browser)
			.executeScript("var box = document.getElementById('fluxo-caixa').parentElement;"
					+ "return box.classList.contains('tabela-rolagem') && box.scrollWidth > box.clientWidth;");
		assertThat(scrolls).as("the table scrolls inside its own box").isTrue();
		screenshot(browser, "cash-flow-phone");
	}

	@Test
	void opensTheDreFollowsACellToItsEntriesAndItsTableScrollsInItsBoxOnAPhone() {
		Bills bills = new Bills(this.api);
		String code = "DRE" + Long.toString(System.nanoTime(), 36);
		long centre = this.api.post("/api/finance/cost-centres/", json("code", code, "name", "Filial DRE")).id();
		long sales = bills.category("1.1");
		long bill = this.api
			.post("/api/finance/bills/",
					json("direction", "receivable", "cliente_id", bills.cliente(), "description", "Venda do mês",
							"competence_date", "2026-02-10", "total", "2500.00", "charge_kind", "transfer", "splits",
							java.util.List.of(Bills.split(sales, centre, "2500.00")), "installments",
							java.util.List.of(Bills.installment("2026-03-10", "2500.00"))))
			.id();

		Person owner = person(false, "Dora Demonstrativo", "finance.reports.view", "finance.bills.view");
		WebDriver browser = browser();
		signIn(owner.username(), owner.password());
		waitFor(By.linkText("DRE")).click();
		waitFor(By.id("from")).clear();
		browser.findElement(By.id("from")).sendKeys("01/2026");
		browser.findElement(By.id("to")).clear();
		browser.findElement(By.id("to")).sendKeys("12/2026");
		new org.openqa.selenium.support.ui.Select(browser.findElement(By.id("cost_centre_id")))
			.selectByVisibleText(code + " Filial DRE");
		browser.findElement(By.cssSelector("form.filtros button[type=submit]")).click();
		String cell = textOnceItShows(browser, By.id("celula-c" + sales + "-1"), "R$ 2.500,00");
		assertThat(cell).isEqualTo("R$ 2.500,00");
		assertThat(browser.findElement(By.id("celula-net_result-1")).getText()).isEqualTo("R$ 2.500,00");
		assertThat(browser.findElement(By.cssSelector("#celula-net_result-1 strong"))).isNotNull();
		assertThat(browser.findElement(By.id("linha-gross_revenue")).getText()).contains("Receita bruta",
				"R$ 2.500,00");
		screenshot(browser, "dre");

		// On a phone: twelve months scroll inside the table's box, not the page.
		((ChromeDriver) browser).executeCdpCommand("Emulation.setDeviceMetricsOverride",
				Map.of("width", 375, "height", 740, "deviceScaleFactor", 1, "mobile", false));
		browser.navigate().refresh();
		waitFor(By.id("celula-c" + sales + "-1"));
		PageChecks.assertNoSideScroll(browser);
		Boolean scrolls = (Boolean) ((JavascriptExecutor) browser)
			.executeScript("var box = document.getElementById('dre').parentElement;"
					+ "return box.classList.contains('tabela-rolagem') && box.scrollWidth > box.clientWidth;");
		assertThat(scrolls).as("the DRE scrolls inside its own box").isTrue();
		screenshot(browser, "dre-phone");

		// The cell opens its entries: the bill, which opens in turn.
		((JavascriptExecutor) browser).executeScript("arguments[0].scrollIntoView({block: 'center'});",
				browser.findElement(By.cssSelector("#celula-c" + sales + "-1 a")));
		browser.findElement(By.cssSelector("#celula-c" + sales + "-1 a")).click();
		String entry = textOnceItShows(browser, By.id("lancamento-0"), "Venda do mês");
		assertThat(entry).contains("10/02/2026", "Conta (competência)", "1.1 Venda de mercadorias", code,
				"R$ 2.500,00");
		assertThat(browser.findElement(By.id("celula-total")).getText()).isEqualTo("R$ 2.500,00");
		assertThat(browser.findElement(By.id("celula-mes")).getText()).isEqualTo("02/2026");
		assertThat(browser.findElements(By.id("lancamento-1"))).isEmpty();
		PageChecks.assertNoSideScroll(browser);
		screenshot(browser, "dre-entries-phone");
		browser.findElement(By.linkText("Venda do mês")).click();
		waiting(browser, java.time.Duration.ofSeconds(10))
			.until(b -> b.getCurrentUrl().endsWith("/app/bills/" + bill + "/"));
	}

}
