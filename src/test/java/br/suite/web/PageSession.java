package br.suite.web;

import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import org.openqa.selenium.Cookie;
import org.openqa.selenium.WebDriver;

/**
 * Requests made with a browser's page session but outside the browser, as a hand-made
 * request would be: to prove that a route refuses what its hidden button would do, with a
 * valid CSRF token, so that only the permission can be the reason.
 */
final class PageSession {

	private static final Pattern CSRF = Pattern.compile("<meta name=\"csrf-token\" content=\"([^\"]+)\"");

	private final HttpClient http = HttpClient.newHttpClient();

	private final String base;

	private final String session;

	PageSession(String base, WebDriver browser) {
		this.base = base;
		Cookie cookie = browser.manage().getCookieNamed("JSESSIONID");
		if (cookie == null) {
			throw new IllegalStateException("The browser is not signed in");
		}
		this.session = cookie.getValue();
	}

	HttpResponse<String> get(String path) throws IOException, InterruptedException {
		return this.http.send(HttpRequest.newBuilder(URI.create(this.base + path))
			.header("Cookie", "JSESSIONID=" + this.session)
			.build(), HttpResponse.BodyHandlers.ofString());
	}

	/**
	 * A form POST carrying the session's CSRF token (read from the dashboard, as a page
	 * holds it).
	 */
	HttpResponse<String> post(String path, String... pairs) throws IOException, InterruptedException {
		Matcher token = CSRF.matcher(get("/app/").body());
		if (!token.find()) {
			throw new IllegalStateException("No CSRF token on the dashboard");
		}
		Map<String, String> form = new LinkedHashMap<>();
		form.put("_csrf", token.group(1));
		for (int i = 0; i + 1 < pairs.length; i += 2) {
			form.put(pairs[i], pairs[i + 1]);
		}
		String body = form.entrySet()
			.stream()
			.map(e -> URLEncoder.encode(e.getKey(), StandardCharsets.UTF_8) + "="
					+ URLEncoder.encode(e.getValue(), StandardCharsets.UTF_8))
			.collect(Collectors.joining("&"));
		return this.http.send(HttpRequest.newBuilder(URI.create(this.base + path))
			.header("Cookie", "JSESSIONID=" + this.session)
			.header("Content-Type", "application/x-www-form-urlencoded")
			.POST(HttpRequest.BodyPublishers.ofString(body))
			.build(), HttpResponse.BodyHandlers.ofString());
	}

}
