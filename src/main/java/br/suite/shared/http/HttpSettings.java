package br.suite.shared.http;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * How many requests are handled at once, and how long a request body may keep the service
 * waiting: {@code bodyWait} of waiting for the client, plus one second for every
 * {@code bodyMinRate} bytes received (docs/operations.md "Slow clients").
 */
@ConfigurationProperties("suite.http")
record HttpSettings(@DefaultValue("8") int concurrency, @DefaultValue("20s") Duration bodyWait,
		@DefaultValue("500") long bodyMinRate) {

	HttpSettings {
		if (concurrency < 1) {
			throw new IllegalArgumentException("suite.http.concurrency must be at least 1");
		}
		if (bodyMinRate < 1 || bodyWait.isNegative() || bodyWait.isZero()) {
			throw new IllegalArgumentException("suite.http.body-wait and suite.http.body-min-rate must be positive");
		}
	}

}
