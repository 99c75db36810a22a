package br.suite.access.users;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.SeekableByteChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Supplier;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.ApplicationRunner;
import org.springframework.core.annotation.Order;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.security.crypto.password.PasswordEncoder;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;

import br.suite.access.AccessSettings;
import br.suite.access.Permissions;
import br.suite.access.passwords.Passwords;
import br.suite.access.roles.Role;
import br.suite.access.roles.RoleService;
import br.suite.access.tokens.TokenService;
import br.suite.audit.AuditLog;
import br.suite.shared.ClosedSet;

/**
 * On the first start against an empty database: the system role Administrator holding
 * {@code *}, the user {@code admin} in it, and a token for it written to
 * {@code data/admin-token} (a new file, mode 0600). The log names the file, never the
 * token. When anything (a file, a symbolic link) is already at that path, nothing is
 * written and no token is issued: the log says so, and {@code issue-token admin} gives
 * one.
 */
@Component
@Order(0)
public class FirstRunSetup implements ApplicationRunner {

	private static final Logger log = LoggerFactory.getLogger(FirstRunSetup.class);

	private final AccessSettings settings;

	private final RoleService roles;

	private final UserRepository users;

	private final TokenService tokens;

	private final PasswordEncoder passwordEncoder;

	private final JdbcClient jdbc;

	private final TransactionTemplate transactions;

	FirstRunSetup(AccessSettings settings, RoleService roles, UserRepository users, TokenService tokens,
			PasswordEncoder passwordEncoder, JdbcClient jdbc, TransactionTemplate transactions) {
		this.settings = settings;
		this.roles = roles;
		this.users = users;
		this.tokens = tokens;
		this.passwordEncoder = passwordEncoder;
		this.jdbc = jdbc;
		this.transactions = transactions;
	}

	@Override
	public void run(ApplicationArguments args) throws IOException {
		Path written = this.transactions.execute(status -> {
			this.jdbc.sql("SELECT pg_advisory_xact_lock(7426000)").query().singleRow();
			if (this.users.count() > 0) {
				return null;
			}
			Role administrator = this.roles.save(new Role(RoleService.ADMINISTRATOR,
					"Every permission; the system role of the first administrator.", List.of(Permissions.ALL), true));
			User admin = this.users.save(new User(this.settings.adminUsername(), "", "Administrator", "", "", false,
					administrator.id(), ClosedSet.wire(UserStatus.ACTIVE),
					// Nobody knows this password: operators sign in with the token, or
					// reset it with the CLI.
					this.passwordEncoder.encode(Passwords.temporary() + Passwords.temporary())));
			Path file = this.settings.adminTokenFile();
			try {
				if (!writeSecret(file, () -> this.tokens.issue(admin.id(), AuditLog.Actor.service("first start")))) {
					log.warn(
							"First start: created the role Administrator and the user '{}', but {} exists already "
									+ "(a file or a link): it was left alone and no token was issued; get one with the "
									+ "operator command issue-token {}",
							this.settings.adminUsername(), file.toAbsolutePath(), this.settings.adminUsername());
					return null;
				}
			}
			catch (IOException ex) {
				throw new UncheckedIOException(ex);
			}
			return file;
		});
		if (written != null) {
			log.info("First start: created the role Administrator and the user '{}'; its API token is in {}",
					this.settings.adminUsername(), written.toAbsolutePath());
		}
	}

	/**
	 * Creates {@code file} (mode 0600 where the file system knows POSIX modes) holding
	 * the secret, which is made only once the file exists. Never follows a symbolic link
	 * and never replaces anything: false, with nothing written, when something is already
	 * at the path.
	 */
	public static boolean writeSecret(Path file, Supplier<String> secret) throws IOException {
		Files.createDirectories(file.toAbsolutePath().getParent());
		Set<StandardOpenOption> options = Set.of(StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
		Set<OpenOption> noFollow = new HashSet<>(options);
		noFollow.add(LinkOption.NOFOLLOW_LINKS);
		FileAttribute<?> ownerOnly = PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------"));
		SeekableByteChannel channel;
		try {
			channel = openNew(file, noFollow, ownerOnly);
		}
		catch (FileAlreadyExistsException ex) {
			return false;
		}
		try (channel) {
			ByteBuffer bytes = ByteBuffer.wrap((secret.get() + "\n").getBytes(StandardCharsets.US_ASCII));
			while (bytes.hasRemaining()) {
				channel.write(bytes);
			}
		}
		return true;
	}

	private static SeekableByteChannel openNew(Path file, Set<OpenOption> options, FileAttribute<?> ownerOnly)
			throws IOException {
		try {
			return Files.newByteChannel(file, options, ownerOnly);
		}
		catch (UnsupportedOperationException ex) {
			// A file system without POSIX modes (Windows): the file gets its directory's
			// permissions.
			return Files.newByteChannel(file, options);
		}
	}

}
