package br.suite.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;

import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

import tools.jackson.databind.JsonNode;

import br.suite.Api;

/**
 * Customers: edit with the service's errors at the fields, delete after confirming, and
 * its refusals.
 */
class CustomerEditBrowserTests extends BrowserTest {

	@Test
	void editsACustomerAndRefusesAStaleForm() {
		String nome = unique("Farmácia Saúde");
		long id = this.api.post("/api/clientes/", json("nome", nome, "email", "contato@farmacia.com.br")).id();
		Person office = person(false, "Clara Neves", "customers.clientes.view", "customers.clientes.change");
		WebDriver browser = browser();
		signIn(office.username(), office.password());
		browser.get(url("/app/customers/" + id + "/"));
		waitFor(By.id("editar")).click();
		assertThat(waitFor(By.id("email")).getDomProperty("value")).isEqualTo("contato@farmacia.com.br");
		browser.findElement(By.id("telefone")).sendKeys("12");
		browser.findElement(By.cssSelector("main form button[type=submit]")).click();
		assertThat(waitFor(By.id("erro-telefone")).getText())
			.isEqualTo("Informe um telefone com DDD, ou + e o código do país.");
		assertThat(this.api.get("/api/clientes/" + id + "/").json().get("telefone").asString()).isEmpty();

		browser.findElement(By.id("telefone")).clear();
		browser.findElement(By.id("telefone")).sendKeys("(21) 3333-4444");
		browser.findElement(By.id("email")).clear();
		browser.findElement(By.id("email")).sendKeys("compras@farmacia.com.br");
		browser.findElement(By.cssSelector("main form button[type=submit]")).click();
		assertThat(waitFor(By.cssSelector("[role=status]")).getText()).isEqualTo("Cliente “" + nome + "” alterado.");
		JsonNode stored = this.api.get("/api/clientes/" + id + "/").json();
		assertThat(stored.get("email").asString()).isEqualTo("compras@farmacia.com.br");
		assertThat(stored.get("telefone").asString()).isEqualTo("+552133334444");
		assertThat(stored.get("ativo").asBoolean()).isTrue();

		browser.findElement(By.id("editar")).click();
		waitFor(By.id("nome"));
		assertThat(this.api.patch("/api/clientes/" + id + "/", json("email", "outro@farmacia.com.br")).status())
			.isEqualTo(200);
		browser.findElement(By.id("nome")).clear();
		browser.findElement(By.id("nome")).sendKeys(nome + " Ltda");
		browser.findElement(By.cssSelector("main form button[type=submit]")).click();
		assertThat(waitFor(By.cssSelector("[role=alert]")).getText())
			.contains("foi alterado por outra pessoa depois que você o abriu");
		assertThat(this.api.get("/api/clientes/" + id + "/").json().get("nome").asString()).isEqualTo(nome);
	}

	@Test
	void deletesAfterConfirmingAndShowsWhyAReferencedCustomerIsKept() {
		String kept = unique("Construtora Alicerce");
		long referenced = this.api.post("/api/clientes/", json("nome", kept)).id();
		Api.Response fins = this.api.post("/api/fins/", json("cliente", referenced, "titulo", "Vistoria anual"));
		assertThat(fins.status()).as(fins.toString()).isEqualTo(201);
		String gone = unique("Bazar Estrela");
		long free = this.api.post("/api/clientes/", json("nome", gone)).id();

		Person office = person(false, "Mauro Sales", "customers.clientes.view", "customers.clientes.change");
		WebDriver browser = browser();
		signIn(office.username(), office.password());
		browser.get(url("/app/customers/" + referenced + "/"));
		waitFor(By.id("excluir")).click();
		assertThat(wait(browser).until(ExpectedConditions.alertIsPresent()).getText())
			.isEqualTo("Excluir o cliente “" + kept + "”? Isto não pode ser desfeito.");
		browser.switchTo().alert().accept();
		assertThat(waitFor(By.id("recusa")).getText()).isEqualTo(
				"Este cliente não pode ser excluído: há registros (fins) ligados a ele. Desative-o em vez de excluí-lo.");
		assertThat(this.api.get("/api/clientes/" + referenced + "/").status()).isEqualTo(200);
		screenshot(browser, "refused");

		// Deactivated instead, as the refusal advises.
		browser.findElement(By.id("editar")).click();
		waitFor(By.id("ativo")).click();
		browser.findElement(By.cssSelector("main form button[type=submit]")).click();
		assertThat(waitFor(By.id("cliente-situacao")).getText()).isEqualTo("Inativo");
		assertThat(this.api.get("/api/clientes/" + referenced + "/").json().get("ativo").asBoolean()).isFalse();

		browser.get(url("/app/customers/" + free + "/"));
		waitFor(By.id("excluir")).click();
		wait(browser).until(ExpectedConditions.alertIsPresent()).dismiss();
		assertThat(this.api.get("/api/clientes/" + free + "/").status()).as("dismissed: kept").isEqualTo(200);
		browser.findElement(By.id("excluir")).click();
		wait(browser).until(ExpectedConditions.alertIsPresent()).accept();
		assertThat(waitFor(By.cssSelector("[role=status]")).getText()).isEqualTo("Cliente “" + gone + "” excluído.");
		assertThat(this.api.get("/api/clientes/" + free + "/").status()).isEqualTo(404);
	}

	@Test
	void whoMayOnlyReadCannotEditNorDelete() throws Exception {
		long id = this.api.post("/api/clientes/", json("nome", unique("Livraria Página"))).id();
		Person reader = person(false, "Hugo Barros", "customers.clientes.view");
		WebDriver browser = browser();
		signIn(reader.username(), reader.password());
		browser.get(url("/app/customers/" + id + "/"));
		waitFor(By.id("cliente-documento"));
		assertThat(browser.findElements(By.id("editar"))).isEmpty();
		assertThat(browser.findElements(By.id("excluir"))).isEmpty();
		PageSession session = new PageSession(this.api.base(), browser);
		assertThat(session.get("/app/customers/" + id + "/edit").statusCode()).isEqualTo(403);
		assertThat(session.post("/app/customers/" + id + "/edit", "nome", "Outro nome").statusCode()).isEqualTo(403);
		assertThat(session.post("/app/customers/" + id + "/delete").statusCode()).isEqualTo(403);
		assertThat(this.api.get("/api/clientes/" + id + "/").json().get("nome").asString())
			.startsWith("Livraria Página");
	}

	private static WebDriverWait wait(WebDriver browser) {
		return waiting(browser, Duration.ofSeconds(10));
	}

}
