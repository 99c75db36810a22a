package br.suite.shared.http;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * How many expensive calls of each {@link RateLimited.Kind} one user may start per
 * {@code period} (a token bucket refilled evenly over the period), per instance.
 */
@ConfigurationProperties("suite.rate-limits")
public record RateLimitSettings(@DefaultValue("1m") Duration period, @DefaultValue("10") long exports,
		@DefaultValue("10") long timesheets, @DefaultValue("10") long reconciliation,
		@DefaultValue("10") long providerCalls) {

	long capacity(RateLimited.Kind kind) {
		return switch (kind) {
			case EXPORTS -> this.exports;
			case TIMESHEETS -> this.timesheets;
			case RECONCILIATION -> this.reconciliation;
			case PROVIDER_CALLS -> this.providerCalls;
		};
	}

}
