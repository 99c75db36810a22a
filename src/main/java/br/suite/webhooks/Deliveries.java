package br.suite.webhooks;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import tools.jackson.databind.json.JsonMapper;

import br.suite.shared.lists.Paging;

/**
 * Delivery rows: one per (event, subscription), created when the event arrives and
 * updated per attempt.
 */
@Service
class Deliveries {

	private final JdbcClient jdbc;

	private final JsonMapper json;

	Deliveries(JdbcClient jdbc, JsonMapper json) {
		this.jdbc = jdbc;
		this.json = json;
	}

	/**
	 * One pending delivery per enabled subscription to the type, all with the same
	 * message id and body {@code {"type", "timestamp", "data"}}; returns how many.
	 */
	@Transactional
	int enqueue(String type, Object data) {
		Map<String, Object> body = new LinkedHashMap<>();
		body.put("type", type);
		body.put("timestamp", Instant.now().truncatedTo(ChronoUnit.MILLIS));
		body.put("data", data);
		return this.jdbc
			.sql("""
					INSERT INTO webhooks_delivery (message_id, subscription_id, event_type, body, status, next_attempt_at, created_at)
					SELECT :messageId, id, :type, :body, 'pending', now(), now() FROM webhooks_subscription
					WHERE enabled AND :type = ANY (event_types)""")
			.param("messageId", "msg_" + UUID.randomUUID().toString().replace("-", ""))
			.param("type", type)
			.param("body", this.json.writeValueAsString(body))
			.update();
	}

	@Transactional(readOnly = true)
	List<DeliveryResponse> listOf(long subscriptionId, Paging paging) {
		return this.jdbc
			.sql("SELECT * FROM webhooks_delivery WHERE subscription_id = :id ORDER BY id DESC" + paging.sql())
			.param("id", subscriptionId)
			.query(Deliveries::response)
			.list();
	}

	@Transactional(readOnly = true)
	long countOf(long subscriptionId) {
		return this.jdbc.sql("SELECT count(*) FROM webhooks_delivery WHERE subscription_id = :id")
			.param("id", subscriptionId)
			.query(Long.class)
			.single();
	}

	/**
	 * A delivery that gave up after its retry schedule, with its subscription's address.
	 */
	record FailedDelivery(long id, String eventType, long subscriptionId, String url, int attempts,
			@Nullable Integer lastResponseCode, @Nullable String lastError, Instant createdAt,
			boolean subscriptionEnabled) {

		/**
		 * The catalogue's key for why it failed ({@code webhooks.error.<code>}, read back
		 * from {@code last_error} by {@link DeliveryError}); null without an error.
		 */
		public @Nullable String errorKey() {
			DeliveryError.Read read = DeliveryError.read(this.lastError);
			return read == null ? null : read.error().key();
		}

		/** What that key's message quotes. */
		public Object[] errorArguments() {
			DeliveryError.Read read = DeliveryError.read(this.lastError);
			return read == null ? new Object[0] : read.shown();
		}

	}

	@Transactional(readOnly = true)
	long countFailed() {
		return this.jdbc.sql("SELECT count(*) FROM webhooks_delivery WHERE status = 'failed'")
			.query(Long.class)
			.single();
	}

	/** The deliveries that gave up, newest first. */
	@Transactional(readOnly = true)
	List<FailedDelivery> failed(Paging paging) {
		return this.jdbc.sql("""
				SELECT d.id, d.event_type, d.subscription_id, s.url, d.attempts, d.last_response_code, d.last_error,
				       d.created_at, s.enabled
				FROM webhooks_delivery d JOIN webhooks_subscription s ON s.id = d.subscription_id
				WHERE d.status = 'failed' ORDER BY d.id DESC""" + paging.sql())
			.query((rs, n) -> new FailedDelivery(rs.getLong("id"), rs.getString("event_type"),
					rs.getLong("subscription_id"), rs.getString("url"), rs.getInt("attempts"),
					rs.getObject("last_response_code", Integer.class), rs.getString("last_error"),
					rs.getTimestamp("created_at").toInstant(), rs.getBoolean("enabled")))
			.list();
	}

	/**
	 * Sends the delivery again from scratch (a full retry schedule), whatever its status.
	 */
	@Transactional
	DeliveryResponse redeliver(long id) {
		Boolean enabled = this.jdbc
			.sql("SELECT s.enabled FROM webhooks_delivery d JOIN webhooks_subscription s "
					+ "ON s.id = d.subscription_id WHERE d.id = :id FOR UPDATE OF d")
			.param("id", id)
			.query(Boolean.class)
			.optional()
			.orElseThrow(() -> new WebhookProblems.DeliveryNotFound(id));
		if (!enabled) {
			throw new WebhookProblems.SubscriptionDisabled();
		}
		this.jdbc
			.sql("UPDATE webhooks_delivery SET status = 'pending', attempts = 0, next_attempt_at = now(), "
					+ "delivered_at = NULL WHERE id = :id")
			.param("id", id)
			.update();
		return this.jdbc.sql("SELECT * FROM webhooks_delivery WHERE id = :id")
			.param("id", id)
			.query(Deliveries::response)
			.single();
	}

	static DeliveryResponse response(ResultSet rs, int n) throws SQLException {
		return new DeliveryResponse(rs.getLong("id"), rs.getString("message_id"), rs.getLong("subscription_id"),
				rs.getString("event_type"), rs.getString("status"), rs.getInt("attempts"),
				rs.getObject("last_response_code", Integer.class), rs.getString("last_response_body"),
				rs.getString("last_error"), instant(rs.getTimestamp("next_attempt_at")),
				rs.getTimestamp("created_at").toInstant(), instant(rs.getTimestamp("delivered_at")));
	}

	private static @Nullable Instant instant(java.sql.@Nullable Timestamp timestamp) {
		return timestamp == null ? null : timestamp.toInstant();
	}

}
