package br.suite.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebDriver;

import br.suite.bills.Bills;
import br.suite.bills.TestNfe;
import tools.jackson.databind.JsonNode;

/**
 * "Importar XML da NF-e" in the browser: from Contas a pagar, a tampered XML refused in
 * Portuguese, then the signed one becomes a bill whose page opens.
 */
class NfeImportBrowserTests extends BrowserTest {

	@Test
	void uploadsASignedNfeAndLandsOnItsBill() throws Exception {
		String company = Bills.cnpj();
		assertThat(this.api
			.post("/api/timeclock/establishments/", json("name", unique("Matriz NF-e"), "employer_document", company))
			.status()).isEqualTo(201);
		TestNfe nfe = TestNfe.to(company)
			.total("300.00")
			.dup("001", "2027-04-05", "100.00")
			.dup("002", "2027-05-05", "200.00");
		String signed = nfe.signedText();
		Path tampered = Files.createTempFile("nfe-alterada", ".xml");
		Files.writeString(tampered, signed.replace("<vNF>300.00</vNF>", "<vNF>30.00</vNF>"));
		Path good = Files.createTempFile("nfe", ".xml");
		Files.writeString(good, signed);
		try {
			Person clerk = person(false, "Rui Notas", "finance.bills.view", "finance.bills.change",
					"customers.fornecedores.view");
			WebDriver browser = browser();
			signIn(clerk.username(), clerk.password());
			waitFor(By.linkText("Contas a pagar")).click();
			waitFor(By.id("importar-nfe")).click();
			assertThat(waitFor(By.tagName("h1")).getText()).isEqualTo("Importar XML da NF-e");

			browser.findElement(By.id("xml")).sendKeys(tampered.toAbsolutePath().toString());
			browser.findElement(By.id("importar")).click();
			assertThat(waitFor(By.id("erro-xml")).getText()).startsWith("A assinatura digital da NF-e não confere");
			assertThat(this.api.get("/api/finance/bills/?q=" + nfe.number()).json()).isEmpty();

			browser.findElement(By.id("xml")).sendKeys(good.toAbsolutePath().toString());
			browser.findElement(By.id("importar")).click();
			assertThat(waitFor(By.cssSelector("[role=status]")).getText()).contains("lançada");
			assertThat(browser.getCurrentUrl()).matches(".*/app/bills/\\d+/?$");
			assertThat(browser.findElement(By.id("conta-parte")).getText()).isEqualTo(nfe.emitName());
			assertThat(browser.findElement(By.id("conta-total")).getText()).isEqualTo("R$ 300,00");
			assertThat(browser.findElement(By.id("sem-categoria")).getText()).contains("sem categoria");
			long id = Long.parseLong(browser.getCurrentUrl().replaceAll(".*/app/bills/(\\d+)/?$", "$1"));
			JsonNode bill = this.api.get("/api/finance/bills/" + id + "/").json();
			assertThat(bill.get("nfe_access_key").asString()).isEqualTo(nfe.key());
			assertThat(Bills.texts(bill.get("installments"), "amount")).containsExactly("100.00", "200.00");

			// The same XML again: refused, with the way to the bill it became.
			waitFor(By.linkText("Contas a pagar")).click();
			waitFor(By.id("importar-nfe")).click();
			waitFor(By.id("xml")).sendKeys(good.toAbsolutePath().toString());
			browser.findElement(By.id("importar")).click();
			assertThat(waitFor(By.id("resumo-erros")).getText()).contains("já foi importada");
			assertThat(browser.findElement(By.id("conta-existente")).getDomAttribute("href"))
				.endsWith("/app/bills/" + id + "/");
		}
		finally {
			Files.deleteIfExists(tampered);
			Files.deleteIfExists(good);
		}
	}

}
