package br.suite.finance;

import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.StringJoiner;

import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.TrustManagerFactory;

import org.jspecify.annotations.Nullable;

import br.suite.finance.PixProviderException.Kind;
import br.suite.shared.OutboundUrls;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * One connection's client for its provider's API Pix: OAuth2 client credentials over
 * mutual TLS (the same certificate for the token and the calls, as the tokens are bound
 * to it), the token kept until shortly before it expires, the provider's extra headers
 * and query parameters on every call. 429 (waiting what {@code Retry-After} asks, up to a
 * limit), 5xx and network failures are retried with doubling backoff; a 401 gets one
 * retry with a fresh token, then it (or a 403) is {@link Kind#REVOKED}; any other 4xx is
 * {@link Kind#REJECTED} at once. Never called inside a database transaction.
 */
class PixApiClient {

	/** RFC 3339 with seconds and an offset, no fractions (Santander refuses them). */
	static final DateTimeFormatter RFC3339 = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ssXXX");

	private final PixCredentials credentials;

	private final PixProviderSettings settings;

	private final JsonMapper json;

	private final HttpClient http;

	private final PixTokens tokens;

	private final boolean allowLoopback;

	/** An answer: status and JSON body (an empty object when there was none). */
	record Answer(int status, JsonNode body) {
	}

	PixApiClient(PixCredentials credentials, PixProviderSettings settings, JsonMapper json, PixTokens tokens,
			boolean allowLoopback) throws PixProviderException {
		this.credentials = credentials;
		this.settings = settings;
		this.json = json;
		this.tokens = tokens;
		this.allowLoopback = allowLoopback;
		SSLParameters tls = new SSLParameters();
		tls.setProtocols(new String[] { "TLSv1.3", "TLSv1.2" });
		this.http = HttpClient.newBuilder()
			.connectTimeout(settings.connectTimeout())
			.followRedirects(HttpClient.Redirect.NEVER)
			.sslContext(sslContext(credentials))
			.sslParameters(tls)
			.build();
	}

	private static SSLContext sslContext(PixCredentials credentials) throws PixProviderException {
		try {
			KeyManagerFactory keys = null;
			if (credentials.identity() != null) {
				keys = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
				keys.init(credentials.identity().keyStore(), credentials.identity().password());
			}
			TrustManagerFactory trust = null;
			if (!credentials.serverCas().isEmpty()) {
				KeyStore cas = KeyStore.getInstance("PKCS12");
				cas.load(null, null);
				int i = 0;
				for (X509Certificate ca : credentials.serverCas()) {
					cas.setCertificateEntry("ca" + i++, ca);
				}
				trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
				trust.init(cas);
			}
			SSLContext context = SSLContext.getInstance("TLS");
			context.init(keys == null ? null : keys.getKeyManagers(), trust == null ? null : trust.getTrustManagers(),
					null);
			return context;
		}
		catch (GeneralSecurityException | IOException ex) {
			throw new PixProviderException(Kind.NOT_CONFIGURED, 0,
					"the client certificate or server CA cannot be used: " + ex.getMessage());
		}
	}

	JsonMapper json() {
		return this.json;
	}

	PixCredentials credentials() {
		return this.credentials;
	}

	Answer get(String path, Map<String, String> query) throws PixProviderException {
		return call("GET", path, query, null);
	}

	Answer put(String path, JsonNode body) throws PixProviderException {
		return call("PUT", path, Map.of(), body);
	}

	Answer patch(String path, JsonNode body) throws PixProviderException {
		return call("PATCH", path, Map.of(), body);
	}

	/** A path segment, percent-encoded (keys hold {@code @} and {@code +}). */
	static String segment(String value) {
		return URLEncoder.encode(value, StandardCharsets.UTF_8).replace("+", "%20");
	}

	private Answer call(String method, String path, Map<String, String> query, @Nullable JsonNode body)
			throws PixProviderException {
		checkUrl(this.credentials.baseUrl(), "base_url");
		Map<String, String> parameters = new LinkedHashMap<>(query);
		parameters.putAll(this.credentials.secrets().extraQuery());
		URI uri = URI.create(this.credentials.baseUrl() + path + queryString(parameters));
		HttpResponse<String> response = send(method + " " + path, false, () -> {
			HttpRequest.Builder request = HttpRequest.newBuilder(uri)
				.timeout(this.settings.requestTimeout())
				.header("Authorization", "Bearer " + this.tokens.token(this))
				.header("Accept", "application/json");
			this.credentials.secrets().extraHeaders().forEach(request::header);
			if (body != null) {
				request.header("Content-Type", "application/json")
					.method(method, HttpRequest.BodyPublishers.ofString(this.json.writeValueAsString(body)));
			}
			else {
				request.method(method, HttpRequest.BodyPublishers.noBody());
			}
			return request.build();
		});
		return new Answer(response.statusCode(), parse(response.body()));
	}

	/** Asks the token URL for a new access token (with the same retries). */
	PixTokens.Token requestToken() throws PixProviderException {
		checkUrl(this.credentials.tokenUrl(), "token_url");
		PixCredentials.Secrets secrets = this.credentials.secrets();
		Map<String, String> form = new LinkedHashMap<>();
		form.put("grant_type", "client_credentials");
		if (!this.credentials.scope().isEmpty()) {
			form.put("scope", this.credentials.scope());
		}
		if (this.credentials.tokenAuth() != TokenAuth.BASIC) {
			form.put("client_id", secrets.clientId());
		}
		if (this.credentials.tokenAuth() == TokenAuth.FORM) {
			form.put("client_secret", secrets.clientSecret());
		}
		HttpResponse<String> response = send("token request", true, () -> {
			HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(this.credentials.tokenUrl()))
				.timeout(this.settings.requestTimeout())
				.header("Content-Type", "application/x-www-form-urlencoded")
				.header("Accept", "application/json")
				.POST(HttpRequest.BodyPublishers.ofString(queryString(form).substring(1)));
			if (this.credentials.tokenAuth() == TokenAuth.BASIC) {
				request.header("Authorization", "Basic " + Base64.getEncoder()
					.encodeToString(
							(secrets.clientId() + ":" + secrets.clientSecret()).getBytes(StandardCharsets.UTF_8)));
			}
			secrets.extraHeaders().forEach(request::header);
			return request.build();
		});
		JsonNode answer = parse(response.body());
		String token = answer.path("access_token").asString("");
		if (token.isEmpty()) {
			throw new PixProviderException(Kind.REJECTED, response.statusCode(),
					"the token answer has no access_token");
		}
		long seconds = answer.path("expires_in").asLong(300);
		return new PixTokens.Token(token, Instant.now().plusSeconds(Math.max(10, seconds - 30)));
	}

	/**
	 * Builds one attempt's request (an API call asks {@link PixTokens} for its token).
	 */
	@FunctionalInterface
	private interface Attempt {

		HttpRequest request() throws PixProviderException;

	}

	/**
	 * Sends a request until it succeeds (any 2xx) or fails for good: 429 and 5xx and
	 * network failures retried with backoff (429 waiting its {@code Retry-After}); on an
	 * API call, a 401 once more with a fresh token, then it or a 403 is
	 * {@link Kind#REVOKED}; on the token request, 400/401/403 are. Another 4xx is
	 * {@link Kind#REJECTED} at once. A token request's body may echo what was sent, so
	 * only its OAuth error code is kept.
	 */
	private HttpResponse<String> send(String what, boolean tokenRequest, Attempt attempt) throws PixProviderException {
		boolean refreshed = false;
		String lastFailure = "";
		int lastStatus = 0;
		for (int tried = 1; tried <= this.settings.maxAttempts(); tried++) {
			HttpRequest request = attempt.request();
			HttpResponse<String> response;
			try {
				response = this.http.send(request, HttpResponse.BodyHandlers.ofString());
			}
			catch (IOException ex) {
				lastFailure = what + ": " + describe(ex);
				lastStatus = 0;
				pause(tried, null);
				continue;
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				throw new PixProviderException(Kind.UNAVAILABLE, 0, "interrupted");
			}
			int status = response.statusCode();
			if (status >= 200 && status < 300) {
				return response;
			}
			if (!tokenRequest && status == 401 && !refreshed) {
				// The token may have expired early or been revoked: one fresh try.
				this.tokens.forget(this);
				refreshed = true;
				tried--;
				continue;
			}
			String detail = what + " answered " + status
					+ (tokenRequest ? oauthError(response.body()) : problem(response.body()));
			if (status == 401 || status == 403 || (tokenRequest && status == 400)) {
				if (!tokenRequest) {
					this.tokens.forget(this);
				}
				throw new PixProviderException(Kind.REVOKED, status, detail);
			}
			if (status == 429 || status >= 500) {
				lastFailure = detail;
				lastStatus = status;
				pause(tried, response.headers().firstValue("Retry-After").orElse(null));
				continue;
			}
			throw new PixProviderException(Kind.REJECTED, status, detail);
		}
		throw new PixProviderException(Kind.UNAVAILABLE, lastStatus,
				lastFailure + " (after " + this.settings.maxAttempts() + " attempts)");
	}

	/** Waits before the next attempt (none after the last). */
	private void pause(int attempt, @Nullable String retryAfter) throws PixProviderException {
		if (attempt >= this.settings.maxAttempts()) {
			return;
		}
		Duration wait = this.settings.backoff().multipliedBy(1L << Math.min(attempt - 1, 10));
		Duration asked = retryAfter(retryAfter);
		if (asked != null) {
			wait = asked.compareTo(this.settings.maxRetryAfter()) > 0 ? this.settings.maxRetryAfter() : asked;
		}
		try {
			Thread.sleep(wait.toMillis());
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new PixProviderException(Kind.UNAVAILABLE, 0, "interrupted");
		}
	}

	/** Seconds or an HTTP date (RFC 9110 § 10.2.3); null when absent or unreadable. */
	static @Nullable Duration retryAfter(@Nullable String value) {
		if (value == null || value.isBlank()) {
			return null;
		}
		try {
			return Duration.ofSeconds(Math.max(0, Long.parseLong(value.strip())));
		}
		catch (NumberFormatException ex) {
			try {
				Duration until = Duration.between(Instant.now(),
						ZonedDateTime.parse(value.strip(), DateTimeFormatter.RFC_1123_DATE_TIME).toInstant());
				return until.isNegative() ? Duration.ZERO : until;
			}
			catch (RuntimeException unreadable) {
				return null;
			}
		}
	}

	private void checkUrl(String url, String field) throws PixProviderException {
		try {
			OutboundUrls.checked(url, this.allowLoopback, "Pix providers");
		}
		catch (OutboundUrls.Refused refused) {
			throw new PixProviderException(Kind.NOT_CONFIGURED, 0, field + " " + refused.getMessage());
		}
	}

	private JsonNode parse(String body) throws PixProviderException {
		if (body == null || body.isBlank()) {
			return this.json.createObjectNode();
		}
		try {
			return this.json.readTree(body);
		}
		catch (JacksonException ex) {
			throw new PixProviderException(Kind.REJECTED, 0, "the provider answered something that is not JSON");
		}
	}

	/** The problem's title/detail and violations, or the raw body trimmed. */
	private String problem(String body) {
		if (body == null || body.isBlank()) {
			return "";
		}
		try {
			JsonNode node = this.json.readTree(body);
			StringJoiner out = new StringJoiner("; ", ": ", "");
			for (String field : new String[] { "title", "detail" }) {
				if (node.path(field).isString()) {
					out.add(node.path(field).asString());
				}
			}
			for (JsonNode violation : node.path("violacoes")) {
				out.add(violation.path("propriedade").asString("") + " " + violation.path("razao").asString(""));
			}
			if (out.length() > 2) {
				return trim(out.toString());
			}
		}
		catch (JacksonException ex) {
			// Not JSON: the raw text below.
		}
		return ": " + trim(body.strip());
	}

	private String oauthError(String body) {
		try {
			JsonNode node = this.json.readTree(body == null ? "" : body);
			String error = node.path("error").asString("");
			return error.matches("[a-z_]{1,50}") ? " (" + error + ")" : "";
		}
		catch (JacksonException ex) {
			return "";
		}
	}

	private static String describe(IOException ex) {
		String name = ex.getClass().getSimpleName();
		return ex.getMessage() == null ? name : name + " " + ex.getMessage();
	}

	private static String trim(String text) {
		return text.length() > 500 ? text.substring(0, 500) + "…" : text;
	}

	static String queryString(Map<String, String> parameters) {
		if (parameters.isEmpty()) {
			return "";
		}
		StringJoiner out = new StringJoiner("&", "?", "");
		parameters.forEach((name, value) -> out.add(URLEncoder.encode(name, StandardCharsets.UTF_8) + "="
				+ URLEncoder.encode(value, StandardCharsets.UTF_8)));
		return out.toString();
	}

}
