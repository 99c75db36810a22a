package br.suite.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebDriver;

/**
 * The bank-statement wizard: upload, preview (with a bad line), confirm, and the imported
 * transactions.
 */
class ImportBrowserTests extends BrowserTest {

	static final String STATEMENT = """
			Data;Histórico;Valor
			02/03/2026;Pix recebido - Padaria Pão Quente;1.234,56
			05/03/2026;Pagamento de boleto - Energia Elétrica;-389,90
			31/02/2026;Linha com data impossível;10,00
			10/03/2026;TED recebida - Construção & Cia;12.500,00
			31/03/2026;Saldo Anterior;13.344,66
			""";

	@Test
	void importsAStatementFromUploadToConfirmation() throws IOException {
		Person finance = person(false, "Lúcia Prado", "imports.csv.prepare", "imports.csv.confirm",
				"finance.transactions.view");
		String provider = "csv" + Long.toString(System.nanoTime(), 36);
		Path file = Files.createTempFile("extrato-marco", ".csv");
		Files.writeString(file, STATEMENT, StandardCharsets.UTF_8);
		WebDriver browser = browser();
		signIn(finance.username(), finance.password());
		waitFor(By.linkText("Importar extrato")).click();

		waitFor(By.id("file")).sendKeys(file.toAbsolutePath().toString());
		browser.findElement(By.id("provider")).clear();
		browser.findElement(By.id("provider")).sendKeys(provider);
		browser.findElement(By.id("account_id")).sendKeys("0001-12345");
		browser.findElement(By.cssSelector("main form button[type=submit]")).click();

		String preview = waitFor(By.cssSelector("#previa tbody tr")).getText();
		assertThat(preview).isEqualTo("03/2026 3 3 0 0 0");
		// The reader's English message, in the catalogue's words.
		assertThat(browser.findElement(By.id("linhas-com-erro")).getText())
			.contains("4 Data Não é uma data que existe (veio \"31/02/2026\").");
		assertThat(browser.findElement(By.id("linhas-ignoradas")).getText())
			.isEqualTo("Linha 6: Linha de saldo (Saldo Anterior), não é uma transação.");
		assertThat(this.api.get("/api/finance/transactions/?provider=" + provider).json()).isEmpty();
		screenshot(browser, "preview");

		browser.findElement(By.cssSelector("#confirmar-importacao button")).click();
		assertThat(browser.switchTo().alert().getText()).isEqualTo("Gravar as transações deste arquivo?");
		browser.switchTo().alert().dismiss();
		assertThat(this.api.get("/api/finance/transactions/?provider=" + provider).json()).isEmpty();

		browser.findElement(By.cssSelector("#confirmar-importacao button")).click();
		browser.switchTo().alert().accept();
		assertThat(waitFor(By.id("inseridas")).getText()).isEqualTo("3");
		assertThat(this.api.get("/api/finance/transactions/?provider=" + provider).json()).hasSize(3);

		browser.findElement(By.id("ver-transacoes")).click();
		String rows = textOnceItShows(browser, By.cssSelector("#transacoes tbody"), "02/03/2026");
		assertThat(rows).contains("02/03/2026", "Pix recebido - Padaria Pão Quente", "R$ 1.234,56", "−R$ 389,90",
				"R$ 12.500,00");
		screenshot(browser, "transactions");

		browser.findElement(By.id("date_from")).sendKeys("31/02/2026");
		browser.findElement(By.cssSelector(".filtros button")).click();
		assertThat(waitFor(By.id("erro-date_from")).getText()).isEqualTo("Informe a data como dd/mm/aaaa.");
		browser.findElement(By.id("date_from")).clear();
		browser.findElement(By.id("date_from")).sendKeys("03/03/2026");
		browser.findElement(By.cssSelector(".filtros button")).click();
		String filtered = textOnceItShows(browser, By.cssSelector("#transacoes tbody"), "10/03/2026", "02/03/2026");
		assertThat(filtered).contains("10/03/2026", "05/03/2026").doesNotContain("02/03/2026");
	}

}
