package br.suite.platform;

import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserPrincipal;
import java.security.DigestInputStream;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

import io.zonky.test.db.postgres.embedded.DefaultPostgresBinaryResolver;
import io.zonky.test.db.postgres.util.LinuxUtils;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveInputStream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.tukaani.xz.XZInputStream;

import br.suite.shared.crypto.Sha256;

/**
 * The PostgreSQL programs of {@link EmbeddedPostgresServer}: zonky's binaries, unpacked
 * once per version, and running them ({@code initdb}, {@code pg_ctl}) with their output
 * in the {@code postgres} log; as root, in a user namespace (PostgreSQL refuses to run as
 * root).
 */
final class PostgresPrograms {

	private static final Logger postgresLog = LoggerFactory.getLogger("postgres");

	private PostgresPrograms() {
	}

	static void startServer(Path binaries, Path data, String options) throws IOException {
		ProcessBuilder builder = new ProcessBuilder(
				command(binaries, "pg_ctl", "start", "-D", data.toString(), "-o", options, "-t", "120", "-w"));
		builder.redirectErrorStream(true);
		Process process = builder.start();
		// The server keeps pg_ctl's output: its log goes to this process's log while it
		// runs.
		Thread logger = new Thread(() -> copyToLog(process.getInputStream()), "postgres-log");
		logger.setDaemon(true);
		logger.start();
		try {
			if (!process.waitFor(150, TimeUnit.SECONDS) || process.exitValue() != 0) {
				throw new IllegalStateException("The embedded PostgreSQL did not start; see the 'postgres' log lines");
			}
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException("Interrupted while the embedded PostgreSQL started", ex);
		}
	}

	private static void copyToLog(InputStream output) {
		try (BufferedReader reader = new BufferedReader(new InputStreamReader(output, StandardCharsets.UTF_8))) {
			for (String line = reader.readLine(); line != null; line = reader.readLine()) {
				postgresLog.info(line);
			}
		}
		catch (IOException ignored) {
			// The server went away.
		}
	}

	static void run(Path binaries, String program, String... arguments) {
		int exit = runQuietly(binaries, program, arguments);
		if (exit != 0) {
			throw new IllegalStateException(
					program + " " + arguments[0] + " failed with exit code " + exit + "; see the 'postgres' log lines");
		}
	}

	static int runQuietly(Path binaries, String program, String... arguments) {
		ProcessBuilder builder = new ProcessBuilder(command(binaries, program, arguments));
		builder.redirectErrorStream(true);
		try {
			Process process = builder.start();
			copyToLog(process.getInputStream());
			return process.waitFor();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException("Interrupted while running " + program, ex);
		}
	}

	private static List<String> command(Path binaries, String program, String... arguments) {
		List<String> command = new ArrayList<>();
		// PostgreSQL refuses to run as root; like zonky, run it in a user namespace then.
		if (LinuxUtils.isUnshareAvailable()) {
			command.addAll(List.of("unshare", "-U"));
		}
		command.add(binaries.resolve("bin").resolve(program).toString());
		command.addAll(List.of(arguments));
		return command;
	}

	/**
	 * zonky's PostgreSQL binaries, unpacked once per version and OS user into the
	 * temporary directory ({@code suite-postgres-<user>}, 0700), so a second account
	 * never meets the first one's files; when that directory is not this user's (or
	 * cannot be made), beside the data directory instead.
	 */
	static synchronized Path binaries(Path dataDirectory) throws IOException {
		String os = System.getProperty("os.name").toLowerCase(Locale.ROOT).contains("mac") ? "Darwin" : "Linux";
		String arch = System.getProperty("os.arch").equals("amd64") ? "x86_64" : System.getProperty("os.arch");
		byte[] archive;
		String digest;
		try (DigestInputStream in = new DigestInputStream(DefaultPostgresBinaryResolver.INSTANCE.getPgBinary(os, arch),
				Sha256.digest())) {
			archive = in.readAllBytes();
			digest = HexFormat.of().formatHex(in.getMessageDigest().digest(), 0, 8);
		}
		Path root = programsRoot(dataDirectory);
		Path target = root.resolve("PG-" + digest);
		if (Files.exists(target.resolve(".complete"))) {
			return target;
		}
		Files.createDirectories(root);
		try (FileChannel channel = FileChannel.open(root.resolve("PG-" + digest + ".lock"), StandardOpenOption.CREATE,
				StandardOpenOption.WRITE); FileLock ignored = channel.lock()) {
			if (Files.exists(target.resolve(".complete"))) {
				return target;
			}
			Path staging = Files.createTempDirectory(root, "unpacking-");
			extract(archive, staging);
			Files.createFile(staging.resolve(".complete"));
			Files.move(staging, target, StandardCopyOption.ATOMIC_MOVE);
		}
		return target;
	}

	private static Path programsRoot(Path dataDirectory) {
		String user = System.getProperty("user.name", "").replaceAll("[^A-Za-z0-9._-]", "_");
		Path shared = Path.of(System.getProperty("java.io.tmpdir"), "suite-postgres-" + user);
		try {
			if (!Files.isDirectory(shared, LinkOption.NOFOLLOW_LINKS)) {
				Files.createDirectory(shared,
						PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
			}
			UserPrincipal me = shared.getFileSystem()
				.getUserPrincipalLookupService()
				.lookupPrincipalByName(System.getProperty("user.name"));
			if (Files.getOwner(shared, LinkOption.NOFOLLOW_LINKS).equals(me) && Files.isWritable(shared)) {
				return shared;
			}
		}
		catch (IOException | UnsupportedOperationException | SecurityException ex) {
			// Beside the data directory, below.
		}
		Path beside = dataDirectory.toAbsolutePath().normalize().resolveSibling("postgres-programs");
		postgresLog.info("Unpacking the PostgreSQL programs into {} ({} is not this user's)", beside, shared);
		return beside;
	}

	private static void extract(byte[] archive, Path target) throws IOException {
		try (TarArchiveInputStream tar = new TarArchiveInputStream(
				new XZInputStream(new ByteArrayInputStream(archive)))) {
			for (TarArchiveEntry entry = tar.getNextEntry(); entry != null; entry = tar.getNextEntry()) {
				Path path = target.resolve(entry.getName()).normalize();
				if (!path.startsWith(target)) {
					throw new IOException("Archive entry outside the target: " + entry.getName());
				}
				if (entry.isDirectory()) {
					Files.createDirectories(path);
				}
				else if (entry.isSymbolicLink()) {
					Files.createDirectories(path.getParent());
					Files.createSymbolicLink(path, Path.of(entry.getLinkName()));
				}
				else if (entry.isFile()) {
					Files.createDirectories(path.getParent());
					Files.copy(tar, path);
					if ((entry.getMode() & 0100) != 0) {
						path.toFile().setExecutable(true, false);
					}
				}
			}
		}
	}

}
