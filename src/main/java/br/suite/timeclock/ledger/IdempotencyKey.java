package br.suite.timeclock.ledger;

import org.jspecify.annotations.Nullable;

import br.suite.shared.CurrentUser;
import br.suite.shared.InvalidRequest;

/**
 * A caller's idempotency key: only its holder's punches are looked up by it, never
 * another caller's.
 */
record IdempotencyKey(String value, long holderId) {

	static final int MAX_LENGTH = 200;

	/** The header's key, trimmed; none when absent or blank; 400 when too long. */
	static @Nullable IdempotencyKey of(@Nullable String header, CurrentUser caller) {
		if (header == null || header.isBlank()) {
			return null;
		}
		String key = header.trim();
		if (key.length() > MAX_LENGTH) {
			throw InvalidRequest.of("Idempotency-Key", "must be at most " + MAX_LENGTH + " characters");
		}
		return new IdempotencyKey(key, caller.id());
	}

}
