package br.suite.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.Cookie;

class SignInBrowserTests extends BrowserTest {

	@Test
	void signsInShowsOnlyPermittedPagesAndSignsOut() throws Exception {
		Person ana = person(false, "Ana Souza", "access.users.view");
		signIn(ana.username(), ana.password());

		assertThat(waitFor(By.tagName("h1")).getText()).isEqualTo("Olá, Ana Souza!");
		assertThat(browser().findElement(By.tagName("html")).getDomAttribute("lang")).isEqualTo("pt-BR");
		assertThat(browser().findElements(By.linkText("Usuários"))).hasSize(1);
		assertThat(browser().findElements(By.linkText("Perfis"))).isEmpty();
		assertThat(browser().findElements(By.linkText("Documentos"))).isEmpty();
		screenshot();

		Cookie session = browser().manage().getCookieNamed("JSESSIONID");
		assertThat(session.isHttpOnly()).isTrue();
		assertThat(session.getSameSite()).isEqualTo("Lax");
		// A page behind a permission the user lacks is refused with 403, not only hidden.
		assertThat(get("/app/roles/", session).statusCode()).isEqualTo(403);
		assertThat(get("/app/users/", session).statusCode()).isEqualTo(200);
		browser().get(url("/app/roles/"));
		assertThat(waitFor(By.tagName("h1")).getText()).isEqualTo("Acesso negado");
		// The API stays token-only: the page session opens nothing there.
		assertThat(get("/api/access/users/", session).statusCode()).isEqualTo(401);

		browser().get(url("/app/"));
		waitFor(By.cssSelector(".quem form button")).click();
		assertThat(waitFor(By.cssSelector("[role=status]")).getText()).isEqualTo("Você saiu. Até logo!");
		browser().get(url("/app/users/"));
		assertThat(browser().getCurrentUrl()).endsWith("/login");
		assertThat(get("/app/users/", session).statusCode()).isEqualTo(302);
	}

	@Test
	void failuresThroughTheFormLockTheUsernameAsTheApiDoes() {
		Person carla = person(false, "Carla Dias", "access.users.view");
		for (int i = 0; i < 5; i++) {
			signIn(carla.username(), "errada-" + i);
			assertThat(browser().getCurrentUrl()).contains("/login?erro");
		}
		// Locked now, on the form and on the API alike: even the right password waits.
		signIn(carla.username(), carla.password());
		assertThat(waitFor(By.cssSelector("[role=alert]")).getText())
			.isEqualTo("Muitas tentativas seguidas. Aguarde alguns minutos e tente de novo.");
		assertThat(browser().getCurrentUrl()).contains("/login?bloqueado");
		assertThat(this.api.as(null)
			.post("/api/auth/token/", json("username", carla.username(), "password", carla.password()))
			.status()).isEqualTo(429);
	}

	@Test
	void refusesAWrongPasswordAndAnInactiveUser() {
		Person bruno = person(false, "Bruno Lima", "access.users.view");
		signIn(bruno.username(), bruno.password() + "x");
		assertThat(waitFor(By.cssSelector("[role=alert]")).getText())
			.isEqualTo("Usuário ou senha incorretos, ou usuário inativo.");
		screenshot();

		assertThat(this.api.delete("/api/access/users/" + bruno.id() + "/").status()).isEqualTo(204);
		signIn(bruno.username(), bruno.password());
		assertThat(waitFor(By.cssSelector("[role=alert]")).getText())
			.isEqualTo("Usuário ou senha incorretos, ou usuário inativo.");
		assertThat(browser().getCurrentUrl()).contains("/login");
	}

	@Test
	void aKioskAccountLandsOnTheKioskAndNowhereElse() throws Exception {
		Person kiosk = person(false, "Quiosque Recepção", "timeclock.punches.register");
		signIn(kiosk.username(), kiosk.password());
		waitFor(By.id("identifier"));
		assertThat(browser().getCurrentUrl()).endsWith("/kiosk/");
		Cookie session = browser().manage().getCookieNamed("JSESSIONID");
		assertThat(get("/app/punches/", session).statusCode()).isEqualTo(403);
	}

	@Test
	void aChangeWithoutTheCsrfTokenIsRefusedAndChangesNothing() throws Exception {
		Person admin = person(false, "Carla Dias", "access.roles.view", "access.roles.change");
		signIn(admin.username(), admin.password());
		waitFor(By.tagName("h1"));
		Cookie session = browser().manage().getCookieNamed("JSESSIONID");
		String name = unique("sem-csrf");
		HttpResponse<String> response = HttpClient.newHttpClient()
			.send(HttpRequest.newBuilder(URI.create(url("/app/roles/new")))
				.header("Cookie", "JSESSIONID=" + session.getValue())
				.header("Content-Type", "application/x-www-form-urlencoded")
				.POST(HttpRequest.BodyPublishers.ofString("name=" + name))
				.build(), HttpResponse.BodyHandlers.ofString());
		assertThat(response.statusCode()).isEqualTo(403);
		assertThat(this.api.get("/api/access/roles/").body()).doesNotContain(name);
	}

	@Test
	void aSessionFollowsTheUsersRoleAndStatusAtOnce() throws Exception {
		Person davi = person(false, "Davi Nunes", "access.users.view", "access.roles.view");
		signIn(davi.username(), davi.password());
		waitFor(By.linkText("Perfis"));
		Cookie session = browser().manage().getCookieNamed("JSESSIONID");
		assertThat(get("/app/roles/", session).statusCode()).isEqualTo(200);

		assertThat(this.api
			.patch("/api/access/roles/" + davi.roleId() + "/",
					json("permissions", java.util.List.of("access.users.view")))
			.status()).isEqualTo(200);
		assertThat(get("/app/roles/", session).statusCode()).isEqualTo(403);
		browser().get(url("/app/"));
		assertThat(waitFor(By.tagName("h1")).getText()).isEqualTo("Olá, Davi Nunes!");
		assertThat(browser().findElements(By.linkText("Perfis"))).isEmpty();

		assertThat(this.api.delete("/api/access/users/" + davi.id() + "/").status()).isEqualTo(204);
		browser().get(url("/app/users/"));
		waitFor(By.id("username"));
		assertThat(browser().getCurrentUrl()).endsWith("/login");
		assertThat(get("/app/", session).statusCode()).isEqualTo(302);
	}

	@Test
	void aTemporaryPasswordLeadsToThePasswordFormWhichShowsErrorsAtTheFields() {
		Person elisa = newcomer(false, "Elisa Martins", "customers.clientes.view");
		signIn(elisa.username(), elisa.password());
		// A temporary password is for choosing one's own, nothing else: every page leads
		// to the password form.
		waitFor(By.id("current_password"));
		assertThat(browser().getCurrentUrl()).endsWith("/app/password");
		browser().get(url("/app/customers"));
		waitFor(By.id("current_password"));
		assertThat(browser().getCurrentUrl()).endsWith("/app/password");
		waitFor(By.id("current_password")).sendKeys("não é a senha");
		browser().findElement(By.id("new_password")).sendKeys("uma senha nova e longa");
		browser().findElement(By.id("new_password_again")).sendKeys("uma senha nova e longa");
		browser().findElement(By.cssSelector("main form button[type=submit]")).click();
		assertThat(waitFor(By.id("erro-current_password")).getText()).isEqualTo("A senha atual não confere.");
		assertThat(browser().findElement(By.id("current_password")).getDomAttribute("aria-invalid")).isEqualTo("true");

		browser().findElement(By.id("current_password")).sendKeys(elisa.password());
		browser().findElement(By.id("new_password")).sendKeys("uma senha nova e longa");
		browser().findElement(By.id("new_password_again")).sendKeys("outra coisa qualquer");
		browser().findElement(By.cssSelector("main form button[type=submit]")).click();
		assertThat(waitFor(By.id("erro-new_password_again")).getText())
			.isEqualTo("A confirmação não é igual à nova senha.");

		browser().findElement(By.id("current_password")).sendKeys(elisa.password());
		browser().findElement(By.id("new_password")).sendKeys("uma senha nova e longa");
		browser().findElement(By.id("new_password_again")).sendKeys("uma senha nova e longa");
		browser().findElement(By.cssSelector("main form button[type=submit]")).click();
		assertThat(waitFor(By.cssSelector("[role=status]")).getText())
			.isEqualTo("Senha alterada. Suas outras sessões foram encerradas; use a nova senha no próximo acesso.");
		assertThat(this.api.as(null)
			.post("/api/auth/token/", json("username", elisa.username(), "password", "uma senha nova e longa"))
			.status()).isEqualTo(200);
		assertThat(this.api.as(null)
			.post("/api/auth/token/", json("username", elisa.username(), "password", elisa.password()))
			.status()).isEqualTo(401);
		browser().get(url("/app/customers"));
		waitFor(By.cssSelector("main h1"));
		assertThat(browser().getCurrentUrl()).endsWith("/app/customers");
	}

	private HttpResponse<String> get(String path, Cookie session) throws Exception {
		return HttpClient.newHttpClient()
			.send(HttpRequest.newBuilder(URI.create(url(path)))
				.header("Cookie", "JSESSIONID=" + session.getValue())
				.build(), HttpResponse.BodyHandlers.ofString());
	}

}
