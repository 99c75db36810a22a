package br.suite.platform;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import io.micrometer.core.instrument.MeterRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.health.contributor.Status;
import org.springframework.context.ConfigurableApplicationContext;

import br.suite.Api.Response;
import br.suite.shared.DateTimes;
import br.suite.Api;
import br.suite.SuiteApplication;

/**
 * A backup of a running service's embedded database, restored with {@code restore <file>}
 * into a fresh data directory: every table has the same rows.
 */
class BackupRestoreTests {

	@TempDir
	Path temp;

	@Test
	void aBackupRestoresIntoAFreshDataDirectoryWithEveryTableRowCountEqual() throws Exception {
		Path first = this.temp.resolve("first");
		Path backupDirectory = this.temp.resolve("backups");
		Map<String, Long> before;
		Path file;
		try (ConfigurableApplicationContext service = new SpringApplicationBuilder(SuiteApplication.class).run(
				"--server.port=0", "--server.shutdown=immediate", "--suite.database.url=",
				"--suite.database.embedded-directory=" + first.resolve("postgres"),
				"--suite.access.data-directory=" + first, "--suite.backup.directory=" + backupDirectory,
				"--suite.webhooks.dispatcher-enabled=false")) {
			Api api = new Api("http://localhost:" + service.getEnvironment().getProperty("local.server.port"),
					Files.readString(first.resolve("admin-token")).trim());
			Response cliente = api.post("/api/clientes/",
					"{\"nome\":\"Padaria Backup\",\"documento\":\"\",\"email\":\"\",\"telefone\":\"\"}");
			assertThat(cliente.status()).as(cliente.toString()).isEqualTo(201);
			Response user = api.post("/api/access/users/", "{\"username\":\"backup-user\",\"role_id\":1}");
			assertThat(user.status()).as(user.toString()).isEqualTo(201);

			EmbeddedPostgresServer embedded = service.getBean(DatabaseConfiguration.DatabaseServer.class).embedded();
			before = settledCounts(embedded.jdbcUrl(), embedded.password());
			assertThat(before).containsKeys("customers_cliente", "access_user", "flyway_schema_history");
			assertThat(before.get("customers_cliente")).isPositive();

			Backups backups = service.getBean(Backups.class);
			Backups.Backup backup = backups.backUp();
			file = backup.file();
			assertThat(file.getFileName().toString()).matches("suite-[0-9]{8}T[0-9]{6}Z\\.tar\\.gz");
			assertThat(Files.getPosixFilePermissions(file)).containsExactlyInAnyOrder(
					java.nio.file.attribute.PosixFilePermission.OWNER_READ,
					java.nio.file.attribute.PosixFilePermission.OWNER_WRITE);
			assertThat(counts(embedded.jdbcUrl(), embedded.password())).isEqualTo(before);
			assertThat(backups.health().getStatus()).isEqualTo(Status.UP);
			assertThat(backups.health().getDetails()).containsEntry("last_backup", file.getFileName().toString());
			MeterRegistry registry = service.getBean(MeterRegistry.class);
			assertThat(registry.get("suite.backup.last.success").gauge().value())
				.isEqualTo((double) backup.at().getEpochSecond());
			assertThat(registry.get("suite.backup").tag("outcome", "success").timer().count()).isEqualTo(1);
		}

		Path second = this.temp.resolve("second");
		ByteArrayOutputStream out = new ByteArrayOutputStream();
		ByteArrayOutputStream err = new ByteArrayOutputStream();
		int code = RestoreCommand.run(
				new String[] { "restore", file.toString(), "--suite.database.url=",
						"--suite.database.embedded-directory=" + second.resolve("postgres") },
				new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
		assertThat(code).as(err.toString(StandardCharsets.UTF_8)).isZero();
		assertThat(out.toString(StandardCharsets.UTF_8)).contains("Restored").contains("Start the service as usual");

		try (EmbeddedPostgresServer restored = EmbeddedPostgresServer.start(second.resolve("postgres"), 0, List.of())) {
			assertThat(counts(restored.jdbcUrl(), restored.password())).isEqualTo(before);
		}

		// Never over an existing database.
		ByteArrayOutputStream refused = new ByteArrayOutputStream();
		assertThat(RestoreCommand.run(
				new String[] { "restore", file.toString(), "--suite.database.url=",
						"--suite.database.embedded-directory=" + second.resolve("postgres") },
				new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
				new PrintStream(refused, true, StandardCharsets.UTF_8)))
			.isEqualTo(1);
		assertThat(refused.toString(StandardCharsets.UTF_8)).contains("not empty");
		assertThat(second.resolve("postgres/PG_VERSION")).exists();
	}

	@Test
	void theRetentionKeepsTheNewestOfEachOfSevenDaysAndFiveWeeks() {
		LocalDate today = LocalDate.of(2026, 11, 26);
		List<Backups.Backup> backups = new ArrayList<>();
		// Two backups a day for 60 days.
		for (int day = 0; day < 60; day++) {
			for (int hour : new int[] { 1, 13 }) {
				Instant at = LocalDateTime.of(today.minusDays(day), java.time.LocalTime.of(hour, 30))
					.atZone(DateTimes.BRAZIL)
					.toInstant();
				backups.add(new Backups.Backup(Path.of("b-" + day + "-" + hour), at, 1));
			}
		}
		Set<Path> kept = Backups.keep(backups, today, 7, 5);
		// The 13:30 backup of each of the last 7 days (2026-11-20 … 26), and the newest
		// of each of the
		// 5 weeks from Monday 2026-10-26: those of 11-23 and 11-16 are among the daily
		// ones, the others
		// are the Sundays 11-15, 11-08 and 11-01.
		assertThat(kept).contains(Path.of("b-0-13"), Path.of("b-6-13"))
			.doesNotContain(Path.of("b-0-1"), Path.of("b-7-13"));
		assertThat(kept).contains(Path.of("b-11-13"), Path.of("b-18-13"), Path.of("b-25-13"))
			.doesNotContain(Path.of("b-32-13"), Path.of("b-10-13"));
		assertThat(kept).hasSize(7 + 3);
		// The newest is kept however old.
		assertThat(Backups.keep(backups.subList(119, 120), today, 7, 5)).containsExactly(Path.of("b-59-13"));
	}

	/**
	 * Every table's rows, read until two reads agree (events complete in the background).
	 */
	private static Map<String, Long> settledCounts(String url, String password) throws Exception {
		Map<String, Long> previous = counts(url, password);
		for (int i = 0; i < 50; i++) {
			Thread.sleep(200);
			Map<String, Long> now = counts(url, password);
			if (now.equals(previous)) {
				return now;
			}
			previous = now;
		}
		throw new AssertionError("The row counts never settled: " + previous);
	}

	/**
	 * Every table's rows but the scheduler's own bookkeeping: the collection run takes
	 * its lock at the top of every minute and records the run, so those two tables change
	 * whenever the test spans a minute's turn, whatever the backup does.
	 */
	private static final Set<String> SCHEDULER_TABLES = Set.of("shared_scheduler_lock", "shared_job_run");

	private static Map<String, Long> counts(String url, String password) throws SQLException {
		Map<String, Long> counts = new TreeMap<>();
		try (Connection connection = DriverManager.getConnection(url, EmbeddedPostgresServer.SUPERUSER, password);
				Statement statement = connection.createStatement()) {
			List<String> tables = new ArrayList<>();
			try (ResultSet result = statement.executeQuery("SELECT table_name FROM information_schema.tables "
					+ "WHERE table_schema = 'public' AND table_type = 'BASE TABLE'")) {
				while (result.next()) {
					if (!SCHEDULER_TABLES.contains(result.getString(1))) {
						tables.add(result.getString(1));
					}
				}
			}
			for (String table : tables) {
				try (ResultSet result = statement.executeQuery("SELECT count(*) FROM \"" + table + "\"")) {
					result.next();
					counts.put(table, result.getLong(1));
				}
			}
		}
		return counts;
	}

}
