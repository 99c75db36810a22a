package br.suite.shared;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import org.springframework.security.access.prepost.PreAuthorize;

/**
 * The one permission an endpoint needs, declared once: read by the early check before the
 * request's body (so a caller without it gets 403 whatever it sent) and by method
 * security, through the {@code {value}} template of the {@code @PreAuthorize} it carries.
 * Every API handler carries this or {@link NoPermission} (ArchitectureTests checks it).
 */
@Target(ElementType.METHOD)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@PreAuthorize("hasAuthority('{value}')")
public @interface Requires {

	/** The permission, e.g. {@code customers.clientes.view}. */
	String value();

}
