package br.suite.finance.connection;

import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.annotation.Profile;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;

/**
 * Re-seals the providers' credentials with the current secrets key when the service
 * starts; not for the operator commands, which run the same application for one command.
 */
@Component
@Profile("!operator")
class CredentialReseal {

	private final CredentialService credentials;

	CredentialReseal(CredentialService credentials) {
		this.credentials = credentials;
	}

	@EventListener(ApplicationReadyEvent.class)
	void atStart() {
		this.credentials.resealWithCurrentKey();
	}

}
