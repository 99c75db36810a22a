package br.suite.shared;

import java.util.Set;

import org.springframework.security.core.Authentication;
import org.springframework.security.core.context.SecurityContextHolder;

/**
 * The authenticated caller of this request, as every module sees it. Serializable: a page
 * session (kept in the database) holds it.
 */
public record CurrentUser(long id, String username, Set<String> permissions) implements java.io.Serializable {

	public static final String ALL = "*";

	public boolean holds(String permission) {
		return this.permissions.contains(ALL) || this.permissions.contains(permission);
	}

	public static CurrentUser get() {
		Authentication authentication = SecurityContextHolder.getContext().getAuthentication();
		if (authentication != null && authentication.getPrincipal() instanceof CurrentUser user) {
			return user;
		}
		throw new IllegalStateException("No authenticated caller in this thread");
	}

}
