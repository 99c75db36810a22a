package br.suite.web;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import org.jspecify.annotations.Nullable;

import br.suite.Api;

/**
 * The pages as a browser without JavaScript sees them: its cookies (the session's, and
 * before signing in the CSRF and return-path cookies), the sign-in form, and forms posted
 * with the CSRF token the last page carried. It never follows redirects, so a test sees
 * each answer.
 */
public final class PageClient {

	private static final Pattern CSRF = Pattern.compile("name=\"_csrf\" value=\"([^\"]+)\"");

	private static final Pattern CSRF_META = Pattern.compile("name=\"csrf-token\" content=\"([^\"]+)\"");

	private final HttpClient http = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER).build();

	private String base;

	private @Nullable String session;

	/** Cookies other than the session's, by name. */
	private final Map<String, String> cookies = new LinkedHashMap<>();

	private @Nullable String csrf;

	public PageClient(String base) {
		this.base = base;
	}

	/**
	 * A new user {@code username} whose role of their own holds exactly
	 * {@code permissions}, made by {@code admin} and signed in to the pages.
	 */
	static PageClient signedIn(Api admin, String username, String fullName, String... permissions) {
		Api.Response role = admin.post("/api/access/roles/", Api.JSON
			.writeValueAsString(Map.of("name", "papel-" + username, "permissions", java.util.List.of(permissions))));
		if (role.status() != 201) {
			throw new IllegalStateException(role.toString());
		}
		Api.Response user = admin.post("/api/access/users/",
				Api.JSON.writeValueAsString(Map.of("username", username, "full_name", fullName, "role_id", role.id())));
		if (user.status() != 201) {
			throw new IllegalStateException(user.toString());
		}
		String password = "Senha-" + username;
		admin.signIn(username, user.json().get("temporary_password").asString(), password);
		PageClient pages = new PageClient(admin.base());
		pages.signIn(username, password);
		return pages;
	}

	/** The same browser, talking to another instance (a load balancer's next pick). */
	PageClient on(String otherBase) {
		PageClient other = new PageClient(otherBase);
		other.session = this.session;
		other.cookies.putAll(this.cookies);
		other.csrf = this.csrf;
		return other;
	}

	/**
	 * A client carrying a browser's session cookie (to download what the browser was
	 * offered).
	 */
	static PageClient withSession(String base, String session) {
		PageClient client = new PageClient(base);
		client.session = session;
		return client;
	}

	@Nullable String session() {
		return this.session;
	}

	@Nullable String setCookie;

	/** Signs in through the form; the answer is the redirect after it. */
	public HttpResponse<String> signIn(String username, String password) {
		get("/login");
		return post("/login", Map.of("username", username, "password", password));
	}

	public HttpResponse<String> get(String path) {
		return send(HttpRequest.newBuilder(URI.create(this.base + path)).GET());
	}

	HttpResponse<byte[]> bytes(String path) {
		HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(this.base + path)).GET();
		cookieHeader().ifPresent(cookies -> request.header("Cookie", cookies));
		try {
			HttpResponse<byte[]> response = this.http.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
			remember(response);
			return response;
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

	/** Posts a form with the CSRF token of the last page read. */
	public HttpResponse<String> post(String path, Map<String, String> form) {
		Map<String, String> fields = new LinkedHashMap<>(form);
		if (this.csrf != null) {
			fields.putIfAbsent("_csrf", this.csrf);
		}
		return postRaw(path, fields);
	}

	/** Posts exactly these fields (no CSRF token added). */
	HttpResponse<String> postRaw(String path, Map<String, String> fields) {
		String body = fields.entrySet()
			.stream()
			.map(e -> URLEncoder.encode(e.getKey(), StandardCharsets.UTF_8) + "="
					+ URLEncoder.encode(e.getValue(), StandardCharsets.UTF_8))
			.collect(Collectors.joining("&"));
		return send(HttpRequest.newBuilder(URI.create(this.base + path))
			.header("Content-Type", "application/x-www-form-urlencoded")
			.POST(HttpRequest.BodyPublishers.ofString(body)));
	}

	/**
	 * Posts a multipart form (one file part) with the CSRF token of the last page read.
	 */
	HttpResponse<String> postMultipart(String path, Map<String, String> form, String fileField, String fileName,
			byte[] content) {
		String boundary = "suite-" + Long.toString(System.nanoTime(), 36);
		Map<String, String> fields = new LinkedHashMap<>(form);
		if (this.csrf != null) {
			fields.putIfAbsent("_csrf", this.csrf);
		}
		java.io.ByteArrayOutputStream body = new java.io.ByteArrayOutputStream();
		fields.forEach((name, value) -> body.writeBytes(
				("--" + boundary + "\r\nContent-Disposition: form-data; name=\"" + name + "\"\r\n\r\n" + value + "\r\n")
					.getBytes(StandardCharsets.UTF_8)));
		body.writeBytes(("--" + boundary + "\r\nContent-Disposition: form-data; name=\"" + fileField + "\"; filename=\""
				+ fileName + "\"\r\nContent-Type: text/csv\r\n\r\n")
			.getBytes(StandardCharsets.UTF_8));
		body.writeBytes(content);
		body.writeBytes(("\r\n--" + boundary + "--\r\n").getBytes(StandardCharsets.UTF_8));
		return send(HttpRequest.newBuilder(URI.create(this.base + path))
			.header("Content-Type", "multipart/form-data; boundary=" + boundary)
			.POST(HttpRequest.BodyPublishers.ofByteArray(body.toByteArray())));
	}

	private HttpResponse<String> send(HttpRequest.Builder request) {
		cookieHeader().ifPresent(cookies -> request.header("Cookie", cookies));
		try {
			HttpResponse<String> response = this.http.send(request.build(), HttpResponse.BodyHandlers.ofString());
			remember(response);
			Matcher token = CSRF.matcher(response.body());
			Matcher meta = CSRF_META.matcher(response.body());
			if (token.find()) {
				this.csrf = token.group(1);
			}
			else if (meta.find()) {
				this.csrf = meta.group(1);
			}
			return response;
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

	private Optional<String> cookieHeader() {
		Map<String, String> all = new LinkedHashMap<>(this.cookies);
		if (this.session != null) {
			all.put("JSESSIONID", this.session);
		}
		return all.isEmpty() ? Optional.empty() : Optional
			.of(all.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining("; ")));
	}

	/** The value of a cookie this client holds (other than the session's). */
	Optional<String> cookie(String name) {
		return Optional.ofNullable(this.cookies.get(name));
	}

	private void remember(HttpResponse<?> response) {
		for (String cookie : response.headers().allValues("Set-Cookie")) {
			int equals = cookie.indexOf('=');
			String name = cookie.substring(0, equals);
			String value = cookie.substring(equals + 1,
					cookie.indexOf(';') < 0 ? cookie.length() : cookie.indexOf(';'));
			boolean removed = value.isEmpty() || cookie.toLowerCase(java.util.Locale.ROOT).contains("max-age=0");
			if (name.equals("JSESSIONID")) {
				this.setCookie = cookie;
				this.session = removed ? null : value;
			}
			else if (removed) {
				this.cookies.remove(name);
			}
			else {
				this.cookies.put(name, value);
			}
		}
	}

	static Optional<String> location(HttpResponse<?> response) {
		return response.headers().firstValue("Location");
	}

}
