package br.suite.finance;

import org.jspecify.annotations.Nullable;

/**
 * Published in the transaction that recorded a collection e-mail as failed after its
 * attempts (the SMTP server unreachable or refusing it): {@code reason} says why; the
 * next run tries it again, so a message is never lost nor sent twice.
 */
public record CollectionMessageFailed(long messageId, long chargeId, String kind, @Nullable Integer offsetDays,
		String to, String reason, int attempts) {
}
