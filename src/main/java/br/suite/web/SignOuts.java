package br.suite.web;

import org.springframework.session.FindByIndexNameSessionRepository;
import org.springframework.session.Session;
import org.springframework.stereotype.Component;

/** Ends every page session of a user, on every instance (the sessions are rows of {@code web_session}). */
@Component
class SignOuts {

	private final FindByIndexNameSessionRepository<? extends Session> sessions;

	SignOuts(FindByIndexNameSessionRepository<? extends Session> sessions) {
		this.sessions = sessions;
	}

	void everywhere(String username) {
		this.sessions.findByPrincipalName(username).keySet().forEach(this.sessions::deleteById);
	}

}
