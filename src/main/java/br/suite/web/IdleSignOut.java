package br.suite.web;

import jakarta.servlet.http.HttpSession;

import org.jspecify.annotations.Nullable;
import org.springframework.http.ResponseEntity;
import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.context.request.RequestContextHolder;
import org.springframework.web.context.request.ServletRequestAttributes;

import br.suite.shared.NoPermission;

/**
 * The back office's idle sign-out, announced: every page of a signed-in person carries
 * its session's idle limit ({@code suite.web.session-timeout}; {@code fragments :: head}
 * reads {@code ${@idleSignOut.seconds()}}), {@code suite.js} warns two minutes before it
 * ends and "Continuar conectado" posts here, which keeps the session (any request does)
 * and answers 204. At the limit the page signs out, so what it shows does not stay on an
 * unattended screen.
 */
@Controller("idleSignOut")
class IdleSignOut {

	/** The idle limit of the current request's session, in seconds; null without one. */
	public @Nullable Integer seconds() {
		if (PageModel.current() == null
				|| !(RequestContextHolder.getRequestAttributes() instanceof ServletRequestAttributes attributes)) {
			return null;
		}
		HttpSession session = attributes.getRequest().getSession(false);
		return session == null || session.getMaxInactiveInterval() <= 0 ? null : session.getMaxInactiveInterval();
	}

	@PostMapping("/app/sessao/continuar")
	@NoPermission("one's own session, kept going; the pages' chain asks that the caller be signed in")
	ResponseEntity<Void> keep() {
		return ResponseEntity.noContent().build();
	}

}
