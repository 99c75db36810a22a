package br.suite.timeclock;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.simple.JdbcClient;

import br.suite.Api;
import br.suite.Api.Response;
import br.suite.SuiteApplication;
import br.suite.TestDatabase;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Two instances of the service on one database (as behind a load balancer): a scheduled
 * job runs once per schedule, punches through either get consecutive NSRs, and a face
 * enrolled or removed through one is used by the other at once. The instances get a
 * database of their own on the test server.
 */
class TwoInstancesTests {

	private static final String USER = System.getenv().getOrDefault("SUITE_TEST_DATABASE_USER", "postgres");

	private static final String PASSWORD = System.getenv().getOrDefault("SUITE_TEST_DATABASE_PASSWORD", "");

	@Test
	void shareOneDatabaseWithoutRunningJobsTwiceOrDisagreeing() throws Exception {
		String name = "suite_two_" + Long.toString(System.nanoTime(), 36);
		execute(TestDatabase.url(), "CREATE DATABASE " + name);
		String url = TestDatabase.url().replaceFirst("/[^/?]+(\\?|$)", "/" + name + "$1");
		Path data = Files.createTempDirectory("suite-two-instances");
		try (ConfigurableApplicationContext first = start(url, data)) {
			JdbcClient jdbc = first.getBean(JdbcClient.class);
			// Counts the snapshot purge's runs: its one UPDATE per run fires a
			// statement-level trigger, even
			// when it purges nothing.
			jdbc.sql("CREATE TABLE test_purge_run (at timestamptz NOT NULL DEFAULT clock_timestamp())").update();
			jdbc.sql("""
					CREATE FUNCTION test_count_purge() RETURNS trigger LANGUAGE plpgsql AS
					$$ BEGIN INSERT INTO test_purge_run DEFAULT VALUES; RETURN NULL; END $$""").update();
			try (ConfigurableApplicationContext second = start(url, data)) {
				jdbc.sql("""
						CREATE TRIGGER test_count_purge AFTER UPDATE ON timeclock_punch
						FOR EACH STATEMENT EXECUTE FUNCTION test_count_purge()""").update();
				Thread.sleep(7_000);
				jdbc.sql("DROP TRIGGER test_count_purge ON timeclock_punch").update();
				// The job runs every 2 seconds on both instances; each run is one row.
				List<Map<String, Object>> runs = jdbc
					.sql("SELECT floor(extract(epoch FROM at) / 2) AS tick, count(*) AS runs FROM test_purge_run "
							+ "GROUP BY 1 ORDER BY 1")
					.query()
					.listOfRows();
				assertThat(runs).hasSizeGreaterThanOrEqualTo(3);
				assertThat(runs).allSatisfy(
						tick -> assertThat(((Number) tick.get("runs")).longValue()).as(runs.toString()).isEqualTo(1));
				assertThat(
						jdbc.sql("SELECT count(*) FROM shared_scheduler_lock WHERE name = 'timeclock.snapshot-purge'")
							.query(Long.class)
							.single())
					.isEqualTo(1);

				Api a = api(first, data);
				Api b = api(second, data);
				punchesThroughBothGetConsecutiveNsrs(a, b);
				aFaceEnrolledThroughOneIsUsedByTheOther(a, b);
			}
		}
		finally {
			execute(TestDatabase.url(), "DROP DATABASE IF EXISTS " + name + " WITH (FORCE)");
		}
	}

	private static void punchesThroughBothGetConsecutiveNsrs(Api a, Api b) {
		long employee = employee(a);
		List<Long> nsrs = new ArrayList<>();
		for (int i = 0; i < 10; i++) {
			Response punch = punch(i % 2 == 0 ? a : b, employee, FacePhotos.noFace());
			assertThat(punch.status()).as(punch.body()).isEqualTo(201);
			nsrs.add(punch.json().get("nsr").asLong());
		}
		for (int i = 1; i < nsrs.size(); i++) {
			assertThat(nsrs.get(i)).as(nsrs.toString()).isEqualTo(nsrs.get(i - 1) + 1);
		}
		assertThat(b.get("/api/timeclock/punches/verify-chain/").json().get("intact").asBoolean()).isTrue();
		assertThat(a.get("/api/timeclock/punches/verify-chain/").json().get("intact").asBoolean()).isTrue();
	}

	private static void aFaceEnrolledThroughOneIsUsedByTheOther(Api a, Api b) {
		long employee = employee(a);
		assertThat(reason(punch(b, employee, FacePhotos.samePerson()))).isEqualTo("no_enrolled_photo");
		assertThat(a
			.put("/api/access/users/" + employee + "/photo/",
					"{\"photo_base64\":\"" + Base64.getEncoder().encodeToString(FacePhotos.enrolment()) + "\"}")
			.status()).isEqualTo(200);
		assertThat(reason(punch(b, employee, FacePhotos.samePerson()))).isEqualTo("match");
		assertThat(a
			.put("/api/access/users/" + employee + "/photo/",
					"{\"photo_base64\":\"" + Base64.getEncoder().encodeToString(FacePhotos.otherPerson()) + "\"}")
			.status()).isEqualTo(200);
		assertThat(reason(punch(b, employee, FacePhotos.samePerson()))).isEqualTo("mismatch");
		assertThat(a.delete("/api/access/users/" + employee + "/photo/").status()).isEqualTo(204);
		assertThat(reason(punch(b, employee, FacePhotos.samePerson()))).isEqualTo("no_enrolled_photo");
	}

	private static String reason(Response punch) {
		assertThat(punch.status()).as(punch.body()).isEqualTo(201);
		return punch.json().get("recognition_reason").asString();
	}

	private static long employee(Api api) {
		Response user = api.post("/api/access/users/", "{\"username\":\"func-" + Long.toString(System.nanoTime(), 36)
				+ "\",\"full_name\":\"Ana Souza\",\"is_employee\":true,\"role_id\":1}");
		assertThat(user.status()).as(user.body()).isEqualTo(201);
		return user.id();
	}

	private static Response punch(Api api, long employee, byte[] snapshot) {
		return api.post("/api/timeclock/punch/register/",
				"{\"event_type\":\"entrada\",\"employee_id\":" + employee + ",\"snapshot_base64\":\""
						+ Base64.getEncoder().encodeToString(snapshot) + "\",\"source\":\"device\"}");
	}

	private static ConfigurableApplicationContext start(String url, Path data) {
		return new SpringApplicationBuilder(SuiteApplication.class).run("--server.port=0",
				"--server.shutdown=immediate", "--suite.database.url=" + url, "--suite.database.user=" + USER,
				"--suite.database.password=" + PASSWORD, "--suite.access.data-directory=" + data,
				"--suite.timeclock.snapshot-purge-cron=*/2 * * * * *", "--suite.scheduling.lock-at-least-for=PT1S");
	}

	private static Api api(ConfigurableApplicationContext service, Path data) throws IOException {
		return new Api("http://localhost:" + service.getEnvironment().getProperty("local.server.port"),
				Files.readString(data.resolve("admin-token")).trim());
	}

	private static void execute(String url, String sql) throws SQLException {
		try (Connection connection = DriverManager.getConnection(url, USER, PASSWORD);
				Statement statement = connection.createStatement()) {
			statement.execute(sql);
		}
	}

}
