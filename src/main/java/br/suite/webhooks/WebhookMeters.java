package br.suite.webhooks;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;

/**
 * The webhook queue's gauges (docs/operations.md "Metrics"), read from the database at
 * each scrape so every instance reports the same queue: deliveries waiting
 * ({@code suite.webhooks.queue.size}) and the age of the oldest
 * ({@code suite.webhooks.queue.age}, 0 when none waits). The attempts are counted by
 * {@link Dispatcher} ({@code suite.webhooks.deliveries}).
 */
@Component
class WebhookMeters implements MeterBinder {

	private final JdbcClient jdbc;

	WebhookMeters(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	@Override
	public void bindTo(MeterRegistry registry) {
		Gauge.builder("suite.webhooks.queue.size", this, WebhookMeters::waiting)
			.description("Webhook deliveries waiting for a first or further attempt")
			.strongReference(true)
			.register(registry);
		Gauge.builder("suite.webhooks.queue.age", this, WebhookMeters::oldestAge)
			.description("Age of the oldest webhook delivery still waiting")
			.baseUnit("seconds")
			.strongReference(true)
			.register(registry);
	}

	private double waiting() {
		return this.jdbc.sql("SELECT count(*) FROM webhooks_delivery WHERE status = 'pending'")
			.query(Long.class)
			.single();
	}

	private double oldestAge() {
		return this.jdbc
			.sql("SELECT coalesce(extract(epoch FROM now() - min(created_at)), 0) FROM webhooks_delivery "
					+ "WHERE status = 'pending'")
			.query(Double.class)
			.single();
	}

}
