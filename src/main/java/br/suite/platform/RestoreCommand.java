package br.suite.platform;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.Arrays;
import java.util.Comparator;
import java.util.Properties;
import java.util.stream.Stream;

import org.springframework.boot.Banner;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * {@code java -jar suite.jar restore <backup file>}: unpacks a backup ({@link Backups})
 * into the configured embedded data directory, which must be empty or missing, then
 * starts PostgreSQL on it once, which replays the backup's WAL to the moment the backup
 * ended, checks that the schema is there and stops it. The service is then started as
 * usual. Runs before any database is started, with only the settings read (no service).
 */
public final class RestoreCommand {

	static final String USAGE = """
			Usage: java -jar suite.jar restore <backup file>
			  restores a backup taken by the service (suite-<time>.tar.gz in SUITE_BACKUP_DIR) into the embedded
			  database's data directory (SUITE_DATA_DIR/postgres), which must be empty or missing; stop the
			  service first and move the old data directory away
			""";

	private RestoreCommand() {
	}

	/** The context the command reads the settings with: no beans, so no database. */
	static class SettingsOnly {

	}

	public static int run(String[] args, PrintStream out, PrintStream err) {
		String[] words = Arrays.stream(args).filter(arg -> !arg.startsWith("--")).toArray(String[]::new);
		if (words.length != 2) {
			err.print(USAGE);
			return 2;
		}
		Path archive = Path.of(words[1]);
		if (!Files.isRegularFile(archive)) {
			err.println("No backup file " + archive);
			return 2;
		}
		String[] options = Arrays.stream(args).filter(arg -> arg.startsWith("--")).toArray(String[]::new);
		DatabaseSettings settings;
		try (ConfigurableApplicationContext context = new SpringApplicationBuilder(SettingsOnly.class)
			.web(WebApplicationType.NONE)
			.bannerMode(Banner.Mode.OFF)
			.logStartupInfo(false)
			.run(options)) {
			settings = Binder.get(context.getEnvironment()).bindOrCreate("suite.database", DatabaseSettings.class);
		}
		if (settings.external()) {
			err.println("restore is for the embedded database; with SUITE_DATABASE_URL set, restore your database "
					+ "with its own tooling");
			return 2;
		}
		Path data = settings.embeddedDirectory().toAbsolutePath().normalize();
		try {
			Properties manifest = EmbeddedBackup.restore(archive, data);
			int tables;
			String schemaVersion;
			try (EmbeddedPostgresServer server = EmbeddedPostgresServer.start(data, 0, settings.embeddedSettings());
					Connection connection = DriverManager.getConnection(server.jdbcUrl(),
							EmbeddedPostgresServer.SUPERUSER, server.password());
					Statement statement = connection.createStatement()) {
				try (ResultSet result = statement
					.executeQuery("SELECT count(*) FROM information_schema.tables WHERE table_schema = 'public'")) {
					result.next();
					tables = result.getInt(1);
				}
				try (ResultSet result = statement
					.executeQuery("SELECT max(version) FROM flyway_schema_history WHERE success")) {
					result.next();
					schemaVersion = result.getString(1);
				}
			}
			out.println("Restored " + archive + " (taken " + manifest.getProperty("created_at", "?") + ", PostgreSQL "
					+ manifest.getProperty("postgres_version", "?") + ") into " + data + ": " + tables
					+ " tables, schema version " + schemaVersion + ". Start the service as usual.");
			return 0;
		}
		catch (IllegalArgumentException ex) {
			err.println(ex.getMessage());
			return 1;
		}
		catch (Exception ex) {
			err.println("The restore failed: " + ex);
			deleteQuietly(data);
			err.println("Removed what was unpacked into " + data + "; the backup file is untouched.");
			return 1;
		}
	}

	private static void deleteQuietly(Path directory) {
		if (!Files.exists(directory)) {
			return;
		}
		try (Stream<Path> paths = Files.walk(directory)) {
			paths.sorted(Comparator.reverseOrder()).forEach(path -> {
				try {
					Files.deleteIfExists(path);
				}
				catch (java.io.IOException ignored) {
					// Best effort.
				}
			});
		}
		catch (java.io.IOException ignored) {
			// Best effort.
		}
	}

}
