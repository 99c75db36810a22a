package br.suite.access;

import java.nio.file.Path;
import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Where the first-run admin token is written, the administrator's user name, how long
 * tokens and temporary passwords live, how long an instance may trust a token it checked,
 * sign-in throttling, and bcrypt's cost for new password hashes.
 */
@ConfigurationProperties("suite.access")
public record AccessSettings(@DefaultValue("data") Path dataDirectory, @DefaultValue("admin") String adminUsername,
		@DefaultValue("30d") Duration tokenTtl, @DefaultValue("1s") Duration tokenCacheTtl,
		@DefaultValue("10000") long tokenCacheSize, @DefaultValue("72h") Duration temporaryPasswordTtl,
		@DefaultValue Login login, @DefaultValue("10") int bcryptStrength) {

	public AccessSettings {
		if (bcryptStrength < 4 || bcryptStrength > 31) {
			throw new IllegalArgumentException("suite.access.bcrypt-strength must be between 4 and 31");
		}
	}

	public Path adminTokenFile() {
		return this.dataDirectory.resolve("admin-token");
	}

	/**
	 * Sign-in throttling: per username, after {@code failuresBeforeBackoff} failures in a
	 * row (forgotten after {@code failureMemory} without one) each further failure locks
	 * the name for {@code backoffBase × 2^(failures − failuresBeforeBackoff)}, at most
	 * {@code backoffMax}; per client address, a bucket of {@code addressCapacity}
	 * attempts refilled over {@code addressRefillPeriod}; at most
	 * {@code concurrentChecks} password checks at once, others wait up to
	 * {@code checkWait}.
	 */
	public record Login(@DefaultValue("5") int failuresBeforeBackoff, @DefaultValue("30s") Duration backoffBase,
			@DefaultValue("15m") Duration backoffMax, @DefaultValue("1h") Duration failureMemory,
			@DefaultValue("20") long addressCapacity, @DefaultValue("1m") Duration addressRefillPeriod,
			@DefaultValue("4") int concurrentChecks, @DefaultValue("2s") Duration checkWait) {
	}

}
