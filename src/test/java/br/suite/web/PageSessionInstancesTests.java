package br.suite.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.simple.JdbcClient;

import br.suite.Api;
import br.suite.ApiTest;
import br.suite.SuiteApplication;
import br.suite.TestDatabase;

/**
 * Page sessions live in the database: a browser signed in on one instance goes on, with
 * the same cookie and CSRF token, on another instance and on an instance started
 * afterwards (a restart), and the session's rules (timeout, temporary password, CSRF,
 * cookie attributes) hold wherever the request lands.
 */
class PageSessionInstancesTests extends ApiTest {

	@Autowired
	JdbcClient jdbc;

	private static ConfigurableApplicationContext start() throws Exception {
		List<String> args = new ArrayList<>(
				List.of("--server.port=0", "--server.shutdown=immediate", "--suite.database.url=" + TestDatabase.url(),
						"--suite.database.user=" + System.getenv().getOrDefault("SUITE_TEST_DATABASE_USER", "postgres"),
						"--suite.database.password=" + System.getenv().getOrDefault("SUITE_TEST_DATABASE_PASSWORD", ""),
						"--suite.access.data-directory=" + Files.createTempDirectory("suite-instance"),
						"--suite.webhooks.dispatcher-enabled=false"));
		return new SpringApplicationBuilder(SuiteApplication.class).run(args.toArray(String[]::new));
	}

	private static String base(ConfigurableApplicationContext context) {
		return "http://localhost:" + context.getEnvironment().getProperty("local.server.port");
	}

	private record Person(long id, String username, String password, long roleId) {
	}

	private Person person(String fullName, boolean choosePassword, String... permissions) {
		Api.Response role = this.api.post("/api/access/roles/",
				json("name", unique("papel"), "permissions", List.of(permissions)));
		String username = unique("sessao");
		Api.Response user = this.api.post("/api/access/users/",
				json("username", username, "full_name", fullName, "role_id", role.id()));
		String temporary = user.json().get("temporary_password").asString();
		if (!choosePassword) {
			return new Person(user.id(), username, temporary, role.id());
		}
		String chosen = "Senha-" + username;
		this.api.signIn(username, temporary, chosen);
		return new Person(user.id(), username, chosen, role.id());
	}

	@Test
	void everyPathOfThePagesSeesTheSessionAndTheApiIgnoresIt() {
		// Spring Session's filter runs only on the pages' paths; were one of them left
		// out, the container's own session would answer there with a new JSESSIONID
		// cookie (signing the browser out).
		Person ana = person("Ana Caminhos", true, "access.roles.view");
		PageClient browser = new PageClient(this.api.base());
		browser.signIn(ana.username(), ana.password());
		String session = browser.session();
		assertThat(session).isNotBlank();
		for (String path : List.of("/", "/app", "/app/", "/app/roles/", "/app/users/", "/kiosk/", "/login",
				"/css/suite.css", "/js/suite.js", "/webjars/htmx.org/2.0.8/dist/htmx.min.js", "/favicon.ico")) {
			HttpResponse<String> answer = browser.get(path);
			assertThat(answer.headers().allValues("Set-Cookie")).as(path).isEmpty();
			assertThat(answer.statusCode()).as(path).isLessThan(500);
		}
		assertThat(browser.session()).isEqualTo(session);
		assertThat(browser.get("/app/").body()).contains("Olá, Ana Caminhos!");
		// The API is token-only: the page session's cookie opens nothing there.
		HttpResponse<String> api = browser.get("/api/access/roles/");
		assertThat(api.statusCode()).isEqualTo(401);
		assertThat(api.headers().allValues("Set-Cookie")).isEmpty();
	}

	@Test
	void aSessionFromOneInstanceWorksOnAnotherAndAfterARestart() throws Exception {
		Person ana = person("Ana Instâncias", true, "access.roles.view", "access.roles.change");
		PageClient onA = new PageClient(this.api.base());
		HttpResponse<String> signedIn = onA.signIn(ana.username(), ana.password());
		assertThat(signedIn.statusCode()).isEqualTo(302);
		assertThat(PageClient.location(signedIn)).hasValueSatisfying(l -> assertThat(l).endsWith("/app/"));
		assertThat(onA.setCookie).contains("HttpOnly").containsIgnoringCase("SameSite=Lax");
		assertThat(onA.get("/app/").body()).contains("Olá, Ana Instâncias!");
		// The session is a row in the database, under the user's id, with the back
		// office's 30 minutes.
		assertThat(this.jdbc.sql("SELECT max_inactive_interval FROM web_session WHERE principal_name = :name")
			.param("name", Long.toString(ana.id()))
			.query(Integer.class)
			.single()).isEqualTo(30 * 60);

		ConfigurableApplicationContext b = start();
		try {
			PageClient onB = onA.on(base(b));
			assertThat(onB.get("/app/roles/").statusCode()).isEqualTo(200);
			assertThat(onB.get("/app/").body()).contains("Olá, Ana Instâncias!");
			// A change on B with the CSRF token the page on A carried: the token lives in
			// the shared session.
			String name = unique("Perfil-de-B");
			HttpResponse<String> created = onB.post("/app/roles/new", Map.of("name", name));
			assertThat(created.statusCode()).isEqualTo(302);
			assertThat(this.api.get("/api/access/roles/").body()).contains(name);
			// Without the token it is refused on B too, and changes nothing.
			String refused = unique("Sem-token");
			assertThat(onB.postRaw("/app/roles/new", Map.of("name", refused)).statusCode()).isEqualTo(403);
			assertThat(this.api.get("/api/access/roles/").body()).doesNotContain(refused);
		}
		finally {
			b.close();
		}

		// An instance started after the sign-in (a restart) knows the session as well.
		ConfigurableApplicationContext c = start();
		try {
			PageClient onC = onA.on(base(c));
			assertThat(onC.get("/app/roles/").statusCode()).isEqualTo(200);
			// Signing out on C ends the session everywhere.
			HttpResponse<String> out = onC.post("/logout", Map.of());
			assertThat(out.statusCode()).isEqualTo(302);
			assertThat(PageClient.location(onA.get("/app/roles/")).orElse("")).endsWith("/login");
		}
		finally {
			c.close();
		}
	}

	@Test
	void theTimeoutAndTheTemporaryPasswordHoldOnEveryInstance() throws Exception {
		Person kiosk = person("Quiosque Instâncias", true, "timeclock.punches.register");
		PageClient tablet = new PageClient(this.api.base());
		assertThat(PageClient.location(tablet.signIn(kiosk.username(), kiosk.password())).orElse(""))
			.endsWith("/kiosk/");
		assertThat(this.jdbc.sql("SELECT max_inactive_interval FROM web_session WHERE principal_name = :name")
			.param("name", Long.toString(kiosk.id()))
			.query(Integer.class)
			.single()).isEqualTo(16 * 60 * 60);

		Person newcomer = person("Novata Instâncias", false, "access.users.view");
		PageClient browser = new PageClient(this.api.base());
		assertThat(PageClient.location(browser.signIn(newcomer.username(), newcomer.password())).orElse(""))
			.endsWith("/app/");
		ConfigurableApplicationContext b = start();
		try {
			PageClient onB = browser.on(base(b));
			// A temporary password is for choosing one's own, on whichever instance the
			// request lands.
			HttpResponse<String> users = onB.get("/app/users/");
			assertThat(users.statusCode()).isEqualTo(302);
			assertThat(PageClient.location(users).orElse("")).endsWith("/app/password");
			assertThat(onB.get("/kiosk/").statusCode()).isEqualTo(302);
			assertThat(tablet.on(base(b)).get("/kiosk/").statusCode()).isEqualTo(200);

			// A session idle past its timeout is over everywhere (its expiry is the
			// database's).
			this.jdbc.sql("UPDATE web_session SET last_access_time = 0, expiry_time = 0 WHERE principal_name = :name")
				.param("name", Long.toString(kiosk.id()))
				.update();
			HttpResponse<String> expired = tablet.on(base(b)).get("/kiosk/");
			assertThat(expired.statusCode()).isEqualTo(302);
			assertThat(PageClient.location(expired).orElse("")).endsWith("/login");
			assertThat(PageClient.location(tablet.get("/kiosk/")).orElse("")).endsWith("/login");
		}
		finally {
			b.close();
		}
	}

}
