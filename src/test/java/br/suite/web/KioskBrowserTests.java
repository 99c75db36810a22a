package br.suite.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Base64;

import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.WebDriver;

import br.suite.Api;
import br.suite.timeclock.FacePhotos;
import tools.jackson.databind.JsonNode;

/**
 * The punch kiosk on a 768×1024 tablet, with Chromium's fake camera showing a real face
 * photo.
 */
class KioskBrowserTests extends BrowserTest {

	@Test
	void registersPunchesWithTheCameraAndFlagsAFaceThatDoesNotMatch() {
		Person maria = person(true, "Maria Oliveira");
		enrol(maria, FacePhotos.enrolment());
		Person joana = person(true, "Joana Pereira");
		enrol(joana, FacePhotos.otherPerson());
		Person kiosk = person(false, "Quiosque Portaria", "timeclock.punches.register");

		Path video = FakeCamera.y4m(FacePhotos.samePerson(), "maria");
		WebDriver tablet = open(768, 1024, "--use-fake-ui-for-media-stream", "--use-fake-device-for-media-stream",
				"--use-file-for-fake-video-capture=" + video);
		signIn(tablet, kiosk.username(), kiosk.password());
		waitFor(tablet, By.cssSelector("video[data-ready=true]"));

		identify(tablet, "nobody-" + maria.username());
		assertThat(waitFor(tablet, By.cssSelector("#confirmacao [role=alert]")).getText())
			.startsWith("Nenhum empregado ativo encontrado");

		identify(tablet, maria.username());
		assertThat(waitFor(tablet, By.id("nome-empregado")).getText()).isEqualTo("Maria Oliveira");
		tablet.findElement(By.cssSelector("label.evento:has(#evento-entrada)")).click();
		assertThat(tablet.findElement(By.id("identificacao")).isDisplayed()).isFalse();
		screenshot(tablet, "confirm");
		tablet.findElement(By.id("registrar")).click();
		assertThat(waitFor(tablet, By.id("resultado-titulo")).getText()).isEqualTo("Ponto registrado");
		long nsr = Long.parseLong(tablet.findElement(By.id("resultado-nsr")).getText());
		String hash = tablet.findElement(By.id("resultado-hash")).getText();
		assertThat(tablet.findElement(By.id("resultado-hora")).getText())
			.matches("\\d{2}/\\d{2}/\\d{4} \\d{2}:\\d{2}:\\d{2}");
		screenshot(tablet, "match");

		JsonNode punch = punchOf(maria);
		assertThat(punch.get("nsr").asLong()).isEqualTo(nsr);
		assertThat(punch.get("hash").asString()).isEqualTo(hash);
		assertThat(punch.get("event_type").asString()).isEqualTo("entrada");
		assertThat(punch.get("source").asString()).isEqualTo("device");
		assertThat(punch.get("recognition_ok").asBoolean()).isTrue();
		assertThat(punch.get("needs_review").asBoolean()).isFalse();

		// The same face at the kiosk, but Joana's enrolled photo is another woman:
		// recorded, for review.
		tablet.findElement(By.id("novo-registro")).click();
		identify(tablet, Long.toString(joana.id()));
		assertThat(waitFor(tablet, By.id("nome-empregado")).getText()).isEqualTo("Joana Pereira");
		tablet.findElement(By.cssSelector("label.evento:has(#evento-saida)")).click();
		tablet.findElement(By.id("registrar")).click();
		assertThat(waitFor(tablet, By.id("resultado-titulo")).getText())
			.isEqualTo("Ponto registrado — será revisado pelo RH");
		screenshot(tablet, "review");
		JsonNode flagged = punchOf(joana);
		assertThat(flagged.get("event_type").asString()).isEqualTo("saida");
		assertThat(flagged.get("recognition_reason").asString()).isEqualTo("mismatch");
		assertThat(flagged.get("needs_review").asBoolean()).isTrue();
		assertThat(flagged.get("nsr").asLong()).isEqualTo(nsr + 1);

		// HR sees it waiting on the dashboard and in the review queue.
		Person hr = person(false, "Sandra RH", "timeclock.punches.view");
		signIn(hr.username(), hr.password());
		long waiting = this.api.get("/api/timeclock/punches/?needs_review=true&limit=1")
			.header("X-Total-Count")
			.map(Long::parseLong)
			.orElseThrow();
		assertThat(waitFor(By.id("contagem-ponto")).getText()).isEqualTo(Long.toString(waiting));
		browser().findElement(By.linkText("Abrir lista")).click();
		String queue = waitFor(By.cssSelector("#registros tbody")).getText();
		assertThat(queue).contains("Joana Pereira", "Saída", "Rosto não confere").doesNotContain("Maria Oliveira");
		screenshot(browser(), "review-queue");
	}

	@Test
	void registersWithoutACameraAndFlagsThePunch() {
		Person pedro = person(true, "Pedro Santos");
		enrol(pedro, FacePhotos.enrolment());
		Person kiosk = person(false, "Quiosque Sem Câmera", "timeclock.punches.register");
		WebDriver tablet = open(768, 1024, "--deny-permission-prompts");
		signIn(tablet, kiosk.username(), kiosk.password());
		assertThat(waitFor(tablet, By.id("sem-camera")).getText())
			.isEqualTo("Câmera indisponível: o ponto será registrado e revisado pelo RH.");
		identify(tablet, pedro.username());
		waitFor(tablet, By.id("nome-empregado"));
		tablet.findElement(By.id("registrar")).click();
		assertThat(waitFor(tablet, By.id("resultado-titulo")).getText())
			.isEqualTo("Ponto registrado — será revisado pelo RH");
		screenshot(tablet, "no-camera");
		JsonNode punch = punchOf(pedro);
		assertThat(punch.get("recognition_reason").asString()).isEqualTo("no_face");
		assertThat(punch.get("needs_review").asBoolean()).isTrue();

		// The result stays for the next person 30 s, the last 20 s with a warning that
		// can keep it; here shortened (the page reads its times when the result shows).
		tablet.findElement(By.id("novo-registro")).click();
		identify(tablet, pedro.username());
		waitFor(tablet, By.id("nome-empregado"));
		((JavascriptExecutor) tablet)
			.executeScript("document.body.dataset.resetSeconds = '4'; document.body.dataset.warnSeconds = '3';");
		tablet.findElement(By.id("registrar")).click();
		assertThat(waitFor(tablet, By.id("aviso-reinicio")).getText()).startsWith("A tela volta ao início em");
		tablet.findElement(By.id("continuar-tela")).click();
		assertThat(tablet.findElements(By.id("aviso-reinicio"))).isEmpty();
		assertThat(waitFor(tablet, By.id("aviso-reinicio")).isDisplayed()).isTrue();
		assertThat(tablet.findElement(By.id("resultado-titulo")).isDisplayed()).isTrue();
		waiting(tablet, Duration.ofSeconds(10)).until(t -> t.findElements(By.id("resultado-titulo")).isEmpty());
		assertThat(tablet.findElement(By.id("identificacao")).isDisplayed()).isTrue();
		PageChecks.assertAccessible(tablet);
	}

	private static void identify(WebDriver tablet, String identifier) {
		var field = waitFor(tablet, By.id("identifier"));
		field.clear();
		field.sendKeys(identifier);
		String before = tablet.findElement(By.id("confirmacao")).getDomProperty("innerHTML");
		tablet.findElement(By.cssSelector("#identificacao button")).click();
		waiting(tablet, Duration.ofSeconds(10))
			.until(t -> !t.findElement(By.id("confirmacao")).getDomProperty("innerHTML").equals(before)
					|| t.findElement(By.id("confirmacao")).getDomProperty("innerHTML").contains(identifier));
	}

	private void enrol(Person person, byte[] photo) {
		Api.Response enrolled = this.api.put("/api/access/users/" + person.id() + "/photo/",
				json("photo_base64", Base64.getEncoder().encodeToString(photo)));
		assertThat(enrolled.status()).isEqualTo(200);
	}

	private JsonNode punchOf(Person person) {
		Api.Response punches = this.api.get("/api/timeclock/punches/?employee_id=" + person.id());
		assertThat(punches.status()).isEqualTo(200);
		JsonNode list = punches.json();
		assertThat(list.size()).isEqualTo(1);
		return list.get(0);
	}

}
