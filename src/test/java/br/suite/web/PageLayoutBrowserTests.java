package br.suite.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.WebDriverWait;

import br.suite.access.Permissions;

/**
 * Every page a person can reach from the back office's menu, as on a phone (375 px wide,
 * which is also what 200 % zoom leaves of a 750 px window): no sideways scroll, zero WCAG
 * 2.1 AA violations axe-core finds, a visible focus ring at every tab stop; and every
 * form for something new, refused, focuses its error summary, whose links lead to the
 * fields. The pages are found by following links, so a new page is checked without being
 * listed here.
 */
class PageLayoutBrowserTests extends BrowserTest {

	private static final int PHONE_WIDTH = 375;

	private static final int PHONE_HEIGHT = 740;

	/** At most this many distinct pages (one per path shape: ids are alike). */
	private static final int MAX_PAGES = 80;

	@Test
	void everyPageFitsAPhoneShowsWhereTheFocusIsAndPassesAxe() {
		// Something in the lists: a customer with a long name and address.
		assertThat(this.api
			.post("/api/clientes/",
					json("nome", unique("Supermercado Atacadista Irmãos Albuquerque e Cavalcanti de Pernambuco"),
							"email", "financeiro.departamento.contas.a.receber@atacadistaalbuquerque.com.br"))
			.status()).isEqualTo(201);
		WebDriver phone = open(PHONE_WIDTH, PHONE_HEIGHT);
		List<String> problems = new ArrayList<>();

		phone.get(url("/login"));
		waitFor(phone, By.id("username"));
		check(phone, problems);

		Person everything = person(true, "Maria Aparecida dos Santos Albuquerque",
				Permissions.CATALOGUE.keySet().toArray(String[]::new));
		signIn(phone, everything.username(), everything.password());
		Map<String, String> pages = crawl(phone, problems);
		assertThat(pages).as("pages reached from the menu").containsKeys("/app/", "/app/customers/");
		assertThat(problems).as("pages that fail on a phone").isEmpty();

		List<String> forms = new ArrayList<>(pages.values().stream().filter(p -> p.endsWith("/new")).toList());
		forms.add("/app/password");
		assertThat(forms).as("forms for something new").hasSizeGreaterThan(5);
		for (String form : forms) {
			refusedFormFocusesItsSummary(phone, form, problems);
		}
		assertThat(problems).as("refused forms").isEmpty();
	}

	/**
	 * The idle sign-out warns before the session's limit, "Continuar conectado" keeps the
	 * session, and at the limit the page signs out. The page's limit is shortened here to
	 * 6 s (the page reads it every second; the warning comes half of it before, at most
	 * two minutes).
	 */
	@Test
	void anIdleSessionWarnsFirstCanBeExtendedAndThenSignsOut() {
		Person clerk = person(false, "Olga Ociosa", "customers.clientes.view");
		WebDriver browser = browser();
		signIn(clerk.username(), clerk.password());
		waitFor(By.id("conteudo"));
		WebElement idle = browser.findElement(By.cssSelector("meta[name=suite-idle]"));
		assertThat(Integer.parseInt(idle.getDomAttribute("content"))).isEqualTo(30 * 60);
		JavascriptExecutor js = (JavascriptExecutor) browser;
		js.executeScript("document.querySelector('meta[name=suite-idle]').content = '6';");
		assertThat(waitFor(By.id("aviso-sessao")).getText()).contains("Sua sessão será encerrada em", "por inatividade",
				"Continuar conectado");
		assertThat(js.executeScript("return document.activeElement.id")).isEqualTo("continuar-sessao");
		PageChecks.assertAccessible(browser);
		browser.findElement(By.id("continuar-sessao")).click();
		new WebDriverWait(browser, Duration.ofSeconds(5)).until(b -> b.findElements(By.id("aviso-sessao")).isEmpty());
		// Kept: the warning comes again, and then the page signs out.
		waitFor(By.id("aviso-sessao"));
		new WebDriverWait(browser, Duration.ofSeconds(15)).until(b -> b.getCurrentUrl().contains("/login"));
		browser.get(url("/app/customers/"));
		waitForPage(browser);
		assertThat(browser.getCurrentUrl()).contains("/login");
	}

	private void check(WebDriver browser, List<String> problems) {
		String at = browser.getCurrentUrl();
		for (Runnable check : List.<Runnable>of(() -> PageChecks.assertNoSideScroll(browser),
				() -> PageChecks.assertAccessible(browser), () -> PageChecks.assertFocusVisible(browser, 40))) {
			try {
				check.run();
			}
			catch (AssertionError ex) {
				problems.add(at + ": " + ex.getMessage());
			}
		}
	}

	/**
	 * From the dashboard, every page a link of the back office leads to (one per path
	 * shape), each checked on the way; returns shape → the path visited.
	 */
	private Map<String, String> crawl(WebDriver browser, List<String> problems) {
		Map<String, String> visited = new LinkedHashMap<>();
		Deque<String> queue = new ArrayDeque<>(List.of("/app/"));
		while (!queue.isEmpty() && visited.size() < MAX_PAGES) {
			String path = queue.removeFirst();
			String shape = path.replaceAll("/\\d+(?=/|$)", "/{id}");
			if (visited.containsKey(shape)) {
				continue;
			}
			visited.put(shape, path);
			browser.get(url(path));
			try {
				waitForPage(browser);
			}
			catch (org.openqa.selenium.TimeoutException ex) {
				problems.add(path + ": no page (no <main>) within 20 s");
				continue;
			}
			if (!browser.getCurrentUrl().contains(path)) {
				continue;
			}
			check(browser, problems);
			@SuppressWarnings("unchecked")
			List<String> links = (List<String>) ((JavascriptExecutor) browser).executeScript("""
					return Array.prototype.map.call(document.querySelectorAll('a[href]:not([download])'), function (a) {
						var u = new URL(a.href, location.href);
						return u.origin === location.origin ? u.pathname : '';
					});
					""");
			for (String link : links) {
				if ((link.startsWith("/app/") || link.equals("/kiosk/"))
						&& !link.matches(".*(pdf|/file|/signature|/certificate).*") && !link.equals("/app/proibido")) {
					queue.addLast(link);
				}
			}
		}
		return visited;
	}

	private static void waitForPage(WebDriver browser) {
		new WebDriverWait(browser, Duration.ofSeconds(20))
			.until(b -> "complete".equals(((JavascriptExecutor) b).executeScript("return document.readyState"))
					&& !b.findElements(By.tagName("main")).isEmpty());
	}

	/**
	 * The form sent empty (the browser's own checks off, so the service judges it): the
	 * page comes back with the focus on the error summary, each link of which focuses its
	 * field.
	 */
	private void refusedFormFocusesItsSummary(WebDriver browser, String path, List<String> problems) {
		browser.get(url(path));
		waitForPage(browser);
		List<WebElement> forms = browser.findElements(By.cssSelector("main form[method=post]"));
		if (forms.isEmpty()) {
			problems.add(path + ": no form to send");
			return;
		}
		((JavascriptExecutor) browser).executeScript("""
				var form = arguments[0];
				form.noValidate = true;
				form.querySelectorAll('input:not([type=hidden]):not([type=checkbox]):not([type=radio]), textarea')
					.forEach(function (f) { f.value = ''; });
				form.requestSubmit();
				""", forms.get(0));
		try {
			new WebDriverWait(browser, Duration.ofSeconds(20))
				.until(b -> !b.findElements(By.id("resumo-erros")).isEmpty() && "resumo-erros"
					.equals(((JavascriptExecutor) b).executeScript("return document.activeElement.id")));
		}
		catch (org.openqa.selenium.TimeoutException ex) {
			problems.add(path + ": after a refused submit the focus is not on the error summary (at "
					+ browser.getCurrentUrl() + ", focus on " + ((JavascriptExecutor) browser)
						.executeScript("return document.activeElement.outerHTML.slice(0, 120)")
					+ ")");
			return;
		}
		List<WebElement> links = browser.findElements(By.cssSelector("#resumo-erros a[href^='#']"));
		if (links.isEmpty()) {
			problems.add(path + ": the error summary links to no field: " + text(browser, By.id("resumo-erros")));
			return;
		}
		String target = links.get(0).getDomAttribute("href").substring(1);
		links.get(0).click();
		Object focused = ((JavascriptExecutor) browser)
			.executeScript("var e = document.activeElement; return e.id || e.getAttribute('name');");
		if (!target.equals(focused)) {
			problems.add(path + ": the summary's link to " + target + " focused " + focused);
		}
		PageChecks.assertNoSideScroll(browser);
	}

}
