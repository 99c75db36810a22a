package br.suite.webhooks;

import java.time.Instant;
import java.util.List;

import com.fasterxml.jackson.annotation.JsonInclude;
import org.jspecify.annotations.Nullable;

/**
 * A subscription. {@code secret} appears only in the responses that create it or rotate
 * it; {@code
 * disabled_reason} says why deliveries stopped (set when consecutive failures disabled
 * it); {@code owner_id} is the user who created it or last changed its url or event
 * types, whose permissions every delivery is checked against (null: none known, nothing
 * is delivered).
 */
record SubscriptionResponse(long id, String url, List<String> eventTypes, boolean enabled, String description,
		@Nullable String disabledReason, int consecutiveFailures, @Nullable Long ownerId, Instant createdAt,
		Instant updatedAt, @JsonInclude(JsonInclude.Include.NON_NULL) @Nullable String secret) {

	SubscriptionResponse withSecret(String secret) {
		return new SubscriptionResponse(this.id, this.url, this.eventTypes, this.enabled, this.description,
				this.disabledReason, this.consecutiveFailures, this.ownerId, this.createdAt, this.updatedAt, secret);
	}

}
