package br.suite.web;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.support.ui.Select;

import tools.jackson.databind.JsonNode;

/**
 * Roles and users in the back office: a kiosk role and account made by hand, and the
 * refusals shown at the field.
 */
class AccessBrowserTests extends BrowserTest {

	@Test
	void createsAKioskRoleAndUserWhoThenSignsInToTheKiosk() {
		Person manager = person(false, "Rita Gomes", "access.roles.view", "access.roles.change", "access.users.view",
				"access.users.change", "timeclock.punches.register", "timeclock.punches.view");
		WebDriver browser = browser();
		signIn(manager.username(), manager.password());
		waitFor(By.linkText("Perfis")).click();
		waitFor(By.linkText("Novo perfil")).click();

		// Anti-escalation: approving documents is not Rita's to grant; the refusal sits
		// at the permissions.
		String refused = unique("Aprovadores");
		waitFor(By.id("name")).sendKeys(refused);
		// What each permission allows, in Portuguese (the API's catalogue keeps English).
		assertThat(browser.findElement(By.cssSelector("label[for='perm-processdocs.documents.approve']")).getText())
			.isEqualTo("processdocs.documents.approve — Aprovar documentos de processo");
		browser.findElement(By.id("perm-processdocs.documents.approve")).click();
		browser.findElement(By.cssSelector("main form button[type=submit]")).click();
		assertThat(waitFor(By.id("erro-permissions")).getText())
			.isEqualTo("Você não pode conceder permissões que você mesmo não tem.");
		assertThat(browser.findElement(By.id("name")).getDomProperty("value")).isEqualTo(refused);
		assertThat(this.api.get("/api/access/roles/").body()).doesNotContain(refused);
		((org.openqa.selenium.JavascriptExecutor) browser).executeScript("window.scrollTo(0, 0)");
		screenshot(browser, "refused");

		browser.findElement(By.id("perm-processdocs.documents.approve")).click();
		String role = unique("Quiosque");
		browser.findElement(By.id("name")).clear();
		browser.findElement(By.id("name")).sendKeys(role);
		browser.findElement(By.id("description")).sendKeys("Tablet da portaria");
		browser.findElement(By.id("perm-timeclock.punches.register")).click();
		screenshot(browser, "role-form");
		browser.findElement(By.cssSelector("main form button[type=submit]")).click();
		assertThat(waitFor(By.cssSelector("[role=status]")).getText()).isEqualTo("Perfil “" + role + "” criado.");
		JsonNode created = roleNamed(role);
		assertThat(created.get("permissions").toString()).isEqualTo("[\"timeclock.punches.register\"]");

		browser.get(url("/app/users/new"));
		String username = unique("portaria");
		waitFor(By.id("username")).sendKeys(manager.username());
		browser.findElement(By.id("full_name")).sendKeys("Tablet Portaria");
		new Select(browser.findElement(By.id("role_id"))).selectByVisibleText(role);
		browser.findElement(By.cssSelector("main form button[type=submit]")).click();
		assertThat(waitFor(By.id("erro-username")).getText()).isEqualTo("Este nome de usuário já está em uso.");

		browser.findElement(By.id("username")).clear();
		browser.findElement(By.id("username")).sendKeys(username);
		browser.findElement(By.cssSelector("main form button[type=submit]")).click();
		String password = waitFor(By.id("senha-temporaria")).getText();
		assertThat(password).isNotBlank();
		screenshot(browser, "user-created");
		JsonNode user = this.api.get("/api/access/users/?q=" + username).json().get(0);
		assertThat(user.get("full_name").asString()).isEqualTo("Tablet Portaria");
		assertThat(user.get("role_id").asLong()).isEqualTo(created.get("id").asLong());

		browser.get(url("/app/users/?q=" + username));
		assertThat(waitFor(By.cssSelector("tbody")).getText()).contains(username, "Tablet Portaria", role, "Ativo");

		waitFor(By.cssSelector(".quem form button")).click();
		signIn(username, password);
		// The temporary password shown once is for choosing the kiosk's own, first.
		waitFor(By.id("current_password")).sendKeys(password);
		browser.findElement(By.id("new_password")).sendKeys("portaria da matriz 2026");
		browser.findElement(By.id("new_password_again")).sendKeys("portaria da matriz 2026");
		browser.findElement(By.cssSelector("main form button[type=submit]")).click();
		waitFor(By.cssSelector("[role=status]"));
		browser.get(url("/kiosk/"));
		waitFor(By.id("identifier"));
		assertThat(browser.getCurrentUrl()).endsWith("/kiosk/");
	}

	private JsonNode roleNamed(String name) {
		for (JsonNode role : this.api.get("/api/access/roles/").json()) {
			if (role.get("name").asString().equals(name)) {
				return role;
			}
		}
		throw new AssertionError("No role named " + name);
	}

}
