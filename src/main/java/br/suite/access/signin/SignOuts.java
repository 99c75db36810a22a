package br.suite.access.signin;

import jakarta.servlet.http.HttpSession;

import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.session.FindByIndexNameSessionRepository;
import org.springframework.session.Session;
import org.springframework.stereotype.Component;
import org.springframework.web.context.request.RequestContextHolder;
import org.springframework.web.context.request.ServletRequestAttributes;

import br.suite.access.tokens.UserSessions;

/**
 * Ends every page session of a user, on every instance (the sessions are rows of
 * {@code web_session}, indexed by the user's id: {@link PageSessions}), when access ends
 * the user's API tokens. Without a web server (the operator commands) there are no
 * sessions to end.
 */
@Component
class SignOuts implements UserSessions {

	private final ObjectProvider<FindByIndexNameSessionRepository<? extends Session>> sessions;

	SignOuts(ObjectProvider<FindByIndexNameSessionRepository<? extends Session>> sessions) {
		this.sessions = sessions;
	}

	@Override
	public void endAll(long userId, boolean exceptCurrent) {
		FindByIndexNameSessionRepository<? extends Session> repository = this.sessions.getIfAvailable();
		if (repository == null) {
			return;
		}
		String kept = exceptCurrent ? currentSessionId() : null;
		repository.findByPrincipalName(PageSessions.index(userId))
			.keySet()
			.stream()
			.filter(id -> !id.equals(kept))
			.forEach(repository::deleteById);
	}

	/** The page session of the request being served, if any. */
	private static @Nullable String currentSessionId() {
		if (RequestContextHolder.getRequestAttributes() instanceof ServletRequestAttributes attributes) {
			HttpSession session = attributes.getRequest().getSession(false);
			return session == null ? null : session.getId();
		}
		return null;
	}

}
