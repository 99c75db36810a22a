package br.suite.shared;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * An API handler that needs no permission, said explicitly (instead of forgetting
 * {@link Requires}): the security chain alone decides whether the caller must be signed
 * in.
 */
@Target(ElementType.METHOD)
@Retention(RetentionPolicy.RUNTIME)
@Documented
public @interface NoPermission {

	/** Why no permission is needed, e.g. "the caller's own tokens". */
	String value();

}
