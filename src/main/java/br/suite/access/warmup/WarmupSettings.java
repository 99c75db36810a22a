package br.suite.access.warmup;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * {@code suite.warmup.*} ({@link StartupWarmup}): on or off, how long at most, how many
 * requests at most, over how many connections at once, and whether the process exits
 * after it (a training start).
 */
@ConfigurationProperties("suite.warmup")
record WarmupSettings(@DefaultValue("true") boolean enabled, @DefaultValue("10s") Duration duration,
		@DefaultValue("100000") int maxRequests, @DefaultValue("4") int connections,
		@DefaultValue("false") boolean exitAfter) {
}
