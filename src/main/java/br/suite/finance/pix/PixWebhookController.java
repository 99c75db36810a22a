package br.suite.finance.pix;

import java.time.Instant;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.servlet.http.HttpServletRequest;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

import br.suite.shared.NoPermission;
import br.suite.shared.PathIds;
import br.suite.shared.Requires;

@RestController
@Tag(name = "Finance: provider connections")
class PixWebhookController {

	/** What a registration shows: the URL with its secret cut, and when. */
	record WebhookResponse(String webhookUrl, Instant registeredAt) {
	}

	/** What a provider's call gets: stored, to be confirmed and written. */
	record ReceivedResponse(boolean received) {
	}

	private final PixWebhookService webhooks;

	PixWebhookController(PixWebhookService webhooks) {
		this.webhooks = webhooks;
	}

	@PutMapping("/api/finance/connections" + PathIds.ID + "/webhook")
	@Requires("finance.connections.change")
	@Operation(summary = "Register Suite's webhook at the connection's Pix provider",
			description = "PUT /webhook/{pix_key} at the provider with {SUITE_PUBLIC_BASE_URL}/api/finance/"
					+ "pix-webhooks/{a new secret path} (the provider appends /pix); only the secret's SHA-256 is kept "
					+ "and a previous registration stops working. webhook_configured becomes true. 409 without "
					+ "pix_key or SUITE_PUBLIC_BASE_URL; 502 when the provider refuses (its status and problem title in the detail).")
	ResponseEntity<WebhookResponse> register(@PathVariable long id) {
		PixWebhookService.Registration registration = this.webhooks.register(id);
		return ResponseEntity.ok(new WebhookResponse(registration.webhookUrl(), registration.registeredAt()));
	}

	@PostMapping({ PixWebhookService.PATH + "{secret}/pix", PixWebhookService.PATH + "{secret}" })
	@NoPermission("a Pix provider's call: the unguessable path registered for the connection is its credential; "
			+ "mutual TLS with the provider is the reverse proxy's job")
	@Operation(summary = "A Pix provider's webhook call (API Pix {\"pix\": [...]})",
			description = "Stored and answered 200 at once; each announced Pix is then confirmed with GET "
					+ "/pix/{e2eid} at the provider before it is written (sync log flow webhook). 404 for an unknown "
					+ "path, 403 outside SUITE_PIX_WEBHOOK_ALLOWED_SOURCES when set.")
	ResponseEntity<ReceivedResponse> receive(@PathVariable String secret, @RequestBody String body,
			HttpServletRequest request) {
		this.webhooks.receive(secret, body, request.getRemoteAddr());
		return ResponseEntity.ok(new ReceivedResponse(true));
	}

}
