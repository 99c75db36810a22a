package br.suite.webhooks;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

import br.suite.Api.Response;
import br.suite.ApiTest;

/**
 * Without suite.webhooks.allow-loopback, loopback targets are refused like any private
 * address.
 */
class WebhookLoopbackApiTests extends ApiTest {

	@Test
	void loopbackIsRefusedByDefault() {
		for (String url : List.of("http://127.0.0.1:8080/hook", "https://127.0.0.1:8443/hook",
				"https://localhost:8443/hook")) {
			Response refused = this.api.post("/api/webhooks/subscriptions/",
					json("url", url, "event_types", List.of("access.user.changed")));
			assertThat(refused.status()).as(url + " → " + refused).isEqualTo(400);
			assertThat(refused.json().get("errors").has("url")).isTrue();
		}
	}

}
