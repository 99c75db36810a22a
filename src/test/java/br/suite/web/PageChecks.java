package br.suite.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.Keys;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.interactions.Actions;

/**
 * What every page must pass wherever it is read (docs/architecture.md § Page layout
 * rules): no WCAG 2.1 AA violation axe-core finds, no sideways scroll on a 375 px phone,
 * and a focus ring that stands out from what is around it.
 */
final class PageChecks {

	/** axe-core (src/test/resources/axe, MPL-2.0), injected into the page under test. */
	private static final String AXE;

	static {
		try (InputStream in = PageChecks.class.getResourceAsStream("/axe/axe.min.js")) {
			if (in == null) {
				throw new IllegalStateException("axe.min.js is missing from the test resources");
			}
			AXE = new String(in.readAllBytes(), StandardCharsets.UTF_8);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	private PageChecks() {
	}

	/**
	 * Has Chromium load axe-core into every page this browser opens from now on (as the
	 * page starts, before its own scripts), instead of sending the 550 KB script with
	 * each check; returns what {@link #stopPreloadingAxe} takes.
	 */
	static String preloadAxe(ChromeDriver browser) {
		return (String) browser.executeCdpCommand("Page.addScriptToEvaluateOnNewDocument", Map.of("source", AXE))
			.get("identifier");
	}

	static void stopPreloadingAxe(ChromeDriver browser, String identifier) {
		browser.executeCdpCommand("Page.removeScriptToEvaluateOnNewDocument", Map.of("identifier", identifier));
	}

	/** axe-core's WCAG 2.0/2.1 A and AA violations on the page, one line each. */
	@SuppressWarnings("unchecked")
	static List<String> axeViolations(WebDriver browser) {
		JavascriptExecutor js = (JavascriptExecutor) browser;
		if (!Boolean.TRUE.equals(js.executeScript("return typeof axe !== 'undefined' && !!axe.run"))) {
			js.executeScript(AXE);
		}
		Object result = js.executeAsyncScript("""
				var done = arguments[arguments.length - 1];
				axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
						resultTypes: ['violations'] })
					.then(function (r) {
						done(r.violations.map(function (v) {
							return v.id + ' (' + v.impact + '): ' + v.help + ' at '
								+ v.nodes.slice(0, 5).map(function (n) { return n.target.join(' '); }).join(', ');
						}));
					})
					.catch(function (e) { done(['axe failed: ' + e]); });
				""");
		return (List<String>) result;
	}

	static void assertAccessible(WebDriver browser) {
		assertThat(axeViolations(browser)).as("axe-core WCAG 2.1 AA violations on %s", browser.getCurrentUrl())
			.isEmpty();
	}

	/** The page is no wider than the window (wide tables scroll inside their own box). */
	static void assertNoSideScroll(WebDriver browser) {
		@SuppressWarnings("unchecked")
		Map<String, Object> sizes = (Map<String, Object>) ((JavascriptExecutor) browser).executeScript("""
				var wide = Array.prototype.filter.call(document.querySelectorAll('body *'), function (e) {
					var r = e.getBoundingClientRect();
					return r.width > 0 && r.right > window.innerWidth + 1 && !e.closest('.tabela-rolagem');
				}).slice(0, 5).map(function (e) {
					return e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') + (e.className ? '.' + e.className : '');
				});
				return { scroll: document.documentElement.scrollWidth, inner: window.innerWidth, wide: wide.join(' ') };
				""");
		assertThat(((Number) sizes.get("scroll")).longValue())
			.as("scrollWidth at %s (wider than the window: %s)", browser.getCurrentUrl(), sizes.get("wide"))
			.isLessThanOrEqualTo(((Number) sizes.get("inner")).longValue());
	}

	/**
	 * Tabs through the page from the top (up to {@code tabs} stops): every element that
	 * takes the focus shows a ring of at least 2 px whose colour contrasts 3:1 with the
	 * background around it (WCAG 1.4.11). Returns how many stops were checked.
	 * <p>
	 * All the Tab presses go in one action, and the page measures the ring itself as each
	 * press ends (a listener on the key's release, when the focus has moved), as a look
	 * after each press would, without two round trips per stop.
	 */
	static int assertFocusVisible(WebDriver browser, int tabs) {
		JavascriptExecutor js = (JavascriptExecutor) browser;
		js.executeScript("document.activeElement && document.activeElement.blur(); window.scrollTo(0, 0);"
				+ "document.querySelectorAll('[data-foco-visto]').forEach(function (e) { delete e.dataset.focoVisto; });"
				+ "var rings = []; window.__focusRings = rings; var done = false;" + "function ring() {" + FOCUS_RING
				+ "}" + "window.__focusRingsListener = function (event) {"
				+ "  if (event.key !== 'Tab' || done) { return; }"
				+ "  var r = ring(); if (r === null) { done = true; } else { rings.push(r); } };"
				+ "window.addEventListener('keyup', window.__focusRingsListener, true);");
		// No more presses than the page has elements that could take the focus, and one
		// to
		// leave the last: the walk ends when the focus leaves the page or comes round
		// again.
		long focusable = ((Number) js.executeScript("return document.querySelectorAll(\"a[href], area[href], "
				+ "button, input, select, textarea, iframe, summary, [tabindex], [contenteditable], "
				+ "audio[controls], video[controls]\").length"))
			.longValue();
		Actions presses = new Actions(browser);
		for (int i = 0; i < Math.min(tabs, focusable + 1); i++) {
			presses.sendKeys(Keys.TAB);
		}
		presses.perform();
		@SuppressWarnings("unchecked")
		List<Map<String, Object>> rings = (List<Map<String, Object>>) js
			.executeScript("window.removeEventListener('keyup', window.__focusRingsListener, true);"
					+ "return window.__focusRings;");
		assertThat(rings).as("the page measured the focus at each Tab on %s", browser.getCurrentUrl()).isNotNull();
		List<String> problems = new ArrayList<>();
		int checked = 0;
		for (Map<String, Object> ring : rings) {
			String what = (String) ring.get("what");
			checked++;
			double width = ((Number) ring.get("width")).doubleValue();
			double contrast = ((Number) ring.get("contrast")).doubleValue();
			if (!Boolean.TRUE.equals(ring.get("visible")) || width < 2 || contrast < 3) {
				problems.add(what + ": outline " + ring.get("style") + " " + width + "px, contrast "
						+ Math.round(contrast * 100) / 100.0);
			}
		}
		assertThat(problems).as("focus rings on %s", browser.getCurrentUrl()).isEmpty();
		return checked;
	}

	private static final String FOCUS_RING = """
			var e = document.activeElement;
			if (!e || e === document.body || e.dataset.focoVisto) { return null; }
			e.dataset.focoVisto = 'true';
			function rgba(c) { var m = (c.match(/[\\d.]+/g) || []).map(Number); if (m.length === 3) { m.push(1); } return m; }
			function lum(c) {
				return [c[0], c[1], c[2]].map(function (v) { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); })
					.reduce(function (s, v, i) { return s + v * [0.2126, 0.7152, 0.0722][i]; }, 0);
			}
			function around(el) {
				for (var p = el.parentElement; p; p = p.parentElement) {
					var c = rgba(getComputedStyle(p).backgroundColor);
					if (c.length === 4 && c[3] > 0) { return c; }
				}
				return [255, 255, 255, 1];
			}
			var s = getComputedStyle(e);
			var ring = rgba(s.outlineColor);
			var a = lum(ring), b = lum(around(e));
			var what = e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') + ' "' + (e.textContent || e.value || '').trim().slice(0, 30) + '"';
			return { what: what, visible: s.outlineStyle !== 'none' && e.matches(':focus-visible'), style: s.outlineStyle,
				width: parseFloat(s.outlineWidth) || 0, contrast: (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05) };
			""";

}
