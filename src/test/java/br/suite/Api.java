package br.suite;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Optional;

import org.jspecify.annotations.Nullable;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A small HTTP client for tests: sends what a client would and exposes status, headers
 * and JSON.
 */
public final class Api {

	public static final JsonMapper JSON = JsonMapper.builder().build();

	private final HttpClient http = HttpClient.newHttpClient();

	private final String base;

	private final @Nullable String token;

	public Api(String base, @Nullable String token) {
		this.base = base;
		this.token = token;
	}

	public Api as(@Nullable String otherToken) {
		return new Api(this.base, otherToken);
	}

	public String base() {
		return this.base;
	}

	public String token() {
		return this.token;
	}

	/**
	 * Called on an administrator's client: a client signed in as a new user whose new
	 * role holds exactly the given permissions.
	 */
	public Api signedInWith(String... permissions) {
		String list = permissions.length == 0 ? "" : "\"" + String.join("\",\"", permissions) + "\"";
		String suffix = Long.toString(System.nanoTime(), 36);
		Response role = post("/api/access/roles/", "{\"name\":\"role-" + suffix + "\",\"permissions\":[" + list + "]}");
		if (role.status() != 201) {
			throw new IllegalStateException("Could not create a role: " + role);
		}
		String username = "user-" + suffix;
		Response user = post("/api/access/users/", "{\"username\":\"" + username + "\",\"role_id\":" + role.id() + "}");
		if (user.status() != 201) {
			throw new IllegalStateException("Could not create a user: " + user);
		}
		return as(signIn(username, user.json().get("temporary_password").asString()));
	}

	/**
	 * What a new user does first: signs in with the temporary password, changes it (which
	 * revokes that token) and signs in again. Returns the token of the second sign-in.
	 */
	public String signIn(String username, String temporaryPassword) {
		return signIn(username, temporaryPassword, "Chosen-" + java.util.UUID.randomUUID());
	}

	/** {@link #signIn(String, String)} choosing the given password. */
	public String signIn(String username, String temporaryPassword, String chosen) {
		String first = token(username, temporaryPassword);
		Response changed = as(first).post("/api/auth/password/",
				"{\"current_password\":\"" + temporaryPassword + "\",\"new_password\":\"" + chosen + "\"}");
		if (changed.status() != 204) {
			throw new IllegalStateException("Could not change the temporary password: " + changed);
		}
		return token(username, chosen);
	}

	/** A new token for the username and password, or an exception saying why not. */
	public String token(String username, String password) {
		Response token = as(null).post("/api/auth/token/",
				"{\"username\":\"" + username + "\",\"password\":\"" + password + "\"}");
		if (token.status() != 200) {
			throw new IllegalStateException("Could not sign in: " + token);
		}
		return token.json().get("token").asString();
	}

	public Response get(String path) {
		return send("GET", path, null, null);
	}

	public Response delete(String path) {
		return send("DELETE", path, null, null);
	}

	public Response post(String path, String json) {
		return send("POST", path, json, "application/json");
	}

	public Response put(String path, String json) {
		return send("PUT", path, json, "application/json");
	}

	public Response patch(String path, String json) {
		return send("PATCH", path, json, "application/json");
	}

	public Response send(String method, String path, @Nullable String body, @Nullable String contentType,
			String... headers) {
		return sendBytes(method, path, body == null ? null : body.getBytes(java.nio.charset.StandardCharsets.UTF_8),
				contentType, headers);
	}

	public Response sendBytes(String method, String path, byte @Nullable [] body, @Nullable String contentType,
			String... headers) {
		HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(this.base + path))
			.method(method,
					body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofByteArray(body));
		if (this.token != null) {
			request.header("Authorization", "Token " + this.token);
		}
		if (contentType != null) {
			request.header("Content-Type", contentType);
		}
		for (int i = 0; i + 1 < headers.length; i += 2) {
			request.header(headers[i], headers[i + 1]);
		}
		try {
			HttpResponse<byte[]> response = this.http.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
			return new Response(response.statusCode(), response.headers(), response.body());
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

	/** What came back. */
	public record Response(int status, java.net.http.HttpHeaders headers, byte[] bytes) {

		public String body() {
			return new String(this.bytes, java.nio.charset.StandardCharsets.UTF_8);
		}

		public JsonNode json() {
			return JSON.readTree(this.bytes);
		}

		public Optional<String> header(String name) {
			return this.headers.firstValue(name);
		}

		public String contentType() {
			return header("Content-Type").orElse("");
		}

		public long id() {
			return json().get("id").asLong();
		}

		@Override
		public String toString() {
			return this.status + " " + body();
		}

	}

}
