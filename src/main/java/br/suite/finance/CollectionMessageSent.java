package br.suite.finance;

import java.time.Instant;

import org.jspecify.annotations.Nullable;

/**
 * Published in the transaction that recorded a collection e-mail (régua de cobrança) as
 * accepted by the SMTP server: a reminder ({@code offsetDays}: its step, days after the
 * due date) or a receipt ({@code offsetDays} null). {@code to} is masked
 * ({@code jo***@example.com}).
 */
public record CollectionMessageSent(long messageId, long chargeId, String kind, @Nullable Integer offsetDays, String to,
		String subject, int attempts, Instant sentAt) {
}
