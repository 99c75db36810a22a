package br.suite.webhooks;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import io.micrometer.core.instrument.Metrics;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.scheduling.concurrent.CustomizableThreadFactory;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;

import br.suite.access.AccessDirectory;
import br.suite.shared.CurrentUser;
import br.suite.shared.outbound.OutboundHttp;
import br.suite.shared.outbound.OutboundUrls;

/**
 * Sends due deliveries. Each round claims as many due deliveries of enabled subscriptions
 * as there are free senders (at most {@code batch-size}) with {@code FOR UPDATE SKIP
 * LOCKED} and leases them (their next attempt moved ahead) before committing, so another
 * instance neither waits for nor sends them; the POSTs run outside any transaction on a
 * bounded pool of {@code concurrency} senders, never on the scheduling thread, and each
 * result is written in its own. An attempt has {@code request-timeout} in all (connect,
 * headers and body) and reads at most {@code max-response-bytes} of the answer. Only a
 * complete 2xx is success; anything else (a body cut short, no complete answer in time)
 * is a failed attempt: retried after the next wait of {@code retry-schedule}, failed
 * after the last; a subscription's {@code disable-after-failures}th failure in a row
 * disables it with a {@code disabled_reason}.
 *
 * <p>
 * Before each attempt the subscription's owner must be active and hold the view
 * permission of the delivery's event type ({@link EventTypes}); otherwise the delivery is
 * not sent but {@code failed} at once, with {@code last_error} starting "withheld:".
 */
@Component
class Dispatcher implements DisposableBean {

	private static final Logger log = LoggerFactory.getLogger(Dispatcher.class);

	private static final int KEPT_BODY_BYTES = 1024;

	private static final Duration LEASE = Duration.ofMinutes(1);

	private final JdbcClient jdbc;

	private final TransactionTemplate transactions;

	private final WebhookSettings settings;

	private final Destinations destinations;

	private final AccessDirectory access;

	private final OutboundHttp http;

	private final ThreadPoolExecutor senders;

	/** Deliveries claimed by this instance and not yet recorded. */
	private final AtomicInteger inFlight = new AtomicInteger();

	Dispatcher(JdbcClient jdbc, TransactionTemplate transactions, WebhookSettings settings, Destinations destinations,
			AccessDirectory access) {
		this.jdbc = jdbc;
		this.transactions = transactions;
		this.settings = settings;
		this.destinations = destinations;
		this.access = access;
		// Redirects are not followed: a redirect could lead to an address the URL check
		// refused.
		this.http = new OutboundHttp(null, () -> this.settings.allowLoopback(), "webhooks",
				min(settings.connectTimeout(), settings.requestTimeout()), true);
		// Never more queued than free senders (a round claims only that many).
		this.senders = new ThreadPoolExecutor(settings.concurrency(), settings.concurrency(), 30, TimeUnit.SECONDS,
				new ArrayBlockingQueue<>(settings.concurrency()), new CustomizableThreadFactory("webhook-sender-"));
		this.senders.allowCoreThreadTimeOut(true);
	}

	private static Duration min(Duration a, Duration b) {
		return a.compareTo(b) <= 0 ? a : b;
	}

	private record Due(long id, String messageId, String eventType, String body, int attempts, long subscriptionId,
			String url, String secret, @Nullable Long ownerId) {
	}

	/**
	 * Claims and hands over what the free senders can take, then returns: a slow receiver
	 * holds one sender for at most {@code request-timeout}, never the scheduling thread.
	 */
	@Scheduled(fixedDelayString = "${suite.webhooks.dispatch-interval:1s}")
	void dispatch() {
		if (!this.settings.dispatcherEnabled()) {
			return;
		}
		int free = Math.min(this.settings.batchSize(), this.settings.concurrency() - this.inFlight.get());
		if (free <= 0) {
			return;
		}
		Map<Long, Optional<CurrentUser>> owners = new HashMap<>();
		for (Due delivery : claim(free)) {
			String refusal = refusal(delivery, owners);
			if (refusal != null) {
				withhold(delivery, refusal);
				continue;
			}
			this.inFlight.incrementAndGet();
			try {
				this.senders.execute(() -> {
					try {
						send(delivery);
					}
					finally {
						this.inFlight.decrementAndGet();
					}
				});
			}
			catch (RejectedExecutionException ex) {
				// Shutting down: the lease expires and a later round sends it.
				this.inFlight.decrementAndGet();
			}
		}
	}

	/**
	 * Why the delivery may not be sent to its subscription's owner's URL now, or null
	 * when it may.
	 */
	private @Nullable String refusal(Due delivery, Map<Long, Optional<CurrentUser>> owners) {
		EventTypes.EventType type = EventTypes.CATALOGUE.get(delivery.eventType());
		if (type == null) {
			return DeliveryError.WITHHELD_EVENT_TYPE.english(delivery.eventType());
		}
		if (delivery.ownerId() == null) {
			return DeliveryError.WITHHELD_NO_OWNER.english(type.permission());
		}
		Optional<CurrentUser> owner = owners.computeIfAbsent(delivery.ownerId(), this.access::activeUser);
		if (owner.isEmpty()) {
			return DeliveryError.WITHHELD_OWNER_INACTIVE.english(delivery.ownerId());
		}
		if (!owner.get().holds(type.permission())) {
			return DeliveryError.WITHHELD_OWNER_PERMISSION.english(delivery.ownerId(), type.permission());
		}
		return null;
	}

	private List<Due> claim(int limit) {
		Duration lease = max(LEASE, this.settings.requestTimeout().multipliedBy(3));
		List<Due> due = this.transactions.execute(status -> {
			List<Due> claimed = this.jdbc
				.sql("""
						SELECT d.id, d.message_id, d.event_type, d.body, d.attempts, s.id AS subscription_id, s.url, s.secret,
						       o.owner_id
						FROM webhooks_delivery d JOIN webhooks_subscription s ON s.id = d.subscription_id
						LEFT JOIN webhooks_subscription_owner o ON o.subscription_id = s.id
						WHERE d.status = 'pending' AND d.next_attempt_at <= now() AND s.enabled
						ORDER BY d.next_attempt_at, d.id LIMIT :batch
						FOR UPDATE OF d SKIP LOCKED""")
				.param("batch", limit)
				.query((rs, n) -> new Due(rs.getLong("id"), rs.getString("message_id"), rs.getString("event_type"),
						rs.getString("body"), rs.getInt("attempts"), rs.getLong("subscription_id"), rs.getString("url"),
						rs.getString("secret"), rs.getObject("owner_id", Long.class)))
				.list();
			if (!claimed.isEmpty()) {
				this.jdbc
					.sql("UPDATE webhooks_delivery SET next_attempt_at = now() + :lease * interval '1 millisecond' "
							+ "WHERE id IN (:ids)")
					.param("lease", lease.toMillis())
					.param("ids", claimed.stream().map(Due::id).toList())
					.update();
			}
			return claimed;
		});
		return due == null ? List.of() : due;
	}

	private static Duration max(Duration a, Duration b) {
		return a.compareTo(b) >= 0 ? a : b;
	}

	/**
	 * Not sent: {@code failed} at once, attempts unchanged, not counted against the
	 * subscription (the receiver did nothing wrong); a redelivery checks again.
	 */
	private void withhold(Due delivery, String reason) {
		this.jdbc
			.sql("UPDATE webhooks_delivery SET status = 'failed', next_attempt_at = NULL, last_error = :error "
					+ "WHERE id = :id")
			.param("error", reason.length() > 500 ? reason.substring(0, 500) : reason)
			.param("id", delivery.id())
			.update();
		log.info("Webhook delivery {} to subscription {} not sent: {}", delivery.id(), delivery.subscriptionId(),
				reason);
	}

	private void send(Due delivery) {
		long timestamp = System.currentTimeMillis() / 1000;
		Integer code = null;
		String body = null;
		String error = null;
		boolean complete = false;
		Duration timeout = this.settings.requestTimeout();
		try {
			URI uri = this.destinations.checked(delivery.url());
			OutboundHttp.Request request = new OutboundHttp.Request("POST", uri,
					List.of(Map.entry("User-Agent", "Suite-Webhooks/1"), Map.entry("webhook-id", delivery.messageId()),
							Map.entry("webhook-timestamp", Long.toString(timestamp)),
							Map.entry("webhook-signature",
									Signatures.sign(delivery.secret(), delivery.messageId(), timestamp,
											delivery.body()))),
					delivery.body().getBytes(StandardCharsets.UTF_8), "application/json");
			try {
				// An answer longer than the limit has answered: reading stops there.
				OutboundHttp.Answer answer = this.http.exchange(request, timeout,
						(int) this.settings.maxResponseBytes().toBytes());
				code = answer.status();
				byte[] read = answer.body();
				body = storable(new String(read, 0, Math.min(read.length, KEPT_BODY_BYTES), StandardCharsets.UTF_8));
				complete = true;
			}
			catch (OutboundHttp.Incomplete incomplete) {
				code = incomplete.status();
				Throwable cause = incomplete.getCause() == null ? incomplete : incomplete.getCause();
				if (incomplete.timedOut()) {
					error = (code == null ? DeliveryError.NO_ANSWER : DeliveryError.ANSWER_INCOMPLETE)
						.english(timeout.toMillis());
				}
				else {
					error = code == null ? DeliveryError.of(cause)
							: DeliveryError.ANSWER_CUT_SHORT.english(DeliveryError.of(cause));
				}
			}
		}
		catch (OutboundUrls.Refused refused) {
			error = "url " + refused.getMessage();
		}
		catch (IllegalArgumentException ex) {
			error = DeliveryError.of(ex);
		}
		catch (InterruptedException ex) {
			// Shutting down: not recorded, the lease expires and a later round sends it.
			Thread.currentThread().interrupt();
			return;
		}
		boolean succeeded = complete && code != null && code >= 200 && code < 300;
		record(delivery, succeeded, code, body, error);
	}

	/**
	 * The text with its NUL characters replaced: PostgreSQL's text refuses them, and a
	 * receiver's answer may hold any bytes (the record of the attempt failed, the
	 * delivery stayed leased and was never recorded).
	 */
	static String storable(String text) {
		return text.replace('\u0000', '\uFFFD');
	}

	@Override
	public void destroy() throws InterruptedException, IOException {
		this.senders.shutdownNow();
		this.senders.awaitTermination(5, TimeUnit.SECONDS);
		this.http.close();
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
				.param("error", error == null ? null : storable(error.length() > 500 ? error.substring(0, 500) : error))
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
									+ (error != null ? error : "HTTP " + code) + ")")
					.param("id", delivery.subscriptionId())
					.update();
				log.warn("Webhook subscription {} disabled after {} consecutive failed deliveries",
						delivery.subscriptionId(), failures);
			}
		});
	}

}
