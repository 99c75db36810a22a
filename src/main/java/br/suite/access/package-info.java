/**
 * Who may sign in and do what: users, roles, the permission catalogue, API tokens and the
 * security chains that check them on every request (the API's tokens; the pages' form
 * sign-in and sessions, {@code PageSecurity}). Other modules read users through
 * {@link br.suite.access.AccessDirectory}; the time clock tells it which users have a
 * photo ({@link br.suite.access.EmployeePhotos}) and which establishments exist
 * ({@link br.suite.access.EstablishmentReferences},
 * {@link br.suite.access.EmployeeEstablishments}).
 */
@ApplicationModule(allowedDependencies = { "shared", "audit", "web" })
@NullMarked
package br.suite.access;

import org.jspecify.annotations.NullMarked;
import org.springframework.modulith.ApplicationModule;
