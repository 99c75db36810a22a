package br.suite.access.warmup;

import java.io.IOException;
import java.net.InetAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;

import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.ApplicationRunner;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ApplicationContext;
import org.springframework.http.HttpHeaders;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.transaction.support.TransactionTemplate;
import org.springframework.web.filter.OncePerRequestFilter;

import br.suite.access.tokens.TokenService;
import br.suite.audit.AuditLog;

/**
 * Warms the service up before it reports itself ready (docs/performance.md, "Wave 3"):
 * after the context is up and before readiness turns {@code ACCEPTING_TRAFFIC}, it sends
 * real requests over loopback to its own port for at most {@code suite.warmup.duration} —
 * the customers' list and creation, the follow-ups' list and one follow-up, the roles'
 * list, the transactions' list, an unknown token — so Tomcat, the security filters, the
 * token check, Spring MVC, Jackson and pgjdbc are loaded, profiled and compiled by the
 * JIT before the first user's request.
 * <p>
 * Nothing a warm-up request does is kept: each one carries a random key that exists only
 * in this process's memory while the warm-up runs and is honoured only from a loopback
 * address; {@link Filter} runs such a request inside one transaction that is always
 * rolled back, and issues, in that same transaction, the token it authenticates with (for
 * the oldest active user holding {@code *}). So the token, the customers it creates,
 * their audit events and the token's use are rolled back with it. Off with
 * {@code suite.warmup.enabled=false}.
 */
public class StartupWarmup implements ApplicationRunner {

	public static final String HEADER = "X-Suite-Warmup";

	private static final Logger log = LoggerFactory.getLogger(StartupWarmup.class);

	private static final Pattern ID = Pattern.compile("\"id\"\\s*:\\s*(\\d+)");

	private final WarmupSettings settings;

	private final ApplicationContext context;

	private final JdbcClient jdbc;

	private final Filter filter;

	private volatile @Nullable Outcome outcome;

	StartupWarmup(WarmupSettings settings, ApplicationContext context, JdbcClient jdbc, Filter filter) {
		this.settings = settings;
		this.context = context;
		this.jdbc = jdbc;
		this.filter = filter;
	}

	@Override
	public void run(ApplicationArguments args) {
		warmUp();
		if (this.settings.exitAfter()) {
			// A training start (scripts/start): the JVM writes its class data sharing or
			// AOT cache as it exits.
			log.info("Warm-up done; exiting (suite.warmup.exit-after)");
			System.exit(SpringApplication.exit(this.context, () -> 0));
		}
	}

	private void warmUp() {
		if (!this.settings.enabled() || this.settings.duration().isZero()) {
			return;
		}
		if (!(this.context instanceof WebServerApplicationContext web) || web.getWebServer() == null
				|| web.getWebServer().getPort() <= 0) {
			log.info("Warm-up skipped: no web server port");
			return;
		}
		Optional<Long> user = this.jdbc.sql("""
				SELECT u.id FROM access_user u JOIN access_role r ON r.id = u.role_id
				WHERE u.status = 'active' AND '*' = ANY (r.permissions) ORDER BY u.id LIMIT 1""")
			.query(Long.class)
			.optional();
		if (user.isEmpty()) {
			log.info("Warm-up skipped: no active administrator");
			return;
		}
		String key = this.filter.open(user.get());
		try {
			Outcome outcome = send(web.getWebServer().getPort(), key);
			this.outcome = outcome;
			log.info("Warm-up: {} requests in {} ms ({} unexpected answers), all rolled back", outcome.requests(),
					outcome.millis(), outcome.unexpected());
		}
		catch (RuntimeException | InterruptedException ex) {
			if (ex instanceof InterruptedException) {
				Thread.currentThread().interrupt();
			}
			log.warn("Warm-up stopped early: {}", ex.toString());
		}
		finally {
			this.filter.close();
		}
	}

	private Outcome send(int port, String key) throws InterruptedException {
		String base = "http://" + InetAddress.getLoopbackAddress().getHostAddress() + ":" + port;
		HttpClient client = HttpClient.newBuilder()
			.version(HttpClient.Version.HTTP_1_1)
			.connectTimeout(Duration.ofSeconds(2))
			.build();
		long started = System.nanoTime();
		long deadline = started + this.settings.duration().toNanos();
		AtomicInteger requests = new AtomicInteger();
		AtomicInteger unexpected = new AtomicInteger();
		AtomicLong sequence = new AtomicLong();
		Warmer warmer = new Warmer(client, base, key, requests, unexpected, sequence);
		ExecutorService threads = Executors.newFixedThreadPool(this.settings.connections(), runnable -> {
			Thread thread = new Thread(runnable, "warm-up");
			thread.setDaemon(true);
			return thread;
		});
		try {
			List<Future<?>> running = new ArrayList<>();
			for (int i = 0; i < this.settings.connections(); i++) {
				running.add(threads.submit(() -> {
					while (System.nanoTime() < deadline && requests.get() < this.settings.maxRequests()) {
						warmer.round();
					}
					return null;
				}));
			}
			for (Future<?> future : running) {
				try {
					future.get();
				}
				catch (java.util.concurrent.ExecutionException ex) {
					throw new IllegalStateException(ex.getCause());
				}
			}
		}
		finally {
			threads.shutdownNow();
		}
		return new Outcome(requests.get(), unexpected.get(), (System.nanoTime() - started) / 1_000_000);
	}

	/** What the warm-up of this start did; null when it did not run or stopped early. */
	public @Nullable Outcome outcome() {
		return this.outcome;
	}

	public record Outcome(int requests, int unexpected, long millis) {
	}

	/** One round of the hot requests, as a client sends them. */
	private record Warmer(HttpClient client, String base, String key, AtomicInteger requests, AtomicInteger unexpected,
			AtomicLong sequence) {

		void round() throws IOException, InterruptedException {
			get("/api/clientes/", 200);
			long n = this.sequence.incrementAndGet();
			send(request("/api/clientes/").header(HttpHeaders.CONTENT_TYPE, "application/json")
				.POST(HttpRequest.BodyPublishers.ofString("{\"nome\":\"Aquecimento " + n + "\",\"email\":\"aquecimento"
						+ n + "@example.com.br\",\"telefone\":\"+5511900000000\",\"ativo\":true}"))
				.build(), 201);
			String fins = get("/api/fins/", 200);
			Matcher first = ID.matcher(fins);
			boolean found = first.find();
			get("/api/fins/" + (found ? first.group(1) : "0") + "/", found ? 200 : 404);
			get("/api/access/roles/", 200);
			get("/api/finance/transactions/?limit=100", 200);
			send(HttpRequest.newBuilder(URI.create(this.base + "/api/access/roles/"))
				.header(HttpHeaders.AUTHORIZATION, "Token " + "0".repeat(40))
				.header(HEADER, this.key)
				.build(), 401);
		}

		private String get(String path, int expected) throws IOException, InterruptedException {
			return send(request(path).GET().build(), expected);
		}

		private HttpRequest.Builder request(String path) {
			return HttpRequest.newBuilder(URI.create(this.base + path)).header(HEADER, this.key);
		}

		private String send(HttpRequest request, int expected) throws IOException, InterruptedException {
			HttpResponse<String> response = this.client.send(request,
					HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
			this.requests.incrementAndGet();
			if (response.statusCode() != expected) {
				this.unexpected.incrementAndGet();
			}
			return response.body();
		}

	}

	/**
	 * Runs a warm-up request (the current key, from a loopback address) inside one
	 * transaction that is always rolled back, authenticated by a token issued in that
	 * transaction; every other request passes untouched, and after the warm-up there is
	 * no key.
	 */
	static class Filter extends OncePerRequestFilter {

		private final TokenService tokens;

		private final TransactionTemplate transactions;

		private final JdbcClient jdbc;

		private final SecureRandom random = new SecureRandom();

		private volatile @Nullable Open open;

		Filter(TokenService tokens, TransactionTemplate transactions, JdbcClient jdbc) {
			this.tokens = tokens;
			this.transactions = transactions;
			this.jdbc = jdbc;
		}

		String open(long userId) {
			byte[] bytes = new byte[32];
			this.random.nextBytes(bytes);
			String key = HexFormat.of().formatHex(bytes);
			this.open = new Open(key.getBytes(StandardCharsets.US_ASCII), userId);
			return key;
		}

		void close() {
			this.open = null;
			// The rolled-back tokens may still be remembered as valid for the token cache
			// time.
			this.tokens.forgetCachedCallers();
		}

		@Override
		protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
				throws ServletException, IOException {
			Open current = this.open;
			String presented = request.getHeader(HEADER);
			if (current == null || presented == null) {
				chain.doFilter(request, response);
				return;
			}
			if (!MessageDigest.isEqual(current.key(), presented.getBytes(StandardCharsets.US_ASCII))
					|| !InetAddress.getByName(request.getRemoteAddr()).isLoopbackAddress()) {
				response.sendError(HttpServletResponse.SC_FORBIDDEN);
				return;
			}
			Exception[] failure = new Exception[1];
			this.transactions.executeWithoutResult(status -> {
				status.setRollbackOnly();
				HttpServletRequest warmup = request;
				if (request.getHeader(HttpHeaders.AUTHORIZATION) == null) {
					String token = this.tokens.issue(current.userId(), AuditLog.Actor.service("warm-up"));
					// Noted as used now, so its check does not note the use on the user's
					// row: concurrent warm-up transactions would queue on that row's lock
					// until each rolls back.
					this.jdbc.sql("UPDATE access_token SET last_used_at = now() WHERE key_hash = :hash")
						.param("hash", TokenService.hash(token))
						.update();
					warmup = new Authorized(request, "Token " + token);
				}
				try {
					chain.doFilter(warmup, response);
				}
				catch (IOException | ServletException | RuntimeException ex) {
					failure[0] = ex;
				}
			});
			if (failure[0] instanceof IOException ex) {
				throw ex;
			}
			if (failure[0] instanceof ServletException ex) {
				throw ex;
			}
			if (failure[0] instanceof RuntimeException ex) {
				throw ex;
			}
		}

		private record Open(byte[] key, long userId) {
		}

	}

	/** The request with an {@code Authorization} header. */
	private static final class Authorized extends HttpServletRequestWrapper {

		private final String authorization;

		Authorized(HttpServletRequest request, String authorization) {
			super(request);
			this.authorization = authorization;
		}

		@Override
		public @Nullable String getHeader(String name) {
			return HttpHeaders.AUTHORIZATION.equalsIgnoreCase(name) ? this.authorization : super.getHeader(name);
		}

		@Override
		public java.util.Enumeration<String> getHeaders(String name) {
			return HttpHeaders.AUTHORIZATION.equalsIgnoreCase(name)
					? Collections.enumeration(List.of(this.authorization)) : super.getHeaders(name);
		}

	}

}
