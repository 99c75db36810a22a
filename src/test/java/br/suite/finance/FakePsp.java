package br.suite.finance;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.security.KeyStore;
import java.security.MessageDigest;
import java.security.cert.Certificate;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLPeerUnverifiedException;
import javax.net.ssl.TrustManagerFactory;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsExchange;
import com.sun.net.httpserver.HttpsParameters;
import com.sun.net.httpserver.HttpsServer;

import br.suite.Api;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A Pix provider implementing the Central Bank's API Pix for the tests: mutual TLS with
 * certificates made here (its own CA signs its server certificate and the company's
 * client certificate), OAuth2 client credentials (HTTP Basic) with tokens bound to the
 * client certificate's thumbprint, {@code GET /pix} with the spec's pagination,
 * {@code GET /pix/{e2eid}}, and injected failures: 401, 429 with Retry-After, 500, slow
 * answers, and a hook that changes the data between two pages.
 */
final class FakePsp implements AutoCloseable {

	static final String CLIENT_ID = "suite-client-id";

	static final String CLIENT_SECRET = "suite-client-secret";

	/** A failure the next matching request gets (path prefix, status or a delay). */
	record Fault(String pathPrefix, int status, Duration delay, String retryAfter, String body, long size) {

		static Fault status(String path, int status) {
			return new Fault(path, status, Duration.ZERO, "", "", 0);
		}

		static Fault tooMany(String path, String retryAfter) {
			return new Fault(path, 429, Duration.ZERO, retryAfter, "", 0);
		}

		static Fault slow(String path, Duration delay) {
			return new Fault(path, 0, delay, "", "", 0);
		}

		/** An answer with this status and body. */
		static Fault answer(String path, int status, String body) {
			return new Fault(path, status, Duration.ZERO, "", body, 0);
		}

		/** A 200 of {@code size} bytes (a JSON string padded out), written as it goes. */
		static Fault huge(String path, long size) {
			return new Fault(path, 200, Duration.ZERO, "", "", size);
		}

	}

	final TestCertificates.Issued ca = TestCertificates.ca("Fake PSP CA");

	final TestCertificates.Issued server = TestCertificates.issue(this.ca, "CN=localhost", Duration.ofDays(30),
			"localhost", "127.0.0.1");

	final TestCertificates.Issued client = TestCertificates.issue(this.ca, "CN=Empresa Teste,O=11222333000181",
			Duration.ofDays(300));

	/** The Pix received, as the API returns them (ObjectNodes, mutable by tests). */
	final List<ObjectNode> pix = new CopyOnWriteArrayList<>();

	final ConcurrentLinkedDeque<Fault> faults = new ConcurrentLinkedDeque<>();

	final AtomicInteger tokenRequests = new AtomicInteger();

	/**
	 * What each token request carried: its Authorization header, body and the SHA-256 of
	 * the client certificate ("" for none).
	 */
	final List<String> tokenRequestsSeen = new CopyOnWriteArrayList<>();

	final AtomicInteger pixListRequests = new AtomicInteger();

	/** Bytes of a {@link Fault#huge} answer written before the client stopped reading. */
	final java.util.concurrent.atomic.AtomicLong hugeWritten = new java.util.concurrent.atomic.AtomicLong();

	/** Every request line, for assertions ("GET /v2/pix?…"). */
	final List<String> requests = new CopyOnWriteArrayList<>();

	/**
	 * Runs after a page of GET /pix is served (page index): to change data between pages.
	 */
	volatile Consumer<Integer> afterPage = page -> {
	};

	volatile boolean revoked;

	/** What Suite registered with PUT /webhook/{chave}. */
	volatile String webhookKey = "";

	volatile String webhookUrl = "";

	/** Items per page at most, whatever the client asks (PSPs may serve fewer). */
	volatile int maxPageSize = 1000;

	/** Charges (cob, cobv) created at this provider. */
	final FakePspCharges cobs = new FakePspCharges(this, "11222333000181");

	private final Map<String, String> tokens = new ConcurrentHashMap<>();

	private final HttpsServer https;

	private final ExecutorService executor = Executors.newCachedThreadPool();

	FakePsp() throws Exception {
		this(null);
	}

	/**
	 * A provider someone else runs, which takes any client (a certificate, when one is
	 * presented, may also be one {@code alsoTrusted} issued) and records what it is sent:
	 * to show what Suite would hand to a host its secrets were not entered for.
	 */
	FakePsp(TestCertificates.@org.jspecify.annotations.Nullable Issued alsoTrusted) throws Exception {
		boolean anyClient = alsoTrusted != null;
		SSLContext tls = SSLContext.getInstance("TLS");
		KeyManagerFactory keys = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
		KeyStore keyStore = KeyStore.getInstance("PKCS12");
		keyStore.load(null, null);
		keyStore.setKeyEntry("server", this.server.keys().getPrivate(), new char[0],
				new Certificate[] { this.server.certificate(), this.ca.certificate() });
		keys.init(keyStore, new char[0]);
		KeyStore trusted = KeyStore.getInstance("PKCS12");
		trusted.load(null, null);
		trusted.setCertificateEntry("ca", this.ca.certificate());
		if (alsoTrusted != null) {
			trusted.setCertificateEntry("other", alsoTrusted.certificate());
		}
		TrustManagerFactory trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
		trust.init(trusted);
		tls.init(keys.getKeyManagers(), trust.getTrustManagers(), null);
		this.https = HttpsServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
		this.https.setHttpsConfigurator(new HttpsConfigurator(tls) {
			@Override
			public void configure(HttpsParameters params) {
				SSLParameters parameters = tls.getDefaultSSLParameters();
				// Mutual TLS: no client certificate, no handshake.
				if (anyClient) {
					parameters.setWantClientAuth(true);
				}
				else {
					parameters.setNeedClientAuth(true);
				}
				params.setSSLParameters(parameters);
			}
		});
		this.https.createContext("/", this::handle);
		this.https.setExecutor(this.executor);
		this.https.start();
	}

	String baseUrl() {
		return "https://localhost:" + this.https.getAddress().getPort() + "/v2";
	}

	String tokenUrl() {
		return "https://localhost:" + this.https.getAddress().getPort() + "/oauth/token";
	}

	/**
	 * Credentials for Suite's PUT …/credentials/ (PKCS#12 with an empty password, like
	 * Efí).
	 */
	Map<String, Object> credentials() {
		Map<String, Object> body = new LinkedHashMap<>();
		body.put("kind", "pix_api");
		body.put("base_url", baseUrl());
		body.put("token_url", tokenUrl());
		body.put("client_id", CLIENT_ID);
		body.put("client_secret", CLIENT_SECRET);
		body.put("certificate_p12_base64", this.client.p12Base64(""));
		body.put("certificate_password", "");
		body.put("pix_key", "11222333000181");
		body.put("token_auth", "basic");
		body.put("server_ca_pem", this.ca.certificatePem());
		return body;
	}

	/** Drops every token issued: the next call with one gets a 401. */
	void expireTokens() {
		this.tokens.clear();
	}

	ObjectNode addPix(String endToEndId, String txid, String amount, Instant when) {
		ObjectNode item = Api.JSON.createObjectNode();
		item.put("endToEndId", endToEndId);
		if (!txid.isEmpty()) {
			item.put("txid", txid);
		}
		item.put("valor", amount);
		item.put("chave", "11222333000181");
		item.put("horario", when.toString());
		this.pix.add(item);
		return item;
	}

	static ObjectNode devolucao(ObjectNode pix, String id, String rtrId, String amount, String status, Instant when) {
		ArrayNode list = pix.has("devolucoes") ? (ArrayNode) pix.get("devolucoes") : pix.putArray("devolucoes");
		ObjectNode devolucao = list.addObject();
		devolucao.put("id", id).put("rtrId", rtrId).put("valor", amount).put("status", status);
		devolucao.putObject("horario").put("solicitacao", when.toString()).put("liquidacao", when.toString());
		return devolucao;
	}

	/**
	 * Calls Suite's webhook as the provider does: POST {registered URL}/pix with {"pix":
	 * [...]}. {@code publicBase} (what Suite registered) is replaced with
	 * {@code reachable}, as a reverse proxy would route it.
	 * @return the HTTP status Suite answered
	 */
	int notifySuite(String publicBase, String reachable, ObjectNode... items) throws Exception {
		ObjectNode body = Api.JSON.createObjectNode();
		ArrayNode list = body.putArray("pix");
		for (ObjectNode item : items) {
			list.add(item);
		}
		return notifySuite(publicBase, reachable, body.toString());
	}

	int notifySuite(String publicBase, String reachable, String body) throws Exception {
		String url = this.webhookUrl.replace(publicBase, reachable) + "/pix";
		return java.net.http.HttpClient.newHttpClient()
			.send(java.net.http.HttpRequest.newBuilder(java.net.URI.create(url))
				.header("Content-Type", "application/json")
				.POST(java.net.http.HttpRequest.BodyPublishers.ofString(body))
				.build(), java.net.http.HttpResponse.BodyHandlers.discarding())
			.statusCode();
	}

	private void handle(HttpExchange exchange) throws IOException {
		try (exchange) {
			String path = exchange.getRequestURI().getPath();
			this.requests.add(exchange.getRequestMethod() + " " + exchange.getRequestURI());
			Fault fault = this.faults.peekFirst();
			if (fault != null && path.startsWith(fault.pathPrefix()) && this.faults.remove(fault)) {
				if (!fault.delay().isZero()) {
					// Answers after the client gave up: what it would have said no longer
					// matters.
					Thread.sleep(fault.delay().toMillis());
					answer(exchange, 504, problem(504, "IndisponibilidadePorTempoEsgotado"));
					return;
				}
				if (fault.size() > 0) {
					huge(exchange, fault.size());
					return;
				}
				if (!fault.body().isEmpty()) {
					answer(exchange, fault.status(), fault.body());
					return;
				}
				if (fault.status() > 0) {
					if (!fault.retryAfter().isEmpty()) {
						exchange.getResponseHeaders().add("Retry-After", fault.retryAfter());
					}
					answer(exchange, fault.status(), problem(fault.status(), "Injected failure"));
					return;
				}
			}
			String thumbprint = thumbprint(exchange);
			if (path.equals("/oauth/token")) {
				token(exchange, thumbprint);
				return;
			}
			String authorization = exchange.getRequestHeaders().getFirst("Authorization");
			String token = authorization != null && authorization.startsWith("Bearer ") ? authorization.substring(7)
					: "";
			if (this.revoked || !thumbprint.equals(this.tokens.get(token))) {
				answer(exchange, 401, "{\"error\":\"invalid_token\"}");
				return;
			}
			if (exchange.getRequestMethod().equals("PUT") && path.startsWith("/v2/webhook/")) {
				String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
				this.webhookKey = URLDecoder.decode(path.substring("/v2/webhook/".length()), StandardCharsets.UTF_8);
				this.webhookUrl = Api.JSON.readTree(body).path("webhookUrl").asString("");
				answer(exchange, 200, "");
			}
			else if (path.startsWith("/v2/cob/") || path.startsWith("/v2/cobv/")) {
				this.cobs.handle(exchange, exchange.getRequestMethod(), path);
			}
			else if (exchange.getRequestMethod().equals("GET") && path.equals("/v2/pix")) {
				list(exchange);
			}
			else if (exchange.getRequestMethod().equals("GET") && path.startsWith("/v2/pix/")) {
				String e2e = path.substring("/v2/pix/".length());
				ObjectNode found = this.pix.stream()
					.filter(p -> p.get("endToEndId").asString().equals(e2e))
					.findFirst()
					.orElse(null);
				if (found == null) {
					answer(exchange, 404, problem(404, "PixNaoEncontrado"));
				}
				else {
					answer(exchange, 200, found.toString());
				}
			}
			else {
				answer(exchange, 404, problem(404, "NaoEncontrado"));
			}
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
		catch (RuntimeException ex) {
			answer(exchange, 500, problem(500, ex.toString()));
		}
	}

	private void huge(HttpExchange exchange, long size) throws IOException {
		exchange.getResponseHeaders().add("Content-Type", "application/json");
		exchange.sendResponseHeaders(200, size);
		byte[] chunk = new byte[64 * 1024];
		java.util.Arrays.fill(chunk, (byte) 'a');
		try (OutputStream out = exchange.getResponseBody()) {
			out.write("{\"pix\":\"".getBytes(StandardCharsets.UTF_8));
			long written = 8;
			while (written < size) {
				int n = (int) Math.min(chunk.length, size - written);
				out.write(chunk, 0, n);
				written += n;
				this.hugeWritten.set(written);
			}
		}
		catch (IOException ex) {
			// The client stopped reading: what it should do.
		}
	}

	private void token(HttpExchange exchange, String thumbprint) throws IOException {
		this.tokenRequests.incrementAndGet();
		String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
		this.tokenRequestsSeen
			.add(exchange.getRequestHeaders().getFirst("Authorization") + " " + body + " client " + thumbprint);
		String expected = "Basic " + Base64.getEncoder()
			.encodeToString((CLIENT_ID + ":" + CLIENT_SECRET).getBytes(StandardCharsets.UTF_8));
		if (this.revoked || !expected.equals(exchange.getRequestHeaders().getFirst("Authorization"))
				|| !query(body).getOrDefault("grant_type", "").equals("client_credentials")) {
			answer(exchange, 401, "{\"error\":\"invalid_client\"}");
			return;
		}
		String token = UUID.randomUUID().toString();
		this.tokens.put(token, thumbprint);
		answer(exchange, 200, "{\"access_token\":\"" + token + "\",\"token_type\":\"Bearer\",\"expires_in\":3600}");
	}

	private void list(HttpExchange exchange) throws IOException {
		this.pixListRequests.incrementAndGet();
		Map<String, String> query = query(exchange.getRequestURI().getRawQuery());
		if (!query.containsKey("inicio") || !query.containsKey("fim")) {
			answer(exchange, 400, problem(400, "PixConsultaInvalida"));
			return;
		}
		Instant start = OffsetDateTime.parse(query.get("inicio")).toInstant();
		Instant end = OffsetDateTime.parse(query.get("fim")).toInstant();
		boolean refunds = "true".equals(query.get("devolucaoPresente"));
		int page = Integer.parseInt(query.getOrDefault("paginacao.paginaAtual", "0"));
		int size = Math.min(this.maxPageSize, Integer.parseInt(query.getOrDefault("paginacao.itensPorPagina", "100")));
		List<ObjectNode> matching = new ArrayList<>();
		for (ObjectNode item : this.pix) {
			Instant when = Instant.parse(item.get("horario").asString());
			if (!when.isBefore(start) && !when.isAfter(end) && (!refunds || item.has("devolucoes"))) {
				matching.add(item);
			}
		}
		matching.sort(Comparator.comparing(item -> item.get("horario").asString()));
		int pages = Math.max(1, (matching.size() + size - 1) / size);
		ObjectNode answer = Api.JSON.createObjectNode();
		ObjectNode paging = answer.putObject("parametros")
			.put("inicio", query.get("inicio"))
			.put("fim", query.get("fim"))
			.putObject("paginacao");
		paging.put("paginaAtual", page)
			.put("itensPorPagina", size)
			.put("quantidadeDePaginas", pages)
			.put("quantidadeTotalDeItens", matching.size());
		ArrayNode items = answer.putArray("pix");
		matching.stream().skip((long) page * size).limit(size).forEach(items::add);
		answer(exchange, 200, answer.toString());
		this.afterPage.accept(page);
	}

	private static String thumbprint(HttpExchange exchange) {
		try {
			Certificate peer = ((HttpsExchange) exchange).getSSLSession().getPeerCertificates()[0];
			return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(peer.getEncoded()));
		}
		catch (SSLPeerUnverifiedException ex) {
			return "";
		}
		catch (Exception ex) {
			throw new IllegalStateException(ex);
		}
	}

	private static Map<String, String> query(String raw) {
		Map<String, String> out = new LinkedHashMap<>();
		if (raw == null || raw.isEmpty()) {
			return out;
		}
		for (String pair : raw.split("&")) {
			int eq = pair.indexOf('=');
			String name = URLDecoder.decode(eq < 0 ? pair : pair.substring(0, eq), StandardCharsets.UTF_8);
			out.put(name, eq < 0 ? "" : URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8));
		}
		return out;
	}

	static String problem(int status, String type) {
		return "{\"type\":\"https://pix.bcb.gov.br/api/v2/error/" + type + "\",\"title\":\"" + type + "\",\"status\":"
				+ status + "}";
	}

	static void answer(HttpExchange exchange, int status, String body) throws IOException {
		byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
		exchange.getResponseHeaders().add("Content-Type", "application/json");
		exchange.sendResponseHeaders(status, bytes.length);
		try (OutputStream out = exchange.getResponseBody()) {
			out.write(bytes);
		}
		catch (IOException ex) {
			// The client gave up (a slow answer): nothing to do.
		}
	}

	@Override
	public void close() {
		this.https.stop(0);
		this.executor.shutdownNow();
	}

}
