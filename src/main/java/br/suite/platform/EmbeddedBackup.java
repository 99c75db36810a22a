package br.suite.platform;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;

import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveInputStream;
import org.apache.commons.compress.archivers.tar.TarArchiveOutputStream;

/**
 * A base backup of the embedded PostgreSQL, taken while it runs, and its restore into an
 * empty data directory: PostgreSQL's low-level backup API ({@code pg_backup_start} /
 * {@code pg_backup_stop}, what {@code pg_basebackup} does), since zonky's binaries carry
 * no {@code pg_dump} or {@code pg_basebackup}. A temporary replication slot keeps the WAL
 * written during the copy; the archive ({@code .tar.gz}) holds the data directory as of
 * the copy, that WAL, the {@code backup_label} and the superuser's password file, so a
 * server started on the restored directory recovers to the moment the backup ended. It
 * opens only with the same PostgreSQL major version (pinned in pom.xml).
 */
final class EmbeddedBackup {

	static final String DATA = "postgres";

	static final String PASSWORD = "postgres-password";

	static final String MANIFEST = "suite-backup.properties";

	/** Directories whose content a base backup leaves out (PostgreSQL's own list). */
	private static final Set<String> WITHOUT_CONTENT = Set.of("pg_wal", "pg_replslot", "pg_stat_tmp", "pg_dynshmem",
			"pg_notify", "pg_serial", "pg_snapshots", "pg_subtrans");

	/** Files of the data directory's top level a base backup leaves out. */
	private static final Set<String> LEFT_OUT = Set.of("postmaster.pid", "postmaster.opts", "backup_label",
			"backup_label.old", "tablespace_map", "backup_manifest", "standby.signal", "recovery.signal");

	private static final Pattern WAL_SEGMENT = Pattern.compile("[0-9A-F]{24}");

	private EmbeddedBackup() {
	}

	/**
	 * Writes a backup of the server on {@code connection} (a superuser's, on the server
	 * running {@code dataDirectory}) to {@code out}.
	 */
	static void create(Connection connection, Path dataDirectory, Path passwordFile, OutputStream out)
			throws IOException, SQLException {
		Path data = dataDirectory.toAbsolutePath().normalize();
		connection.setAutoCommit(true);
		try (Statement statement = connection.createStatement()) {
			statement.execute("SET statement_timeout = 0");
			String slot = "suite_backup_" + ProcessHandle.current().pid();
			// Temporary: dropped with this session whatever happens.
			statement.execute("SELECT pg_create_physical_replication_slot('" + slot + "', true, true)");
			String startLsn = single(statement, "SELECT pg_backup_start('suite', true)::text");
			String startWal = single(statement, "SELECT pg_walfile_name('" + startLsn + "')");
			String version = single(statement, "SHOW server_version");
			try (TarArchiveOutputStream tar = new TarArchiveOutputStream(
					new GZIPOutputStream(new BufferedOutputStream(out, 1 << 16), 1 << 16))) {
				tar.setLongFileMode(TarArchiveOutputStream.LONGFILE_POSIX);
				tar.setBigNumberMode(TarArchiveOutputStream.BIGNUMBER_POSIX);
				boolean stopped = false;
				try {
					addDataDirectory(tar, data);
					String stopLsn;
					String label;
					String tablespaceMap;
					try (ResultSet stop = statement
						.executeQuery("SELECT lsn::text, labelfile, spcmapfile FROM pg_backup_stop(false)")) {
						stop.next();
						stopLsn = stop.getString(1);
						label = stop.getString(2);
						tablespaceMap = stop.getString(3);
					}
					stopped = true;
					addText(tar, DATA + "/backup_label", label);
					if (tablespaceMap != null && !tablespaceMap.isEmpty()) {
						addText(tar, DATA + "/tablespace_map", tablespaceMap);
					}
					String stopWal = single(statement, "SELECT pg_walfile_name('" + stopLsn + "')");
					addWal(tar, data.resolve("pg_wal"), startWal, stopWal);
					addText(tar, PASSWORD, Files.readString(passwordFile));
					addText(tar, MANIFEST, "created_at=" + Instant.now() + "\npostgres_version=" + version
							+ "\nstart_lsn=" + startLsn + "\nstop_lsn=" + stopLsn + "\n");
				}
				finally {
					if (!stopped) {
						try {
							statement.execute("SELECT pg_backup_stop(false)");
						}
						catch (SQLException ignored) {
							// The session ends anyway, which also ends the backup.
						}
					}
				}
			}
			statement.execute("SELECT pg_drop_replication_slot('" + slot + "')");
		}
	}

	/**
	 * Unpacks a backup into {@code dataDirectory}, which must be missing or empty; its
	 * password file goes beside it. Returns the backup's manifest.
	 */
	static Properties restore(Path archive, Path dataDirectory) throws IOException {
		Path data = dataDirectory.toAbsolutePath().normalize();
		if (Files.exists(data)) {
			try (Stream<Path> content = Files.list(data)) {
				if (content.findAny().isPresent()) {
					throw new IllegalArgumentException(
							data + " is not empty: restore only into an empty data directory");
				}
			}
		}
		Files.createDirectories(data);
		Files.setPosixFilePermissions(data, PosixFilePermissions.fromString("rwx------"));
		Properties manifest = new Properties();
		boolean password = false;
		try (TarArchiveInputStream tar = new TarArchiveInputStream(
				new GZIPInputStream(new BufferedInputStream(Files.newInputStream(archive), 1 << 16), 1 << 16))) {
			for (TarArchiveEntry entry = tar.getNextEntry(); entry != null; entry = tar.getNextEntry()) {
				String name = entry.getName();
				if (name.equals(PASSWORD)) {
					Path file = EmbeddedPostgresServer.passwordFile(data);
					Path temporary = file.resolveSibling(file.getFileName() + ".restoring");
					Files.deleteIfExists(temporary);
					Files.createFile(temporary,
							PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
					Files.write(temporary, tar.readAllBytes());
					Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
					password = true;
				}
				else if (name.equals(MANIFEST)) {
					manifest.load(new StringReader(new String(tar.readAllBytes(), StandardCharsets.UTF_8)));
				}
				else if (name.equals(DATA + "/") || name.startsWith(DATA + "/")) {
					Path target = data.resolve(name.substring(DATA.length() + 1)).normalize();
					if (!target.startsWith(data)) {
						throw new IOException("Archive entry outside the data directory: " + name);
					}
					if (entry.isDirectory()) {
						Files.createDirectories(target);
						Files.setPosixFilePermissions(target, PosixFilePermissions.fromString("rwx------"));
					}
					else {
						Files.createDirectories(target.getParent());
						Files.copy(tar, target);
						Files.setPosixFilePermissions(target, PosixFilePermissions.fromString("rw-------"));
					}
				}
			}
		}
		if (!password || !Files.exists(data.resolve("backup_label")) || !Files.exists(data.resolve("PG_VERSION"))) {
			throw new IOException(archive + " is not a complete Suite backup");
		}
		return manifest;
	}

	private static void addDataDirectory(TarArchiveOutputStream tar, Path data) throws IOException {
		Files.walkFileTree(data, new SimpleFileVisitor<>() {

			@Override
			public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attributes) throws IOException {
				String relative = data.relativize(dir).toString();
				addDirectory(tar, relative.isEmpty() ? DATA + "/" : DATA + "/" + relative + "/");
				if (dir.getParent() != null && dir.getParent().equals(data)
						&& WITHOUT_CONTENT.contains(dir.getFileName().toString())) {
					return FileVisitResult.SKIP_SUBTREE;
				}
				return FileVisitResult.CONTINUE;
			}

			@Override
			public FileVisitResult visitFile(Path file, BasicFileAttributes attributes) throws IOException {
				String name = file.getFileName().toString();
				boolean topLevel = file.getParent().equals(data);
				if ((topLevel && LEFT_OUT.contains(name)) || name.startsWith("pgsql_tmp")
						|| name.equals("pg_internal.init") || !attributes.isRegularFile()) {
					return FileVisitResult.CONTINUE;
				}
				addFile(tar, DATA + "/" + data.relativize(file), file, attributes.size());
				return FileVisitResult.CONTINUE;
			}

			@Override
			public FileVisitResult visitFileFailed(Path file, IOException ex) throws IOException {
				// Dropped while the copy ran: its removal is in the WAL.
				if (ex instanceof NoSuchFileException) {
					return FileVisitResult.CONTINUE;
				}
				throw ex;
			}

		});
	}

	/**
	 * The WAL segments from the backup's start to its end (kept by the replication slot),
	 * and the timeline history files.
	 */
	private static void addWal(TarArchiveOutputStream tar, Path wal, String startWal, String stopWal)
			throws IOException {
		addDirectory(tar, DATA + "/pg_wal/archive_status/");
		if (Files.isDirectory(wal.resolve("summaries"))) {
			addDirectory(tar, DATA + "/pg_wal/summaries/");
		}
		List<Path> files;
		try (Stream<Path> listed = Files.list(wal)) {
			files = listed.sorted().toList();
		}
		for (Path file : files) {
			String name = file.getFileName().toString();
			boolean segment = WAL_SEGMENT.matcher(name).matches()
					&& name.substring(0, 8).equals(startWal.substring(0, 8)) && name.compareTo(startWal) >= 0
					&& name.compareTo(stopWal) <= 0;
			if (segment || name.endsWith(".history")) {
				addFile(tar, DATA + "/pg_wal/" + name, file, Files.size(file));
			}
		}
	}

	private static void addDirectory(TarArchiveOutputStream tar, String name) throws IOException {
		TarArchiveEntry entry = new TarArchiveEntry(name);
		entry.setMode(040700);
		tar.putArchiveEntry(entry);
		tar.closeArchiveEntry();
	}

	/**
	 * A file as of now, {@code size} bytes long: one that grew is cut at that size, one
	 * that shrank is padded with zeros (as pg_basebackup does); replaying the WAL repairs
	 * both.
	 */
	private static void addFile(TarArchiveOutputStream tar, String name, Path file, long size) throws IOException {
		InputStream in;
		try {
			in = Files.newInputStream(file);
		}
		catch (NoSuchFileException gone) {
			return;
		}
		try (in) {
			TarArchiveEntry entry = new TarArchiveEntry(name);
			entry.setMode(0100600);
			entry.setSize(size);
			tar.putArchiveEntry(entry);
			byte[] buffer = new byte[1 << 16];
			long left = size;
			while (left > 0) {
				int read = in.read(buffer, 0, (int) Math.min(buffer.length, left));
				if (read < 0) {
					break;
				}
				tar.write(buffer, 0, read);
				left -= read;
			}
			byte[] zeros = new byte[8192];
			while (left > 0) {
				int chunk = (int) Math.min(zeros.length, left);
				tar.write(zeros, 0, chunk);
				left -= chunk;
			}
			tar.closeArchiveEntry();
		}
	}

	private static void addText(TarArchiveOutputStream tar, String name, String text) throws IOException {
		byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
		TarArchiveEntry entry = new TarArchiveEntry(name);
		entry.setMode(0100600);
		entry.setSize(bytes.length);
		tar.putArchiveEntry(entry);
		tar.write(bytes);
		tar.closeArchiveEntry();
	}

	private static String single(Statement statement, String sql) throws SQLException {
		try (ResultSet result = statement.executeQuery(sql)) {
			result.next();
			return result.getString(1);
		}
	}

}
