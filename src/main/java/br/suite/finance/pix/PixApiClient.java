package br.suite.finance.pix;

import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.StringJoiner;

import org.jspecify.annotations.Nullable;

import br.suite.finance.PixProviderSettings;
import br.suite.finance.connection.PixCredentials;
import br.suite.finance.connection.TokenAuth;
import br.suite.finance.pix.PixProviderException.Kind;
import br.suite.shared.outbound.OutboundHttp;
import br.suite.shared.outbound.OutboundUrls;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * One connection's client for its provider's API Pix: OAuth2 client credentials over
 * mutual TLS (the same certificate for the token and the calls, as the tokens are bound
 * to it), the token kept until shortly before it expires, the provider's extra headers
 * and query parameters on every call. 429 (waiting what {@code Retry-After} asks, up to a
 * limit), 5xx and network failures are retried with doubling backoff; a 401 gets one
 * retry with a fresh token, then it (or a 403) is {@link Kind#REVOKED}; any other 4xx is
 * {@link Kind#REJECTED} at once. Every answer is read up to {@code max-response-bytes} (a
 * larger one fails the call, its rest unread), each attempt has {@code request-timeout}
 * in all (connect, headers and body), and a client made for a user's request has a
 * deadline for everything it does, retries and waits included. A non-2xx answer is
 * described by its status and its problem's title only (its detail may echo what was
 * sent). Never called inside a database transaction.
 */
public class PixApiClient {

	/** RFC 3339 with seconds and an offset, no fractions (Santander refuses them). */
	static final DateTimeFormatter RFC3339 = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ssXXX");

	private final PixCredentials credentials;

	private final PixProviderSettings settings;

	private final JsonMapper json;

	private final OutboundHttp http;

	private final PixTokens tokens;

	private final boolean allowLoopback;

	/** When everything this client does must be over (a user's request), or null. */
	private final @Nullable Instant deadline;

	/** An answer: status and JSON body (an empty object when there was none). */
	public record Answer(int status, JsonNode body) {
	}

	PixApiClient(PixCredentials credentials, PixProviderSettings settings, JsonMapper json, PixTokens tokens,
			boolean allowLoopback, @Nullable Instant deadline) throws PixProviderException {
		this.credentials = credentials;
		this.settings = settings;
		this.json = json;
		this.tokens = tokens;
		this.allowLoopback = allowLoopback;
		this.deadline = deadline;
		// One connection per exchange, closed after it: a client lives for one sync or
		// call.
		this.http = new OutboundHttp(PixTls.context(credentials), () -> allowLoopback, "Pix providers",
				settings.connectTimeout(), false);
	}

	public JsonMapper json() {
		return this.json;
	}

	PixCredentials credentials() {
		return this.credentials;
	}

	public Answer get(String path, Map<String, String> query) throws PixProviderException {
		return call("GET", path, query, null);
	}

	public Answer put(String path, JsonNode body) throws PixProviderException {
		return call("PUT", path, Map.of(), body);
	}

	public Answer patch(String path, JsonNode body) throws PixProviderException {
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
		Reply response = send(method + " " + path, false, () -> {
			List<Map.Entry<String, String>> headers = new ArrayList<>();
			headers.add(Map.entry("Authorization", "Bearer " + this.tokens.token(this)));
			headers.add(Map.entry("Accept", "application/json"));
			headers.addAll(this.credentials.secrets().extraHeaders().entrySet());
			return body == null ? new OutboundHttp.Request(method, uri, headers, null, null)
					: new OutboundHttp.Request(method, uri, headers,
							this.json.writeValueAsString(body).getBytes(StandardCharsets.UTF_8), "application/json");
		});
		return new Answer(response.status(), PixAnswers.parse(this.json, response.body()));
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
		Reply response = send("token request", true, () -> {
			List<Map.Entry<String, String>> headers = new ArrayList<>();
			headers.add(Map.entry("Accept", "application/json"));
			if (this.credentials.tokenAuth() == TokenAuth.BASIC) {
				headers.add(Map.entry("Authorization", "Basic " + Base64.getEncoder()
					.encodeToString(
							(secrets.clientId() + ":" + secrets.clientSecret()).getBytes(StandardCharsets.UTF_8))));
			}
			headers.addAll(secrets.extraHeaders().entrySet());
			return new OutboundHttp.Request("POST", URI.create(this.credentials.tokenUrl()), headers,
					queryString(form).substring(1).getBytes(StandardCharsets.UTF_8),
					"application/x-www-form-urlencoded");
		});
		JsonNode answer = PixAnswers.parse(this.json, response.body());
		String token = answer.path("access_token").asString("");
		if (token.isEmpty()) {
			throw new PixProviderException(Kind.REJECTED, response.status(), "the token answer has no access_token");
		}
		long seconds = answer.path("expires_in").asLong(300);
		return new PixTokens.Token(token, Instant.now().plusSeconds(Math.max(10, seconds - 30)));
	}

	/**
	 * Builds one attempt's request (an API call asks {@link PixTokens} for its token).
	 */
	@FunctionalInterface
	private interface Attempt {

		OutboundHttp.Request request() throws PixProviderException;

	}

	/**
	 * Sends a request until it succeeds (any 2xx) or fails for good: 429 and 5xx and
	 * network failures retried with backoff (429 waiting its {@code Retry-After}); on an
	 * API call, a 401 once more with a fresh token, then it or a 403 is
	 * {@link Kind#REVOKED}; on the token request, 400/401/403 are. Another 4xx is
	 * {@link Kind#REJECTED} at once. A token request's body may echo what was sent, so
	 * only its OAuth error code is kept.
	 */
	private Reply send(String what, boolean tokenRequest, Attempt attempt) throws PixProviderException {
		boolean refreshed = false;
		String lastFailure = "";
		int lastStatus = 0;
		for (int tried = 1; tried <= this.settings.maxAttempts(); tried++) {
			OutboundHttp.Request request = attempt.request();
			Reply response;
			try {
				response = exchange(what, request);
			}
			catch (IOException ex) {
				lastFailure = what + ": " + PixAnswers.describe(ex);
				lastStatus = 0;
				pause(tried, null, what, lastFailure);
				continue;
			}
			int status = response.status();
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
					+ (tokenRequest ? PixAnswers.oauthError(this.json, response.body())
							: PixAnswers.problem(this.json, response.body()));
			if (status == 401 || status == 403 || (tokenRequest && status == 400)) {
				if (!tokenRequest) {
					this.tokens.forget(this);
				}
				throw new PixProviderException(Kind.REVOKED, status, detail);
			}
			if (status == 429 || status >= 500) {
				lastFailure = detail;
				lastStatus = status;
				pause(tried, response.retryAfter(), what, lastFailure);
				continue;
			}
			throw new PixProviderException(Kind.REJECTED, status, detail);
		}
		throw new PixProviderException(Kind.UNAVAILABLE, lastStatus,
				lastFailure + " (after " + this.settings.maxAttempts() + " attempts)");
	}

	/** A complete answer: its status, {@code Retry-After} and body (within the limit). */
	private record Reply(int status, @Nullable String retryAfter, String body) {
	}

	/**
	 * One attempt: at most {@code request-timeout} (less when the deadline is nearer) for
	 * connecting, the headers and the body, and at most {@code max-response-bytes} read.
	 * @throws IOException when no complete answer came in time (retried)
	 * @throws PixProviderException when the answer is larger than the limit (not retried:
	 * it would be again) or the deadline is past
	 */
	private Reply exchange(String what, OutboundHttp.Request request) throws IOException, PixProviderException {
		Duration timeout = this.settings.requestTimeout();
		Duration left = remaining();
		if (left != null) {
			if (left.isZero()) {
				throw deadlinePassed(what, "");
			}
			timeout = left.compareTo(timeout) < 0 ? left : timeout;
		}
		OutboundHttp.Answer answer;
		try {
			answer = this.http.exchange(request, timeout, (int) this.settings.maxResponseBytes().toBytes());
		}
		catch (OutboundUrls.Refused refused) {
			throw new PixProviderException(Kind.NOT_CONFIGURED, 0,
					what + ": the provider's host " + refused.getMessage());
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new PixProviderException(Kind.UNAVAILABLE, 0, "interrupted");
		}
		if (answer.beyondLimit()) {
			throw new PixProviderException(Kind.REJECTED, answer.status(),
					what + " answered " + answer.status() + " with more than "
							+ this.settings.maxResponseBytes().toBytes() + " bytes, the most Suite reads of an answer "
							+ "(SUITE_PIX_MAX_RESPONSE_BYTES); nothing of it was used");
		}
		return new Reply(answer.status(), answer.retryAfter(), new String(answer.body(), StandardCharsets.UTF_8));
	}

	/** The time left before the deadline (zero when past), or null without one. */
	private @Nullable Duration remaining() {
		if (this.deadline == null) {
			return null;
		}
		Duration left = Duration.between(Instant.now(), this.deadline);
		return left.isNegative() ? Duration.ZERO : left;
	}

	private PixProviderException deadlinePassed(String what, String lastFailure) {
		return new PixProviderException(Kind.UNAVAILABLE, 0,
				what + ": the provider did not answer within " + this.settings.requestDeadline().toSeconds()
						+ " s, the deadline of a call made for a request (SUITE_PIX_REQUEST_DEADLINE)"
						+ (lastFailure.isEmpty() ? "" : "; last: " + lastFailure));
	}

	/**
	 * Waits before the next attempt (none after the last); fails at once when the wait
	 * would end past the deadline.
	 */
	private void pause(int attempt, @Nullable String retryAfter, String what, String lastFailure)
			throws PixProviderException {
		if (attempt >= this.settings.maxAttempts()) {
			return;
		}
		Duration wait = this.settings.backoff().multipliedBy(1L << Math.min(attempt - 1, 10));
		Duration asked = PixAnswers.retryAfter(retryAfter);
		if (asked != null) {
			wait = asked.compareTo(this.settings.maxRetryAfter()) > 0 ? this.settings.maxRetryAfter() : asked;
		}
		Duration left = remaining();
		if (left != null && left.compareTo(wait) <= 0) {
			throw deadlinePassed(what, lastFailure);
		}
		try {
			Thread.sleep(wait.toMillis());
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new PixProviderException(Kind.UNAVAILABLE, 0, "interrupted");
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
