package br.suite.webhooks;

import java.util.List;

import org.jspecify.annotations.Nullable;

/**
 * A subscription as sent: all fields on create (url and event_types required), any subset
 * on PATCH.
 */
record SubscriptionRequest(@Nullable String url, @Nullable List<String> eventTypes, @Nullable Boolean enabled,
		@Nullable String description) {
}
