package br.suite.access.tokens;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.context.annotation.Configuration;
import org.springframework.security.access.AccessDeniedException;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.web.method.HandlerMethod;
import org.springframework.web.servlet.HandlerInterceptor;
import org.springframework.web.servlet.config.annotation.InterceptorRegistry;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

import br.suite.shared.Requires;

/**
 * Checks an endpoint's {@link Requires} before its arguments are read, so a caller
 * without the permission gets 403 whatever it sent, instead of a 400 about a body it may
 * not send at all. The annotation is the one statement of the permission; method security
 * enforces it again through its {@code @PreAuthorize} template.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnWebApplication
public class PermissionCheck implements WebMvcConfigurer, HandlerInterceptor {

	private final Map<HandlerMethod, String> required = new ConcurrentHashMap<>();

	@Override
	public void addInterceptors(InterceptorRegistry registry) {
		registry.addInterceptor(this);
	}

	@Override
	public boolean preHandle(HttpServletRequest request, HttpServletResponse response, Object handler) {
		if (!(handler instanceof HandlerMethod method)) {
			return true;
		}
		String permission = this.required.computeIfAbsent(method, PermissionCheck::permissionOf);
		if (permission.isEmpty()) {
			return true;
		}
		Authentication caller = SecurityContextHolder.getContext().getAuthentication();
		boolean granted = caller != null && caller.isAuthenticated()
				&& caller.getAuthorities().stream().anyMatch(a -> permission.equals(a.getAuthority()));
		if (!granted) {
			throw new AccessDeniedException("Missing permission " + permission);
		}
		return true;
	}

	private static String permissionOf(HandlerMethod method) {
		Requires rule = method.getMethodAnnotation(Requires.class);
		return rule == null ? "" : rule.value();
	}

}
