package br.suite.platform;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.time.temporal.TemporalAdjusters;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.stereotype.Component;

import br.suite.platform.DatabaseConfiguration.DatabaseServer;
import br.suite.shared.DateTimes;

/**
 * Backups of the embedded database into {@code suite.backup.directory}
 * ({@link EmbeddedBackup}), their retention, and what they report: the meters
 * {@code suite.backup} (runs by outcome and their time),
 * {@code suite.backup.last.success} and {@code suite.backup.size} (the newest backup in
 * the directory, so they survive restarts), and the health contributor {@code backup},
 * DOWN when the latest attempt failed. Scheduled by {@link BackupSchedule}; with an
 * external database there is nothing to back up here.
 */
@Component("backup")
class Backups implements HealthIndicator {

	private static final Logger log = LoggerFactory.getLogger(Backups.class);

	private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'")
		.withZone(ZoneOffset.UTC);

	private static final Pattern NAME = Pattern.compile("suite-([0-9]{8}T[0-9]{6}Z)\\.tar\\.gz");

	private final BackupSettings settings;

	private final DatabaseServer server;

	private final MeterRegistry registry;

	private volatile @Nullable Failure lastFailure;

	Backups(BackupSettings settings, DatabaseServer server, MeterRegistry registry) {
		this.settings = settings;
		this.server = server;
		this.registry = registry;
		Gauge
			.builder("suite.backup.last.success", this,
					backups -> backups.newest().map(b -> (double) b.at().getEpochSecond()).orElse(Double.NaN))
			.description("When the newest backup of the embedded database in the backup directory was taken")
			.baseUnit("seconds")
			.strongReference(true)
			.register(registry);
		Gauge
			.builder("suite.backup.size", this,
					backups -> backups.newest().map(b -> (double) b.bytes()).orElse(Double.NaN))
			.description("Size of the newest backup of the embedded database")
			.baseUnit("bytes")
			.strongReference(true)
			.register(registry);
	}

	/** A backup in the directory. */
	record Backup(Path file, Instant at, long bytes) {
	}

	private record Failure(Instant at, String message) {
	}

	/** Whether there is an embedded database to back up. */
	boolean embedded() {
		return this.server.embedded() != null;
	}

	/**
	 * Takes a backup now, then applies the retention. Throws when it fails (after
	 * recording the failure for the health and the meters).
	 */
	Backup backUp() {
		EmbeddedPostgresServer embedded = this.server.embedded();
		if (embedded == null) {
			throw new IllegalStateException("No embedded database to back up (an external database is configured)");
		}
		long started = System.nanoTime();
		Instant at = Instant.now().truncatedTo(ChronoUnit.SECONDS);
		Path directory = this.settings.directory().toAbsolutePath().normalize();
		Path file = directory.resolve("suite-" + STAMP.format(at) + ".tar.gz");
		Path partial = directory.resolve(file.getFileName() + ".partial");
		try {
			Files.createDirectories(directory);
			Files.deleteIfExists(partial);
			Files.createFile(partial,
					PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
			try (Connection connection = DriverManager.getConnection(embedded.jdbcUrl(),
					EmbeddedPostgresServer.SUPERUSER, embedded.password());
					OutputStream out = Files.newOutputStream(partial, StandardOpenOption.WRITE)) {
				EmbeddedBackup.create(connection, embedded.dataDirectory(),
						EmbeddedPostgresServer.passwordFile(embedded.dataDirectory()), out);
			}
			try (FileChannel channel = FileChannel.open(partial, StandardOpenOption.WRITE)) {
				channel.force(true);
			}
			Files.move(partial, file, StandardCopyOption.ATOMIC_MOVE);
			Backup backup = new Backup(file, at, Files.size(file));
			Duration took = Duration.ofNanos(System.nanoTime() - started);
			Timer.builder("suite.backup").tag("outcome", "success").register(this.registry).record(took);
			this.lastFailure = null;
			log.info("Backed up the embedded database to {} ({} bytes in {} ms)", file, backup.bytes(),
					took.toMillis());
			applyRetention();
			return backup;
		}
		catch (IOException | SQLException | RuntimeException ex) {
			Timer.builder("suite.backup")
				.tag("outcome", "failure")
				.register(this.registry)
				.record(Duration.ofNanos(System.nanoTime() - started));
			this.lastFailure = new Failure(Instant.now(), ex.toString());
			try {
				Files.deleteIfExists(partial);
			}
			catch (IOException ignored) {
				// Left as .partial, never taken for a backup.
			}
			log.error("The backup of the embedded database to {} failed", file, ex);
			throw new IllegalStateException("The backup failed: " + ex, ex);
		}
	}

	/** The backups in the directory, newest first. */
	List<Backup> list() {
		Path directory = this.settings.directory().toAbsolutePath().normalize();
		if (!Files.isDirectory(directory)) {
			return List.of();
		}
		List<Backup> backups = new ArrayList<>();
		try (Stream<Path> files = Files.list(directory)) {
			for (Path file : files.toList()) {
				Matcher name = NAME.matcher(file.getFileName().toString());
				if (name.matches()) {
					try {
						backups.add(new Backup(file, Instant.from(STAMP.parse(name.group(1))), Files.size(file)));
					}
					catch (IOException gone) {
						// Removed meanwhile.
					}
				}
			}
		}
		catch (IOException ex) {
			return List.of();
		}
		backups.sort(Comparator.comparing(Backup::at).reversed());
		return backups;
	}

	Optional<Backup> newest() {
		List<Backup> backups = list();
		return backups.isEmpty() ? Optional.empty() : Optional.of(backups.get(0));
	}

	/** Removes the backups the retention does not keep. */
	void applyRetention() {
		Set<Path> keep = keep(list(), LocalDate.now(DateTimes.BRAZIL), this.settings.dailyDays(),
				this.settings.weeklyWeeks());
		for (Backup backup : list()) {
			if (!keep.contains(backup.file())) {
				try {
					Files.deleteIfExists(backup.file());
					log.info("Removed the backup {} (retention: {} daily, {} weekly)", backup.file(),
							this.settings.dailyDays(), this.settings.weeklyWeeks());
				}
				catch (IOException ex) {
					log.warn("Could not remove the old backup {}: {}", backup.file(), ex.toString());
				}
			}
		}
	}

	/**
	 * The backups kept on {@code today} (Brazil's calendar): the newest of each of the
	 * last {@code dailyDays} days and of each of the last {@code weeklyWeeks} weeks
	 * (Monday to Sunday), and always the newest of all.
	 */
	static Set<Path> keep(List<Backup> backups, LocalDate today, int dailyDays, int weeklyWeeks) {
		Set<Path> keep = new HashSet<>();
		Set<LocalDate> days = new HashSet<>();
		Set<LocalDate> weeks = new HashSet<>();
		LocalDate thisWeek = today.with(TemporalAdjusters.previousOrSame(java.time.DayOfWeek.MONDAY));
		List<Backup> newestFirst = backups.stream().sorted(Comparator.comparing(Backup::at).reversed()).toList();
		for (Backup backup : newestFirst) {
			LocalDate day = LocalDate.ofInstant(backup.at(), DateTimes.BRAZIL);
			LocalDate week = day.with(TemporalAdjusters.previousOrSame(java.time.DayOfWeek.MONDAY));
			if (day.isAfter(today.minusDays(dailyDays)) && days.add(day)) {
				keep.add(backup.file());
			}
			if (week.isAfter(thisWeek.minusWeeks(weeklyWeeks)) && weeks.add(week)) {
				keep.add(backup.file());
			}
		}
		if (!newestFirst.isEmpty()) {
			keep.add(newestFirst.get(0).file());
		}
		return keep;
	}

	@Override
	public Health health() {
		Map<String, Object> details = new LinkedHashMap<>();
		if (!embedded()) {
			return Health.unknown().withDetail("reason", "external database: back it up with its own tooling").build();
		}
		details.put("directory", this.settings.directory().toAbsolutePath().normalize().toString());
		details.put("enabled", this.settings.enabled());
		details.put("schedule", this.settings.cron() + " America/Sao_Paulo");
		newest().ifPresent(backup -> {
			details.put("last_backup", backup.file().getFileName().toString());
			details.put("last_backup_at", backup.at().toString());
			details.put("last_backup_bytes", backup.bytes());
		});
		details.put("backups_kept", list().size());
		Failure failure = this.lastFailure;
		if (failure != null) {
			details.put("last_failure_at", failure.at().toString());
			details.put("last_failure", failure.message());
			return Health.down().withDetails(details).build();
		}
		return Health.up().withDetails(details).build();
	}

}
