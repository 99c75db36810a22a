package br.suite.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;

import br.suite.Api;
import br.suite.ApiTest;

/**
 * Page sessions end with the user's API tokens, on every path that ends them (password
 * change, revoke all, deactivation, a reset), found by the user's id whatever their name
 * was at sign-in; and nobody gets a session row before signing in.
 */
class PageSessionEndingTests extends ApiTest {

	@Autowired
	JdbcClient jdbc;

	private record Person(long id, String username, String password) {
	}

	private Person person(String... permissions) {
		Api.Response role = this.api.post("/api/access/roles/",
				json("name", unique("papel"), "permissions", List.of(permissions)));
		String username = unique("fim");
		Api.Response user = this.api.post("/api/access/users/", json("username", username, "role_id", role.id()));
		String chosen = "Senha-" + username;
		this.api.signIn(username, user.json().get("temporary_password").asString(), chosen);
		return new Person(user.id(), username, chosen);
	}

	private PageClient signedIn(Person person) {
		PageClient browser = new PageClient(this.api.base());
		HttpResponse<String> answer = browser.signIn(person.username(), person.password());
		assertThat(PageClient.location(answer)).hasValueSatisfying(l -> assertThat(l).endsWith("/app/"));
		assertThat(browser.get("/app/").statusCode()).isEqualTo(200);
		return browser;
	}

	private static void assertSignedOut(PageClient browser) {
		HttpResponse<String> answer = browser.get("/app/");
		assertThat(answer.statusCode()).isEqualTo(302);
		assertThat(PageClient.location(answer)).hasValueSatisfying(l -> assertThat(l).endsWith("/login"));
	}

	private long sessionsOf(Person person) {
		return this.jdbc.sql("SELECT count(*) FROM web_session WHERE principal_name = :id")
			.param("id", Long.toString(person.id()))
			.query(Long.class)
			.single();
	}

	private long sessionRows() {
		return this.jdbc.sql("SELECT count(*) FROM web_session").query(Long.class).single();
	}

	@Test
	void aPasswordChangeEndsTheOtherSessionsAndKeepsTheOneMakingIt() {
		Person ana = person("access.roles.view");
		PageClient laptop = signedIn(ana);
		PageClient phone = signedIn(ana);
		assertThat(sessionsOf(ana)).isEqualTo(2);
		String token = this.api.token(ana.username(), ana.password());

		laptop.get("/app/password");
		String chosen = "Outra-" + unique("senha");
		HttpResponse<String> changed = laptop.post("/app/password",
				Map.of("current_password", ana.password(), "new_password", chosen, "new_password_again", chosen));
		assertThat(changed.statusCode()).isEqualTo(200);

		assertSignedOut(phone);
		assertThat(changed.body()).contains("Suas outras sessões foram encerradas");
		assertThat(this.api.as(token).get("/api/access/roles/").status()).isEqualTo(401);
		// The session that made the change goes on, under a new id.
		assertThat(laptop.get("/app/").statusCode()).isEqualTo(200);
		assertThat(sessionsOf(ana)).isEqualTo(1);
	}

	@Test
	void revokingEveryTokenThroughTheApiEndsThePageSessions() {
		Person bia = person("access.roles.view");
		PageClient browser = signedIn(bia);
		assertThat(this.api.delete("/api/access/users/" + bia.id() + "/tokens/").status()).isEqualTo(204);
		assertThat(sessionsOf(bia)).isZero();
		assertSignedOut(browser);
	}

	@Test
	void deactivationEndsThePageSessionsEvenWhenReactivatedAtOnce() {
		Person caio = person("access.roles.view");
		PageClient browser = signedIn(caio);
		assertThat(this.api.delete("/api/access/users/" + caio.id() + "/").status()).isEqualTo(204);
		assertThat(sessionsOf(caio)).isZero();
		assertThat(this.api.patch("/api/access/users/" + caio.id() + "/", json("status", "active")).status())
			.isEqualTo(200);
		assertSignedOut(browser);
		// A password reset ends them too.
		PageClient again = signedIn(caio);
		assertThat(this.api.post("/api/access/users/" + caio.id() + "/reset-password/", "").status()).isEqualTo(200);
		assertSignedOut(again);
	}

	@Test
	void encerrarSessoesAfterARenameEndsTheSessionsOpenedUnderTheOldName() {
		Person dora = person("access.roles.view");
		PageClient doraBrowser = signedIn(dora);
		String renamed = unique("dora-nova");
		assertThat(this.api.patch("/api/access/users/" + dora.id() + "/", json("username", renamed)).status())
			.isEqualTo(200);
		assertThat(doraBrowser.get("/app/").statusCode()).isEqualTo(200);

		PageClient admin = signedIn(person("access.users.change", "access.users.view", "access.roles.view"));
		admin.get("/app/users/" + dora.id() + "/revoke");
		HttpResponse<String> revoked = admin.post("/app/users/" + dora.id() + "/revoke", Map.of());
		assertThat(revoked.statusCode()).isEqualTo(302);
		assertThat(PageClient.location(revoked))
			.hasValueSatisfying(l -> assertThat(l).endsWith("/app/users/" + dora.id()));

		assertSignedOut(doraBrowser);
		assertThat(sessionsOf(dora)).isZero();
		assertThat(admin.get("/app/").statusCode()).isEqualTo(200);
	}

	@Test
	void anonymousPageRequestsStoreNoSession() throws Exception {
		long before = sessionRows();
		PageClient visitor = new PageClient(this.api.base());
		String longQuery = "q=" + "x".repeat(3000);
		HttpResponse<String> login = visitor.get("/login?" + longQuery);
		assertThat(login.statusCode()).isEqualTo(200);
		assertThat(visitor.session()).isNull();
		assertThat(visitor.cookie("XSRF-TOKEN")).isPresent();
		HttpResponse<String> asked = visitor.get("/app/roles/?" + longQuery);
		assertThat(asked.statusCode()).isEqualTo(302);
		assertThat(PageClient.location(asked)).hasValueSatisfying(l -> assertThat(l).endsWith("/login"));
		assertThat(visitor.get("/kiosk/").statusCode()).isEqualTo(302);
		assertThat(visitor.get("/").statusCode()).isEqualTo(302);
		HttpResponse<String> withHeader = HttpClient.newHttpClient()
			.send(HttpRequest.newBuilder(URI.create(this.api.base() + "/app/users/?" + longQuery))
				.header("X-Long", "y".repeat(3000))
				.build(), HttpResponse.BodyHandlers.ofString());
		assertThat(withHeader.statusCode()).isEqualTo(302);
		// A wrong password and a form without its CSRF token store nothing either.
		Person eva = person("access.roles.view");
		visitor.get("/app/roles/?" + longQuery);
		assertThat(visitor.post("/login", Map.of("username", eva.username(), "password", "errada")).statusCode())
			.isEqualTo(302);
		assertThat(
				visitor.postRaw("/login", Map.of("username", eva.username(), "password", eva.password())).statusCode())
			.isNotEqualTo(200);
		assertThat(visitor.session()).isNull();
		assertThat(sessionRows()).isEqualTo(before);

		// Signing in opens the one session and returns to the page asked for: its path,
		// not its query.
		visitor.get("/app/roles/?" + longQuery);
		visitor.get("/login");
		HttpResponse<String> signedIn = visitor.post("/login",
				Map.of("username", eva.username(), "password", eva.password()));
		assertThat(PageClient.location(signedIn)).hasValueSatisfying(l -> assertThat(l).endsWith("/app/roles/"));
		assertThat(visitor.session()).isNotNull();
		assertThat(sessionRows()).isEqualTo(before + 1);
		assertThat(visitor.get("/app/roles/").statusCode()).isEqualTo(200);
	}

}
