package br.suite.webhooks;

import br.suite.shared.ApiProblem;

/** What can go wrong with deliveries, each named for what happened. */
final class WebhookProblems {

	private WebhookProblems() {
	}

	static final class DeliveryNotFound extends ApiProblem.NotFound {

		DeliveryNotFound(long id) {
			super("Delivery", id);
		}

	}

	static final class SubscriptionDisabled extends ApiProblem.Conflict {

		SubscriptionDisabled() {
			super("The delivery's subscription is disabled: enable it first.");
		}

	}

}
