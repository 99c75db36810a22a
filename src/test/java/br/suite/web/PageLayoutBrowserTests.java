package br.suite.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;

import br.suite.access.Permissions;

/**
 * Every page a person can reach from the back office's menu, as on a phone (375 px wide)
 * and at 200 % zoom of a 1280 px desktop window (640 CSS px at two device pixels each):
 * no sideways scroll, zero WCAG 2.1 AA violations axe-core finds, a visible focus ring at
 * every tab stop; and every form for something new sent empty, and every edit form sent
 * with its required fields cleared, focuses its error summary, whose links lead to the
 * fields. The pages are found by following links, so a new page is checked without being
 * listed here.
 */
class PageLayoutBrowserTests extends BrowserTest {

	private static final int PHONE_WIDTH = 375;

	private static final int PHONE_HEIGHT = 740;

	/**
	 * A 1280×800 desktop window at 200 % zoom: Chrome lays the page out in half the CSS
	 * pixels, two device pixels each (what DevTools' device metrics reproduce).
	 */
	private static final Map<String, Object> ZOOM_200 = Map.of("width", 1280 / 2, "height", 800 / 2,
			"deviceScaleFactor", 2, "mobile", false);

	private static final Map<String, Object> PHONE = Map.of("width", PHONE_WIDTH, "height", PHONE_HEIGHT,
			"deviceScaleFactor", 1, "mobile", false);

	/** At most this many distinct pages (one per path shape: ids are alike). */
	private static final int MAX_PAGES = 100;

	/**
	 * The page's first form that posts, or with {@code arguments[0]} (an edit form) the
	 * first whose required fields hold values; null when there is none.
	 */
	private static final String FORM_TO_SEND = """
			var forms = Array.prototype.slice.call(document.querySelectorAll('main form[method=post]'));
			if (!arguments[0]) { return forms[0] || null; }
			return forms.filter(function (f) {
				return Array.prototype.some.call(f.querySelectorAll('input[required], textarea[required]'),
					function (i) { return i.type !== 'hidden' && i.value !== ''; });
			})[0] || null;
			""";

	@Test
	void everyPageFitsAPhoneShowsWhereTheFocusIsAndPassesAxe() {
		// Something in the lists: a customer with a long name and address.
		assertThat(this.api
			.post("/api/clientes/",
					json("nome", unique("Supermercado Atacadista Irmãos Albuquerque e Cavalcanti de Pernambuco"),
							"email", "financeiro.departamento.contas.a.receber@atacadistaalbuquerque.com.br"))
			.status()).isEqualTo(201);
		// Records with edit forms: a charge, an establishment, a fiscal document, a
		// schedule.
		Ledger.charge(this.api, "150.00", "2026-12-10", "Padaria Pão Quente Ltda", "11222333000181", "Mensalidade");
		assertThat(this.api
			.post("/api/timeclock/establishments/",
					json("name", unique("Loja Centro"), "employer_document", "11222333000181", "address",
							"Rua das Flores, 100", "time_zone", "America/Sao_Paulo"))
			.status()).isEqualTo(201);
		assertThat(
				this.api
					.post("/api/finance/fiscal-documents/",
							json("type", "nfse", "number", unique("NF"), "amount", "150.00", "customer_name",
									"Padaria"))
					.status())
			.isEqualTo(201);
		assertThat(this.api.post("/api/timeclock/schedules/", """
				{"name": "%s", "kind": "weekly", "days": {
				  "mon": [{"start": "08:00", "end": "12:00"}], "tue": [], "wed": [], "thu": [], "fri": [],
				  "sat": [], "sun": []}}""".formatted(unique("Meio período"))).status()).isEqualTo(201);
		// Contas a pagar: a supplier with a long name, a payable with installments to
		// pay,
		// a cost centre to edit (the chart of categories is there from the start).
		br.suite.bills.Bills bills = new br.suite.bills.Bills(this.api);
		long fornecedor = this.api
			.post("/api/fornecedores/",
					json("nome", unique("Distribuidora de Materiais de Construção Irmãos Albuquerque"), "documento",
							br.suite.bills.Bills.cnpj()))
			.id();
		assertThat(this.api
			.post("/api/finance/bills/",
					json("direction", "payable", "fornecedor_id", fornecedor, "description",
							unique("Cimento, areia e ferragens para a reforma da loja"), "competence_date",
							"2026-12-01", "category_id", bills.category("4.2"), "total", "1234.56", "installments",
							Map.of("count", 3, "first_due_date", "2027-01-10")))
			.status()).isEqualTo(201);
		assertThat(this.api.post("/api/finance/cost-centres/", json("code", unique("ADM"), "name", "Administrativo"))
			.status()).isEqualTo(201);
		WebDriver phone = open(PHONE_WIDTH, PHONE_HEIGHT);
		List<String> problems = new ArrayList<>();
		Set<String> withFilledForms = new HashSet<>();
		Map<String, String> pages;
		// axe-core goes into every page only while the crawl checks them: the forms
		// after it do not run it. The browser goes back to the pool for other tests.
		String axe = PageChecks.preloadAxe((ChromeDriver) phone);
		try {
			phone.get(url("/login"));
			waitFor(phone, By.id("username"));
			check(phone, problems);
			Person everything = person(true, "Maria Aparecida dos Santos Albuquerque",
					Permissions.CATALOGUE.keySet().toArray(String[]::new));
			signIn(phone, everything.username(), everything.password());
			pages = crawl(phone, problems, withFilledForms);
		}
		finally {
			PageChecks.stopPreloadingAxe((ChromeDriver) phone, axe);
		}
		submitForms(phone, pages, withFilledForms, problems);
	}

	private void submitForms(WebDriver phone, Map<String, String> pages, Set<String> withFilledForms,
			List<String> problems) {
		assertThat(pages).as("pages reached from the menu")
			.containsKeys("/app/", "/app/customers/", "/app/payables/", "/app/receivables/", "/app/payables/new",
					"/app/receivables/new", "/app/bills/{id}/", "/app/suppliers/new", "/app/categories/new",
					"/app/cost-centres/new", "/app/payables/nfe", "/app/cash-flow/", "/app/dre/");
		assertThat(problems).as("pages that fail on a phone or at 200 % zoom").isEmpty();

		List<String> forms = new ArrayList<>(pages.values().stream().filter(p -> p.endsWith("/new")).toList());
		forms.add("/app/password");
		assertThat(forms).as("forms for something new").hasSizeGreaterThan(5);
		for (String form : forms) {
			refusedFormFocusesItsSummary(phone, form, false, problems);
		}
		assertThat(problems).as("refused forms").isEmpty();

		// Edit forms: a page that shows a form already filled in (its required fields
		// hold the record's values). The crawl saw which pages do; the refused forms
		// above changed nothing.
		List<String> edited = new ArrayList<>();
		for (String page : pages.values()) {
			if (!page.endsWith("/new") && withFilledForms.contains(page)
					&& refusedFormFocusesItsSummary(phone, page, true, problems)) {
				edited.add(page);
			}
		}
		assertThat(edited).as("edit forms")
			.contains(pages.get("/app/customers/{id}/edit"), pages.get("/app/charges/{id}/edit"),
					pages.get("/app/establishments/{id}"), pages.get("/app/roles/{id}"),
					pages.get("/app/schedules/{id}"), pages.get("/app/suppliers/{id}/edit"),
					pages.get("/app/categories/{id}/edit"), pages.get("/app/cost-centres/{id}/edit"),
					pages.get("/app/bills/{id}/installments/{id}/pay"));
		assertThat(problems).as("refused edit forms").isEmpty();
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
		waiting(browser, Duration.ofSeconds(5)).until(b -> b.findElements(By.id("aviso-sessao")).isEmpty());
		// Kept: the warning comes again, and then the page signs out.
		waitFor(By.id("aviso-sessao"));
		waiting(browser, Duration.ofSeconds(15)).until(b -> b.getCurrentUrl().contains("/login"));
		browser.get(url("/app/customers/"));
		waitForPage(browser);
		assertThat(browser.getCurrentUrl()).contains("/login");
	}

	private void check(WebDriver browser, List<String> problems) {
		String at = browser.getCurrentUrl();
		for (Runnable check : List.<Runnable>of(() -> PageChecks.assertNoSideScroll(browser),
				() -> PageChecks.assertAccessible(browser), () -> PageChecks.assertFocusVisible(browser, 40),
				() -> zoomed(browser, () -> PageChecks.assertNoSideScroll(browser)))) {
			try {
				check.run();
			}
			catch (AssertionError ex) {
				problems.add(at + ": " + ex.getMessage());
			}
		}
	}

	/** A check at 200 % zoom of a desktop window, then back to the phone. */
	private static void zoomed(WebDriver browser, Runnable check) {
		ChromeDriver chrome = (ChromeDriver) browser;
		chrome.executeCdpCommand("Emulation.setDeviceMetricsOverride", ZOOM_200);
		try {
			assertThat(chrome.executeScript("return [window.innerWidth, window.devicePixelRatio]"))
				.as("the page at 200 % zoom")
				.isEqualTo(List.of(640L, 2L));
			check.run();
		}
		catch (AssertionError ex) {
			throw new AssertionError("at 200 % zoom: " + ex.getMessage(), ex);
		}
		finally {
			chrome.executeCdpCommand("Emulation.setDeviceMetricsOverride", PHONE);
		}
	}

	/**
	 * From the dashboard, every page a link of the back office leads to (one per path
	 * shape), each checked on the way; returns shape → the path visited, and adds to
	 * {@code withFilledForms} each path that may hold an edit form (one that showed a
	 * form whose required fields hold values, or that was not checked).
	 */
	private Map<String, String> crawl(WebDriver browser, List<String> problems, Set<String> withFilledForms) {
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
				withFilledForms.add(path);
				continue;
			}
			if (!browser.getCurrentUrl().contains(path)) {
				withFilledForms.add(path);
				continue;
			}
			if (((JavascriptExecutor) browser).executeScript(FORM_TO_SEND, true) != null) {
				withFilledForms.add(path);
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
		waiting(browser, Duration.ofSeconds(20))
			.until(b -> "complete".equals(((JavascriptExecutor) b).executeScript("return document.readyState"))
					&& !b.findElements(By.tagName("main")).isEmpty());
	}

	/**
	 * The form sent empty, or for an {@code edit} form (the first whose required fields
	 * hold values) with its required fields cleared (the browser's own checks off, so the
	 * service judges it): the page comes back with the focus on the error summary, each
	 * link of which focuses its field. Returns whether the page had such a form.
	 */
	private boolean refusedFormFocusesItsSummary(WebDriver browser, String path, boolean edit, List<String> problems) {
		browser.get(url(path));
		waitForPage(browser);
		WebElement form = (WebElement) ((JavascriptExecutor) browser).executeScript(FORM_TO_SEND, edit);
		if (form == null) {
			if (!edit) {
				problems.add(path + ": no form to send");
			}
			return false;
		}
		((JavascriptExecutor) browser).executeScript("""
				var form = arguments[0];
				form.noValidate = true;
				form.querySelectorAll(arguments[1] ? 'input[required]:not([type=hidden]), textarea[required]'
						: 'input:not([type=hidden]):not([type=checkbox]):not([type=radio]), textarea')
					.forEach(function (f) { f.value = ''; });
				form.requestSubmit();
				""", form, edit);
		try {
			waiting(browser, Duration.ofSeconds(20))
				.until(b -> !b.findElements(By.id("resumo-erros")).isEmpty() && "resumo-erros"
					.equals(((JavascriptExecutor) b).executeScript("return document.activeElement.id")));
		}
		catch (org.openqa.selenium.TimeoutException ex) {
			problems.add(path + ": after a refused submit the focus is not on the error summary (at "
					+ browser.getCurrentUrl() + ", focus on " + ((JavascriptExecutor) browser)
						.executeScript("return document.activeElement.outerHTML.slice(0, 120)")
					+ ")");
			return true;
		}
		List<WebElement> links = browser.findElements(By.cssSelector("#resumo-erros a[href^='#']"));
		if (links.isEmpty()) {
			problems.add(path + ": the error summary links to no field: " + text(browser, By.id("resumo-erros")));
			return true;
		}
		String target = links.get(0).getDomAttribute("href").substring(1);
		links.get(0).click();
		Object focused = ((JavascriptExecutor) browser)
			.executeScript("var e = document.activeElement; return e.id || e.getAttribute('name');");
		if (!target.equals(focused)) {
			problems.add(path + ": the summary's link to " + target + " focused " + focused);
		}
		PageChecks.assertNoSideScroll(browser);
		return true;
	}

}
