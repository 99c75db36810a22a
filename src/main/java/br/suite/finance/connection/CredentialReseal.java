package br.suite.finance.connection;

import java.util.ArrayList;
import java.util.List;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.annotation.Profile;
import org.springframework.context.event.EventListener;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;
import org.springframework.transaction.annotation.Transactional;

import br.suite.shared.crypto.SecretBox;

/**
 * Key rotation: when the service starts, re-seals with the current key every provider
 * secret sealed with a previous one (SUITE_SECRETS_PREVIOUS_KEYS), so the old key can
 * then be dropped. Idempotent; several instances may run it at once. Secrets no key opens
 * are named in one warning. Not for the operator commands, which run the same application
 * for one command.
 */
@Component
@Profile("!operator")
class CredentialReseal {

	private static final Logger log = LoggerFactory.getLogger(CredentialReseal.class);

	private final JdbcClient jdbc;

	private final SecretBox box;

	CredentialReseal(JdbcClient jdbc, SecretBox box) {
		this.jdbc = jdbc;
		this.box = box;
	}

	@EventListener(ApplicationReadyEvent.class)
	@Transactional
	public void atStart() {
		List<Long> ids = this.jdbc.sql("SELECT connection_id FROM finance_connection_credential ORDER BY 1 FOR UPDATE")
			.query(Long.class)
			.list();
		int resealed = 0;
		List<Long> unopened = new ArrayList<>();
		for (long id : ids) {
			byte[] sealed = this.jdbc.sql("SELECT secrets FROM finance_connection_credential WHERE connection_id = ?")
				.param(id)
				.query((rs, n) -> rs.getBytes(1))
				.single();
			if (this.box.current(sealed)) {
				continue;
			}
			try {
				byte[] plain = this.box.open(sealed, CredentialService.context(id));
				this.jdbc.sql("UPDATE finance_connection_credential SET secrets = ? WHERE connection_id = ?")
					.params(this.box.seal(plain, CredentialService.context(id)), id)
					.update();
				resealed++;
			}
			catch (IllegalStateException ex) {
				unopened.add(id);
			}
		}
		if (resealed > 0) {
			log.info("Re-sealed the credentials of {} connection(s) with the current secrets key", resealed);
		}
		if (!unopened.isEmpty()) {
			log.warn(
					"The credentials of {} connection(s) cannot be opened with the secrets keys this instance has "
							+ "(set SUITE_SECRETS_KEY, or the old key in SUITE_SECRETS_PREVIOUS_KEYS): connections {}",
					unopened.size(), unopened.size() > 20 ? unopened.subList(0, 20) + "…" : unopened);
		}
	}

}
