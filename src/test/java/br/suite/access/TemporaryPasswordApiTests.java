package br.suite.access;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;

import br.suite.Api;
import br.suite.Api.Response;
import br.suite.ApiTest;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A temporary password only lets its holder choose another; chosen passwords must be fit
 * for bcrypt and rare.
 */
class TemporaryPasswordApiTests extends ApiTest {

	@Autowired
	JdbcClient jdbc;

	private record NewUser(long id, String username, String temporary) {
	}

	private NewUser newUser() {
		Response role = this.api.post("/api/access/roles/",
				json("name", unique("Role"), "permissions", List.of("access.roles.view")));
		String username = unique("tmp");
		Response created = this.api.post("/api/access/users/", json("username", username, "role_id", role.id()));
		assertThat(created.status()).isEqualTo(201);
		return new NewUser(created.id(), username, created.json().get("temporary_password").asString());
	}

	private Response login(String username, String password) {
		return this.api.as(null).post("/api/auth/token/", json("username", username, "password", password));
	}

	private static void assertPasswordChangeRequired(Response response) {
		assertThat(response.status()).isEqualTo(403);
		assertThat(response.contentType()).startsWith("application/problem+json");
		assertThat(response.json().get("code").asString()).isEqualTo("password_change_required");
		assertThat(response.json().get("detail").asString()).contains("POST /api/auth/password/");
	}

	@Test
	void aTemporaryPasswordOnlyLetsItsHolderChangeIt() {
		NewUser user = newUser();
		Api temporary = this.api.as(login(user.username(), user.temporary()).json().get("token").asString());
		assertPasswordChangeRequired(temporary.get("/api/access/roles/"));
		assertPasswordChangeRequired(temporary.get("/api/auth/tokens/"));
		assertPasswordChangeRequired(temporary.get("/api/access/roles"));
		assertPasswordChangeRequired(temporary.post("/api/auth/password/x", "{}"));
		assertThat(temporary.delete("/api/auth/token/").status()).isEqualTo(204);
		assertThat(temporary.get("/api/access/roles/").status()).isEqualTo(401);

		temporary = this.api.as(login(user.username(), user.temporary()).json().get("token").asString());
		assertThat(temporary
			.post("/api/auth/password",
					json("current_password", user.temporary(), "new_password", "Chosen-" + unique("pw")))
			.status()).isEqualTo(204);
		assertThat(this.api.get("/api/access/users/" + user.id() + "/").json().get("status").asString())
			.isEqualTo("active");
	}

	@Test
	void anExpiredTemporaryPasswordIsRefusedLikeAWrongOne() {
		NewUser user = newUser();
		Api signedInBefore = this.api.as(login(user.username(), user.temporary()).json().get("token").asString());
		this.jdbc
			.sql("UPDATE access_user SET temporary_password_expires_at = now() - interval '1 second' WHERE id = :id")
			.param("id", user.id())
			.update();
		Response lateChange = signedInBefore.post("/api/auth/password/",
				json("current_password", user.temporary(), "new_password", "Chosen-" + unique("pw")));
		assertThat(lateChange.status()).isEqualTo(400);
		assertThat(lateChange.json().get("errors").get("current_password").get(0).asString()).contains("expired");
		Response expired = login(user.username(), user.temporary());
		Response wrong = login(user.username(), "not-the-password");
		assertThat(expired.status()).isEqualTo(401);
		assertThat(expired.body()).isEqualTo(wrong.body());

		// A reset gives a fresh one, valid for 72 hours.
		Response reset = this.api.post("/api/access/users/" + user.id() + "/reset-password/", "");
		assertThat(login(user.username(), reset.json().get("temporary_password").asString()).status()).isEqualTo(200);
		assertThat(this.jdbc
			.sql("SELECT temporary_password_expires_at BETWEEN now() + interval '71 hours' "
					+ "AND now() + interval '73 hours' FROM access_user WHERE id = :id")
			.param("id", user.id())
			.query(Boolean.class)
			.single()).isTrue();
	}

	@Test
	void passwordsLongerThanBcryptReadsAreRefusedNamingTheField() {
		NewUser user = newUser();
		Api temporary = this.api.as(login(user.username(), user.temporary()).json().get("token").asString());
		String tooLong = "é".repeat(37); // 37 characters, 74 bytes in UTF-8
		Response refused = temporary.post("/api/auth/password/",
				json("current_password", user.temporary(), "new_password", tooLong));
		assertThat(refused.status()).isEqualTo(400);
		assertThat(refused.json().get("errors").get("new_password").get(0).asString()).contains("72 bytes");
		assertPasswordChangeRequired(temporary.get("/api/access/roles/"));
		assertThat(login(user.username(), tooLong).status()).isEqualTo(400);

		Response longLogin = login(user.username(), "x".repeat(73));
		assertThat(longLogin.status()).isEqualTo(400);
		assertThat(longLogin.json().get("errors").has("password")).isTrue();

		String longest = "é".repeat(36); // exactly 72 bytes
		assertThat(temporary
			.post("/api/auth/password/", json("current_password", user.temporary(), "new_password", longest))
			.status()).isEqualTo(204);
		assertThat(login(user.username(), longest).status()).isEqualTo(200);
	}

	@Test
	void commonPasswordsAreRefused() {
		NewUser user = newUser();
		Api temporary = this.api.as(login(user.username(), user.temporary()).json().get("token").asString());
		for (String common : List.of("1234567890", "QwertyUiop", "basketball")) {
			Response refused = temporary.post("/api/auth/password/",
					json("current_password", user.temporary(), "new_password", common));
			assertThat(refused.status()).as(common).isEqualTo(400);
			assertThat(refused.json().get("errors").get("new_password").get(0).asString()).contains("common");
		}
		assertPasswordChangeRequired(temporary.get("/api/access/roles/"));
		assertThat(login(user.username(), "1234567890").status()).isEqualTo(401);
	}

}
