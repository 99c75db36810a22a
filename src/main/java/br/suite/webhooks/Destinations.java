package br.suite.webhooks;

import java.net.URI;

import org.springframework.stereotype.Component;

import br.suite.shared.InvalidRequest;
import br.suite.shared.outbound.OutboundUrls;
import br.suite.shared.outbound.OutboundUrls.Refused;

/**
 * Where deliveries may go (SSRF): the shared {@link OutboundUrls} rules (https to public
 * addresses; loopback with {@code suite.webhooks.allow-loopback}). Checked when a URL is
 * saved and again before every delivery (a name may resolve elsewhere later).
 */
@Component
class Destinations {

	private final WebhookSettings settings;

	Destinations(WebhookSettings settings) {
		this.settings = settings;
	}

	/** The URL, or a 400 naming {@code url}. */
	URI check(String url) {
		try {
			return checked(url);
		}
		catch (Refused refused) {
			throw InvalidRequest.of("url", refused.getMessage());
		}
	}

	/** Throws {@link Refused} with the reason when the URL may not be called now. */
	URI checked(String url) throws Refused {
		return OutboundUrls.checked(url, this.settings.allowLoopback(), "webhooks");
	}

}
