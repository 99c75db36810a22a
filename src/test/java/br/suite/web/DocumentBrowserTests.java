package br.suite.web;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebDriver;

import br.suite.Api;
import tools.jackson.databind.JsonNode;

/**
 * Process documents: a form's errors at its fields, and an approval confirmed on its own
 * step.
 */
class DocumentBrowserTests extends BrowserTest {

	@Test
	void approvesADocumentInReviewAfterConfirming() {
		Api.Response created = this.api.post("/api/process-documents/",
				json("title", unique("Recebimento de mercadorias"), "process_area", "Logística", "category",
						"Procedimento", "owner", "Carlos Mendes"));
		assertThat(created.status()).isEqualTo(201);
		long id = created.id();
		String code = created.json().get("code").asString();
		assertThat(this.api.patch("/api/process-documents/" + id + "/", json("status", "in_review")).status())
			.isEqualTo(200);

		Person approver = person(false, "Helena Costa", "processdocs.documents.view", "processdocs.documents.change",
				"processdocs.documents.approve");
		WebDriver browser = browser();
		signIn(approver.username(), approver.password());
		waitFor(By.linkText("Documentos")).click();
		By row = By.id("doc-" + code);
		assertThat(waitFor(row).getText()).contains("Em revisão");
		browser.findElement(row).findElement(By.cssSelector(".mover-approved")).click();

		assertThat(waitFor(By.tagName("main")).getText()).contains("passará de “Em revisão” para “Aprovado”");
		assertThat(this.api.get("/api/process-documents/" + id + "/").json().get("status").asString())
			.as("nothing changes before the confirmation")
			.isEqualTo("in_review");
		screenshot(browser, "confirm");
		browser.findElement(By.id("confirmar")).click();

		assertThat(waitFor(By.id("mudou")).getText()).isEqualTo("Documento " + code + " agora está: Aprovado.");
		assertThat(browser.findElement(row).getText()).contains("Aprovado", "Aprovado por " + approver.username());
		JsonNode document = this.api.get("/api/process-documents/" + id + "/").json();
		assertThat(document.get("status").asString()).isEqualTo("approved");
		assertThat(document.get("approved_by").asString()).isEqualTo(approver.username());
		screenshot(browser, "approved");
	}

	@Test
	void showsTheServicesValidationAtTheFieldsAndHidesApprovalFromWhoMayNotApprove() {
		Person editor = person(false, "Otávio Reis", "processdocs.documents.view", "processdocs.documents.change");
		WebDriver browser = browser();
		signIn(editor.username(), editor.password());
		browser.get(url("/app/documents/new"));
		String tag = unique("inventario");
		String title = "Inventário mensal " + tag;
		waitFor(By.id("title")).sendKeys(title);
		browser.findElement(By.id("process_area")).sendKeys("Estoque");
		browser.findElement(By.id("owner")).sendKeys("Otávio Reis");
		browser.findElement(By.id("review_cycle_days")).clear();
		browser.findElement(By.id("review_cycle_days")).sendKeys("5000");
		// The browser's own checks would stop an empty required field; the service's
		// checks are the point here.
		((org.openqa.selenium.JavascriptExecutor) browser)
			.executeScript("document.querySelector('main form').noValidate = true");
		browser.findElement(By.cssSelector("main form button[type=submit]")).click();
		assertThat(waitFor(By.id("erro-category")).getText()).isNotBlank();
		assertThat(browser.findElement(By.id("erro-review_cycle_days")).getText()).contains("3650");
		assertThat(this.api.get("/api/process-documents/?q=" + tag).json()).isEmpty();

		browser.findElement(By.id("category")).sendKeys("Instrução");
		browser.findElement(By.id("review_cycle_days")).clear();
		browser.findElement(By.id("review_cycle_days")).sendKeys("180");
		browser.findElement(By.cssSelector("main form button[type=submit]")).click();
		assertThat(waitFor(By.cssSelector("[role=status]")).getText()).startsWith("Documento PD-");
		JsonNode listed = this.api.get("/api/process-documents/?q=" + tag).json();
		assertThat(listed).hasSize(1);
		assertThat(listed.get(0).get("review_cycle_days").asInt()).isEqualTo(180);
		String code = listed.get(0).get("code").asString();
		this.api.patch("/api/process-documents/" + listed.get(0).get("id").asLong() + "/", json("status", "in_review"));
		browser.get(url("/app/documents/?q=" + code));
		assertThat(waitFor(By.id("doc-" + code)).findElements(By.cssSelector(".mover-approved"))).isEmpty();
		assertThat(browser.findElement(By.id("doc-" + code)).findElements(By.cssSelector(".mover-draft"))).hasSize(1);
	}

}
