package br.suite.webhooks;

import java.time.Duration;
import java.util.List;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Webhook delivery settings ({@code suite.webhooks.*}). {@code retrySchedule} is the wait
 * before each retry after a failed attempt (the default sums to about 24 h); after the
 * last one the delivery is failed. {@code allowLoopback} permits
 * {@code http://127.0.0.1:<port>} and {@code http://localhost:<port>} targets, for
 * development and tests only.
 */
@ConfigurationProperties("suite.webhooks")
record WebhookSettings(@DefaultValue("false") boolean allowLoopback, @DefaultValue( {
		"10s", "1m", "5m", "15m", "30m", "1h", "2h", "4h", "8h", "8h" }) List<Duration> retrySchedule,
		@DefaultValue("15") int disableAfterFailures, @DefaultValue("true") boolean dispatcherEnabled,
		@DefaultValue("1s") Duration dispatchInterval, @DefaultValue("5s") Duration connectTimeout,
		@DefaultValue("10s") Duration requestTimeout, @DefaultValue("20") int batchSize){
}
