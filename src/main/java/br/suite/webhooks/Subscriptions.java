package br.suite.webhooks;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;

import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import br.suite.audit.AuditLog;
import br.suite.audit.AuditLog.Changes;
import br.suite.shared.ApiProblem;
import br.suite.shared.CurrentUser;
import br.suite.shared.InvalidRequest;

/**
 * Webhook subscriptions: URL, event types, on/off, and the signing secret shown once.
 * Whoever creates a subscription or changes its url or event types becomes its owner and
 * must hold the view permission of every event type it names ({@link EventTypes}); the
 * dispatcher checks the owner again before each delivery.
 */
@Service
class Subscriptions {

	private final JdbcClient jdbc;

	private final Destinations destinations;

	private final AuditLog audit;

	Subscriptions(JdbcClient jdbc, Destinations destinations, AuditLog audit) {
		this.audit = audit;
		this.jdbc = jdbc;
		this.destinations = destinations;
	}

	@Transactional
	SubscriptionResponse create(SubscriptionRequest request, CurrentUser caller) {
		InvalidRequest.Builder errors = InvalidRequest.builder();
		String url = checkUrl(request.url(), errors);
		List<String> types = checkTypes(request.eventTypes(), errors);
		String description = checkDescription(request.description(), errors);
		errors.throwIfAny();
		checkMayReceive(types, caller);
		String secret = Signatures.newSecret();
		long id = this.jdbc
			.sql("""
					INSERT INTO webhooks_subscription (url, event_types, enabled, description, secret, created_at, updated_at)
					VALUES (:url, :types, :enabled, :description, :secret, now(), now()) RETURNING id""")
			.param("url", url)
			.param("types", types.toArray(String[]::new))
			.param("enabled", request.enabled() == null || request.enabled())
			.param("description", description)
			.param("secret", secret)
			.query(Long.class)
			.single();
		setOwner(id, caller);
		SubscriptionResponse created = get(id);
		this.audit.record("webhooks.subscription.created", "webhook_subscription", id,
				Changes.created(audited(created)));
		return created.withSecret(secret);
	}

	/** What an audit event shows of a subscription: never its secret. */
	private static Map<String, @Nullable Object> audited(SubscriptionResponse subscription) {
		Map<String, @Nullable Object> fields = new LinkedHashMap<>();
		fields.put("url", subscription.url());
		fields.put("event_types", subscription.eventTypes());
		fields.put("enabled", subscription.enabled());
		fields.put("description", subscription.description());
		fields.put("owner_id", subscription.ownerId());
		return fields;
	}

	@Transactional(readOnly = true)
	List<SubscriptionResponse> list() {
		return this.jdbc.sql(SELECT + " ORDER BY s.id").query(Subscriptions::response).list();
	}

	@Transactional(readOnly = true)
	SubscriptionResponse get(long id) {
		return this.jdbc.sql(SELECT + " WHERE s.id = :id")
			.param("id", id)
			.query(Subscriptions::response)
			.optional()
			.orElseThrow(() -> new ApiProblem.NotFound("Subscription", id));
	}

	private static final String SELECT = "SELECT s.*, o.owner_id FROM webhooks_subscription s "
			+ "LEFT JOIN webhooks_subscription_owner o ON o.subscription_id = s.id";

	/**
	 * Changes the sent fields; enabling a subscription clears its failure count and
	 * disabled reason. A change of url or event types needs the caller to hold the view
	 * permission of every event type the subscription will name, and makes the caller its
	 * owner.
	 */
	@Transactional
	SubscriptionResponse update(long id, SubscriptionRequest request, CurrentUser caller) {
		SubscriptionResponse current = get(id);
		InvalidRequest.Builder errors = InvalidRequest.builder();
		String url = request.url() == null ? current.url() : checkUrl(request.url(), errors);
		List<String> types = request.eventTypes() == null ? current.eventTypes()
				: checkTypes(request.eventTypes(), errors);
		String description = request.description() == null ? current.description()
				: checkDescription(request.description(), errors);
		errors.throwIfAny();
		boolean retargeted = !url.equals(current.url()) || !types.equals(current.eventTypes());
		if (retargeted) {
			checkMayReceive(types, caller);
		}
		boolean enabled = request.enabled() == null ? current.enabled() : request.enabled();
		boolean reEnabled = enabled && !current.enabled();
		this.jdbc.sql("""
				UPDATE webhooks_subscription SET url = :url, event_types = :types, enabled = :enabled,
				    description = :description, updated_at = now(),
				    consecutive_failures = CASE WHEN :reEnabled THEN 0 ELSE consecutive_failures END,
				    disabled_reason = CASE WHEN :enabled THEN NULL ELSE disabled_reason END
				WHERE id = :id""")
			.param("url", url)
			.param("types", types.toArray(String[]::new))
			.param("enabled", enabled)
			.param("reEnabled", reEnabled)
			.param("description", description)
			.param("id", id)
			.update();
		if (retargeted) {
			setOwner(id, caller);
		}
		SubscriptionResponse updated = get(id);
		Changes changes = Changes.between(audited(current), audited(updated));
		if (!changes.isEmpty()) {
			this.audit.record("webhooks.subscription.updated", "webhook_subscription", id, changes);
		}
		return updated;
	}

	@Transactional
	void delete(long id) {
		SubscriptionResponse current = get(id);
		// The dispatcher writes a delivery, then its subscription (Dispatcher.record);
		// the
		// delete takes them in the same order, the deliveries first (the cascade would
		// lock
		// them after the subscription), so the two never deadlock.
		this.jdbc.sql("SELECT id FROM webhooks_delivery WHERE subscription_id = :id ORDER BY id FOR UPDATE")
			.param("id", id)
			.query(Long.class)
			.list();
		this.jdbc.sql("DELETE FROM webhooks_subscription WHERE id = :id").param("id", id).update();
		this.jdbc.sql("DELETE FROM webhooks_subscription_owner WHERE subscription_id = :id").param("id", id).update();
		this.audit.record("webhooks.subscription.deleted", "webhook_subscription", id,
				Changes.removed(audited(current)));
	}

	/** A new secret replaces the old one at once; returned in this response only. */
	@Transactional
	SubscriptionResponse rotateSecret(long id) {
		String secret = Signatures.newSecret();
		if (this.jdbc.sql("UPDATE webhooks_subscription SET secret = :secret, updated_at = now() WHERE id = :id")
			.param("secret", secret)
			.param("id", id)
			.update() == 0) {
			throw new ApiProblem.NotFound("Subscription", id);
		}
		this.audit.record("webhooks.subscription.secret_rotated", "webhook_subscription", id, Changes.of());
		return get(id).withSecret(secret);
	}

	/**
	 * 403 naming the event types whose data the caller may not view, and the permissions
	 * they need: a webhook must not show anyone what the modules would refuse them.
	 */
	private static void checkMayReceive(List<String> types, CurrentUser caller) {
		List<String> refused = types.stream().filter(type -> !caller.holds(EventTypes.permissionFor(type))).toList();
		if (!refused.isEmpty()) {
			throw new NotAllowedToReceive(refused);
		}
	}

	private void setOwner(long id, CurrentUser owner) {
		this.jdbc.sql("""
				INSERT INTO webhooks_subscription_owner (subscription_id, owner_id, since) VALUES (:id, :owner, now())
				ON CONFLICT (subscription_id) DO UPDATE SET owner_id = EXCLUDED.owner_id, since = EXCLUDED.since""")
			.param("id", id)
			.param("owner", owner.id())
			.update();
	}

	/**
	 * 403: the subscription would deliver data of event types whose view permission the
	 * caller lacks.
	 */
	static final class NotAllowedToReceive extends ApiProblem.Forbidden {

		NotAllowedToReceive(List<String> types) {
			super(message(types));
			with("event_types", List.copyOf(types));
			with("missing_permissions", types.stream().map(EventTypes::permissionFor).distinct().toList());
		}

		private static String message(List<String> types) {
			StringBuilder detail = new StringBuilder(
					"You cannot subscribe to event types whose data you may not view: ");
			for (int i = 0; i < types.size(); i++) {
				detail.append(i == 0 ? "" : ", ")
					.append(types.get(i))
					.append(" needs ")
					.append(EventTypes.permissionFor(types.get(i)));
			}
			return detail.append('.').toString();
		}

	}

	private String checkUrl(@Nullable String url, InvalidRequest.Builder errors) {
		if (url == null || url.isBlank()) {
			errors.add("url", "is required");
			return "";
		}
		if (url.length() > 2000) {
			errors.add("url", "must be at most 2000 characters");
			return "";
		}
		try {
			return this.destinations.check(url).toString();
		}
		catch (InvalidRequest invalid) {
			invalid.errors().forEach((field, messages) -> messages.forEach(m -> errors.add(field, m)));
			return "";
		}
	}

	private static List<String> checkTypes(@Nullable List<String> types, InvalidRequest.Builder errors) {
		if (types == null || types.isEmpty()) {
			errors.add("event_types", "must name at least one event type (see GET /api/webhooks/event-types/)");
			return List.of();
		}
		List<String> checked = new ArrayList<>(new LinkedHashSet<>(types));
		checked.stream()
			.filter(type -> !EventTypes.CATALOGUE.containsKey(type))
			.forEach(type -> errors.add("event_types",
					"unknown event type \"" + type + "\"; see GET /api/webhooks/event-types/"));
		return checked;
	}

	private static String checkDescription(@Nullable String description, InvalidRequest.Builder errors) {
		String text = description == null ? "" : description.strip();
		if (text.length() > 500) {
			errors.add("description", "must be at most 500 characters");
		}
		return text;
	}

	private static SubscriptionResponse response(ResultSet rs, int n) throws SQLException {
		return new SubscriptionResponse(rs.getLong("id"), rs.getString("url"),
				List.of((String[]) rs.getArray("event_types").getArray()), rs.getBoolean("enabled"),
				rs.getString("description"), rs.getString("disabled_reason"), rs.getInt("consecutive_failures"),
				rs.getObject("owner_id", Long.class), rs.getTimestamp("created_at").toInstant(),
				rs.getTimestamp("updated_at").toInstant(), null);
	}

}
