/**
 * The audit log: who changed what, when and from where. Modules call
 * {@link br.suite.audit.AuditLog} inside the transaction of the change, so a change and
 * its event commit or roll back together. Events are append-only (the database refuses
 * UPDATE and DELETE) and SHA-256 chained like punches; every request carries a request id
 * ({@code X-Request-Id}, generated when absent) that events record.
 */
@ApplicationModule(allowedDependencies = { "shared", "web" })
@NullMarked
package br.suite.audit;

import org.jspecify.annotations.NullMarked;
import org.springframework.modulith.ApplicationModule;
