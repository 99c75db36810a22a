package br.suite.access;

import java.util.List;

import org.junit.jupiter.api.Test;

import br.suite.Api.Response;
import br.suite.ApiTest;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Password guessing is slowed per username, and failures do not tell whether the user
 * exists.
 */
class LoginThrottleApiTests extends ApiTest {

	private record Person(String username, String password) {
	}

	private Person person() {
		Response role = this.api.post("/api/access/roles/",
				json("name", unique("Role"), "permissions", List.of("access.roles.view")));
		String username = unique("thr");
		Response created = this.api.post("/api/access/users/", json("username", username, "role_id", role.id()));
		String password = "Chosen-" + unique("pw");
		this.api.signIn(username, created.json().get("temporary_password").asString(), password);
		return new Person(username, password);
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

}
