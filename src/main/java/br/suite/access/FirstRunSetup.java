package br.suite.access;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.ApplicationRunner;
import org.springframework.core.annotation.Order;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.security.crypto.password.PasswordEncoder;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;

import br.suite.shared.ClosedSet;

/**
 * On the first start against an empty database: the system role Administrator holding {@code *}, the
 * user {@code admin} in it, and a token for it written to {@code data/admin-token} (mode 0600). The log
 * names the file, never the token.
 */
@Component
@Order(0)
class FirstRunSetup implements ApplicationRunner {

	private static final Logger log = LoggerFactory.getLogger(FirstRunSetup.class);

	private final AccessSettings settings;

	private final RoleRepository roles;

	private final UserRepository users;

	private final TokenService tokens;

	private final PasswordEncoder passwordEncoder;

	private final JdbcClient jdbc;

	private final TransactionTemplate transactions;

	FirstRunSetup(AccessSettings settings, RoleRepository roles, UserRepository users, TokenService tokens,
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
		String token = this.transactions.execute(status -> {
			this.jdbc.sql("SELECT pg_advisory_xact_lock(7426000)").query().singleRow();
			if (this.users.count() > 0) {
				return null;
			}
			Role administrator = this.roles.save(new Role(RoleService.ADMINISTRATOR,
					"Every permission; the system role of the first administrator.", List.of(Permissions.ALL), true));
			User admin = this.users.save(new User(this.settings.adminUsername(), "", "Administrator", "", "", false,
					administrator.id(), ClosedSet.wire(UserStatus.ACTIVE),
					// Nobody knows this password: operators sign in with the token, or reset it with the CLI.
					this.passwordEncoder.encode(Passwords.temporary() + Passwords.temporary())));
			return this.tokens.issue(admin.id());
		});
		if (token != null) {
			Path file = this.settings.adminTokenFile();
			writeSecret(file, token);
			log.info("First start: created the role Administrator and the user '{}'; its API token is in {}",
					this.settings.adminUsername(), file.toAbsolutePath());
		}
	}

	static void writeSecret(Path file, String secret) throws IOException {
		Files.createDirectories(file.toAbsolutePath().getParent());
		Files.deleteIfExists(file);
		try {
			Files.createFile(file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
		}
		catch (UnsupportedOperationException ex) {
			Files.createFile(file);
		}
		Files.writeString(file, secret + "\n", StandardCharsets.US_ASCII);
	}

}
