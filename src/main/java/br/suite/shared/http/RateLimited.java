package br.suite.shared.http;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * An expensive operation (a legal file, a month's espelho, a reconciliation run, a call
 * to a provider): each user may start only so many of each kind per period
 * ({@link RateLimitSettings}); beyond that the call answers 429 with {@code Retry-After}
 * before it does anything. Checked by {@link ExpensiveCalls} after the permission.
 */
@Target(ElementType.METHOD)
@Retention(RetentionPolicy.RUNTIME)
@Documented
public @interface RateLimited {

	Kind value();

	/** The kinds of expensive calls, each with a limit of its own per user. */
	enum Kind {

		/** AFD and AEJ generation (and their signatures). */
		EXPORTS,

		/** A month's espelho de ponto computed (JSON, PDF, its page). */
		TIMESHEETS,

		/** An automatic reconciliation run. */
		RECONCILIATION,

		/** A connection's test or sync at its provider. */
		PROVIDER_CALLS

	}

}
