package br.suite.webhooks;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import br.suite.TestSettings;

/**
 * Deliveries switched on in the shared context, to loopback receivers, with short
 * retries: what the webhook tests (and the metrics test's delivery) need for each test.
 * The dispatcher's 100 ms interval is the shared context's default (ApiTest).
 */
public final class WebhookTestSettings {

	private WebhookTestSettings() {
	}

	/** Deliveries on, loopback allowed, the service's retry schedule. */
	public static void delivering(TestSettings settings) {
		delivering(settings, Map.of());
	}

	/** Deliveries on, three retries 200 ms apart, a 3 s deadline per attempt. */
	static void deliveringWithShortRetries(TestSettings settings) {
		delivering(settings,
				Map.of("retrySchedule", List.of(Duration.ofMillis(200), Duration.ofMillis(200), Duration.ofMillis(200)),
						"disableAfterFailures", 3, "requestTimeout", Duration.ofSeconds(3)));
	}

	private static void delivering(TestSettings settings, Map<String, Object> more) {
		Map<String, Object> changes = new java.util.HashMap<>(more);
		changes.put("allowLoopback", true);
		changes.put("dispatcherEnabled", true);
		settings.record("br.suite.webhooks.WebhookSettings", changes)
			.field("br.suite.finance.connection.CredentialChecks", "allowLoopback", true)
			.field("br.suite.finance.pix.PixSyncService", "allowLoopback", true);
	}

}
