package br.suite.web;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebDriver;

import tools.jackson.databind.JsonNode;

/**
 * Customers and their fins records: create with the service's errors at the fields,
 * search, overdue list.
 */
class CustomerBrowserTests extends BrowserTest {

	@Test
	void createsACustomerAndAnOverdueFinsRecordThatTheDashboardCounts() throws Exception {
		Person office = person(false, "Marta Lopes", "customers.clientes.view", "customers.clientes.change",
				"fins.records.view", "fins.records.change");
		WebDriver browser = browser();
		signIn(office.username(), office.password());
		waitFor(By.linkText("Clientes")).click();
		waitFor(By.linkText("Novo cliente")).click();

		String nome = unique("Padaria Pão de Mel");
		String cnpj = cnpj();
		String masked = cnpj.substring(0, 2) + "." + cnpj.substring(2, 5) + "." + cnpj.substring(5, 8) + "/"
				+ cnpj.substring(8, 12) + "-" + cnpj.substring(12);
		String wrongDigit = masked.substring(0, masked.length() - 1) + (char) ('0' + (cnpj.charAt(13) - '0' + 1) % 10);
		waitFor(By.id("nome")).sendKeys(nome);
		browser.findElement(By.id("documento")).sendKeys(wrongDigit);
		browser.findElement(By.cssSelector("main form button[type=submit]")).click();
		assertThat(waitFor(By.id("erro-documento")).getText())
			.isEqualTo("Informe um CPF ou CNPJ válido (com ou sem pontuação).");
		assertThat(this.api.get("/api/clientes/?q=" + nome.substring(nome.lastIndexOf('-') + 1)).json()).isEmpty();
		// The form binds the API's request and says what its checks found in Portuguese,
		// next to the field (a browser would not send an empty name: HTTP does).
		java.net.http.HttpResponse<String> empty = new PageSession(this.api.base(), browser).post("/app/customers/new",
				"nome", "", "email", "compras@");
		assertThat(empty.statusCode()).isEqualTo(200);
		assertThat(empty.body()).contains("<li>Preencha este campo.</li>", "<li>Informe um e-mail válido.</li>")
			.doesNotContain("must");

		browser.findElement(By.id("documento")).clear();
		browser.findElement(By.id("documento")).sendKeys(masked);
		browser.findElement(By.id("email")).sendKeys("compras@paodemel.com.br");
		browser.findElement(By.cssSelector("main form button[type=submit]")).click();
		assertThat(waitFor(By.cssSelector("[role=status]")).getText()).isEqualTo("Cliente “" + nome + "” criado.");
		assertThat(browser.findElement(By.id("cliente-documento")).getText()).isEqualTo(cnpj);

		waitFor(By.id("titulo")).sendKeys("Renovar contrato de manutenção");
		browser.findElement(By.id("data_limite")).sendKeys("31/02/2026");
		browser.findElement(By.cssSelector("section.cartao button[type=submit]")).click();
		assertThat(waitFor(By.id("erro-data_limite")).getText()).isEqualTo("Informe a data como dd/mm/aaaa.");
		browser.findElement(By.id("data_limite")).clear();
		browser.findElement(By.id("data_limite")).sendKeys("02/01/2026");
		browser.findElement(By.cssSelector("section.cartao button[type=submit]")).click();
		assertThat(waitFor(By.cssSelector("#fins tbody")).getText()).contains("Renovar contrato de manutenção",
				"02/01/2026", "em atraso", "Em aberto");

		JsonNode overdue = this.api.get("/api/fins/?overdue=true&limit=1").json();
		long count = Long
			.parseLong(this.api.get("/api/fins/?overdue=true&limit=1").header("X-Total-Count").orElseThrow());
		assertThat(overdue).isNotEmpty();
		browser.get(url("/app/"));
		assertThat(waitFor(By.id("contagem-fins")).getText()).isEqualTo(Long.toString(count));
		browser.get(url("/app/customers/?q=" + masked.substring(0, 10)));
		assertThat(waitFor(By.cssSelector("#clientes tbody")).getText()).contains(nome);
		screenshot(browser, "search");
	}

	/** A valid CNPJ no other test uses (random base, computed check digits). */
	static String cnpj() {
		StringBuilder digits = new StringBuilder();
		java.util.concurrent.ThreadLocalRandom random = java.util.concurrent.ThreadLocalRandom.current();
		for (int i = 0; i < 12; i++) {
			digits.append(random.nextInt(10));
		}
		digits.append(checkDigit(digits, new int[] { 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2 }));
		digits.append(checkDigit(digits, new int[] { 6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2 }));
		return digits.toString();
	}

	private static int checkDigit(CharSequence digits, int[] weights) {
		int sum = 0;
		for (int i = 0; i < weights.length; i++) {
			sum += (digits.charAt(i) - '0') * weights[i];
		}
		int rest = sum % 11;
		return rest < 2 ? 0 : 11 - rest;
	}

}
