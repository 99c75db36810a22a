package br.suite;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.regex.Pattern;

import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.ConsoleAppender;
import ch.qos.logback.core.encoder.Encoder;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.logging.LogLevel;
import org.springframework.boot.logging.LoggingSystem;
import org.springframework.boot.logging.logback.StructuredLogEncoder;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

import br.suite.Api.Response;
import tools.jackson.databind.JsonNode;

/**
 * The log of API flows that handle passwords, tokens and CPFs (users, sign-in, password
 * change, punches, customers, imports, bad bodies), written as Logstash JSON: every line
 * of a request carries its {@code request_id} and, once authenticated, the acting
 * {@code user_id}; no password, token or CPF appears anywhere in it.
 */
@ExtendWith(OutputCaptureExtension.class)
class LogHygieneTests extends ApiTest {

	private static final String DISPATCHER = "org.springframework.web.servlet.DispatcherServlet";

	/**
	 * The console as with {@code logging.structured.format.console=logstash} (Spring
	 * Boot's own encoder in that format, on the shared context's console appender, for
	 * this test only, instead of a context of its own for that setting).
	 */
	private @Nullable StructuredLogEncoder logstash;

	private @Nullable Encoder<ILoggingEvent> plain;

	private @Nullable LogLevel dispatcherLevel;

	@Autowired
	LoggingSystem loggingSystem;

	@BeforeEach
	void logstashJsonAndOneLinePerRequest() {
		ConsoleAppender<ILoggingEvent> console = console();
		StructuredLogEncoder encoder = new StructuredLogEncoder();
		encoder.setFormat("logstash");
		encoder.setCharset(StandardCharsets.UTF_8);
		encoder.setContext(console.getContext());
		encoder.start();
		this.plain = console.getEncoder();
		this.logstash = encoder;
		console.setEncoder(encoder);
		// One line per request from the framework, to check the request's fields on.
		this.dispatcherLevel = this.loggingSystem.getLoggerConfiguration(DISPATCHER).getConfiguredLevel();
		this.loggingSystem.setLogLevel(DISPATCHER, LogLevel.DEBUG);
	}

	@AfterEach
	void consoleAsBefore() {
		this.loggingSystem.setLogLevel(DISPATCHER, this.dispatcherLevel);
		if (this.plain != null) {
			console().setEncoder(this.plain);
		}
		if (this.logstash != null) {
			this.logstash.stop();
		}
	}

	@SuppressWarnings("unchecked")
	private static ConsoleAppender<ILoggingEvent> console() {
		LoggerContext logback = (LoggerContext) LoggerFactory.getILoggerFactory();
		ConsoleAppender<ILoggingEvent> console = (ConsoleAppender<ILoggingEvent>) logback
			.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME)
			.getAppender("CONSOLE");
		assertThat(console).as("Spring Boot's console appender").isNotNull();
		return console;
	}

	/** The framework's lines of a request (not those of its one-time initialisation). */
	private static final Pattern REQUEST_LINE = Pattern.compile("^(GET|POST|PUT|PATCH|DELETE) \"|^Completed [0-9]");

	@Test
	void requestLinesCarryTheRequestAndUserIdsAndNoSecrets(CapturedOutput output) throws Exception {
		List<String> secrets = new ArrayList<>();
		secrets.add(this.api.token());

		// A user with a CPF, its temporary and chosen passwords, its tokens
		String cpf = cpf();
		secrets.add(cpf);
		secrets
			.add(cpf.substring(0, 3) + "." + cpf.substring(3, 6) + "." + cpf.substring(6, 9) + "-" + cpf.substring(9));
		String username = unique("logs");
		Response user = this.api.post("/api/access/users/",
				json("username", username, "full_name", "Lúcia Ferraz", "is_employee", true, "role_id", 1, "cpf", cpf));
		assertThat(user.status()).as(user.toString()).isEqualTo(201);
		String temporary = user.json().get("temporary_password").asString();
		secrets.add(temporary);
		String chosen = "Chosen-" + Long.toString(System.nanoTime(), 36) + "-Pw";
		secrets.add(chosen);
		String first = this.api.token(username, temporary);
		secrets.add(first);
		Response changed = this.api.as(first)
			.post("/api/auth/password/", json("current_password", temporary, "new_password", chosen));
		assertThat(changed.status()).as(changed.toString()).isEqualTo(204);
		String token = this.api.token(username, chosen);
		secrets.add(token);

		// Refused sign-ins and bodies that cannot be read
		String wrong = "Wrong-" + Long.toString(System.nanoTime(), 36) + "-Pw";
		secrets.add(wrong);
		assertThat(this.api.as(null).post("/api/auth/token/", json("username", username, "password", wrong)).status())
			.isIn(400, 401);
		assertThat(this.api.as(null)
			.post("/api/auth/token/", "{\"username\":\"" + username + "\",\"password\":\"" + wrong)
			.status()).isEqualTo(400);
		assertThat(this.api.as(null).post("/api/auth/token/", "{\"username\":" + wrong + "}").status()).isEqualTo(400);
		assertThat(this.api.as(token + "x").get("/api/access/roles/").status()).isEqualTo(401);

		// A punch of the employee (its AFD line holds the CPF) and reads of it
		Response punch = this.api.post("/api/timeclock/punch/register/",
				json("event_type", "entrada", "employee_id", user.id(), "source", "device"));
		assertThat(punch.status()).as(punch.toString()).isEqualTo(201);
		assertThat(this.api.get("/api/access/users/" + user.id() + "/").status()).isEqualTo(200);

		// A customer with a CPF, a bad one, and an import naming a payer by CPF
		String customerCpf = cpf();
		secrets.add(customerCpf);
		assertThat(this.api.post("/api/clientes/", json("nome", "Paulo Dias", "documento", customerCpf)).status())
			.isIn(201, 400);
		assertThat(this.api.post("/api/clientes/", json("nome", "Paulo Dias", "documento", customerCpf + "9")).status())
			.isEqualTo(400);
		String payerCpf = cpf();
		secrets.add(payerCpf);
		String csv = "Data;Descrição;Valor;CPF do pagador\n10/12/2026;PIX RECEBIDO;150,00;" + payerCpf + "\n";
		Response prepared = this.api.send("POST",
				"/api/prepare-csv-import?provider=" + unique("logs") + "&account_id=a1", csv, "text/csv");
		assertThat(prepared.status()).as(prepared.toString()).isEqualTo(200);
		assertThat(this.api.post("/api/confirm-csv-import", prepared.body()).status()).isEqualTo(200);

		// The line of a request named by its X-Request-Id, made as the new user
		String requestId = "log-test-" + Long.toString(System.nanoTime(), 36);
		assertThat(this.api.as(token).send("GET", "/api/auth/tokens/", null, null, "X-Request-Id", requestId).status())
			.isEqualTo(200);
		String anonymousId = requestId + "-anonymous";
		this.api.as(null)
			.send("POST", "/api/auth/token/", json("username", username, "password", wrong), "application/json",
					"X-Request-Id", anonymousId);

		List<JsonNode> lines = new ArrayList<>();
		for (String line : output.getAll().split("\n")) {
			if (line.startsWith("{") && line.endsWith("}")) {
				lines.add(Api.JSON.readTree(line));
			}
		}
		List<JsonNode> requestLines = lines.stream()
			.filter(line -> line.path("logger_name").asString().endsWith("DispatcherServlet")
					&& REQUEST_LINE.matcher(line.path("message").asString()).find())
			.toList();
		assertThat(requestLines).hasSizeGreaterThan(20);
		assertThat(requestLines).allSatisfy(line -> assertThat(line.path("request_id").asString()).isNotBlank());
		List<JsonNode> named = requestLines.stream()
			.filter(line -> requestId.equals(line.path("request_id").asString()))
			.toList();
		assertThat(named).isNotEmpty()
			.allSatisfy(line -> assertThat(line.path("user_id").asString()).isEqualTo(Long.toString(user.id())));
		assertThat(requestLines.stream().filter(line -> anonymousId.equals(line.path("request_id").asString())))
			.isNotEmpty()
			.allSatisfy(line -> assertThat(line.has("user_id")).isFalse());

		String all = output.getAll();
		for (String secret : secrets) {
			assertThat(all).as("the log holds a secret or a CPF").doesNotContain(secret);
		}
		assertThat(all).doesNotContain(Base64.getEncoder().encodeToString(chosen.getBytes()));
	}

	/** A random valid CPF (11 digits). */
	static String cpf() {
		int[] d = new int[11];
		for (int i = 0; i < 9; i++) {
			d[i] = ThreadLocalRandom.current().nextInt(10);
		}
		d[0] = 1 + ThreadLocalRandom.current().nextInt(9);
		for (int n = 9; n <= 10; n++) {
			int sum = 0;
			for (int i = 0; i < n; i++) {
				sum += d[i] * (n + 1 - i);
			}
			int r = sum % 11;
			d[n] = r < 2 ? 0 : 11 - r;
		}
		StringBuilder text = new StringBuilder();
		for (int digit : d) {
			text.append(digit);
		}
		return text.toString();
	}

}
