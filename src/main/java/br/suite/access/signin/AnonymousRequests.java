package br.suite.access.signin;

import java.util.regex.Pattern;

import jakarta.servlet.http.Cookie;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpHeaders;
import org.springframework.http.ResponseCookie;
import org.springframework.security.web.csrf.CookieCsrfTokenRepository;
import org.springframework.security.web.csrf.CsrfToken;
import org.springframework.security.web.csrf.CsrfTokenRepository;
import org.springframework.security.web.csrf.HttpSessionCsrfTokenRepository;
import org.springframework.security.web.savedrequest.RequestCache;
import org.springframework.security.web.savedrequest.SavedRequest;
import org.springframework.security.web.savedrequest.SimpleSavedRequest;

/**
 * Anonymous requests to the pages write nothing to the database: nobody gets a session
 * row (Spring Session JDBC) before signing in. What the sign-in needs from before it, the
 * sign-in form's CSRF token and the page to return to, travels in cookies instead.
 */
final class AnonymousRequests {

	private AnonymousRequests() {
	}

	/**
	 * The CSRF token in the session once there is one (signed in), else in an HTTP-only
	 * cookie {@code XSRF-TOKEN} (the sign-in form: Spring Security's double-submit
	 * repository). Both carry it as the form field {@code _csrf} and the header
	 * {@code X-CSRF-TOKEN}. Signing in and out clear both; a signed-in request reads only
	 * the session's, so a token from before the sign-in is of no use after it.
	 */
	static final class CsrfTokens implements CsrfTokenRepository {

		private final HttpSessionCsrfTokenRepository session = new HttpSessionCsrfTokenRepository();

		private final CookieCsrfTokenRepository cookie = new CookieCsrfTokenRepository();

		CsrfTokens(boolean secureCookies) {
			this.cookie.setHeaderName("X-CSRF-TOKEN");
			this.cookie.setCookieCustomizer(builder -> {
				builder.sameSite("Lax");
				if (secureCookies) {
					builder.secure(true);
				}
			});
		}

		@Override
		public CsrfToken generateToken(HttpServletRequest request) {
			return this.session.generateToken(request);
		}

		@Override
		public void saveToken(@Nullable CsrfToken token, HttpServletRequest request, HttpServletResponse response) {
			if (token == null) {
				this.session.saveToken(null, request, response);
				if (this.cookie.loadToken(request) != null) {
					this.cookie.saveToken(null, request, response);
				}
			}
			else if (request.getSession(false) != null) {
				this.session.saveToken(token, request, response);
			}
			else {
				this.cookie.saveToken(token, request, response);
			}
		}

		@Override
		public @Nullable CsrfToken loadToken(HttpServletRequest request) {
			return request.getSession(false) != null ? this.session.loadToken(request) : this.cookie.loadToken(request);
		}

	}

	/**
	 * Where to go after signing in: only the path of the page that asked for it (no
	 * query, no headers, nothing else of the request), in an HTTP-only cookie for ten
	 * minutes, and only a plain path under {@code /app/} or {@code /kiosk/}, checked
	 * again when read, so it never leads off the site.
	 */
	static final class ReturnPath implements RequestCache {

		static final String COOKIE = "SUITE_RETURN_TO";

		private static final Pattern SAFE = Pattern.compile("/(app|kiosk)(/[A-Za-z0-9._~-]*)*");

		private static final int MAX_LENGTH = 300;

		private final boolean secureCookies;

		ReturnPath(boolean secureCookies) {
			this.secureCookies = secureCookies;
		}

		@Override
		public void saveRequest(HttpServletRequest request, HttpServletResponse response) {
			String path = request.getRequestURI().substring(request.getContextPath().length());
			if ("GET".equals(request.getMethod()) && safe(path)) {
				write(request, response, path, 600);
			}
		}

		@Override
		public @Nullable SavedRequest getRequest(HttpServletRequest request, HttpServletResponse response) {
			String path = read(request);
			if (path == null) {
				return null;
			}
			removeRequest(request, response);
			return new SimpleSavedRequest(request.getContextPath() + path);
		}

		@Override
		public @Nullable HttpServletRequest getMatchingRequest(HttpServletRequest request,
				HttpServletResponse response) {
			// Nothing of a request is replayed, only its path is returned to.
			return null;
		}

		@Override
		public void removeRequest(HttpServletRequest request, HttpServletResponse response) {
			if (read(request) != null) {
				write(request, response, "", 0);
			}
		}

		private static boolean safe(String path) {
			return path.length() <= MAX_LENGTH && SAFE.matcher(path).matches() && !path.contains("..");
		}

		private static @Nullable String read(HttpServletRequest request) {
			Cookie[] cookies = request.getCookies();
			if (cookies != null) {
				for (Cookie cookie : cookies) {
					if (COOKIE.equals(cookie.getName()) && safe(cookie.getValue())) {
						return cookie.getValue();
					}
				}
			}
			return null;
		}

		private void write(HttpServletRequest request, HttpServletResponse response, String value, long maxAge) {
			String path = request.getContextPath().isEmpty() ? "/" : request.getContextPath();
			response.addHeader(HttpHeaders.SET_COOKIE,
					ResponseCookie.from(COOKIE, value)
						.path(path)
						.maxAge(maxAge)
						.httpOnly(true)
						.sameSite("Lax")
						.secure(this.secureCookies || request.isSecure())
						.build()
						.toString());
		}

	}

}
