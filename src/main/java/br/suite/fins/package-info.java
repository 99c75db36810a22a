/**
 * Fins records: per-customer follow-ups with a title, a deadline ({@code data_limite})
 * and a completion flag. It checks customers through
 * {@link br.suite.customers.ClienteDirectory} and tells customers, as a
 * {@link br.suite.customers.ClienteReferences}, which customers it refers to. Every
 * create, update and delete writes an audit event. Publishes
 * {@link br.suite.fins.FinsRecordOverdue} once a day for each open record past its
 * deadline, and adds its section to the customer page through
 * {@link br.suite.customers.ClientePageSection}.
 */
@ApplicationModule(allowedDependencies = { "shared", "customers", "audit", "web" })
@NullMarked
package br.suite.fins;

import org.jspecify.annotations.NullMarked;
import org.springframework.modulith.ApplicationModule;
