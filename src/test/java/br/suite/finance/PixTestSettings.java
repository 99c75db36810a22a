package br.suite.finance;

import java.util.Map;

import br.suite.TestSettings;

/**
 * What the Pix tests switch on in the shared context for each test: loopback targets
 * allowed (FakePsp listens on 127.0.0.1), and this context processing the Pix webhook
 * inbox. Their timeouts, backoff, chunk and public base URL are the shared context's
 * defaults (ApiTest).
 */
final class PixTestSettings {

	private PixTestSettings() {
	}

	static void apply(TestSettings settings) {
		settings.record("br.suite.webhooks.WebhookSettings", Map.of("allowLoopback", true))
			.field("br.suite.finance.connection.CredentialChecks", "allowLoopback", true)
			.field("br.suite.finance.pix.PixSyncService", "allowLoopback", true)
			.record("br.suite.finance.PixProviderSettings", Map.of("webhookProcessing", true));
	}

}
