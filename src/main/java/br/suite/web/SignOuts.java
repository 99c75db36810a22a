package br.suite.web;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.session.FindByIndexNameSessionRepository;
import org.springframework.session.Session;
import org.springframework.stereotype.Component;

/**
 * Ends every page session of a user, on every instance (the sessions are rows of
 * {@code web_session}). Without a web server (the operator commands) there are no
 * sessions to end.
 */
@Component
class SignOuts {

	private final ObjectProvider<FindByIndexNameSessionRepository<? extends Session>> sessions;

	SignOuts(ObjectProvider<FindByIndexNameSessionRepository<? extends Session>> sessions) {
		this.sessions = sessions;
	}

	void everywhere(String username) {
		FindByIndexNameSessionRepository<? extends Session> repository = this.sessions.getIfAvailable();
		if (repository != null) {
			repository.findByPrincipalName(username).keySet().forEach(repository::deleteById);
		}
	}

}
