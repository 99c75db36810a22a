package br.suite.access;

import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

import br.suite.Api;
import br.suite.Api.Response;
import br.suite.ApiTest;
import br.suite.SuiteApplication;
import br.suite.TestDatabase;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Two more instances of the service on the test database, as behind a load balancer: what
 * one revokes the other refuses within a second, and sign-in failures counted on one lock
 * the name on the other. Instance A allows 3 sign-ins per address a minute; instance B
 * checks one password at a time.
 */
class AccessInstancesTests extends ApiTest {

	private static ConfigurableApplicationContext a;

	private static ConfigurableApplicationContext b;

	private Api onA;

	private Api onB;

	private static ConfigurableApplicationContext start(String... settings) throws Exception {
		List<String> args = new ArrayList<>(
				List.of("--server.port=0", "--server.shutdown=immediate", "--suite.database.url=" + TestDatabase.url(),
						"--suite.database.user=" + System.getenv().getOrDefault("SUITE_TEST_DATABASE_USER", "postgres"),
						"--suite.database.password=" + System.getenv().getOrDefault("SUITE_TEST_DATABASE_PASSWORD", ""),
						"--suite.access.data-directory=" + Files.createTempDirectory("suite-instance")));
		args.addAll(List.of(settings));
		return new SpringApplicationBuilder(SuiteApplication.class).run(args.toArray(String[]::new));
	}

	private static String base(ConfigurableApplicationContext context) {
		return "http://localhost:" + context.getEnvironment().getProperty("local.server.port");
	}

	@BeforeEach
	void startInstances() throws Exception {
		// Started after this class's own context, so the first-run setup has happened
		// already.
		synchronized (AccessInstancesTests.class) {
			if (a == null) {
				a = start("--suite.access.login.address-capacity=3");
				b = start("--suite.access.login.concurrent-checks=1", "--suite.access.login.check-wait=0s",
						"--suite.access.login.address-capacity=1000000");
			}
		}
		this.onA = new Api(base(a), this.api.token());
		this.onB = new Api(base(b), this.api.token());
	}

	@AfterAll
	static void stopInstances() {
		if (a != null) {
			a.close();
			b.close();
		}
	}

	private record Person(long id, String username, String password, String token) {
	}

	private Person person() {
		Response role = this.api.post("/api/access/roles/",
				json("name", unique("Role"), "permissions", List.of("access.roles.view")));
		String username = unique("inst");
		Response created = this.api.post("/api/access/users/", json("username", username, "role_id", role.id()));
		String password = "Chosen-" + unique("pw");
		return new Person(created.id(), username, password,
				this.api.signIn(username, created.json().get("temporary_password").asString(), password));
	}

	/**
	 * The status of a request sent one second after a revocation finished (the promise:
	 * refused everywhere within 1 s). Measured from the revocation, not from when the
	 * answer arrives, so a slow machine cannot make a late refusal look timely nor a
	 * timely one look late.
	 */
	private static int statusOneSecondAfter(long revokedAtNanos, Api instance) throws InterruptedException {
		long wait = 1_000_000_000L - (System.nanoTime() - revokedAtNanos);
		if (wait > 0) {
			Thread.sleep(wait / 1_000_000, (int) (wait % 1_000_000));
		}
		return instance.get("/api/access/roles/").status();
	}

	@Test
	void aTokenRevokedOnOneInstanceIsRefusedOnTheOtherWithinASecond() throws Exception {
		Person user = person();
		Api userOnA = this.onA.as(user.token());
		Api userOnB = this.onB.as(user.token());
		assertThat(userOnA.get("/api/access/roles/").status()).isEqualTo(200);
		assertThat(userOnB.get("/api/access/roles/").status()).isEqualTo(200); // B now
																				// remembers
																				// the
																				// token

		assertThat(userOnA.delete("/api/auth/token/").status()).isEqualTo(204);
		long revoked = System.nanoTime();
		assertThat(userOnA.get("/api/access/roles/").status()).isEqualTo(401);
		assertThat(statusOneSecondAfter(revoked, userOnB)).isEqualTo(401);

		// The same for every token of a user, revoked by an administrator on B while A
		// remembers them.
		String second = this.api.token(user.username(), user.password());
		assertThat(this.onA.as(second).get("/api/access/roles/").status()).isEqualTo(200);
		assertThat(this.onB.delete("/api/access/users/" + user.id() + "/tokens/").status()).isEqualTo(204);
		assertThat(statusOneSecondAfter(System.nanoTime(), this.onA.as(second))).isEqualTo(401);
	}

	@Test
	void failuresOnOneInstanceLockTheUsernameOnTheOther() {
		Person user = person();
		for (int i = 0; i < 5; i++) {
			assertThat(this.api.as(null)
				.post("/api/auth/token/", json("username", user.username(), "password", "wrong-" + i))
				.status()).isEqualTo(401);
		}
		Response locked = this.onB.as(null)
			.post("/api/auth/token/", json("username", user.username(), "password", user.password()));
		assertThat(locked.status()).isEqualTo(429);
		assertThat(locked.header("Retry-After")).isPresent();
	}

	@Test
	void oneAddressGetsALimitedNumberOfSignInAttempts() {
		Api anonymous = this.onA.as(null);
		for (int i = 0; i < 3; i++) {
			assertThat(anonymous.post("/api/auth/token/", json("username", unique("nobody"), "password", "x")).status())
				.isEqualTo(401);
		}
		Response limited = anonymous.post("/api/auth/token/", json("username", unique("nobody"), "password", "x"));
		assertThat(limited.status()).isEqualTo(429);
		assertThat(limited.contentType()).startsWith("application/problem+json");
		assertThat(Long.parseLong(limited.header("Retry-After").orElseThrow())).isBetween(1L, 60L);
		// Other operations from the address are not limited.
		assertThat(this.onA.get("/api/access/roles/").status()).isEqualTo(200);
	}

	@Test
	void passwordChecksBeyondTheLimitAreTurnedAwayWith503() throws Exception {
		ExecutorService pool = Executors.newFixedThreadPool(8);
		try {
			// Bursts of eight at once against one check at a time: whether two of a burst
			// overlap is the scheduler's to decide on a loaded machine, so up to ten
			// bursts
			// are sent until one is turned away. Every answer of every burst is a 401 or
			// a
			// 503, and the limit must turn one away.
			List<Response> answers = new ArrayList<>();
			for (int burst = 0; burst < 10 && answers.stream().noneMatch(r -> r.status() == 503); burst++) {
				List<CompletableFuture<Response>> attempts = new ArrayList<>();
				for (int i = 0; i < 8; i++) {
					attempts
						.add(CompletableFuture.supplyAsync(
								() -> this.onB.as(null)
									.post("/api/auth/token/", json("username", unique("nobody"), "password", "x")),
								pool));
				}
				for (CompletableFuture<Response> attempt : attempts) {
					answers.add(attempt.get());
				}
			}
			assertThat(answers).allMatch(r -> r.status() == 401 || r.status() == 503);
			assertThat(answers).anyMatch(r -> r.status() == 503 && r.header("Retry-After").orElse("").equals("1")
					&& r.contentType().startsWith("application/problem+json"));
			assertThat(answers).anyMatch(r -> r.status() == 401);
		}
		finally {
			pool.shutdown();
		}
	}

}
