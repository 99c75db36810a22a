package br.suite.webhooks;

import java.time.Instant;
import java.util.List;

import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import br.suite.shared.Paging;

/**
 * Webhook deliveries for callers inside the application (the web pages): the deliveries
 * that gave up after their retry schedule, counted and listed newest first, and sending
 * one again as {@code POST /api/webhooks/deliveries/{id}/redeliver/} does.
 */
@Service
public class WebhookDesk {

	private final JdbcClient jdbc;

	private final Deliveries deliveries;

	WebhookDesk(JdbcClient jdbc, Deliveries deliveries) {
		this.jdbc = jdbc;
		this.deliveries = deliveries;
	}

	public record FailedDelivery(long id, String eventType, long subscriptionId, String url, int attempts,
			@Nullable Integer lastResponseCode, @Nullable String lastError, Instant createdAt,
			boolean subscriptionEnabled) {
	}

	public record FailedPage(List<FailedDelivery> deliveries, long total) {
	}

	@Transactional(readOnly = true)
	public long countFailed() {
		return this.jdbc.sql("SELECT count(*) FROM webhooks_delivery WHERE status = 'failed'")
			.query(Long.class)
			.single();
	}

	@Transactional(readOnly = true)
	public FailedPage failed(int limit, int offset) {
		Paging paging = new Paging(limit, offset);
		List<FailedDelivery> page = this.jdbc.sql("""
				SELECT d.id, d.event_type, d.subscription_id, s.url, d.attempts, d.last_response_code, d.last_error,
				       d.created_at, s.enabled
				FROM webhooks_delivery d JOIN webhooks_subscription s ON s.id = d.subscription_id
				WHERE d.status = 'failed' ORDER BY d.id DESC""" + paging.sql())
			.query((rs, n) -> new FailedDelivery(rs.getLong("id"), rs.getString("event_type"),
					rs.getLong("subscription_id"), rs.getString("url"), rs.getInt("attempts"),
					rs.getObject("last_response_code", Integer.class), rs.getString("last_error"),
					rs.getTimestamp("created_at").toInstant(), rs.getBoolean("enabled")))
			.list();
		return new FailedPage(page, countFailed());
	}

	/**
	 * Pending again with a fresh retry schedule; 409 when its subscription is disabled.
	 */
	public void redeliver(long id) {
		this.deliveries.redeliver(id);
	}

}
