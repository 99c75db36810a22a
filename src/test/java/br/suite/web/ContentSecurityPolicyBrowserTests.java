package br.suite.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.chrome.ChromeDriver;

/**
 * The pages run under their Content-Security-Policy without a single violation (htmx's
 * indicator styles were injected inline, refused on every page), and the icon the pages
 * link, like {@code /favicon.ico}, is served without signing in.
 */
class ContentSecurityPolicyBrowserTests extends BrowserTest {

	/**
	 * Records every {@code securitypolicyviolation} of each document the browser loads,
	 * from before the page's own scripts run.
	 */
	private static void recordViolations(WebDriver browser) {
		((ChromeDriver) browser).executeCdpCommand("Page.addScriptToEvaluateOnNewDocument", Map.of("source", """
				window.__violations = [];
				document.addEventListener('securitypolicyviolation', function (e) {
					window.__violations.push(e.violatedDirective + ' ' + (e.blockedURI || 'inline') + ' '
						+ (e.sourceFile || '') + ':' + e.lineNumber);
				});
				"""));
	}

	/**
	 * Loads the page, lets its scripts (htmx included) start, and returns its violations.
	 */
	private static List<String> violations(WebDriver browser, String url, By shown) {
		browser.get(url);
		waitFor(browser, shown);
		// htmx starts on DOMContentLoaded; give the page's scripts a moment after it.
		waiting(browser, Duration.ofSeconds(10)).until(b -> Boolean.TRUE.equals(((JavascriptExecutor) b)
			.executeScript("return document.readyState === 'complete' && typeof htmx !== 'undefined'")));
		try {
			Thread.sleep(300);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
		@SuppressWarnings("unchecked")
		List<Object> found = (List<Object>) ((JavascriptExecutor) browser).executeScript("return window.__violations");
		List<String> violations = new ArrayList<>();
		found.forEach(v -> violations.add(url + ": " + v));
		return violations;
	}

	@Test
	void thePagesRunWithoutAViolationOfTheirPolicyAndHaveAnIcon() throws Exception {
		Person clerk = person(false, "Célia Política", "customers.clientes.view", "customers.clientes.change",
				"imports.csv.prepare", "finance.transactions.view");
		Person kiosk = person(false, "Quiosque Política", "timeclock.punches.register");
		List<String> violations = new ArrayList<>();

		WebDriver browser = browser();
		recordViolations(browser);
		violations.addAll(violations(browser, url("/login"), By.id("username")));
		signIn(clerk.username(), clerk.password());
		violations.addAll(violations(browser, url("/app/"), By.cssSelector("main")));
		violations.addAll(violations(browser, url("/app/customers/"), By.cssSelector("main")));
		violations.addAll(violations(browser, url("/app/customers/new"), By.cssSelector("main form")));
		violations.addAll(violations(browser, url("/app/import/"), By.id("file")));
		violations.addAll(violations(browser, url("/app/transactions/"), By.cssSelector("main")));
		String icon = browser.findElement(By.cssSelector("link[rel=icon]")).getDomAttribute("href");

		WebDriver tablet = open(768, 1024, "--deny-permission-prompts");
		recordViolations(tablet);
		signIn(tablet, kiosk.username(), kiosk.password());
		violations.addAll(violations(tablet, url("/kiosk/"), By.id("identifier")));

		assertThat(violations).isEmpty();

		// The icon, linked and at the address browsers try by themselves, without a
		// session.
		HttpClient http = HttpClient.newHttpClient();
		assertThat(icon).isEqualTo("/img/favicon.svg");
		for (String path : List.of(icon, "/favicon.ico")) {
			HttpResponse<byte[]> answer = http.send(HttpRequest.newBuilder(URI.create(url(path))).build(),
					HttpResponse.BodyHandlers.ofByteArray());
			assertThat(answer.statusCode()).as(path).isEqualTo(200);
			assertThat(answer.headers().firstValue("Content-Type").orElse("")).as(path).startsWith("image/");
			assertThat(answer.body()).as(path).isNotEmpty();
		}
	}

}
