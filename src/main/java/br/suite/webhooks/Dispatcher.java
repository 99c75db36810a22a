package br.suite.webhooks;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;

import io.micrometer.core.instrument.Metrics;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Sends due deliveries. Each round claims up to {@code batch-size} due deliveries of
 * enabled subscriptions with {@code FOR UPDATE SKIP LOCKED} and leases them (their next
 * attempt moved a minute ahead) before committing, so another instance neither waits for
 * nor sends them; the POSTs run outside any transaction and each result is written in its
 * own. A 2xx is success; anything else (or no answer in time) is a failed attempt:
 * retried after the next wait of {@code retry-schedule}, failed after the last; a
 * subscription's {@code disable-after-failures}th failure in a row disables it with a
 * {@code disabled_reason}.
 */
@Component
class Dispatcher {

	private static final Logger log = LoggerFactory.getLogger(Dispatcher.class);

	private static final int KEPT_BODY_BYTES = 1024;

	private static final Duration LEASE = Duration.ofMinutes(1);

	private final JdbcClient jdbc;

	private final TransactionTemplate transactions;

	private final WebhookSettings settings;

	private final Destinations destinations;

	private final HttpClient http;

	Dispatcher(JdbcClient jdbc, TransactionTemplate transactions, WebhookSettings settings, Destinations destinations) {
		this.jdbc = jdbc;
		this.transactions = transactions;
		this.settings = settings;
		this.destinations = destinations;
		// Redirects are not followed: a redirect could lead to an address the URL check
		// refused.
		this.http = HttpClient.newBuilder()
			.connectTimeout(settings.connectTimeout())
			.followRedirects(HttpClient.Redirect.NEVER)
			.build();
	}

	private record Due(long id, String messageId, String body, int attempts, long subscriptionId, String url,
			String secret) {
	}

	@Scheduled(fixedDelayString = "${suite.webhooks.dispatch-interval:1s}")
	void dispatch() {
		if (!this.settings.dispatcherEnabled()) {
			return;
		}
		List<Due> due = claim();
		for (Due delivery : due) {
			send(delivery);
		}
	}

	private List<Due> claim() {
		List<Due> due = this.transactions.execute(status -> {
			List<Due> claimed = this.jdbc.sql("""
					SELECT d.id, d.message_id, d.body, d.attempts, s.id AS subscription_id, s.url, s.secret
					FROM webhooks_delivery d JOIN webhooks_subscription s ON s.id = d.subscription_id
					WHERE d.status = 'pending' AND d.next_attempt_at <= now() AND s.enabled
					ORDER BY d.next_attempt_at, d.id LIMIT :batch
					FOR UPDATE OF d SKIP LOCKED""")
				.param("batch", this.settings.batchSize())
				.query((rs, n) -> new Due(rs.getLong("id"), rs.getString("message_id"), rs.getString("body"),
						rs.getInt("attempts"), rs.getLong("subscription_id"), rs.getString("url"),
						rs.getString("secret")))
				.list();
			if (!claimed.isEmpty()) {
				this.jdbc
					.sql("UPDATE webhooks_delivery SET next_attempt_at = now() + :lease * interval '1 second' "
							+ "WHERE id IN (:ids)")
					.param("lease", LEASE.toSeconds())
					.param("ids", claimed.stream().map(Due::id).toList())
					.update();
			}
			return claimed;
		});
		return due == null ? List.of() : due;
	}

	private void send(Due delivery) {
		long timestamp = System.currentTimeMillis() / 1000;
		Integer code = null;
		String body = null;
		String error = null;
		try {
			URI uri = this.destinations.checked(delivery.url());
			HttpRequest request = HttpRequest.newBuilder(uri)
				.timeout(this.settings.requestTimeout())
				.header("Content-Type", "application/json")
				.header("User-Agent", "Suite-Webhooks/1")
				.header("webhook-id", delivery.messageId())
				.header("webhook-timestamp", Long.toString(timestamp))
				.header("webhook-signature",
						Signatures.sign(delivery.secret(), delivery.messageId(), timestamp, delivery.body()))
				.POST(HttpRequest.BodyPublishers.ofString(delivery.body(), StandardCharsets.UTF_8))
				.build();
			HttpResponse<InputStream> response = this.http.send(request, HttpResponse.BodyHandlers.ofInputStream());
			code = response.statusCode();
			try (InputStream in = response.body()) {
				body = new String(in.readNBytes(KEPT_BODY_BYTES), StandardCharsets.UTF_8);
			}
		}
		catch (Destinations.Refused refused) {
			error = "url " + refused.getMessage();
		}
		catch (IOException ex) {
			error = ex.getClass().getSimpleName() + (ex.getMessage() == null ? "" : ": " + ex.getMessage());
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			error = "interrupted";
		}
		boolean succeeded = code != null && code >= 200 && code < 300;
		record(delivery, succeeded, code, body, error);
	}

	private void record(Due delivery, boolean succeeded, @Nullable Integer code, @Nullable String body,
			@Nullable String error) {
		this.transactions.executeWithoutResult(status -> {
			int attempts = delivery.attempts() + 1;
			List<Duration> schedule = this.settings.retrySchedule();
			boolean exhausted = attempts > schedule.size();
			String outcome = succeeded ? "succeeded" : exhausted ? "failed" : "pending";
			Metrics.counter("suite.webhooks.deliveries", "outcome", succeeded || exhausted ? outcome : "retrying")
				.increment();
			Long wait = succeeded || exhausted ? null : schedule.get(attempts - 1).toMillis();
			this.jdbc.sql("""
					UPDATE webhooks_delivery SET status = :status, attempts = :attempts, last_response_code = :code,
					    last_response_body = :body, last_error = :error,
					    next_attempt_at = CASE WHEN CAST(:wait AS bigint) IS NULL THEN NULL
					        ELSE now() + CAST(:wait AS bigint) * interval '1 millisecond' END,
					    delivered_at = CASE WHEN :succeeded THEN now() ELSE delivered_at END
					WHERE id = :id""")
				.param("status", outcome)
				.param("attempts", attempts)
				.param("code", code)
				.param("body", body)
				.param("error", error == null ? null : error.length() > 500 ? error.substring(0, 500) : error)
				.param("wait", wait)
				.param("succeeded", succeeded)
				.param("id", delivery.id())
				.update();
			if (succeeded) {
				this.jdbc.sql("UPDATE webhooks_subscription SET consecutive_failures = 0 WHERE id = :id")
					.param("id", delivery.subscriptionId())
					.update();
				return;
			}
			int failures = this.jdbc
				.sql("UPDATE webhooks_subscription SET consecutive_failures = consecutive_failures + 1 "
						+ "WHERE id = :id RETURNING consecutive_failures")
				.param("id", delivery.subscriptionId())
				.query(Integer.class)
				.optional()
				.orElse(0);
			if (failures >= this.settings.disableAfterFailures()) {
				this.jdbc
					.sql("UPDATE webhooks_subscription SET enabled = false, disabled_reason = :reason, "
							+ "updated_at = now() WHERE id = :id AND enabled")
					.param("reason",
							"Disabled after " + failures + " consecutive failed deliveries (last: "
									+ (code != null ? "HTTP " + code : error) + ")")
					.param("id", delivery.subscriptionId())
					.update();
				log.warn("Webhook subscription {} disabled after {} consecutive failed deliveries",
						delivery.subscriptionId(), failures);
			}
		});
	}

}
