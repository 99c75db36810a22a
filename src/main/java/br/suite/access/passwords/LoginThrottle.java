package br.suite.access.passwords;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.github.bucket4j.Bucket;
import io.github.bucket4j.ConsumptionProbe;
import io.micrometer.core.instrument.Metrics;
import org.springframework.http.HttpStatus;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;

import br.suite.access.AccessSettings;
import br.suite.access.Usernames;
import br.suite.shared.ApiProblem;

/**
 * Slows down password guessing. Per username (whether or not it exists), failures in a
 * row are kept in PostgreSQL, so every instance sees them: from the 5th on, the name is
 * locked for an exponentially growing time. Per client address, a token bucket (Bucket4j)
 * kept in this instance's memory. And at most a few bcrypt checks run at once, so a burst
 * of sign-ins cannot take every core from the API.
 */
@Component
public class LoginThrottle {

	private final JdbcClient jdbc;

	private final AccessSettings.Login settings;

	private final Semaphore checks;

	private final Cache<String, Bucket> addresses;

	LoginThrottle(JdbcClient jdbc, AccessSettings settings) {
		this.jdbc = jdbc;
		this.settings = settings.login();
		this.checks = new Semaphore(Math.max(1, this.settings.concurrentChecks()), true);
		this.addresses = Caffeine.newBuilder()
			.maximumSize(100_000)
			.expireAfterAccess(this.settings.addressRefillPeriod().multipliedBy(2))
			.build();
	}

	/** 429 when the client address has used up its sign-in attempts for now. */
	public void checkAddress(String address) {
		Bucket bucket = this.addresses.get(address,
				a -> Bucket.builder()
					.addLimit(limit -> limit.capacity(this.settings.addressCapacity())
						.refillGreedy(this.settings.addressCapacity(), this.settings.addressRefillPeriod()))
					.build());
		ConsumptionProbe probe = bucket.tryConsumeAndReturnRemaining(1);
		if (!probe.isConsumed()) {
			Metrics.counter("suite.signin.throttled", "limit", "address").increment();
			throw new TooManyAttempts("Too many sign-in attempts from your address; try again later.",
					Duration.ofNanos(probe.getNanosToWaitForRefill()));
		}
	}

	/** 429 while the username is locked after repeated failures. */
	public void checkUsername(String username) {
		Optional<Double> wait = this.jdbc
			.sql("SELECT extract(epoch FROM locked_until - now()) FROM access_login_throttle "
					+ "WHERE username_key = :key AND locked_until > now()")
			.param("key", key(username))
			.query(Double.class)
			.optional();
		if (wait.isPresent()) {
			Metrics.counter("suite.signin.throttled", "limit", "username").increment();
			throw new TooManyAttempts("Too many failed sign-ins for this username; try again later.",
					Duration.ofMillis((long) Math.ceil(wait.get() * 1000)));
		}
	}

	public void recordFailure(String username) {
		Metrics.counter("suite.signin.failures").increment();
		int failures = this.jdbc.sql("""
				INSERT INTO access_login_throttle (username_key, failures, last_failure_at) VALUES (:key, 1, now())
				ON CONFLICT (username_key) DO UPDATE SET
				    failures = CASE WHEN access_login_throttle.last_failure_at < now() - :memory * interval '1 second'
				                    THEN 1 ELSE access_login_throttle.failures + 1 END,
				    last_failure_at = now()
				RETURNING failures""")
			.param("key", key(username))
			.param("memory", this.settings.failureMemory().toSeconds())
			.query(Integer.class)
			.single();
		int beyond = failures - this.settings.failuresBeforeBackoff();
		if (beyond >= 0) {
			long base = this.settings.backoffBase().toMillis();
			long max = this.settings.backoffMax().toMillis();
			long lock = beyond >= 30 ? max : Math.min(max, base << beyond);
			this.jdbc
				.sql("UPDATE access_login_throttle SET locked_until = now() + :millis * interval '1 millisecond' "
						+ "WHERE username_key = :key")
				.param("key", key(username))
				.param("millis", lock)
				.update();
		}
	}

	public void recordSuccess(String username) {
		this.jdbc.sql("DELETE FROM access_login_throttle WHERE username_key = :key")
			.param("key", key(username))
			.update();
	}

	/**
	 * Runs a password check once one of the few slots is free; 503 when none frees up in
	 * time.
	 */
	public boolean check(BooleanSupplier passwordCheck) {
		boolean acquired;
		try {
			acquired = this.checks.tryAcquire(this.settings.checkWait().toMillis(), TimeUnit.MILLISECONDS);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			acquired = false;
		}
		if (!acquired) {
			Metrics.counter("suite.signin.throttled", "limit", "password_checks").increment();
			throw new Busy();
		}
		try {
			return passwordCheck.getAsBoolean();
		}
		finally {
			this.checks.release();
		}
	}

	private static String key(String username) {
		// The look-up's key (Usernames), so every spelling that reaches a user shares
		// its lock.
		String key = Usernames.key(username);
		return key.length() > Usernames.MAX_KEY_LENGTH ? key.substring(0, Usernames.MAX_KEY_LENGTH) : key;
	}

	/** 429 with Retry-After (whole seconds, at least 1). */
	public static final class TooManyAttempts extends ApiProblem {

		private final long retryAfterSeconds;

		TooManyAttempts(String detail, Duration wait) {
			super(HttpStatus.TOO_MANY_REQUESTS, detail);
			this.retryAfterSeconds = Math.max(1, (wait.toMillis() + 999) / 1000);
			with("retry_after_seconds", this.retryAfterSeconds);
		}

		public long retryAfterSeconds() {
			return this.retryAfterSeconds;
		}

	}

	/** 503 with Retry-After: every password-check slot stayed busy. */
	public static final class Busy extends ApiProblem {

		Busy() {
			super(HttpStatus.SERVICE_UNAVAILABLE,
					"Too many sign-ins are being checked right now; try again in a second.");
			with("retry_after_seconds", 1);
		}

	}

}
