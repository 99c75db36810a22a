package br.suite.web;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;

import tools.jackson.databind.JsonNode;

/**
 * CPF/CNPJ and phone fields are masked as typed, never cut, and the service stores what
 * the mask shows.
 */
class InputMaskBrowserTests extends BrowserTest {

	@Test
	void documentAndPhoneAreMaskedAsTypedAndStoredNormalised() {
		Person office = person(false, "Otávio Reis", "customers.clientes.view", "customers.clientes.change");
		WebDriver browser = browser();
		signIn(office.username(), office.password());
		browser.get(url("/app/customers/new"));
		WebElement documento = waitFor(By.id("documento"));
		WebElement telefone = browser.findElement(By.id("telefone"));

		assertThat(typed(documento, "52998224725")).isEqualTo("529.982.247-25");
		assertThat(typed(documento, "11222333000181")).isEqualTo("11.222.333/0001-81");
		assertThat(typed(documento, "12abc345000195")).isEqualTo("12.ABC.345/0001-95");
		// Longer than a CNPJ: nothing is cut, for the service to name the error.
		assertThat(typed(documento, "1234567890123456").replaceAll("\\D", "")).isEqualTo("1234567890123456");
		assertThat(typed(telefone, "21999998888")).isEqualTo("(21) 99999-8888");
		assertThat(typed(telefone, "2133334444")).isEqualTo("(21) 3333-4444");
		assertThat(typed(telefone, "+55 21 3333-4444")).isEqualTo("+55 21 3333-4444");
		assertThat(typed(telefone, "552133334444").replaceAll("\\D", "")).isEqualTo("552133334444");

		String nome = unique("Oficina Reis");
		String cnpj = CustomerBrowserTests.cnpj();
		browser.findElement(By.id("nome")).sendKeys(nome);
		typed(documento, cnpj);
		typed(telefone, "2133334444");
		browser.findElement(By.cssSelector("main form button[type=submit]")).click();
		assertThat(waitFor(By.cssSelector("[role=status]")).getText()).isEqualTo("Cliente “" + nome + "” criado.");
		JsonNode stored = this.api.get("/api/clientes/?q=" + nome.substring(nome.lastIndexOf('-') + 1)).json().get(0);
		assertThat(stored.get("documento").asString()).isEqualTo(cnpj);
		assertThat(stored.get("telefone").asString()).isEqualTo("+552133334444");
	}

	private static String typed(WebElement field, String keys) {
		field.clear();
		field.sendKeys(keys);
		return field.getDomProperty("value");
	}

}
