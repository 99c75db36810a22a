package br.suite.platform;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import br.suite.Api;
import br.suite.SuiteApplication;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The embedded PostgreSQL is supervised: {@code kill -9} of its postmaster and the
 * service answers again within seconds, on the same data (crash recovery), without a
 * restart of the service; a server that cannot be started again turns liveness DOWN so
 * that the service's own supervisor restarts it.
 */
class EmbeddedDatabaseSupervisionTests {

	/** The bound checked here; docs/operations.md gives the times measured. */
	private static final Duration ANSWERS_AGAIN_WITHIN = Duration.ofSeconds(20);

	@Test
	void aKilledPostmasterIsStartedAgainAndTheServiceAnswersWithinSeconds() throws Exception {
		Path data = Files.createTempDirectory("suite-supervised");
		try (ConfigurableApplicationContext service = new SpringApplicationBuilder(SuiteApplication.class).run(
				"--server.port=0", "--server.shutdown=immediate", "--suite.database.url=",
				"--suite.access.data-directory=" + data,
				"--suite.database.embedded-directory=" + data.resolve("postgres"))) {
			Api api = new Api("http://localhost:" + service.getEnvironment().getProperty("local.server.port"),
					Files.readString(data.resolve("admin-token")).trim());
			Api.Response before = api.post("/api/clientes/", "{\"nome\":\"Antes do kill\"}");
			assertThat(before.status()).isEqualTo(201);

			long postmaster = Long
				.parseLong(Files.readAllLines(data.resolve("postgres/postmaster.pid")).get(0).strip());
			long killedAt = System.nanoTime();
			assertThat(ProcessHandle.of(postmaster).orElseThrow().destroyForcibly()).isTrue();

			Api.Response after = api.post("/api/clientes/", "{\"nome\":\"Depois do kill\"}");
			List<Integer> statuses = new CopyOnWriteArrayList<>();
			while (after.status() != 201
					&& System.nanoTime() - killedAt < ANSWERS_AGAIN_WITHIN.toNanos() + 10_000_000_000L) {
				statuses.add(after.status());
				Thread.sleep(100);
				after = api.post("/api/clientes/", "{\"nome\":\"Depois do kill\"}");
			}
			long millis = (System.nanoTime() - killedAt) / 1_000_000;
			System.out.println(
					"kill -9 of the embedded postmaster → the service answered a write again after " + millis + " ms");
			assertThat(after.status()).as(after.body()).isEqualTo(201);
			assertThat(millis).isLessThan(ANSWERS_AGAIN_WITHIN.toMillis());
			// Meanwhile: 503s, never a 500.
			assertThat(statuses).allMatch(status -> status == 503, statuses.toString());

			long restarted = Long.parseLong(Files.readAllLines(data.resolve("postgres/postmaster.pid")).get(0).strip());
			assertThat(restarted).isNotEqualTo(postmaster);
			assertThat(EmbeddedPostgresServer.running(restarted)).isTrue();
			assertThat(EmbeddedPostgresServer.running(postmaster)).isFalse();
			// What was committed before the kill is still there.
			assertThat(api.get("/api/clientes/" + before.id() + "/").status()).isEqualTo(200);
			assertThat(api.as(null).get("/actuator/health/liveness").status()).isEqualTo(200);
			assertThat(api.as(null).get("/actuator/health/readiness").status()).isEqualTo(200);
		}
	}

	@Test
	void aServerThatCannotBeStartedAgainIsReportedBrokenUntilItRunsAgain() throws Exception {
		AtomicBoolean running = new AtomicBoolean(true);
		AtomicBoolean startable = new AtomicBoolean(false);
		AtomicInteger attempts = new AtomicInteger();
		List<Boolean> reports = new CopyOnWriteArrayList<>();
		try (PostgresSupervisor supervisor = new PostgresSupervisor(running::get, () -> {
			attempts.incrementAndGet();
			running.set(startable.get());
			return startable.get();
		}, Duration.ofMillis(50), Duration.ofMillis(500), reports::add)) {
			Thread.sleep(300);
			assertThat(attempts).hasValue(0);
			running.set(false);
			Thread.sleep(300);
			// Found dead, tried again and again, not yet given up.
			assertThat(attempts.get()).isGreaterThan(1);
			assertThat(reports).isEmpty();
			Thread.sleep(700);
			assertThat(reports).containsExactly(false);
			startable.set(true);
			Thread.sleep(300);
			assertThat(reports).containsExactly(false, true);
			int settled = attempts.get();
			Thread.sleep(300);
			assertThat(attempts).hasValue(settled);
		}
	}

}
