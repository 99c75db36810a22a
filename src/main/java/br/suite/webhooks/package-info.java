/**
 * Outbound webhooks following Standard Webhooks: subscriptions to event types, signed
 * deliveries ({@code webhook-id}, {@code webhook-timestamp}, {@code webhook-signature})
 * sent at least once. Domain events of other modules reach it through Spring Modulith's
 * JDBC event publication registry, so an event committed before a restart is still turned
 * into deliveries after it; a scheduled dispatcher sends due deliveries and retries them
 * with backoff.
 */
@ApplicationModule(allowedDependencies = { "shared", "audit", "access", "timeclock", "processdocs", "finance",
		"imports", "fins", "bills", "web" })
@NullMarked
package br.suite.webhooks;

import org.jspecify.annotations.NullMarked;
import org.springframework.modulith.ApplicationModule;
