package br.suite.webhooks;

import java.time.Instant;

import org.jspecify.annotations.Nullable;

/**
 * One delivery of one event to one subscription; {@code last_response_body} is at most 1
 * KiB.
 */
record DeliveryResponse(long id, String messageId, long subscriptionId, String eventType, String status, int attempts,
		@Nullable Integer lastResponseCode, @Nullable String lastResponseBody, @Nullable String lastError,
		@Nullable Instant nextAttemptAt, Instant createdAt, @Nullable Instant deliveredAt) {
}
