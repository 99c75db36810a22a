package br.suite.web;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

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
 * driven through Debian's Chromium and chromedriver, headless. Each test gets a fresh
 * browser profile and leaves a screenshot in {@code target/screenshots/}.
 */
public abstract class BrowserTest extends ApiTest {

	static final Path CHROMIUM = Path.of("/usr/bin/chromium");

	static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");

	static final Path SCREENSHOTS = Path.of("target", "screenshots");

	private final List<WebDriver> browsers = new ArrayList<>();

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
		this.browsers.forEach(WebDriver::quit);
		this.browsers.clear();
		this.browser = null;
		for (Path profile : this.profiles) {
			try (var files = Files.walk(profile)) {
				files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
			}
			catch (IOException ex) {
				// A leftover temporary profile is harmless.
			}
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
		Path profile;
		try {
			profile = Files.createTempDirectory("suite-chromium");
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		this.profiles.add(profile);
		ChromeOptions options = new ChromeOptions();
		options.setBinary(CHROMIUM.toFile());
		options.addArguments("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
				"--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync",
				"--lang=pt-BR", "--user-data-dir=" + profile, "--window-size=" + width + "," + height);
		options.addArguments(extraArguments);
		ChromeDriverService service = new ChromeDriverService.Builder().usingDriverExecutable(CHROMEDRIVER.toFile())
			.usingAnyFreePort()
			.build();
		ChromeDriver driver = new ChromeDriver(service, options);
		driver.manage().window().setSize(new Dimension(width, height + 200));
		// The page's viewport exactly width × height, as on the device.
		driver.executeCdpCommand("Emulation.setDeviceMetricsOverride",
				java.util.Map.of("width", width, "height", height, "deviceScaleFactor", 1, "mobile", false));
		this.browsers.add(driver);
		return driver;
	}

	protected String url(String path) {
		return this.api.base() + path;
	}

	protected WebElement waitFor(By locator) {
		return waitFor(browser(), locator);
	}

	protected static WebElement waitFor(WebDriver browser, By locator) {
		return new WebDriverWait(browser, Duration.ofSeconds(20))
			.until(ExpectedConditions.visibilityOfElementLocated(locator));
	}

	/**
	 * The text of the element once it contains {@code expected} (and not {@code gone}),
	 * found afresh on each try: a click that loads a page or swaps a fragment leaves the
	 * element seen just before stale.
	 */
	protected static String textOnceItShows(WebDriver browser, By locator, String expected, String... gone) {
		return new WebDriverWait(browser, Duration.ofSeconds(20)).ignoring(StaleElementReferenceException.class)
			.ignoring(NoSuchElementException.class)
			.until(b -> {
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
		new WebDriverWait(browser, Duration.ofSeconds(20)).until(b -> !b.getCurrentUrl().endsWith("/login"));
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
