package br.suite.access;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import br.suite.Api;
import br.suite.Api.Response;
import br.suite.ApiTest;
import br.suite.TestSettings;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Password guessing is slowed per username, and failures do not tell whether the user
 * exists.
 */
class LoginThrottleApiTests extends ApiTest {

	// bcrypt at the production cost (the tests' JVMs hash at the cheapest, 4): at that
	// cost the decoy check is ~2 ms and could not be told from no check at all.
	@Override
	protected void settings(TestSettings settings) {
		settings.record("br.suite.access.AccessSettings", Map.of("bcryptStrength", 10));
	}

	private record Person(long id, String username, String password) {
	}

	private Person person() {
		return person("thr");
	}

	private Person person(String prefix) {
		Response role = this.api.post("/api/access/roles/",
				json("name", unique("Role"), "permissions", List.of("access.roles.view")));
		String username = unique(prefix);
		Response created = this.api.post("/api/access/users/", json("username", username, "role_id", role.id()));
		String password = "Chosen-" + unique("pw");
		this.api.signIn(username, created.json().get("temporary_password").asString(), password);
		return new Person(created.id(), username, password);
	}

	private Response login(String username, String password) {
		return this.api.as(null).post("/api/auth/token/", json("username", username, "password", password));
	}

	@Test
	void fiveFailuresLockTheUsernameEvenForTheRightPassword() {
		Person user = person();
		for (int i = 0; i < 5; i++) {
			assertThat(login(user.username(), "wrong-" + i).status()).isEqualTo(401);
		}
		Response locked = login(user.username(), user.password());
		assertThat(locked.status()).isEqualTo(429);
		assertThat(locked.contentType()).startsWith("application/problem+json");
		assertThat(Long.parseLong(locked.header("Retry-After").orElseThrow())).isBetween(1L, 30L);
		assertThat(locked.json().get("detail").asString()).contains("try again later");
		assertThat(login(user.username().toUpperCase(), user.password()).status()).isEqualTo(429);
	}

	@Test
	void aSuccessClearsTheFailures() {
		Person user = person();
		for (int round = 0; round < 2; round++) {
			for (int i = 0; i < 4; i++) {
				assertThat(login(user.username(), "wrong-" + i).status()).isEqualTo(401);
			}
			assertThat(login(user.username(), user.password()).status()).isEqualTo(200);
		}
	}

	@Test
	void anUnknownUserCostsAPasswordCheckLikeAWrongPassword() {
		long wrongPassword = Long.MAX_VALUE;
		long unknownUser = Long.MAX_VALUE;
		for (int i = 0; i < 3; i++) {
			String known = person().username();
			long start = System.nanoTime();
			assertThat(login(known, "not-it").status()).isEqualTo(401);
			wrongPassword = Math.min(wrongPassword, System.nanoTime() - start);
			start = System.nanoTime();
			assertThat(login(unique("ghost"), "not-it").status()).isEqualTo(401);
			unknownUser = Math.min(unknownUser, System.nanoTime() - start);
		}
		// The fastest of three of each (robust to a stalled machine): without the decoy
		// bcrypt check an
		// unknown user answers in a few milliseconds, a wrong password in tens.
		assertThat(unknownUser).isGreaterThan(wrongPassword * 4 / 10);
	}

	@Test
	void unknownUsersLookLikeWrongPasswordsAndAreThrottledAlike() {
		Person user = person();
		String ghost = unique("ghost");
		Response wrongPassword = login(user.username(), "not-it");
		Response unknownUser = login(ghost, "not-it");
		assertThat(wrongPassword.status()).isEqualTo(401);
		assertThat(unknownUser.status()).isEqualTo(401);
		assertThat(unknownUser.body()).isEqualTo(wrongPassword.body());
		assertThat(unknownUser.header("WWW-Authenticate")).isEqualTo(wrongPassword.header("WWW-Authenticate"));
		for (int i = 0; i < 4; i++) {
			login(user.username(), "not-it");
			login(ghost, "not-it");
		}
		Response lockedUser = login(user.username(), "not-it");
		Response lockedGhost = login(ghost, "not-it");
		assertThat(lockedUser.status()).isEqualTo(429);
		assertThat(lockedGhost.status()).isEqualTo(429);
		assertThat(lockedGhost.json().get("detail")).isEqualTo(lockedUser.json().get("detail"));
	}

	@Test
	void everySpellingOfAUsernameSharesItsLockAndItsUser() {
		// "fİn" (U+0130) and "ﬁn" (the ligature) are the name "fin": one user, one lock.
		Person fin = person("fin");
		String dotted = fin.username().replace("fi", "f\u0130");
		String ligature = fin.username().replace("fi", "\uFB01");
		assertThat(login(dotted, fin.password()).status()).isEqualTo(200);
		for (int i = 0; i < 5; i++) {
			assertThat(login(i % 2 == 0 ? dotted : ligature, "wrong-" + i).status()).isEqualTo(401);
		}
		// The failures under other spellings locked the name itself, and every spelling.
		assertThat(login(fin.username(), fin.password()).status()).isEqualTo(429);
		assertThat(login(dotted, fin.password()).status()).isEqualTo(429);
		assertThat(login(fin.username().toUpperCase(java.util.Locale.ROOT), fin.password()).status()).isEqualTo(429);

		// Nobody else can take the name under another spelling.
		Response role = this.api.post("/api/access/roles/",
				json("name", unique("Role"), "permissions", List.of("access.roles.view")));
		for (String taken : List.of(dotted, ligature, fin.username().toUpperCase(java.util.Locale.ROOT))) {
			Response twin = this.api.post("/api/access/users/", json("username", taken, "role_id", role.id()));
			assertThat(twin.status()).as(taken).isEqualTo(409);
			assertThat(twin.json().get("field").asString()).isEqualTo("username");
		}
	}

	@Test
	void guessingTheCurrentPasswordInAPasswordChangeIsThrottledAndAudited() {
		Person user = person();
		Api signedIn = this.api.as(this.api.token(user.username(), user.password()));
		String next = "Another-" + unique("pw");
		String before = this.api.get("/api/access/users/" + user.id() + "/").header("ETag").orElseThrow();
		List<Integer> answers = new ArrayList<>();
		for (int i = 0; i < 31 && !answers.contains(429); i++) {
			answers
				.add(signedIn.post("/api/auth/password/", json("current_password", "wrong-" + i, "new_password", next))
					.status());
		}
		// The sign-in's lock: five wrong guesses, then 429 (not 30 more guesses).
		assertThat(answers).containsExactly(400, 400, 400, 400, 400, 429);
		Response locked = signedIn.post("/api/auth/password/",
				json("current_password", user.password(), "new_password", next));
		assertThat(locked.status()).isEqualTo(429);
		assertThat(locked.header("Retry-After")).isPresent();
		assertThat(login(user.username(), user.password()).status()).isEqualTo(429);
		// Nothing changed: the user (their password included) has the same version.
		assertThat(this.api.get("/api/access/users/" + user.id() + "/").header("ETag")).contains(before);

		Response audited = this.api
			.get("/api/audit/events/?action=access.password.change_failed&resource_id=" + user.id());
		assertThat(audited.status()).isEqualTo(200);
		assertThat(audited.json().size()).isEqualTo(5);
		audited.json().forEach(event -> {
			assertThat(event.get("actor_id").asLong()).isEqualTo(user.id());
			assertThat(event.toString()).doesNotContain("wrong-");
		});
	}

}
