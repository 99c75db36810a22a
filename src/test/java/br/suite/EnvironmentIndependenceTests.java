package br.suite;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.File;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.JarFile;
import java.util.jar.Manifest;

import org.junit.jupiter.api.Test;

import br.suite.Api.Response;

/**
 * The service behaves the same whatever environment starts it: run as its own process
 * with an empty environment (no LANG, no LC_*, no HOME; the default charset is then
 * ANSI_X3.4-1968, on Java 18 and later with {@code file.encoding=COMPAT}), on its own
 * embedded PostgreSQL, it finds and filters accented text typed in capitals. One process
 * start: everything is checked against it.
 */
class EnvironmentIndependenceTests {

	@Test
	void withAnEmptyEnvironmentUpperCaseAccentedSearchesAndFiltersMatch() throws Exception {
		Path data = Files.createTempDirectory("suite-env-data");
		Path log = data.resolve("service.log");
		int port = freePort();
		// C1 only: the process starts and answers a few requests, which C2's compiling
		// would not pay back (about 20 s of CPU less per run; the environment checked is
		// the same).
		List<String> command = new ArrayList<>(
				List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-XX:+UseSerialGC",
						"-XX:TieredStopAtLevel=1", "-Xmx384m", "-XshowSettings:properties", "-cp", serviceClassPath(),
						SuiteApplication.class.getName(), "--server.port=" + port, "--server.shutdown=immediate",
						"--suite.access.data-directory=" + data,
						"--suite.database.embedded-directory=" + data.resolve("postgres"),
						"--suite.backup.enabled=false", "--suite.warmup.enabled=false"));
		if (Runtime.version().feature() >= 18) {
			// Since Java 18 the default charset is UTF-8 whatever the environment says;
			// COMPAT takes it from the environment again, as Java 17 does, so the service
			// is checked against the same hostile default on every JDK.
			command.add(1, "-Dfile.encoding=COMPAT");
		}
		ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
		builder.environment().clear();
		Process service = builder.start();
		try {
			awaitReady(service, port, log);
			assertThat(Files.readString(log)).contains("file.encoding = ANSI_X3.4-1968");
			Api api = new Api("http://localhost:" + port,
					Files.readString(data.resolve("admin-token"), StandardCharsets.UTF_8).trim());

			String tag = "ambiente-" + Long.toString(System.nanoTime(), 36);
			Response created = api.post("/api/process-documents/",
					"{\"title\":\"Calibração de balanças\",\"process_area\":\"Produção\",\"category\":\"Instrução\","
							+ "\"owner\":\"João Conceição\",\"tags\":[\"" + tag + "\"]}");
			assertThat(created.status()).as(created.toString()).isEqualTo(201);
			assertThat(created.json().get("title").asString()).isEqualTo("Calibração de balanças");
			long id = created.id();
			String list = "/api/process-documents/?tag=" + tag;
			assertThat(ids(api.get(list + "&category=INSTRU%C3%87%C3%83O"))).containsExactly(id);
			assertThat(ids(api.get(list + "&process_area=PRODU%C3%87%C3%83O"))).containsExactly(id);
			assertThat(ids(api.get(list + "&owner=JO%C3%83O%20CONCEI%C3%87%C3%83O"))).containsExactly(id);
			assertThat(ids(api.get(list + "&q=CALIBRA%C3%87%C3%83O%20DE%20BALAN%C3%87AS"))).containsExactly(id);
			assertThat(ids(api.get(list + "&category=instru%C3%A7%C3%A3o"))).containsExactly(id);
		}
		finally {
			service.destroy();
			if (!service.waitFor(Duration.ofSeconds(60).toMillis(), java.util.concurrent.TimeUnit.MILLISECONDS)) {
				service.destroyForcibly();
			}
			else {
				try (var files = Files.walk(data)) {
					files.sorted(java.util.Comparator.reverseOrder()).map(Path::toFile).forEach(File::delete);
				}
			}
		}
	}

	@Test
	void aDatabaseWhoseEncodingIsNotUtf8IsRefusedAtStartAndLeftUnmigrated() throws Exception {
		String name = "suite_ascii_" + Long.toString(System.nanoTime(), 36);
		String url = TestDatabase.url();
		try (Connection connection = DriverManager.getConnection(url, "postgres", "");
				Statement statement = connection.createStatement()) {
			statement.execute("CREATE DATABASE " + name
					+ " ENCODING 'SQL_ASCII' LOCALE_PROVIDER libc LOCALE 'C' TEMPLATE template0");
		}
		try {
			String asciiUrl = url.replaceFirst("/postgres(\\?|$)", "/" + name + "$1");
			assertThatThrownBy(() -> DatabaseOutageTests.start(asciiUrl).close())
				.satisfies(failure -> assertThat(causes(failure))
					.contains("The database " + name + " has the encoding SQL_ASCII; Suite needs UTF8"));
			try (Connection ascii = DriverManager.getConnection(asciiUrl, "postgres", "");
					Statement statement = ascii.createStatement();
					ResultSet tables = statement
						.executeQuery("SELECT count(*) FROM pg_tables WHERE schemaname = 'public' "
								+ "AND tablename <> 'flyway_schema_history'")) {
				tables.next();
				assertThat(tables.getInt(1)).as("tables migrated into the refused database").isZero();
			}
		}
		finally {
			try (Connection connection = DriverManager.getConnection(url, "postgres", "");
					Statement statement = connection.createStatement()) {
				statement.execute("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)");
			}
		}
	}

	private static String causes(Throwable failure) {
		StringBuilder messages = new StringBuilder();
		for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
			messages.append(cause.getMessage()).append('\n');
		}
		return messages.toString();
	}

	private static List<Long> ids(Response list) {
		assertThat(list.status()).as(list.toString()).isEqualTo(200);
		List<Long> ids = new ArrayList<>();
		list.json().forEach(document -> ids.add(document.get("id").asLong()));
		return ids;
	}

	private static void awaitReady(Process service, int port, Path log) throws Exception {
		HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
		HttpRequest ready = HttpRequest
			.newBuilder(URI.create("http://127.0.0.1:" + port + "/actuator/health/readiness"))
			.timeout(Duration.ofSeconds(5))
			.build();
		long deadline = System.nanoTime() + Duration.ofMinutes(3).toNanos();
		while (System.nanoTime() < deadline) {
			if (!service.isAlive()) {
				throw new AssertionError("The service ended with " + service.exitValue() + ":\n" + tail(log));
			}
			try {
				if (http.send(ready, HttpResponse.BodyHandlers.discarding()).statusCode() == 200) {
					return;
				}
			}
			catch (IOException notYet) {
				// Still starting.
			}
			Thread.sleep(500);
		}
		throw new AssertionError("The service did not become ready:\n" + tail(log));
	}

	private static String tail(Path log) throws IOException {
		String text = Files.readString(log, StandardCharsets.ISO_8859_1);
		return text.substring(Math.max(0, text.length() - 6000));
	}

	/**
	 * The service's class path as this test JVM has it (Surefire's manifest-only jar
	 * expanded), without the test classes.
	 */
	private static String serviceClassPath() throws IOException {
		List<String> entries = new ArrayList<>();
		for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
			if (entry.endsWith(".jar") && Path.of(entry).getFileName().toString().startsWith("surefirebooter")) {
				try (JarFile jar = new JarFile(entry)) {
					Manifest manifest = jar.getManifest();
					for (String url : manifest.getMainAttributes().getValue("Class-Path").split(" ")) {
						if (!url.isBlank()) {
							entries.add(Path.of(URI.create(url.startsWith("file:") ? url : "file:" + url)).toString());
						}
					}
				}
			}
			else {
				entries.add(entry);
			}
		}
		entries.removeIf(entry -> entry.contains("test-classes") || entry.contains("surefire")
				|| entry.contains("junit-platform") || entry.contains(File.separator + "face-model-converter"));
		return String.join(File.pathSeparator, entries);
	}

	private static int freePort() throws IOException {
		try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
			return socket.getLocalPort();
		}
	}

}
