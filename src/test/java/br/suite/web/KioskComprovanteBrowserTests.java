package br.suite.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebDriver;

import br.suite.Api;

/**
 * The kiosk's comprovante: offered as a PDF right after the punch, to the tablet session
 * that registered it and only for a short window (5 minutes; the test closes it by
 * shortening the window on the running service instead of waiting), never to another
 * session, and never for a punch the kiosk did not register.
 */
class KioskComprovanteBrowserTests extends BrowserTest {

	@Test
	void offersThePunchsComprovanteToThisTabletForAFewMinutesOnly() throws Exception {
		Person kiosk = person(false, "Quiosque Comprovante", "timeclock.punches.register");
		Api.Response role = this.api.post("/api/access/roles/",
				json("name", unique("empregado"), "permissions", List.of()));
		String name = "Tereza Comprovante " + unique("t");
		Api.Response tereza = this.api.post("/api/access/users/",
				json("username", unique("tereza"), "full_name", name, "is_employee", true, "role_id", role.id()));
		WebDriver tablet = open(768, 1024, "--deny-permission-prompts");
		signIn(tablet, kiosk.username(), kiosk.password());
		waitFor(tablet, By.id("sem-camera"));
		var field = waitFor(tablet, By.id("identifier"));
		field.sendKeys(Long.toString(tereza.id()));
		tablet.findElement(By.cssSelector("#identificacao button")).click();
		waitFor(tablet, By.id("nome-empregado"));
		tablet.findElement(By.id("registrar")).click();
		waitFor(tablet, By.id("resultado-titulo"));
		long nsr = Long.parseLong(tablet.findElement(By.id("resultado-nsr")).getText());
		String link = waitFor(tablet, By.id("baixar-comprovante")).getDomAttribute("href");
		assertThat(link).matches("/kiosk/comprovante/\\d+");
		screenshot(tablet, "result");
		long punchId = Long.parseLong(link.substring(link.lastIndexOf('/') + 1));
		assertThat(this.api.get("/api/timeclock/punches/" + punchId + "/").json().get("nsr").asLong()).isEqualTo(nsr);

		PageClient thisTablet = PageClient.withSession(this.api.base(),
				tablet.manage().getCookieNamed("JSESSIONID").getValue());
		HttpResponse<byte[]> pdf = thisTablet.bytes(link);
		assertThat(pdf.statusCode()).isEqualTo(200);
		assertThat(pdf.headers().firstValue("Content-Type").orElse("")).startsWith("application/pdf");
		assertThat(pdf.headers().firstValue("Content-Disposition").orElse("")).contains("attachment", ".pdf");
		assertThat(new String(pdf.body(), 0, 5, StandardCharsets.ISO_8859_1)).isEqualTo("%PDF-");
		// The same document the API gives HR for that punch.
		Api.Response fromApi = this.api.get("/api/timeclock/punches/" + punchId + "/comprovante/");
		assertThat(fromApi.status()).isEqualTo(200);

		// Another session of the same kiosk account, or a punch this tablet did not
		// register: nothing.
		PageClient otherTablet = new PageClient(this.api.base());
		otherTablet.signIn(kiosk.username(), kiosk.password());
		assertThat(otherTablet.get("/kiosk/").statusCode()).isEqualTo(200);
		assertThat(otherTablet.bytes(link).statusCode()).isEqualTo(404);
		Api.Response elsewhere = this.api.post("/api/timeclock/punch/register/",
				json("event_type", "saida", "employee_id", tereza.id(), "source", "other"));
		assertThat(elsewhere.status()).isEqualTo(201);
		assertThat(thisTablet.bytes("/kiosk/comprovante/" + elsewhere.id()).statusCode()).isEqualTo(404);
		// Without the kiosk permission the route is refused outright.
		Person clerk = person(false, "Clara Sem Quiosque", "timeclock.punches.view");
		PageClient clerkPages = new PageClient(this.api.base());
		clerkPages.signIn(clerk.username(), clerk.password());
		assertThat(clerkPages.bytes(link).statusCode()).isEqualTo(403);

		// Once the window has passed (shortened here to a millisecond: the punch is
		// older),
		// not even this tablet gets it.
		settingsNow().field("br.suite.timeclock.ledger.KioskPages", "comprovanteWindow", Duration.ofMillis(1));
		assertThat(thisTablet.bytes(link).statusCode()).isEqualTo(404);
	}

}
