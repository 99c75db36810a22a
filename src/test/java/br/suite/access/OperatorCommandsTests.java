package br.suite.access;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

import br.suite.ApiTest;
import br.suite.SuiteApplication;
import br.suite.TestDatabase;

import static org.assertj.core.api.Assertions.assertThat;

/** The operator commands of the jar, run against the same database the API tests use. */
class OperatorCommandsTests extends ApiTest {

	// Its own data directory (it was the temporary directory itself, which the other test
	// JVM shares).
	@TempDir
	static Path data;

	private final ByteArrayOutputStream err = new ByteArrayOutputStream();

	/** A log line of the console appender: it opens with its ISO time stamp. */
	private static final Pattern LOG_LINE = Pattern.compile("\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}");

	private String run(String... args) {
		PrintStream original = System.out;
		PrintStream originalErr = System.err;
		ByteArrayOutputStream out = new ByteArrayOutputStream();
		this.err.reset();
		System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
		System.setErr(new PrintStream(this.err, true, StandardCharsets.UTF_8));
		String[] arguments = java.util.stream.Stream.concat(java.util.Arrays.stream(args),
				java.util.stream.Stream.of("--suite.operator.exit=false", "--suite.database.url=" + TestDatabase.url(),
						"--suite.database.user=postgres", "--suite.access.data-directory=" + data))
			.toArray(String[]::new);
		try (ConfigurableApplicationContext ignored = new SpringApplicationBuilder(SuiteApplication.class)
			.profiles("operator")
			.run(arguments)) {
			// The command's own last line: the shared context of this JVM keeps running
			// its
			// schedulers meanwhile, and a line one of them logs can come after it.
			return out.toString(StandardCharsets.UTF_8)
				.lines()
				.filter(line -> !LOG_LINE.matcher(line).lookingAt())
				.reduce((a, b) -> b)
				.orElse("")
				.trim();
		}
		finally {
			System.setOut(original);
			System.setErr(originalErr);
		}
	}

	@Test
	void createsUsersIssuesTokensAndResetsPasswords() throws InterruptedException {
		String username = unique("operator");
		String role = unique("Operadores");
		assertThat(this.api
			.post("/api/access/roles/", "{\"name\":\"" + role + "\",\"permissions\":[\"access.users.view\"]}")
			.status()).isEqualTo(201);
		String password = run("create-user", username, "--email=" + username + "@example.com", "--role=" + role);
		assertThat(password).hasSize(16);
		String chosenToken = this.api.signIn(username, password);
		assertThat(this.api.as(chosenToken).get("/api/access/users/").status()).isEqualTo(200);

		String token = run("issue-token", username);
		assertThat(token).matches("[0-9a-f]{40}");
		assertThat(this.api.as(token).get("/api/access/users/").status()).isEqualTo(200);

		String reset = run("reset-password", username);
		assertThat(reset).hasSize(16).isNotEqualTo(password);
		// A reset ends every session of the user; the new temporary password only lets
		// them choose another.
		// The command is another process as far as the service is concerned: its
		// revocation holds on the
		// service within one second (the service trusts a checked token for at most that
		// long).
		Thread.sleep(1000);
		assertThat(this.api.as(token).get("/api/access/users/").status()).isEqualTo(401);
		assertThat(this.api.as(chosenToken).get("/api/access/users/").status()).isEqualTo(401);
		String afterReset = this.api.token(username, reset);
		assertThat(this.api.as(afterReset).get("/api/access/users/").json().get("code").asString())
			.isEqualTo("password_change_required");
	}

	@Test
	void createUserNeedsARoleAndNoLongerDefaultsToAdministrator() {
		String username = unique("norole");
		run("create-user", username, "--email=" + username + "@example.com");
		assertThat(this.err.toString(StandardCharsets.UTF_8)).contains("create-user needs --role=<role name>");
		assertThat(this.api.get("/api/access/users/?q=" + username).json().size()).isZero();

		run("create-user", username, "--role=");
		assertThat(this.err.toString(StandardCharsets.UTF_8)).contains("needs --role=");
		run("create-user", username, "--role=No such role " + username);
		assertThat(this.err.toString(StandardCharsets.UTF_8)).contains("No role named");
		assertThat(this.api.get("/api/access/users/?q=" + username).json().size()).isZero();
	}

}
