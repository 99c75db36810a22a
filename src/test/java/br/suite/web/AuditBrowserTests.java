package br.suite.web;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebDriver;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;

import br.suite.Api;

/**
 * The audit log page with the API's filters, and the dashboard's counts of credits to
 * reconcile and of failed webhook deliveries, each shown only with its permission.
 */
class AuditBrowserTests extends BrowserTest {

	@Autowired
	JdbcClient jdbc;

	@Test
	void listsAndFiltersTheAuditLog() throws Exception {
		Api clerk = this.api.signedInWith("finance.charges.change");
		String tag = unique("Auditada");
		long charge = clerk.post("/api/finance/charges/", json("kind", "pix", "amount", "150.00", "description", tag))
			.id();
		assertThat(clerk.patch("/api/finance/charges/" + charge + "/", json("amount", "175.50")).status())
			.isEqualTo(200);

		Person auditor = person(false, "Tânia Freitas", "audit.events.view");
		WebDriver browser = browser();
		signIn(auditor.username(), auditor.password());
		waitFor(By.linkText("Auditoria")).click();
		assertThat(waitFor(By.cssSelector(".paginas")).getText()).startsWith("Página 1 de");
		browser.findElement(By.id("resource_type")).sendKeys("charge");
		browser.findElement(By.id("resource_id")).sendKeys(Long.toString(charge));
		browser.findElement(By.cssSelector("form.filtros button[type=submit]")).click();
		String rows = textOnceItShows(browser, By.cssSelector("#auditoria tbody"), "finance.charge.updated");
		assertThat(rows).contains("finance.charge.created", "description: — → " + tag, "amount: 150.00 → 175.50",
				"charge " + charge);
		assertThat(browser.findElements(By.cssSelector("#auditoria tbody tr"))).hasSize(2);
		assertThat(browser.findElement(By.cssSelector("#auditoria tbody tr")).getText()).as("newest first")
			.contains("finance.charge.updated");
		screenshot(browser, "filtered");

		browser.findElement(By.id("action")).sendKeys("finance.charge.created");
		browser.findElement(By.cssSelector("form.filtros button[type=submit]")).click();
		assertThat(textOnceItShows(browser, By.cssSelector("#auditoria tbody"), "finance.charge.created",
				"finance.charge.updated"))
			.isNotNull();
		browser.findElement(By.id("date_from")).sendKeys("31/02/2026");
		browser.findElement(By.cssSelector("form.filtros button[type=submit]")).click();
		assertThat(waitFor(By.id("erro-date_from")).getText()).isEqualTo("Informe a data como dd/mm/aaaa.");

		Person other = person(false, "Rui Matos", "finance.charges.view");
		WebDriver second = open(1280, 900);
		signIn(second, other.username(), other.password());
		waitFor(second, By.tagName("h1"));
		assertThat(second.findElements(By.linkText("Auditoria"))).isEmpty();
		assertThat(new PageSession(this.api.base(), second).get("/app/audit/").statusCode()).isEqualTo(403);
	}

	@Test
	void theDashboardCountsCreditsToReconcileAndLinksToThem() {
		Ledger.credit(this.api, "61.00", "2026-06-01", "Padaria Trigo", CustomerBrowserTests.cnpj(), unique("PIX"));
		Person clerk = person(false, "Nair Costa", "finance.transactions.view");
		WebDriver browser = browser();
		signIn(clerk.username(), clerk.password());
		long before = openCredits();
		assertThat(waitFor(By.id("contagem-conciliar")).getText()).isEqualTo(new Formats().number(before));
		assertThat(browser.findElements(By.id("contagem-webhooks"))).as("needs webhooks.subscriptions.view").isEmpty();

		Ledger.credit(this.api, "62.00", "2026-06-02", "Padaria Trigo", CustomerBrowserTests.cnpj(), unique("PIX"));
		browser.navigate().refresh();
		assertThat(waitFor(By.id("contagem-conciliar")).getText()).isEqualTo(new Formats().number(before + 1));
		browser.findElement(By.id("contagem-conciliar"))
			.findElement(By.xpath(".."))
			.findElement(By.linkText("Abrir lista"))
			.click();
		assertThat(waitFor(By.id("unreconciled")).isSelected()).isTrue();
		assertThat(browser.findElement(By.cssSelector(".paginas")).getText())
			.contains("(" + new Formats().number(before + 1) + " registros)");
	}

	@Test
	void theDashboardCountsFailedWebhookDeliveriesWhichCanBeSentAgain() throws Exception {
		long enabled = subscription(true);
		long disabled = subscription(false);
		long retryable = failedDelivery(enabled, "HTTP 500", 500);
		// last_error as the dispatcher writes it (the API's English); the page words it.
		long stuck = failedDelivery(disabled, "ConnectException: Connection refused", null);
		long withheld = failedDelivery(enabled,
				"withheld: the subscription's owner (user 7) does not hold finance.charges.view", null);

		Person operator = person(false, "Otto Brandão", "webhooks.subscriptions.view", "webhooks.subscriptions.change");
		WebDriver browser = browser();
		signIn(operator.username(), operator.password());
		long failed = failedCount();
		assertThat(waitFor(By.id("contagem-webhooks")).getText()).isEqualTo(new Formats().number(failed));
		assertThat(browser.findElements(By.id("contagem-conciliar"))).as("needs finance.transactions.view").isEmpty();
		browser.findElement(By.id("contagem-webhooks"))
			.findElement(By.xpath(".."))
			.findElement(By.linkText("Abrir lista"))
			.click();
		assertThat(waitFor(By.id("entrega-" + retryable)).getText()).contains("finance.charge.paid", "HTTP 500");
		assertThat(browser.findElement(By.id("entrega-" + stuck)).getText())
			.contains("Falha na conexão com o destino (ConnectException).", "Assinatura desativada")
			.doesNotContain("Connection refused");
		assertThat(browser.findElement(By.id("entrega-" + withheld)).getText())
			.contains("Não enviada: o dono da assinatura (usuário 7) não tem a permissão finance.charges.view.")
			.doesNotContain("withheld");

		browser.findElement(By.cssSelector("#entrega-" + stuck + " button")).click();
		assertThat(waitFor(By.cssSelector("[role=alert]")).getText())
			.contains("A assinatura desta entrega está desativada");
		assertThat(status(stuck)).isEqualTo("failed");

		browser.findElement(By.cssSelector("#entrega-" + retryable + " button")).click();
		assertThat(waitFor(By.cssSelector("[role=status]")).getText())
			.isEqualTo("Entrega " + retryable + " reenviada: voltou para a fila.");
		assertThat(status(retryable)).isEqualTo("pending");
		assertThat(browser.findElements(By.id("entrega-" + retryable))).isEmpty();
		screenshot(browser, "failed");

		Person viewer = person(false, "Lara Dantas", "webhooks.subscriptions.view");
		WebDriver second = open(1280, 900);
		signIn(second, viewer.username(), viewer.password());
		second.get(url("/app/webhooks/failed"));
		assertThat(waitFor(second, By.id("entrega-" + stuck)).findElements(By.tagName("button"))).isEmpty();
		assertThat(new PageSession(this.api.base(), second).post("/app/webhooks/deliveries/" + stuck + "/redeliver")
			.statusCode()).isEqualTo(403);
		assertThat(status(stuck)).isEqualTo("failed");
	}

	private long openCredits() {
		return this.jdbc
			.sql("SELECT count(*) FROM finance_transaction WHERE direction = 'credit' "
					+ "AND status IN ('settled', 'pending') AND amount > allocated_amount")
			.query(Long.class)
			.single();
	}

	private long failedCount() {
		return this.jdbc.sql("SELECT count(*) FROM webhooks_delivery WHERE status = 'failed'")
			.query(Long.class)
			.single();
	}

	private String status(long delivery) {
		return this.jdbc.sql("SELECT status FROM webhooks_delivery WHERE id = ?")
			.param(delivery)
			.query(String.class)
			.single();
	}

	/**
	 * A subscription written straight to the table (the API would resolve its host): to
	 * no event type, so no other test's events reach it.
	 */
	private long subscription(boolean enabled) {
		return this.jdbc.sql("INSERT INTO webhooks_subscription (url, event_types, enabled, description, secret, "
				+ "created_at, updated_at) VALUES (?, '{}', ?, 'web test', 'whsec_dGVzdA==', now(), now()) RETURNING id")
			.params("https://hooks.example.com/" + unique("suite"), enabled)
			.query(Long.class)
			.single();
	}

	/** A delivery as the dispatcher leaves it after its last retry. */
	private long failedDelivery(long subscription, String error, Integer code) {
		return this.jdbc.sql("INSERT INTO webhooks_delivery (message_id, subscription_id, event_type, body, status, "
				+ "attempts, last_response_code, last_error, created_at) VALUES (?, ?, 'finance.charge.paid', '{}', "
				+ "'failed', 11, ?, ?, now()) RETURNING id")
			.params(unique("msg_web"), subscription, code, error)
			.query(Long.class)
			.single();
	}

}
