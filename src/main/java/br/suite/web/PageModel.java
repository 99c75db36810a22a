package br.suite.web;

import java.util.HashSet;
import java.util.Locale;
import java.util.Set;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.jspecify.annotations.Nullable;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.ControllerAdvice;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.ModelAttribute;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.servlet.LocaleResolver;
import org.springframework.web.servlet.i18n.AcceptHeaderLocaleResolver;

import br.suite.shared.CurrentUser;
import br.suite.shared.http.ExpensiveCalls;
import br.suite.shared.NoPermission;

/**
 * What every page knows: who is signed in and what they may do, and that pages speak
 * Brazilian Portuguese.
 */
@ControllerAdvice(annotations = Controller.class)
public class PageModel {

	/**
	 * The signed-in person as templates see it: {@code me.name}, {@code me.holds('…')}.
	 */
	public record Me(long id, String username, String name, Set<String> authorities) {

		public boolean holds(String permission) {
			return this.authorities.contains(permission);
		}

		public boolean holdsAny(String... permissions) {
			for (String permission : permissions) {
				if (holds(permission)) {
					return true;
				}
			}
			return false;
		}

	}

	@ModelAttribute("me")
	@Nullable Me me() {
		return current();
	}

	public static @Nullable Me current() {
		Authentication authentication = SecurityContextHolder.getContext().getAuthentication();
		if (authentication == null || !(authentication.getPrincipal() instanceof CurrentUser user)) {
			return null;
		}
		Set<String> held = new HashSet<>();
		authentication.getAuthorities().forEach(a -> held.add(a.getAuthority()));
		String name = authentication.getDetails() instanceof String display ? display : user.username();
		return new Me(user.id(), user.username(), name, Set.copyOf(held));
	}

	public static CurrentUser caller() {
		return CurrentUser.get();
	}

	@Configuration(proxyBeanMethods = false)
	static class Language {

		/**
		 * Pages are in Brazilian Portuguese whatever the browser asks for; the API keeps
		 * reading Accept-Language (its validation messages stay as they were).
		 */
		@Bean
		LocaleResolver localeResolver() {
			return new AcceptHeaderLocaleResolver() {
				@Override
				public Locale resolveLocale(HttpServletRequest request) {
					String path = request.getRequestURI().substring(request.getContextPath().length());
					if (path.equals("/") || path.startsWith("/app") || path.startsWith("/kiosk")
							|| path.startsWith("/login")) {
						return Formats.BRAZIL;
					}
					return super.resolveLocale(request);
				}
			};
		}

	}

	@Controller
	static class Entrances {

		@GetMapping("/")
		@NoPermission("the way in: to the back office, which asks to sign in")
		String root() {
			return "redirect:/app/";
		}

		/** Where a refused page is forwarded: a 403 page. */
		@RequestMapping("/app/proibido")
		@NoPermission("where a refused page is sent")
		String forbidden(HttpServletResponse response) {
			response.setStatus(HttpStatus.FORBIDDEN.value());
			return "forbidden";
		}

		/**
		 * Where a page beyond its user's limit of expensive calls is forwarded: a 429
		 * page.
		 */
		@RequestMapping(ExpensiveCalls.PAGE)
		@NoPermission("where a page refused for too many expensive calls is sent")
		String tooMany(HttpServletRequest request, HttpServletResponse response, Model model) {
			Object seconds = request.getAttribute(ExpensiveCalls.RETRY_AFTER_ATTRIBUTE);
			long wait = seconds instanceof Long value ? value : 60;
			response.setStatus(HttpStatus.TOO_MANY_REQUESTS.value());
			response.setHeader(HttpHeaders.RETRY_AFTER, Long.toString(wait));
			model.addAttribute("retryAfter", wait);
			return "too-many";
		}

	}

}
