package br.suite.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.support.ui.Select;

import br.suite.Api;
import tools.jackson.databind.JsonNode;

/**
 * Changing users and roles in the back office: the edit form with the access module's
 * refusals at the field, each destructive action confirmed first, and the same routes
 * refused without the permission.
 */
class PeopleBrowserTests extends BrowserTest {

	@Test
	void editsAUserAndResetsRevokesDeactivatesAndReactivatesWithConfirmation() {
		Person manager = person(false, "Marta Gestora", "access.users.view", "access.users.change",
				"timeclock.punches.register", "timeclock.punches.view");
		Person lucas = person(true, "Lucas", "timeclock.punches.register");
		Api.Response approvers = this.api.post("/api/access/roles/",
				json("name", unique("Aprovadores"), "permissions", List.of("processdocs.documents.approve")));
		String approversName = approvers.json().get("name").asString();
		WebDriver browser = browser();
		signIn(manager.username(), manager.password());
		waitFor(By.linkText("Usuários")).click();
		waitFor(By.id("q")).sendKeys(lucas.username());
		browser.findElement(By.cssSelector("form.filtros button")).click();
		waitFor(By.linkText(lucas.username())).click();
		assertThat(waitFor(By.tagName("h1")).getText()).isEqualTo("Usuário " + lucas.username());

		// A CPF with wrong check digits: refused at the field, nothing saved.
		browser.findElement(By.id("full_name")).clear();
		browser.findElement(By.id("full_name")).sendKeys("Lucas Prado");
		browser.findElement(By.id("cpf")).sendKeys("123.456.789-00");
		browser.findElement(By.cssSelector("#editar-usuario button[type=submit]")).click();
		assertThat(waitFor(By.id("erro-cpf")).getText()).isNotBlank();
		assertThat(browser.findElement(By.id("full_name")).getDomProperty("value")).isEqualTo("Lucas Prado");
		assertThat(user(lucas).get("full_name").asString()).isEqualTo("Lucas");

		// Anti-escalation: a role holding a permission Marta does not hold is refused at
		// the role.
		browser.findElement(By.id("cpf")).clear();
		new Select(browser.findElement(By.id("role_id"))).selectByVisibleText(approversName);
		browser.findElement(By.cssSelector("#editar-usuario button[type=submit]")).click();
		assertThat(waitFor(By.id("erro-role_id")).getText())
			.isEqualTo("Você não pode conceder permissões que você mesmo não tem.");
		assertThat(user(lucas).get("role_id").asLong()).isEqualTo(lucas.roleId());
		screenshot(browser, "refused-role");

		String cpf = PeopleFixtures.cpf();
		new Select(browser.findElement(By.id("role_id"))).selectByValue(Long.toString(lucas.roleId()));
		browser.findElement(By.id("cpf")).clear();
		browser.findElement(By.id("cpf")).sendKeys(PeopleFixtures.masked(cpf));
		new Select(browser.findElement(By.id("establishment_id"))).selectByValue("1");
		browser.findElement(By.cssSelector("#editar-usuario button[type=submit]")).click();
		assertThat(waitFor(By.cssSelector("[role=status]")).getText())
			.isEqualTo("Alterações de " + lucas.username() + " salvas.");
		JsonNode saved = user(lucas);
		assertThat(saved.get("full_name").asString()).isEqualTo("Lucas Prado");
		assertThat(saved.get("cpf").asString()).isEqualTo(cpf);
		assertThat(saved.get("establishment_id").asLong()).isEqualTo(1);
		screenshot(browser, "edit");

		// Ending Lucas's sessions: his API token and his page session stop working at
		// once.
		String token = this.api.token(lucas.username(), lucas.password());
		PageClient lucasPages = new PageClient(this.api.base());
		lucasPages.signIn(lucas.username(), lucas.password());
		assertThat(lucasPages.get("/kiosk/").statusCode()).isEqualTo(200);
		browser.findElement(By.id("encerrar-sessoes")).click();
		assertThat(waitFor(By.id("pergunta")).getText()).startsWith("Encerrar todas as sessões de " + lucas.username());
		// Cancelling changes nothing.
		browser.findElement(By.linkText("Cancelar")).click();
		waitFor(By.id("editar-usuario"));
		assertThat(this.api.as(token).get("/api/auth/tokens/").status()).isEqualTo(200);
		browser.findElement(By.id("encerrar-sessoes")).click();
		waitFor(By.id("confirmar")).click();
		assertThat(waitFor(By.cssSelector("[role=status]")).getText()).isEqualTo("Sessões e tokens de API encerrados.");
		assertThat(this.api.as(token).get("/api/auth/tokens/").status()).isEqualTo(401);
		assertThat(PageClient.location(lucasPages.get("/kiosk/")).orElse("")).endsWith("/login");

		// Resetting the password shows the temporary one once; the old one no longer
		// signs in.
		waitFor(By.id("redefinir-senha")).click();
		waitFor(By.id("confirmar")).click();
		String temporary = waitFor(By.id("senha-temporaria")).getText();
		assertThat(temporary).isNotBlank();
		screenshot(browser, "reset");
		assertThat(signInStatus(lucas.username(), lucas.password())).isEqualTo(401);
		assertThat(signInStatus(lucas.username(), temporary)).isEqualTo(200);

		browser.findElement(By.linkText("Voltar ao usuário")).click();
		waitFor(By.id("desativar")).click();
		assertThat(waitFor(By.id("pergunta")).getText()).startsWith("Desativar " + lucas.username());
		browser.findElement(By.id("confirmar")).click();
		// The state as the page shows it once it has changed: the page before the click
		// still shows the old one for a moment.
		assertThat(textOnceItShows(browser, By.id("situacao"), "Inativo")).isEqualTo("Inativo");
		assertThat(user(lucas).get("status").asString()).isEqualTo("inactive");
		waitFor(By.id("reativar")).click();
		assertThat(textOnceItShows(browser, By.id("situacao"), "Ativo", "Inativo")).isEqualTo("Ativo");
		assertThat(user(lucas).get("status").asString()).isEqualTo("active");
	}

	@Test
	void withoutTheChangePermissionTheUserPagesAreRefusedAndChangeNothing() {
		Person viewer = person(false, "Vera Leitora", "access.users.view");
		Person target = person(true, "Alvo", "timeclock.punches.register");
		PageClient pages = new PageClient(this.api.base());
		pages.signIn(viewer.username(), viewer.password());
		assertThat(pages.get("/app/users/?q=" + target.username()).body()).contains(target.username())
			.doesNotContain("/app/users/" + target.id());
		assertThat(pages.get("/app/users/" + target.id()).statusCode()).isEqualTo(403);
		assertThat(pages.get("/app/users/" + target.id() + "/deactivate").statusCode()).isEqualTo(403);
		assertThat(pages.post("/app/users/" + target.id() + "/deactivate", Map.of()).statusCode()).isEqualTo(403);
		assertThat(pages.post("/app/users/" + target.id() + "/reset-password", Map.of()).statusCode()).isEqualTo(403);
		assertThat(pages
			.post("/app/users/" + target.id(),
					Map.of("full_name", "Mudado", "role_id", Long.toString(target.roleId()), "active", "true"))
			.statusCode()).isEqualTo(403);
		JsonNode unchanged = user(target);
		assertThat(unchanged.get("status").asString()).isEqualTo("active");
		assertThat(unchanged.get("full_name").asString()).isEqualTo("Alvo");
		assertThat(signInStatus(target.username(), target.password())).isEqualTo(200);

		// With the permission, but over a user who can do more: the module's refusal,
		// nothing changed.
		Person clerk = person(false, "Caio Atendente", "access.users.view", "access.users.change");
		PageClient clerkPages = new PageClient(this.api.base());
		clerkPages.signIn(clerk.username(), clerk.password());
		clerkPages.get("/app/users/" + target.id() + "/deactivate");
		String refused = clerkPages.post("/app/users/" + target.id() + "/deactivate", Map.of()).body();
		assertThat(refused)
			.contains("Você não pode alterar este usuário: o perfil dele tem permissões que você não tem.");
		assertThat(user(target).get("status").asString()).isEqualTo("active");
	}

	@Test
	void editsARolesPermissionsAndDeletesOnlyARoleNobodyHolds() {
		Person manager = person(false, "Rui Perfis", "access.roles.view", "access.roles.change", "access.users.view",
				"customers.clientes.view");
		Api.Response created = this.api.post("/api/access/roles/",
				json("name", unique("Atendimento"), "permissions", List.of("access.users.view")));
		long roleId = created.id();
		String roleName = created.json().get("name").asString();
		WebDriver browser = browser();
		signIn(manager.username(), manager.password());
		waitFor(By.linkText("Perfis")).click();
		waitFor(By.linkText(roleName)).click();
		assertThat(waitFor(By.tagName("h1")).getText()).isEqualTo("Perfil " + roleName);
		assertThat(browser.findElement(By.id("perm-access.users.view")).isSelected()).isTrue();

		browser.findElement(By.id("perm-finance.transactions.view")).click();
		browser.findElement(By.cssSelector("main form button[type=submit]")).click();
		assertThat(waitFor(By.id("erro-permissions")).getText())
			.isEqualTo("Você não pode conceder permissões que você mesmo não tem.");
		assertThat(role(roleId).get("permissions").toString()).isEqualTo("[\"access.users.view\"]");
		screenshot(browser, "refused");

		browser.findElement(By.id("perm-finance.transactions.view")).click();
		browser.findElement(By.id("perm-customers.clientes.view")).click();
		browser.findElement(By.cssSelector("main form button[type=submit]")).click();
		assertThat(waitFor(By.cssSelector("[role=status]")).getText()).isEqualTo("Perfil “" + roleName + "” alterado.");
		assertThat(role(roleId).get("permissions").toString())
			.isEqualTo("[\"access.users.view\",\"customers.clientes.view\"]");

		// In use: the deletion is refused on the confirmation page, and the role stays.
		Api.Response holder = this.api.post("/api/access/users/",
				json("username", unique("titular"), "role_id", roleId));
		assertThat(holder.status()).isEqualTo(201);
		browser.get(url("/app/roles/" + roleId));
		waitFor(By.id("excluir-perfil")).click();
		waitFor(By.id("confirmar")).click();
		assertThat(waitFor(By.cssSelector("[role=alert]")).getText()).contains("Este perfil está atribuído a usuários");
		assertThat(this.api.get("/api/access/roles/" + roleId + "/").status()).isEqualTo(200);
		screenshot(browser, "in-use");

		Api.Response unused = this.api.post("/api/access/roles/",
				json("name", unique("Temporario"), "permissions", List.of("access.users.view")));
		browser.get(url("/app/roles/" + unused.id()));
		waitFor(By.id("excluir-perfil")).click();
		waitFor(By.id("confirmar")).click();
		assertThat(waitFor(By.cssSelector("[role=status]")).getText())
			.isEqualTo("Perfil “" + unused.json().get("name").asString() + "” excluído.");
		assertThat(this.api.get("/api/access/roles/" + unused.id() + "/").status()).isEqualTo(404);

		// Without access.roles.change: refused, and the role is still there.
		Person viewer = person(false, "Vitor Leitor", "access.roles.view");
		Api.Response other = this.api.post("/api/access/roles/",
				json("name", unique("Intocado"), "permissions", List.of("access.users.view")));
		PageClient pages = new PageClient(this.api.base());
		pages.signIn(viewer.username(), viewer.password());
		assertThat(pages.get("/app/roles/" + other.id()).statusCode()).isEqualTo(403);
		pages.get("/app/roles/");
		assertThat(pages.post("/app/roles/" + other.id() + "/delete", Map.of()).statusCode()).isEqualTo(403);
		assertThat(pages.post("/app/roles/" + other.id(), Map.of("name", "x", "permissions", "access.users.view"))
			.statusCode()).isEqualTo(403);
		assertThat(this.api.get("/api/access/roles/" + other.id() + "/").json().get("name").asString())
			.isEqualTo(other.json().get("name").asString());
	}

	private JsonNode user(Person person) {
		Api.Response response = this.api.get("/api/access/users/" + person.id() + "/");
		assertThat(response.status()).isEqualTo(200);
		return response.json();
	}

	private JsonNode role(long id) {
		Api.Response response = this.api.get("/api/access/roles/" + id + "/");
		assertThat(response.status()).isEqualTo(200);
		return response.json();
	}

	private int signInStatus(String username, String password) {
		return this.api.as(null).post("/api/auth/token/", json("username", username, "password", password)).status();
	}

}
