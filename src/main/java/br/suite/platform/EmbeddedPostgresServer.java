package br.suite.platform;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The PostgreSQL 17 the service runs itself when no external database is configured:
 * zonky's binaries, but started here rather than by zonky's {@code EmbeddedPostgres},
 * whose start command always adds {@code -F} (fsync off) and trusts every local
 * connection. This one runs durable ({@code fsync}, {@code synchronous_commit} and
 * {@code full_page_writes} on, passed explicitly), listens on 127.0.0.1 only, and
 * requires the superuser's password (SCRAM), generated at the first start and kept in
 * {@code postgres-password} (mode 0600) next to the data directory. A data directory made
 * by an earlier version without a password gets one, and password authentication, on its
 * first start here. Once {@link #supervise supervised}, a server that dies is started
 * again with the same settings on the same port ({@link PostgresSupervisor}).
 */
final class EmbeddedPostgresServer implements AutoCloseable {

	static final String SUPERUSER = "postgres";

	/** The settings the server always starts with; the order is the command line's. */
	static final List<String> SERVER_SETTINGS = List.of("listen_addresses=127.0.0.1", "fsync=on",
			"synchronous_commit=on", "full_page_writes=on", "timezone=UTC");

	private static final Logger log = LoggerFactory.getLogger(EmbeddedPostgresServer.class);

	private static final String HBA = """
			# Written by Suite: every connection authenticates with the superuser's password (SCRAM);
			# the server listens on 127.0.0.1 only. The password is in ../postgres-password.
			local   all             all                                     scram-sha-256
			host    all             all             127.0.0.1/32            scram-sha-256
			host    all             all             ::1/128                 scram-sha-256
			local   replication     all                                     scram-sha-256
			host    replication     all             127.0.0.1/32            scram-sha-256
			host    replication     all             ::1/128                 scram-sha-256
			""";

	private final Path binaries;

	private final Path dataDirectory;

	private final FileChannel lockChannel;

	private final FileLock lock;

	private final int port;

	private final String password;

	/** The postmaster's command-line options, to start it again the same way. */
	private final String options;

	/** The running postmaster's process id. */
	private volatile long postmaster;

	private @Nullable PostgresSupervisor supervisor;

	private EmbeddedPostgresServer(Path binaries, Path dataDirectory, FileChannel lockChannel, FileLock lock, int port,
			String password, String options) throws IOException {
		this.binaries = binaries;
		this.dataDirectory = dataDirectory;
		this.lockChannel = lockChannel;
		this.lock = lock;
		this.port = port;
		this.password = password;
		this.options = options;
		this.postmaster = postmasterPid(dataDirectory);
	}

	/**
	 * The password file of a data directory: {@code data/postgres} →
	 * {@code data/postgres-password}.
	 */
	static Path passwordFile(Path dataDirectory) {
		Path absolute = dataDirectory.toAbsolutePath().normalize();
		return absolute.resolveSibling(absolute.getFileName() + "-password");
	}

	/**
	 * The JDBC URL of the server another process (a running service) keeps on this data
	 * directory, when that process holds the directory's lock and its server answers on
	 * the port of {@code postmaster.pid}; empty otherwise. Operator commands use it so
	 * that they work while the service runs.
	 */
	static Optional<String> runningElsewhere(Path dataDirectory) throws IOException {
		Path data = dataDirectory.toAbsolutePath().normalize();
		Path lockFile = data.resolveSibling(data.getFileName() + ".lock");
		Path pid = data.resolve("postmaster.pid");
		if (!Files.exists(lockFile) || !Files.exists(pid)) {
			return Optional.empty();
		}
		try (FileChannel channel = FileChannel.open(lockFile, StandardOpenOption.WRITE)) {
			FileLock free = channel.tryLock();
			if (free != null) {
				free.release();
				return Optional.empty();
			}
		}
		catch (OverlappingFileLockException heldByThisProcess) {
			// Held by this very JVM (tests): running elsewhere all the same.
		}
		// postmaster.pid: pid, data directory, start time, port, socket directory, listen
		// address, ...
		List<String> lines = Files.readAllLines(pid);
		if (lines.size() < 4 || !lines.get(3).strip().matches("[0-9]{1,5}")) {
			return Optional.empty();
		}
		return Optional.of("jdbc:postgresql://127.0.0.1:" + lines.get(3).strip() + "/postgres");
	}

	/** The superuser's password kept beside a data directory. */
	static String password(Path dataDirectory) throws IOException {
		return Files.readString(passwordFile(dataDirectory.toAbsolutePath().normalize())).strip();
	}

	/**
	 * Further settings are {@code name=value} with a setting's name; none may change one
	 * of {@link #SERVER_SETTINGS} (durability, listening address).
	 */
	static void checkExtraSettings(List<String> extraSettings) {
		Set<String> fixed = SERVER_SETTINGS.stream()
			.map(setting -> setting.substring(0, setting.indexOf('=')))
			.collect(Collectors.toSet());
		for (String setting : extraSettings) {
			int equals = setting.indexOf('=');
			String name = equals > 0 ? setting.substring(0, equals).strip().toLowerCase(Locale.ROOT) : "";
			if (!name.matches("[a-z_][a-z0-9_.]*") || !setting.substring(equals + 1).matches("[^\\s'\"\\\\]+")) {
				throw new IllegalArgumentException("suite.database.embedded-settings: \"" + setting
						+ "\" is not name=value with a setting's name and a value without spaces or quotes");
			}
			if (fixed.contains(name)) {
				throw new IllegalArgumentException("suite.database.embedded-settings: " + name
						+ " is fixed for the embedded PostgreSQL (" + String.join(", ", SERVER_SETTINGS) + ")");
			}
		}
	}

	/**
	 * Starts the server on the data directory (creating it when empty) on {@code port},
	 * or a free port when 0.
	 */
	static EmbeddedPostgresServer start(Path dataDirectory, int port, List<String> extraSettings) throws IOException {
		checkExtraSettings(extraSettings);
		Path data = dataDirectory.toAbsolutePath().normalize();
		Files.createDirectories(data);
		FileChannel lockChannel = FileChannel.open(data.resolveSibling(data.getFileName() + ".lock"),
				StandardOpenOption.CREATE, StandardOpenOption.WRITE);
		FileLock lock = lockChannel.tryLock();
		if (lock == null) {
			lockChannel.close();
			throw new IllegalStateException("Another process is running the embedded PostgreSQL in " + data);
		}
		try {
			Path binaries = PostgresPrograms.binaries(data);
			Path passwordFile = passwordFile(data);
			if (!Files.exists(data.resolve("PG_VERSION"))) {
				readOrCreatePassword(passwordFile);
				log.info("Creating the embedded PostgreSQL's data directory {}", data);
				// UTF-8 with PostgreSQL's own C.UTF-8 locale (code point order, Unicode
				// upper/lower, so ILIKE and lower() fold 'Ç' and 'ç'): nothing taken from
				// the environment's LANG/LC_*, which systemd and su - leave empty.
				PostgresPrograms.run(binaries, "initdb", "-A", "scram-sha-256", "-U", SUPERUSER,
						"--pwfile=" + passwordFile, "-E", "UTF-8", "--locale=C", "--locale-provider=builtin",
						"--builtin-locale=C.UTF-8", "-D", data.toString());
			}
			else if (Files.exists(data.resolve("postmaster.pid"))) {
				// This process holds the lock, so a server still running there was left
				// by one that died.
				if (PostgresPrograms.runQuietly(binaries, "pg_ctl", "status", "-D", data.toString()) == 0) {
					log.warn("Stopping a PostgreSQL left running in {} by a previous process", data);
					PostgresPrograms.run(binaries, "pg_ctl", "stop", "-D", data.toString(), "-m", "fast", "-t", "60",
							"-w");
				}
			}
			String password = readOrCreatePassword(passwordFile);
			int chosenPort = port != 0 ? port : freePort();
			List<String> options = new ArrayList<>(List.of("-p", Integer.toString(chosenPort)));
			Stream.concat(SERVER_SETTINGS.stream(), extraSettings.stream()).forEach(setting -> {
				options.add("-c");
				options.add(setting);
			});
			PostgresPrograms.startServer(binaries, data, String.join(" ", options));
			EmbeddedPostgresServer server = new EmbeddedPostgresServer(binaries, data, lockChannel, lock, chosenPort,
					password, String.join(" ", options));
			try {
				server.requirePassword();
			}
			catch (IOException | RuntimeException ex) {
				PostgresPrograms.runQuietly(binaries, "pg_ctl", "stop", "-D", data.toString(), "-m", "fast", "-t", "60",
						"-w");
				throw ex;
			}
			return server;
		}
		catch (IOException | RuntimeException ex) {
			lock.release();
			lockChannel.close();
			throw ex;
		}
	}

	String jdbcUrl() {
		return "jdbc:postgresql://127.0.0.1:" + this.port + "/postgres";
	}

	int port() {
		return this.port;
	}

	String password() {
		return this.password;
	}

	Path dataDirectory() {
		return this.dataDirectory;
	}

	/**
	 * A data directory created before passwords (zonky's {@code initdb -A trust}) trusts
	 * every local connection: give the superuser the password from the file, then require
	 * it. Idempotent, so an interrupted first start finishes on the next.
	 */
	private void requirePassword() throws IOException {
		Path hba = this.dataDirectory.resolve("pg_hba.conf");
		boolean trusting = Files.readAllLines(hba)
			.stream()
			.map(String::strip)
			.anyMatch(line -> !line.startsWith("#") && line.matches(".*\\btrust\\b.*"));
		if (!trusting) {
			return;
		}
		log.info("Setting a password for the embedded PostgreSQL's superuser (kept in {})",
				passwordFile(this.dataDirectory));
		try (Connection connection = DriverManager.getConnection(jdbcUrl(), SUPERUSER, this.password);
				Statement statement = connection.createStatement()) {
			// The password is hex, so it needs no quoting beyond the literal's.
			statement.execute("ALTER ROLE " + SUPERUSER + " PASSWORD '" + this.password + "'");
			Files.writeString(hba, HBA);
			statement.execute("SELECT pg_reload_conf()");
		}
		catch (SQLException ex) {
			throw new IllegalStateException("Could not set the embedded PostgreSQL's password", ex);
		}
	}

	/**
	 * Watches the server from now on: started again when it dies, {@code healthy} told
	 * false when it stays down for {@code giveUpAfter} (and true once it runs again).
	 */
	synchronized void supervise(Duration giveUpAfter, Consumer<Boolean> healthy) {
		if (this.supervisor == null) {
			this.supervisor = new PostgresSupervisor(this::running, this::restart, Duration.ofMillis(500), giveUpAfter,
					healthy);
		}
	}

	/** Whether the postmaster runs (a zombie does not). */
	boolean running() {
		return running(this.postmaster);
	}

	static boolean running(long pid) {
		Path stat = Path.of("/proc", Long.toString(pid), "stat");
		if (Files.isDirectory(Path.of("/proc", "self"))) {
			try {
				// pid (command) state …: the command may hold spaces and parentheses.
				String fields = Files.readString(stat);
				char state = fields.charAt(fields.lastIndexOf(')') + 2);
				return state != 'Z' && state != 'X';
			}
			catch (IOException | RuntimeException gone) {
				return false;
			}
		}
		return ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
	}

	/**
	 * Starts the dead server again, as it was started (crash recovery replays the
	 * write-ahead log); false when that failed (to be tried again).
	 */
	private boolean restart() {
		try {
			PostgresPrograms.startServer(this.binaries, this.dataDirectory, this.options);
			this.postmaster = postmasterPid(this.dataDirectory);
			return true;
		}
		catch (IOException | RuntimeException ex) {
			log.warn("Could not start the embedded PostgreSQL again: {}", ex.getMessage());
			return false;
		}
	}

	private static long postmasterPid(Path dataDirectory) throws IOException {
		return Long.parseLong(Files.readAllLines(dataDirectory.resolve("postmaster.pid")).get(0).strip());
	}

	/**
	 * Stops the server (fast: open transactions roll back, committed ones are on disk)
	 * and frees the lock.
	 */
	@Override
	public void close() throws IOException {
		synchronized (this) {
			if (this.supervisor != null) {
				this.supervisor.close();
			}
		}
		try {
			PostgresPrograms.run(this.binaries, "pg_ctl", "stop", "-D", this.dataDirectory.toString(), "-m", "fast",
					"-t", "60", "-w");
		}
		finally {
			this.lock.release();
			this.lockChannel.close();
		}
	}

	private static String readOrCreatePassword(Path file) throws IOException {
		if (Files.exists(file)) {
			return Files.readString(file).strip();
		}
		byte[] bytes = new byte[24];
		new SecureRandom().nextBytes(bytes);
		String password = HexFormat.of().formatHex(bytes);
		Path temporary = file.resolveSibling(file.getFileName() + ".new");
		Files.deleteIfExists(temporary);
		Files.createFile(temporary, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
		Files.writeString(temporary, password + "\n");
		try (FileChannel channel = FileChannel.open(temporary, StandardOpenOption.WRITE)) {
			channel.force(true);
		}
		Files.move(temporary, file, StandardCopyOption.ATOMIC_MOVE);
		return password;
	}

	private static int freePort() throws IOException {
		try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
			return socket.getLocalPort();
		}
	}

}
