package br.suite.webhooks;

import java.net.URI;
import java.util.List;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PatchMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import br.suite.shared.CurrentUser;
import br.suite.shared.lists.Paging;
import br.suite.shared.PathIds;
import br.suite.shared.Requires;

@RestController
@RequestMapping("/api/webhooks")
@Tag(name = "Webhooks")
class WebhookController {

	private final Subscriptions subscriptions;

	private final Deliveries deliveries;

	WebhookController(Subscriptions subscriptions, Deliveries deliveries) {
		this.subscriptions = subscriptions;
		this.deliveries = deliveries;
	}

	@GetMapping("/event-types")
	@Requires("webhooks.subscriptions.view")
	@Operation(summary = "The event types a subscription may name")
	List<EventTypes.EventType> eventTypes() {
		return List.copyOf(EventTypes.CATALOGUE.values());
	}

	@PostMapping("/subscriptions")
	@Requires("webhooks.subscriptions.change")
	@Operation(summary = "Subscribe a URL to event types", description = "The response holds the signing secret "
			+ "(whsec_…), shown this once. The URL must be https to a public address. The caller must hold the "
			+ "view permission of every event type named (see GET /api/webhooks/event-types/), or 403; "
			+ "the caller becomes the subscription's owner, whose permissions every delivery is checked against.")
	ResponseEntity<SubscriptionResponse> create(@RequestBody SubscriptionRequest request) {
		SubscriptionResponse created = this.subscriptions.create(request, CurrentUser.get());
		return ResponseEntity.status(HttpStatus.CREATED)
			.location(URI.create("/api/webhooks/subscriptions/" + created.id() + "/"))
			.body(created);
	}

	@GetMapping("/subscriptions")
	@Requires("webhooks.subscriptions.view")
	@Operation(summary = "List subscriptions (never their secrets)")
	List<SubscriptionResponse> list() {
		return this.subscriptions.list();
	}

	@GetMapping("/subscriptions" + PathIds.ID)
	@Requires("webhooks.subscriptions.view")
	@Operation(summary = "Read a subscription (never its secret)")
	SubscriptionResponse get(@PathVariable long id) {
		return this.subscriptions.get(id);
	}

	@PatchMapping("/subscriptions" + PathIds.ID)
	@Requires("webhooks.subscriptions.change")
	@Operation(summary = "Change a subscription", description = "Sent fields only. Enabling a disabled subscription "
			+ "clears its failure count and disabled_reason. Changing url or event_types needs the view permission "
			+ "of every event type the subscription will name (403 otherwise) and makes the caller its owner.")
	SubscriptionResponse update(@PathVariable long id, @RequestBody SubscriptionRequest request) {
		return this.subscriptions.update(id, request, CurrentUser.get());
	}

	@DeleteMapping("/subscriptions" + PathIds.ID)
	@Requires("webhooks.subscriptions.change")
	@Operation(summary = "Delete a subscription and its deliveries")
	ResponseEntity<Void> delete(@PathVariable long id) {
		this.subscriptions.delete(id);
		return ResponseEntity.noContent().build();
	}

	@PostMapping("/subscriptions" + PathIds.ID + "/rotate-secret")
	@Requires("webhooks.subscriptions.change")
	@Operation(summary = "Replace the signing secret",
			description = "The new secret is in this response only and " + "signs every delivery from now on.")
	SubscriptionResponse rotateSecret(@PathVariable long id) {
		return this.subscriptions.rotateSecret(id);
	}

	@GetMapping("/subscriptions" + PathIds.ID + "/deliveries")
	@Requires("webhooks.subscriptions.view")
	@Operation(summary = "A subscription's deliveries, newest first")
	ResponseEntity<List<DeliveryResponse>> deliveries(@PathVariable long id,
			@RequestParam(required = false) @Nullable Integer limit,
			@RequestParam(required = false) @Nullable Integer offset) {
		Paging paging = new Paging(limit, offset);
		this.subscriptions.get(id);
		List<DeliveryResponse> page = this.deliveries.listOf(id, paging);
		return paging.respond(page, paging.requested() ? this.deliveries.countOf(id) : page.size());
	}

	@PostMapping("/deliveries" + PathIds.ID + "/redeliver")
	@Requires("webhooks.subscriptions.change")
	@Operation(summary = "Send a delivery again",
			description = "Pending again with a fresh retry schedule; 409 " + "when its subscription is disabled.")
	DeliveryResponse redeliver(@PathVariable long id) {
		return this.deliveries.redeliver(id);
	}

}
