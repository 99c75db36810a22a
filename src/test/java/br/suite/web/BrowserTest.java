package br.suite.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedDeque;

import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.TestInfo;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.NoSuchElementException;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebDriverException;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

import br.suite.Api;
import br.suite.ApiTest;

/**
 * Base of the browser tests: the whole service on a random port (as {@link ApiTest}),
 * driven through Debian's Chromium and chromedriver, headless. Each test gets a browser
 * without cookies or storage (a plain one reused from an earlier test, cleared; one with
 * extra flags started afresh) and leaves a screenshot in {@code target/screenshots/}.
 */
public abstract class BrowserTest extends ApiTest {

	/**
	 * The browser: Debian's old headless shell ({@code chromium-headless-shell}) where it
	 * is installed, Chromium's full browser in headless mode otherwise, or the one
	 * {@code -Dsuite.test.chromium} names. Both are the same Blink and V8; the shell
	 * leaves out the browser's user interface and costs less CPU per page.
	 */
	static final Path CHROMIUM = Path.of(System.getProperty("suite.test.chromium",
			Files.isExecutable(Path.of("/usr/lib/chromium/chromium-headless-shell"))
					? "/usr/lib/chromium/chromium-headless-shell" : "/usr/bin/chromium"));

	private static final boolean SHELL = CHROMIUM.getFileName().toString().endsWith("headless-shell");

	static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");

	static final Path SCREENSHOTS = Path.of("target", "screenshots");

	private final List<WebDriver> browsers = new ArrayList<>();

	/**
	 * Plain browsers (no extra flags) kept for the next test of this JVM once their
	 * cookies and storage are cleared: starting Chromium and its driver costs about a
	 * second each time, for some forty browsers in the suite.
	 */
	private static final Deque<Pooled> IDLE = new ConcurrentLinkedDeque<>();

	private record Pooled(ChromeDriver driver, Path profile) {
	}

	static {
		Runtime.getRuntime().addShutdownHook(new Thread(() -> {
			for (Pooled idle : IDLE) {
				try {
					idle.driver().quit();
				}
				catch (RuntimeException ex) {
					// Gone already.
				}
				deleteProfile(idle.profile());
			}
		}, "browser-pool-shutdown"));
	}

	private final Map<WebDriver, Pooled> pooled = new IdentityHashMap<>();

	private final List<Path> profiles = new ArrayList<>();

	private @Nullable WebDriver browser;

	private String testName = "test";

	@BeforeEach
	void nameScreenshots(TestInfo test) {
		this.testName = getClass().getSimpleName() + "-" + test.getTestMethod().map(m -> m.getName()).orElse("test");
	}

	/** The test's desktop browser (1280×900), started on first use. */
	protected WebDriver browser() {
		if (this.browser == null) {
			this.browser = open(1280, 900);
		}
		return this.browser;
	}

	@AfterEach
	void closeBrowsers() {
		// Every test leaves its last screen behind, passed or failed.
		for (int i = 0; i < this.browsers.size(); i++) {
			try {
				screenshot(this.browsers.get(i), "end" + (i == 0 ? "" : "-" + i));
			}
			catch (RuntimeException ex) {
				// A browser that already died has nothing to show.
			}
		}
		for (WebDriver each : this.browsers) {
			Pooled reusable = this.pooled.get(each);
			if (reusable != null && cleared(reusable.driver())) {
				IDLE.push(reusable);
			}
			else {
				each.quit();
				if (reusable != null) {
					deleteProfile(reusable.profile());
				}
			}
		}
		this.browsers.clear();
		this.pooled.clear();
		this.browser = null;
		this.profiles.forEach(BrowserTest::deleteProfile);
		this.profiles.clear();
	}

	/**
	 * The browser back to a blank page with no cookies or storage of the service, as a
	 * new one; false when that failed (it is quit instead).
	 */
	private boolean cleared(ChromeDriver driver) {
		try {
			List<String> handles = new ArrayList<>(driver.getWindowHandles());
			for (String extra : handles.subList(1, handles.size())) {
				driver.switchTo().window(extra).close();
			}
			driver.switchTo().window(handles.get(0));
			driver.get("about:blank");
			driver.executeCdpCommand("Network.clearBrowserCookies", Map.of());
			driver.executeCdpCommand("Storage.clearDataForOrigin",
					Map.of("origin", this.api.base(), "storageTypes", "all"));
			return true;
		}
		catch (RuntimeException ex) {
			return false;
		}
	}

	private static void deleteProfile(Path profile) {
		try (var files = Files.walk(profile)) {
			files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
		}
		catch (IOException ex) {
			// A leftover temporary profile is harmless.
		}
	}

	/**
	 * A new headless Chromium of the given window size; extra flags (such as a fake
	 * camera) are added.
	 */
	protected WebDriver open(int width, int height, String... extraArguments) {
		if (!Files.isExecutable(CHROMIUM) || !Files.isExecutable(CHROMEDRIVER)) {
			throw new IllegalStateException("The browser tests need Chromium and its driver at " + CHROMIUM + " and "
					+ CHROMEDRIVER + "; install: apt-get install chromium chromium-driver");
		}
		boolean plain = extraArguments.length == 0;
		for (Pooled idle = plain ? IDLE.poll() : null; idle != null; idle = IDLE.poll()) {
			try {
				sized(idle.driver(), width, height);
				this.browsers.add(idle.driver());
				this.pooled.put(idle.driver(), idle);
				return idle.driver();
			}
			catch (RuntimeException dead) {
				deleteProfile(idle.profile());
			}
		}
		Path profile;
		try {
			profile = Files.createTempDirectory("suite-chromium");
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		ChromeOptions options = new ChromeOptions();
		options.setBinary(CHROMIUM.toFile());
		// The shell is headless by itself; the full browser needs the flag.
		options.addArguments(SHELL ? "--headless" : "--headless=new", "--no-sandbox", "--disable-gpu",
				"--disable-dev-shm-usage", "--no-first-run", "--disable-background-networking",
				"--disable-component-update", "--disable-sync", "--lang=pt-BR",
				"--window-size=" + width + "," + height);
		if (!SHELL) {
			// The shell started on a profile directory of ours finds no page to drive
			// ("unable to discover open pages"): chromedriver gives it a temporary one of
			// its own, removed when the browser quits.
			options.addArguments("--user-data-dir=" + profile);
		}
		options.addArguments(extraArguments);
		ChromeDriverService service = new ChromeDriverService.Builder().usingDriverExecutable(CHROMEDRIVER.toFile())
			.usingAnyFreePort()
			.build();
		ChromeDriver driver = new ChromeDriver(service, options);
		sized(driver, width, height);
		this.browsers.add(driver);
		if (plain) {
			this.pooled.put(driver, new Pooled(driver, profile));
		}
		else {
			this.profiles.add(profile);
		}
		return driver;
	}

	private static void sized(ChromeDriver driver, int width, int height) {
		driver.manage().window().setSize(new Dimension(width, height + 200));
		// The page's viewport exactly width × height, as on the device.
		driver.executeCdpCommand("Emulation.setDeviceMetricsOverride",
				Map.of("width", width, "height", height, "deviceScaleFactor", 1, "mobile", false));
	}

	protected String url(String path) {
		return this.api.base() + path;
	}

	/**
	 * How often a wait looks again: Selenium's default, half a second, was most of a
	 * browser test's time (after each click or page load the first look is too early, and
	 * the next came 500 ms later).
	 */
	static final Duration POLL = Duration.ofMillis(50);

	/** A wait of at most {@code timeout} that looks every {@link #POLL}. */
	protected static WebDriverWait waiting(WebDriver browser, Duration timeout) {
		WebDriverWait wait = new WebDriverWait(browser, timeout);
		wait.pollingEvery(POLL);
		return wait;
	}

	protected WebElement waitFor(By locator) {
		return waitFor(browser(), locator);
	}

	protected static WebElement waitFor(WebDriver browser, By locator) {
		return waiting(browser, Duration.ofSeconds(20)).until(ExpectedConditions.visibilityOfElementLocated(locator));
	}

	/**
	 * The text of the element once it contains {@code expected} (and not {@code gone}),
	 * found afresh on each try: a click that loads a page or swaps a fragment leaves the
	 * element seen just before stale.
	 */
	protected static String textOnceItShows(WebDriver browser, By locator, String expected, String... gone) {
		// Chromedriver reports an element swapped out mid-read either as stale or as
		// "Node
		// with given id does not belong to the document" (a plain WebDriverException,
		// seen
		// in a whole run): both mean "look again".
		return waiting(browser, Duration.ofSeconds(20)).ignoring(WebDriverException.class).until(b -> {
			String text = b.findElement(locator).getText();
			boolean shows = text.contains(expected) && java.util.Arrays.stream(gone).noneMatch(text::contains);
			return shows ? text : null;
		});
	}

	protected void signIn(String username, String password) {
		signIn(browser(), username, password);
	}

	protected void signIn(WebDriver browser, String username, String password) {
		browser.get(url("/login"));
		browser.findElement(By.id("username")).sendKeys(username);
		browser.findElement(By.id("password")).sendKeys(password);
		browser.findElement(By.cssSelector("main form button[type=submit]")).click();
		// Signed in (or refused) once the browser has left the bare sign-in page.
		waiting(browser, Duration.ofSeconds(20)).until(b -> !b.getCurrentUrl().endsWith("/login"));
	}

	/**
	 * A user (made through the API by the administrator) in a new role holding exactly
	 * these permissions, who has already replaced the temporary password with one of
	 * their own.
	 */
	protected Person person(boolean isEmployee, String fullName, String... permissions) {
		Person newcomer = newcomer(isEmployee, fullName, permissions);
		String chosen = "Senha-escolhida-" + newcomer.username();
		this.api.signIn(newcomer.username(), newcomer.password(), chosen);
		return new Person(newcomer.id(), newcomer.username(), chosen, newcomer.roleId());
	}

	/**
	 * Like {@link #person}, still holding the temporary password the administrator was
	 * shown.
	 */
	protected Person newcomer(boolean isEmployee, String fullName, String... permissions) {
		String suffix = Long.toString(System.nanoTime(), 36);
		List<String> list = List.of(permissions);
		Api.Response role = this.api.post("/api/access/roles/", json("name", "papel-" + suffix, "permissions", list));
		if (role.status() != 201) {
			throw new IllegalStateException("Could not create a role: " + role);
		}
		String username = "pessoa-" + suffix;
		Api.Response user = this.api.post("/api/access/users/",
				json("username", username, "full_name", fullName, "role_id", role.id(), "is_employee", isEmployee));
		if (user.status() != 201) {
			throw new IllegalStateException("Could not create a user: " + user);
		}
		return new Person(user.id(), username, user.json().get("temporary_password").asString(), role.id());
	}

	/** A new establishment in São Paulo's time zone (a unique name from this prefix). */
	protected long establishment(String name, String address) {
		Api.Response created = this.api.post("/api/timeclock/establishments/", json("name", unique(name),
				"employer_document", "11222333000181", "address", address, "time_zone", "America/Sao_Paulo"));
		assertThat(created.status()).as(created.toString()).isEqualTo(201);
		return created.id();
	}

	/** A new employee, moved to the establishment. */
	protected Person employeeOf(long establishment, String name, String... permissions) {
		Person person = person(true, name, permissions);
		Api.Response moved = this.api.patch("/api/access/users/" + person.id() + "/",
				json("establishment_id", establishment));
		assertThat(moved.status()).as(moved.toString()).isEqualTo(200);
		return person;
	}

	protected record Person(long id, String username, String password, long roleId) {
	}

	protected void screenshot() {
		screenshot(browser(), "");
	}

	protected void screenshot(WebDriver browser, String suffix) {
		try {
			Files.createDirectories(SCREENSHOTS);
			byte[] png = ((ChromeDriver) browser).getScreenshotAs(OutputType.BYTES);
			Files.write(SCREENSHOTS.resolve(this.testName + (suffix.isEmpty() ? "" : "-" + suffix) + ".png"), png);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	protected static @Nullable String text(WebDriver browser, By locator) {
		List<WebElement> found = browser.findElements(locator);
		return found.isEmpty() ? null : found.get(0).getText();
	}

}
