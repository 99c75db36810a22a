package br.suite.access;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;

import br.suite.Api;
import br.suite.Api.Response;
import br.suite.ApiTest;
import br.suite.access.tokens.TokenService;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tokens expire, can be listed and revoked, and die with password changes, resets,
 * blocking and role changes.
 */
class TokenLifecycleApiTests extends ApiTest {

	@Autowired
	JdbcClient jdbc;

	@Autowired
	TokenService tokens;

	private record Person(long id, String username, String password, String token) {
	}

	private Person person(String... permissions) {
		Response role = this.api.post("/api/access/roles/",
				json("name", unique("Role"), "permissions", List.of(permissions)));
		String username = unique("t");
		Response created = this.api.post("/api/access/users/", json("username", username, "role_id", role.id()));
		assertThat(created.status()).as(created.toString()).isEqualTo(201);
		String password = "Chosen-" + unique("pw");
		return new Person(created.id(), username, password,
				this.api.signIn(username, created.json().get("temporary_password").asString(), password));
	}

	private int status(String token) {
		return this.api.as(token).get("/api/access/roles/").status();
	}

	@Test
	void listsOwnTokensWithoutTheirSecrets() {
		Person user = person("access.roles.view");
		String second = this.api.token(user.username(), user.password());
		Response listed = this.api.as(second).get("/api/auth/tokens/");
		assertThat(listed.status()).isEqualTo(200);
		JsonNode all = listed.json();
		assertThat(all.size()).isEqualTo(2);
		assertThat(listed.body()).doesNotContain(user.token(), second, TokenService.hash(second));
		JsonNode first = all.get(0);
		JsonNode current = all.get(1);
		assertThat(current.get("current").asBoolean()).isTrue();
		assertThat(first.get("current").asBoolean()).isFalse();
		assertThat(first.get("id").asLong()).isLessThan(current.get("id").asLong());
		assertThat(current.propertyNames()).containsExactlyInAnyOrder("id", "created_at", "last_used_at", "expires_at",
				"current");
		assertThat(current.get("last_used_at").asString()).matches(AccessApiTests.DATE_TIME);
		Instant expires = Instant.parse(current.get("expires_at").asString());
		assertThat(expires).isBetween(Instant.now().plus(29, ChronoUnit.DAYS), Instant.now().plus(31, ChronoUnit.DAYS));
		assertThat(Instant.parse(current.get("created_at").asString())).isBefore(Instant.now().plusSeconds(5));

		// The first-run administrator's token expires like any other.
		assertThat(this.api.get("/api/auth/tokens/").json().findValues("current").stream().filter(JsonNode::asBoolean))
			.hasSize(1);
	}

	@Test
	void revokesOnlyOwnTokensById() {
		Person user = person("access.roles.view");
		Person other = person("access.roles.view");
		String second = this.api.token(user.username(), user.password());
		long firstId = this.api.as(user.token()).get("/api/auth/tokens/").json().get(0).get("id").asLong();
		long othersId = this.api.as(other.token()).get("/api/auth/tokens/").json().get(0).get("id").asLong();

		Response foreign = this.api.as(second).delete("/api/auth/tokens/" + othersId + "/");
		assertThat(foreign.status()).isEqualTo(404);
		assertThat(foreign.contentType()).startsWith("application/problem+json");
		assertThat(status(other.token())).isEqualTo(200);

		assertThat(this.api.as(second).delete("/api/auth/tokens/" + firstId + "/").status()).isEqualTo(204);
		assertThat(status(user.token())).isEqualTo(401);
		assertThat(status(second)).isEqualTo(200);
		assertThat(this.api.as(second).delete("/api/auth/tokens/" + firstId + "/").status()).isEqualTo(404);
	}

	@Test
	void changingTheOwnPasswordRevokesEveryToken() {
		Person user = person("access.roles.view");
		String second = this.api.token(user.username(), user.password());
		assertThat(this.api.as(second)
			.post("/api/auth/password/",
					json("current_password", user.password(), "new_password", "Another-" + unique("pw")))
			.status()).isEqualTo(204);
		assertThat(status(user.token())).isEqualTo(401);
		assertThat(status(second)).isEqualTo(401);
	}

	@Test
	void resetBlockingAndRoleChangesRevokeEveryToken() {
		Person reset = person("access.roles.view");
		assertThat(this.api.post("/api/access/users/" + reset.id() + "/reset-password/", "").status()).isEqualTo(200);
		assertThat(status(reset.token())).isEqualTo(401);

		Person blocked = person("access.roles.view");
		assertThat(this.api.patch("/api/access/users/" + blocked.id() + "/", json("status", "blocked")).status())
			.isEqualTo(200);
		assertThat(this.api.patch("/api/access/users/" + blocked.id() + "/", json("status", "active")).status())
			.isEqualTo(200);
		assertThat(status(blocked.token())).as("a token survives no block").isEqualTo(401);

		Person deactivated = person("access.roles.view");
		assertThat(this.api.delete("/api/access/users/" + deactivated.id() + "/").status()).isEqualTo(204);
		assertThat(this.api.patch("/api/access/users/" + deactivated.id() + "/", json("status", "active")).status())
			.isEqualTo(200);
		assertThat(status(deactivated.token())).isEqualTo(401);

		Person moved = person("access.roles.view");
		Response otherRole = this.api.post("/api/access/roles/",
				json("name", unique("Other"), "permissions", List.of("access.roles.view")));
		assertThat(this.api.patch("/api/access/users/" + moved.id() + "/", json("role_id", otherRole.id())).status())
			.isEqualTo(200);
		assertThat(status(moved.token())).isEqualTo(401);

		Person renamed = person("access.roles.view");
		assertThat(this.api.patch("/api/access/users/" + renamed.id() + "/", json("department", "TI")).status())
			.isEqualTo(200);
		assertThat(status(renamed.token())).as("other changes keep the tokens").isEqualTo(200);
	}

	@Test
	void administratorsRevokeEveryTokenOfAUser() {
		Person user = person("access.roles.view");
		String second = this.api.token(user.username(), user.password());
		Api manager = signedInWith("access.users.change", "access.users.view");
		assertThat(manager.delete("/api/access/users/" + user.id() + "/tokens/").status()).isEqualTo(403);
		assertThat(status(user.token())).isEqualTo(200);

		Person covered = person();
		assertThat(manager.delete("/api/access/users/" + covered.id() + "/tokens/").status()).isEqualTo(204);
		assertThat(status(covered.token())).isEqualTo(401);

		assertThat(this.api.delete("/api/access/users/" + user.id() + "/tokens/").status()).isEqualTo(204);
		assertThat(status(user.token())).isEqualTo(401);
		assertThat(status(second)).isEqualTo(401);
		assertThat(this.api.delete("/api/access/users/99999999/tokens/").status()).isEqualTo(404);
		assertThat(signedInWith("access.users.view").delete("/api/access/users/" + covered.id() + "/tokens/").status())
			.isEqualTo(403);
	}

	@Test
	void expiredTokensAreRefusedAndPruned() throws InterruptedException {
		Person user = person("access.roles.view");
		String second = this.api.token(user.username(), user.password());
		this.jdbc.sql("UPDATE access_token SET expires_at = now() - interval '1 second' WHERE key_hash = :hash")
			.param("hash", TokenService.hash(user.token()))
			.update();
		Thread.sleep(1100); // what this instance remembered of the token is forgotten
							// after 1 s
		assertThat(status(user.token())).isEqualTo(401);
		assertThat(status(second)).isEqualTo(200);

		this.tokens.pruneExpired();
		assertThat(this.jdbc.sql("SELECT count(*) FROM access_token WHERE key_hash IN (:hashes)")
			.param("hashes", List.of(TokenService.hash(user.token()), TokenService.hash(second)))
			.query(Long.class)
			.single()).isEqualTo(1);
	}

	@Test
	void useSlidesTheExpiryAtMostOnceAMinute() throws InterruptedException {
		Person user = person("access.roles.view");
		String hash = TokenService.hash(user.token());
		this.jdbc
			.sql("UPDATE access_token SET last_used_at = now() - interval '2 minutes', "
					+ "expires_at = now() + interval '1 day' WHERE key_hash = :hash")
			.param("hash", hash)
			.update();
		Thread.sleep(1100);
		assertThat(status(user.token())).isEqualTo(200);
		Instant slid = this.jdbc.sql("SELECT expires_at FROM access_token WHERE key_hash = :hash")
			.param("hash", hash)
			.query(java.sql.Timestamp.class)
			.single()
			.toInstant();
		assertThat(slid).isAfter(Instant.now().plus(29, ChronoUnit.DAYS));

		// Used again within the minute: nothing is written.
		this.jdbc.sql("UPDATE access_token SET expires_at = now() + interval '1 day' WHERE key_hash = :hash")
			.param("hash", hash)
			.update();
		Thread.sleep(1100);
		assertThat(status(user.token())).isEqualTo(200);
		Instant kept = this.jdbc.sql("SELECT expires_at FROM access_token WHERE key_hash = :hash")
			.param("hash", hash)
			.query(java.sql.Timestamp.class)
			.single()
			.toInstant();
		assertThat(kept).isBefore(Instant.now().plus(2, ChronoUnit.DAYS));
	}

	@Test
	void aRefusedTokenIsRememberedAsRefusedForTheCacheTimeOnly() throws InterruptedException {
		Person user = person("access.roles.view");
		String hash = TokenService.hash(user.token());
		String keyHashTaken = TokenService.hash(unique("gone"));
		// Revoked elsewhere (another instance): refused here once the remembered answer
		// is 1 s old.
		this.jdbc.sql("UPDATE access_token SET key_hash = :other WHERE key_hash = :hash")
			.param("other", keyHashTaken)
			.param("hash", hash)
			.update();
		Thread.sleep(1100);
		assertThat(status(user.token())).isEqualTo(401);

		// The token comes back (as if issued again elsewhere): this instance repeats its
		// refusal from memory,
		// without asking the database, for at most the cache time (the same bound as for
		// a revocation) ...
		this.jdbc.sql("UPDATE access_token SET key_hash = :hash WHERE key_hash = :other")
			.param("other", keyHashTaken)
			.param("hash", hash)
			.update();
		assertThat(status(user.token())).isEqualTo(401);
		Thread.sleep(1100);
		// ... then asks again.
		assertThat(status(user.token())).isEqualTo(200);

		// Any change to users or roles forgets the refusals at once.
		this.jdbc.sql("UPDATE access_token SET key_hash = :other WHERE key_hash = :hash")
			.param("other", keyHashTaken)
			.param("hash", hash)
			.update();
		Thread.sleep(1100);
		assertThat(status(user.token())).isEqualTo(401);
		this.jdbc.sql("UPDATE access_token SET key_hash = :hash WHERE key_hash = :other")
			.param("other", keyHashTaken)
			.param("hash", hash)
			.update();
		this.tokens.forgetCachedCallers();
		assertThat(status(user.token())).isEqualTo(200);
	}

}
