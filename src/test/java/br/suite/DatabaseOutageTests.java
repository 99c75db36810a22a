package br.suite;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.simple.JdbcClient;

import br.suite.Api.Response;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The database paused or restarted under the service: requests that need it answer 503
 * problem+json with Retry-After within two seconds, never 500; readiness goes DOWN while
 * liveness stays UP; service resumes without a restart; no write that was acknowledged is
 * lost. Each test has its own PostgreSQL, so pausing it disturbs no other test.
 */
class DatabaseOutageTests {

	@Test
	void aStalledDatabaseGets503sWithinTwoSecondsAndServiceResumesWhenItAnswersAgain() throws Exception {
		Path directory = Files.createTempDirectory("suite-outage-pg");
		try (EmbeddedPostgres postgres = EmbeddedPostgres.builder().setDataDirectory(directory).start();
				ConfigurableApplicationContext service = start(postgres.getJdbcUrl("postgres", "postgres"))) {
			Api api = api(service);
			Api unknownToken = api.as("0123456789abcdef0123456789abcdef01234567");
			assertThat(api.get("/api/clientes/").status()).isEqualTo(200);
			assertThat(unknownToken.get("/api/clientes/").status()).isEqualTo(401);

			// A long statement on a database that answers is not mistaken for a stall.
			long started = System.nanoTime();
			assertThat(
					service.getBean(JdbcClient.class).sql("SELECT pg_sleep(3.5) IS NULL").query(Boolean.class).single())
				.isFalse();
			assertThat(elapsedMillis(started)).isGreaterThanOrEqualTo(3500);

			List<Long> paused = postgresProcesses(directory);
			JdbcClient jdbc = service.getBean(JdbcClient.class);
			java.util.concurrent.CompletableFuture<Long> inFlight = java.util.concurrent.CompletableFuture
				.supplyAsync(() -> {
					try {
						jdbc.sql("SELECT pg_sleep(30) IS NULL").query(Boolean.class).single();
						return -1L;
					}
					catch (org.springframework.dao.DataAccessException ex) {
						return System.nanoTime();
					}
				});
			Thread.sleep(300);
			long pausedAt = System.nanoTime();
			signal("STOP", paused);
			try {
				// A statement already waiting when the database stalls is broken off, not
				// left hanging.
				long brokenOffAt = inFlight.get(10, java.util.concurrent.TimeUnit.SECONDS);
				assertThat(brokenOffAt).isPositive();
				assertThat((brokenOffAt - pausedAt) / 1_000_000).isLessThan(2000);
				for (int i = 0; i < 3; i++) {
					assertUnavailableWithinTwoSeconds(() -> api.get("/api/clientes/"));
					assertUnavailableWithinTwoSeconds(
							() -> api.post("/api/clientes/", "{\"nome\":\"Durante a pausa\"}"));
					// The token look-up in the security chain needs the database too:
					// 503, not 401 or 500.
					assertUnavailableWithinTwoSeconds(() -> unknownToken.get("/api/clientes/"));
				}
				started = System.nanoTime();
				Response readiness = api.as(null).get("/actuator/health/readiness");
				assertThat(elapsedMillis(started)).isLessThan(2000);
				assertThat(readiness.status()).isEqualTo(503);
				assertThat(readiness.json().get("status").asString()).isEqualTo("DOWN");
				Response liveness = api.as(null).get("/actuator/health/liveness");
				assertThat(liveness.status()).isEqualTo(200);
				assertThat(liveness.json().get("status").asString()).isEqualTo("UP");
			}
			finally {
				signal("CONT", paused);
			}

			Response after = eventually(() -> api.post("/api/clientes/", "{\"nome\":\"Depois da pausa\"}"), 201);
			assertThat(api.get("/api/clientes/" + after.id() + "/").status()).isEqualTo(200);
			assertThat(api.as(null).get("/actuator/health/readiness").status()).isEqualTo(200);
			assertThat(unknownToken.get("/api/clientes/").status()).isEqualTo(401);
			assertThat(api.get("/api/clientes/?nome=Durante a pausa".replace(" ", "%20")).body())
				.doesNotContain("Durante a pausa");
		}
	}

	@Test
	void aRestartOfThePostgresUnderLoadLosesNoAcknowledgedWriteAndAnswersNo500() throws Exception {
		Path directory = Files.createTempDirectory("suite-restart-pg");
		int port = freePort();
		EmbeddedPostgres postgres = postgres(directory, port);
		try (ConfigurableApplicationContext service = start(postgres.getJdbcUrl("postgres", "postgres"))) {
			Api api = api(service);
			Map<Integer, Integer> statuses = new ConcurrentHashMap<>();
			ConcurrentLinkedQueue<Response> acknowledged = new ConcurrentLinkedQueue<>();
			AtomicBoolean restarted = new AtomicBoolean();
			ConcurrentLinkedQueue<Response> acknowledgedAfterRestart = new ConcurrentLinkedQueue<>();
			AtomicBoolean running = new AtomicBoolean(true);
			List<Thread> clients = new ArrayList<>();
			for (int c = 0; c < 4; c++) {
				int client = c;
				Thread thread = new Thread(() -> {
					for (int n = 0; running.get(); n++) {
						Response response = api.post("/api/clientes/",
								"{\"nome\":\"Carga " + client + "-" + n + "\",\"ativo\":true}");
						statuses.merge(response.status(), 1, Integer::sum);
						if (response.status() == 201) {
							(restarted.get() ? acknowledgedAfterRestart : acknowledged).add(response);
						}
						else if (!response.contentType().startsWith("application/problem+json")) {
							statuses.merge(-1, 1, Integer::sum);
						}
					}
				});
				thread.start();
				clients.add(thread);
			}
			// The load under way: writes acknowledged before the restart.
			Awaitility.await().atMost(Duration.ofSeconds(30)).until(() -> acknowledged.size() >= 20);
			postgres.close();
			postgres = postgres(directory, port);
			restarted.set(true);
			// Writing again within 3 s of the restart, and the load kept up for forty
			// acknowledged writes after it (more connections of the pool back in use).
			Awaitility.await().atMost(Duration.ofSeconds(3)).until(() -> !acknowledgedAfterRestart.isEmpty());
			Awaitility.await().atMost(Duration.ofSeconds(30)).until(() -> acknowledgedAfterRestart.size() >= 40);
			running.set(false);
			for (Thread client : clients) {
				client.join();
			}

			// -1 counts error answers that were not problem details.
			assertThat(statuses).doesNotContainKey(500).doesNotContainKey(-1).containsKey(201);
			assertThat(statuses.keySet()).allMatch(status -> status == 201 || status == 503, statuses.toString());
			assertThat(acknowledgedAfterRestart).as("writes succeed again after the restart").isNotEmpty();
			acknowledged.addAll(acknowledgedAfterRestart);
			for (Response created : acknowledged) {
				Response read = api.get("/api/clientes/" + created.id() + "/");
				assertThat(read.status()).isEqualTo(200);
				assertThat(read.json().get("nome").asString()).isEqualTo(created.json().get("nome").asString());
			}
		}
		finally {
			postgres.close();
		}
	}

	private static void assertUnavailableWithinTwoSeconds(java.util.function.Supplier<Response> request) {
		long started = System.nanoTime();
		Response response = request.get();
		long millis = elapsedMillis(started);
		assertThat(response.status()).as(response.body()).isEqualTo(503);
		assertThat(millis).as("answered after %d ms", millis).isLessThan(2000);
		assertThat(response.contentType()).startsWith("application/problem+json");
		assertThat(response.header("Retry-After")).isPresent();
		assertThat(response.json().get("status").asInt()).isEqualTo(503);
	}

	private static Response eventually(java.util.function.Supplier<Response> request, int status)
			throws InterruptedException {
		long deadline = System.nanoTime() + 15_000_000_000L;
		Response response = request.get();
		while (response.status() != status && System.nanoTime() < deadline) {
			Thread.sleep(200);
			response = request.get();
		}
		assertThat(response.status()).as(response.body()).isEqualTo(status);
		return response;
	}

	private static long elapsedMillis(long startedNanos) {
		return (System.nanoTime() - startedNanos) / 1_000_000;
	}

	/**
	 * The postmaster of a data directory and all its children (backends, checkpointer,
	 * WAL writer…).
	 */
	static List<Long> postgresProcesses(Path dataDirectory) throws IOException, InterruptedException {
		long postmaster = Long.parseLong(Files.readAllLines(dataDirectory.resolve("postmaster.pid")).get(0).strip());
		List<Long> pids = new ArrayList<>(List.of(postmaster));
		Process children = new ProcessBuilder("pgrep", "-P", Long.toString(postmaster)).start();
		for (String line : new String(children.getInputStream().readAllBytes()).split("\\s+")) {
			if (!line.isBlank()) {
				pids.add(Long.parseLong(line));
			}
		}
		children.waitFor();
		assertThat(pids).hasSizeGreaterThan(3);
		return pids;
	}

	static void signal(String signal, List<Long> pids) throws IOException, InterruptedException {
		List<String> command = new ArrayList<>(List.of("kill", "-" + signal));
		pids.forEach(pid -> command.add(pid.toString()));
		assertThat(new ProcessBuilder(command).inheritIO().start().waitFor()).isZero();
	}

	private static EmbeddedPostgres postgres(Path directory, int port) throws IOException {
		return EmbeddedPostgres.builder()
			.setDataDirectory(directory)
			.setCleanDataDirectory(false)
			.setPort(port)
			.start();
	}

	static ConfigurableApplicationContext start(String jdbcUrl, String... more) throws IOException {
		Path data = Files.createTempDirectory("suite-outage-data");
		List<String> arguments = new ArrayList<>(List.of("--server.port=0", "--server.shutdown=immediate",
				"--suite.database.url=" + jdbcUrl, "--suite.database.user=postgres", "--suite.database.password=",
				"--suite.access.data-directory=" + data));
		arguments.addAll(List.of(more));
		return new SpringApplicationBuilder(SuiteApplication.class).run(arguments.toArray(String[]::new));
	}

	static Api api(ConfigurableApplicationContext service) throws IOException {
		String port = service.getEnvironment().getProperty("local.server.port");
		Path data = Path.of(service.getEnvironment().getProperty("suite.access.data-directory"));
		return new Api("http://localhost:" + port, Files.readString(data.resolve("admin-token")).trim());
	}

	private static int freePort() throws IOException {
		try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
			return socket.getLocalPort();
		}
	}

}
