package br.suite.finance;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Base64;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.WebDriver;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;

import br.suite.Api.Response;
import br.suite.TestSettings;
import br.suite.web.BrowserTest;
import tools.jackson.databind.JsonNode;

import static br.suite.finance.FinanceFixtures.provider;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The Pix pages against {@link FakePsp} over real mutual TLS: a connection's credentials
 * form (write-only secrets) → test → sync; a charge's page → Pix at the provider → QR,
 * copia-e-cola and payment link → the public payment page on a phone, without signing in.
 * The shared context, with the same settings switched on as {@link PixProviderApiTests}.
 */
class PixBrowserTests extends BrowserTest {

	@Override
	protected void settings(TestSettings settings) {
		PixTestSettings.apply(settings);
	}

	@Autowired
	JdbcClient jdbc;

	FakePsp psp;

	@BeforeEach
	void startPsp() throws Exception {
		this.psp = new FakePsp();
	}

	@AfterEach
	void stopPsp() {
		this.psp.close();
	}

	/** The QR code image's natural width once it has loaded (0 if it never does). */
	static long imageWidth(WebDriver browser) throws InterruptedException {
		for (int i = 0; i < 50; i++) {
			Object width = ((JavascriptExecutor) browser).executeScript(
					"var i = document.getElementById('qrcode'); return i && i.complete ? i.naturalWidth : -1");
			if (width instanceof Long value && value >= 0) {
				return value;
			}
			Thread.sleep(100);
		}
		return 0;
	}

	@Test
	void credentialsFormThenTestThenSyncThenAChargesQrCodeAndThePublicPageOnAPhone() throws Exception {
		String code = provider();
		Response created = this.api.post("/api/finance/connections/", json("provider", code, "account_id", "conta-1"));
		long connection = created.id();
		for (int i = 0; i < 3; i++) {
			this.psp.addPix(PixProviderApiTests.e2e(800 + i), "", "15.00", Instant.now().minusSeconds(600 + i));
		}
		Person treasurer = person(false, "Tânia Reis", "finance.connections.view", "finance.connections.change",
				"finance.connections.credentials", "finance.sync_logs.view", "finance.charges.view",
				"finance.charges.change");
		WebDriver browser = browser();
		signIn(treasurer.username(), treasurer.password());
		browser.get(url("/app/connections/" + connection + "/"));
		assertThat(waitFor(By.id("sem-credenciais")).getText()).contains("Nenhuma credencial");

		// A URL to a private address is refused, in Portuguese, at its field.
		waitFor(By.id("base_url")).sendKeys("https://10.0.0.1/v2");
		browser.findElement(By.id("token_url")).sendKeys(this.psp.tokenUrl());
		browser.findElement(By.id("client_id")).sendKeys(FakePsp.CLIENT_ID);
		((JavascriptExecutor) browser).executeScript("document.getElementById('form-credenciais').noValidate = true");
		browser.findElement(By.id("salvar-credenciais")).click();
		assertThat(textOnceItShows(browser, By.id("erro-base_url"), "endereço https")).contains("endereço https");
		assertThat(this.api.get("/api/finance/connections/" + connection + "/credentials/").status()).isEqualTo(404);

		Path p12 = Files.createTempFile("cliente", ".p12");
		Files.write(p12, Base64.getDecoder().decode(this.psp.client.p12Base64("")));
		browser.findElement(By.id("base_url")).clear();
		browser.findElement(By.id("base_url")).sendKeys(this.psp.baseUrl());
		browser.findElement(By.id("client_id")).sendKeys(FakePsp.CLIENT_ID);
		browser.findElement(By.id("client_secret")).sendKeys(FakePsp.CLIENT_SECRET);
		browser.findElement(By.id("certificate_p12")).sendKeys(p12.toAbsolutePath().toString());
		browser.findElement(By.id("pix_key")).sendKeys("11222333000181");
		((JavascriptExecutor) browser).executeScript(
				"document.querySelectorAll('details').forEach(d => d.open = true);"
						+ "document.getElementById('server_ca_pem').value = arguments[0];",
				this.psp.ca.certificatePem());
		browser.findElement(By.id("salvar-credenciais")).click();
		assertThat(textOnceItShows(browser, By.id("resultado"), "Credenciais salvas")).contains("Credenciais salvas");
		assertThat(browser.findElement(By.id("client-secret-definido")).getText()).isEqualTo("definido");
		assertThat(browser.findElement(By.id("validade")).getText()).isNotBlank();
		assertThat(browser.findElements(By.id("aviso-certificado"))).as("300 days left: no warning").isEmpty();
		assertThat(browser.getPageSource()).as("secrets are never shown back")
			.doesNotContain(FakePsp.CLIENT_SECRET)
			.doesNotContain(FakePsp.CLIENT_ID);

		// Saved again with the secrets left blank: they are kept (the test below proves
		// it).
		org.openqa.selenium.WebElement before = browser.findElement(By.id("resultado"));
		browser.findElement(By.id("salvar-credenciais")).click();
		waiting(browser, java.time.Duration.ofSeconds(20))
			.until(org.openqa.selenium.support.ui.ExpectedConditions.stalenessOf(before));
		assertThat(textOnceItShows(browser, By.id("resultado"), "Credenciais salvas")).contains("Credenciais salvas");

		browser.findElement(By.id("testar")).click();
		assertThat(textOnceItShows(browser, By.id("resultado"), "Conexão testada")).contains("Conexão testada");
		assertThat(browser.findElement(By.id("situacao")).getText()).isEqualTo("Ativa");
		browser.findElement(By.id("sincronizar")).click();
		assertThat(textOnceItShows(browser, By.id("resultado"), "Sincronização")).isEqualTo("Sincronização concluída.");
		assertThat(browser.findElement(By.cssSelector("#sincronizacoes tbody tr td:nth-child(4)")).getText())
			.isEqualTo("3");
		browser.findElement(By.id("registrar-webhook")).click();
		assertThat(textOnceItShows(browser, By.id("resultado"), "Webhook"))
			.isEqualTo("Webhook registrado no provedor.");
		assertThat(browser.findElement(By.id("webhook")).getText()).isEqualTo("Sim");
		assertThat(this.psp.webhookUrl).startsWith(PixProviderApiTests.PUBLIC + "/api/finance/pix-webhooks/");
		screenshot();

		// A charge: created at the provider from its page, with QR code, copia e cola
		// and link.
		Response charge = this.api.post("/api/finance/charges/",
				"{\"kind\":\"pix\",\"amount\":\"64.90\",\"description\":\"Aula de violão\"}");
		this.jdbc.sql("UPDATE finance_connection SET enabled = false WHERE id <> ?").param(connection).update();
		browser.get(url("/app/charges/" + charge.id() + "/"));
		waitFor(By.id("gerar-pix")).click();
		assertThat(waitFor(By.id("pix-resultado")).getText()).isEqualTo("Cobrança Pix registrada no provedor.");
		JsonNode read = this.api.get("/api/finance/charges/" + charge.id() + "/").json();
		String copia = read.get("pix_copia_e_cola").asString();
		assertThat(copia).isNotEmpty();
		assertThat(browser.findElement(By.id("copia-e-cola")).getDomProperty("value")).isEqualTo(copia);
		assertThat(browser.findElement(By.id("link-pagamento")).getDomProperty("value"))
			.isEqualTo(read.get("payment_url").asString());
		assertThat(imageWidth(browser)).as("the QR code loads").isEqualTo(400L);

		// The public page, on a phone, signed in as nobody.
		String path = read.get("payment_url").asString().replace(PixProviderApiTests.PUBLIC, "");
		WebDriver phone = open(375, 740);
		phone.get(url(path));
		assertThat(waitFor(phone, By.id("valor")).getText()).isEqualTo("R$ 64,90");
		assertThat(phone.findElement(By.id("situacao")).getText()).isEqualTo("Em aberto");
		assertThat(phone.findElement(By.id("descricao")).getText()).isEqualTo("Aula de violão");
		assertThat(phone.findElement(By.id("copia-e-cola")).getDomProperty("value")).isEqualTo(copia);
		assertThat(((JavascriptExecutor) phone)
			.executeScript("return document.documentElement.scrollWidth <= window.innerWidth")).isEqualTo(true);
		assertThat(imageWidth(phone)).as("the QR code loads without signing in").isEqualTo(400L);
		phone.findElement(By.id("copiar")).click();
		assertThat(textOnceItShows(phone, By.id("copiar"), "Código copiado")).isEqualTo("Código copiado");
		assertThat(phone.getPageSource()).doesNotContain(read.get("txid").asString());
		screenshot(phone, "pagar");

		// Paid: the page says so.
		this.psp.cobs.payerPays(read.get("txid").asString(), PixProviderApiTests.e2e(899), PixProviderApiTests.PUBLIC,
				this.api.base());
		for (int i = 0; i < 150 && !"paid"
			.equals(this.api.get("/api/finance/charges/" + charge.id() + "/").json().get("status").asString()); i++) {
			Thread.sleep(200);
		}
		phone.navigate().refresh();
		assertThat(waitFor(phone, By.id("situacao")).getText()).isEqualTo("Pago");
		assertThat(phone.findElements(By.id("copia-e-cola"))).isEmpty();

		// An unknown token: 404, nothing shown.
		phone.get(url("/pagar/" + "0".repeat(64)));
		assertThat(phone.getPageSource()).doesNotContain("R$");
	}

}
