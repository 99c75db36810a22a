package br.suite.access.users;

import java.io.PrintStream;
import java.util.List;
import java.util.Objects;

import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.ApplicationRunner;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.SpringApplication;
import org.springframework.context.ApplicationContext;
import org.springframework.context.annotation.Profile;
import org.springframework.core.annotation.Order;
import org.springframework.security.crypto.password.PasswordEncoder;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;

import br.suite.access.AccessSettings;
import br.suite.access.passwords.Passwords;
import br.suite.access.roles.Role;
import br.suite.access.roles.RoleService;
import br.suite.access.tokens.TokenService;
import br.suite.audit.AuditLog;
import br.suite.shared.ClosedSet;

/**
 * {@code java -jar suite.jar <command>}: what an operator who lost the admin token needs,
 * run against the configured database. Secrets go to standard output only, never to the
 * log.
 */
@Component
@Profile("operator")
@Order(10)
class OperatorCommands implements ApplicationRunner {

	static final String USAGE = """
			Usage: java -jar target/suite.jar <command> [options]
			  create-user <username> --role=<role name> [--email=<e-mail>] [--full-name=<name>]
			      creates an active user in the role and prints its temporary password (valid 72 hours;
			      the user changes it before anything else)
			  issue-token <username>       prints a new API token for the user
			  reset-password <username>    prints a new temporary password for the user and revokes
			                               every token of the user
			""";

	private final UserRepository users;

	private final RoleService roles;

	private final TokenService tokens;

	private final PasswordEncoder passwordEncoder;

	private final TransactionTemplate transactions;

	private final ApplicationContext context;

	private final boolean exitWhenDone;

	private final AccessSettings settings;

	private final AuditLog audit;

	OperatorCommands(UserRepository users, RoleService roles, TokenService tokens, PasswordEncoder passwordEncoder,
			TransactionTemplate transactions, ApplicationContext context,
			@Value("${suite.operator.exit:true}") boolean exitWhenDone, AccessSettings settings, AuditLog audit) {
		this.audit = audit;
		this.settings = settings;
		this.exitWhenDone = exitWhenDone;
		this.users = users;
		this.roles = roles;
		this.tokens = tokens;
		this.passwordEncoder = passwordEncoder;
		this.transactions = transactions;
		this.context = context;
	}

	@Override
	public void run(ApplicationArguments args) {
		int code = execute(args, System.out, System.err);
		if (this.exitWhenDone) {
			System.exit(SpringApplication.exit(this.context, () -> code));
		}
	}

	int execute(ApplicationArguments args, PrintStream out, PrintStream err) {
		List<String> words = args.getNonOptionArgs();
		if (words.size() != 2) {
			err.print(USAGE);
			return 2;
		}
		String username = words.get(1);
		try {
			String secret = Objects.requireNonNull(this.transactions.execute(status -> switch (words.get(0)) {
				case "create-user" -> createUser(username, args);
				case "issue-token" ->
					this.tokens.issue(existing(username).id(), AuditLog.Actor.service("operator command"));
				case "reset-password" -> resetPassword(existing(username));
				default -> throw new IllegalArgumentException("Unknown command " + words.get(0) + "\n" + USAGE);
			}));
			out.println(secret);
			return 0;
		}
		catch (IllegalArgumentException ex) {
			err.println(ex.getMessage());
			return 1;
		}
	}

	private String createUser(String username, ApplicationArguments args) {
		if (this.users.findByUsername(username).isPresent()) {
			throw new IllegalArgumentException("The user " + username + " exists already.");
		}
		String roleName = option(args, "role", "");
		if (roleName.isBlank()) {
			throw new IllegalArgumentException("create-user needs --role=<role name> (for an administrator: --role="
					+ RoleService.ADMINISTRATOR + ").");
		}
		Role role = this.roles.findByName(roleName)
			.orElseThrow(() -> new IllegalArgumentException("No role named " + roleName + "."));
		String password = Passwords.temporary();
		User user = new User(username, option(args, "email", ""), option(args, "full-name", ""), "", "", false,
				role.id(), ClosedSet.wire(UserStatus.ACTIVE), "");
		user.setTemporaryPassword(this.passwordEncoder.encode(password), this.settings.temporaryPasswordTtl());
		user = this.users.save(user);
		this.audit.record(AuditLog.Actor.service("operator command"), "access.user.created", "user", user.id(),
				AuditLog.Changes.of()
					.created("username", username)
					.created("role_id", role.id())
					.created("permissions", role.permissions)
					.created("status", user.status));
		return password;
	}

	private String resetPassword(User user) {
		String password = Passwords.temporary();
		user.setTemporaryPassword(this.passwordEncoder.encode(password), this.settings.temporaryPasswordTtl());
		this.users.save(user);
		this.tokens.revokeAllOf(user.id());
		this.audit.record(AuditLog.Actor.service("operator command"), "access.password.reset", "user", user.id(),
				AuditLog.Changes.of().put("temporary_password", false, true));
		return password;
	}

	private User existing(String username) {
		return this.users.findByUsername(username)
			.orElseThrow(() -> new IllegalArgumentException("No user named " + username + "."));
	}

	private static String option(ApplicationArguments args, String name, String fallback) {
		List<String> values = args.getOptionValues(name);
		return (values == null || values.isEmpty()) ? fallback : values.get(0);
	}

}
