package br.suite.webhooks;

import java.time.Duration;
import java.util.List;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.util.unit.DataSize;

/**
 * Webhook delivery settings ({@code suite.webhooks.*}). {@code retrySchedule} is the wait
 * before each retry after a failed attempt (the default sums to about 24 h); after the
 * last one the delivery is failed. {@code allowLoopback} permits
 * {@code http://127.0.0.1:<port>} and {@code http://localhost:<port>} targets, for
 * development and tests only. {@code requestTimeout} bounds a whole attempt (connecting,
 * the answer's headers and its body), {@code maxResponseBytes} how much of the answer's
 * body is read, {@code concurrency} how many attempts run at once per instance.
 */
@ConfigurationProperties("suite.webhooks")
record WebhookSettings(@DefaultValue("false") boolean allowLoopback, @DefaultValue( {
		"10s", "1m", "5m", "15m", "30m", "1h", "2h", "4h", "8h", "8h" }) List<Duration> retrySchedule,
		@DefaultValue("15") int disableAfterFailures, @DefaultValue("true") boolean dispatcherEnabled,
		@DefaultValue("1s") Duration dispatchInterval, @DefaultValue("5s") Duration connectTimeout,
		@DefaultValue("10s") Duration requestTimeout, @DefaultValue("20") int batchSize,
		@DefaultValue("4") int concurrency, @DefaultValue("64KB") DataSize maxResponseBytes){

	WebhookSettings {
		if (requestTimeout.isNegative() || requestTimeout.isZero()) {
			throw new IllegalArgumentException("suite.webhooks.request-timeout must be positive");
		}
		if (concurrency < 1 || batchSize < 1) {
			throw new IllegalArgumentException("suite.webhooks.concurrency and batch-size must be at least 1");
		}
		if (maxResponseBytes.toBytes() < 1024 || maxResponseBytes.toBytes() > Integer.MAX_VALUE) {
			throw new IllegalArgumentException("suite.webhooks.max-response-bytes must be between 1KB and 2GB");
		}
	}

}
