/**
 * Who may sign in and do what: users, roles, the permission catalogue, API tokens and the
 * security chains that check them on every request. Other modules read users through
 * {@link br.suite.access.AccessDirectory} (and the kiosk through
 * {@link br.suite.access.EmployeeLookup}); the pages of other modules list employees
 * through {@link br.suite.access.AccessAdministration}; the time clock tells it which
 * users have a photo ({@link br.suite.access.EmployeePhotos}) and which establishments
 * exist ({@link br.suite.access.EstablishmentReferences},
 * {@link br.suite.access.EmployeeEstablishments}); bills which cost centres exist
 * ({@link br.suite.access.CostCentreReferences}).
 *
 * <p>
 * The root holds that API (interfaces, ports and the events {@code UserChanged},
 * {@code UserDeactivated}, {@code EmployeeDataChanged}) and what every slice shares:
 * {@code Permissions}, {@code AccessSettings}, {@code AccessProblems}, {@code Usernames}.
 * Each sub-feature is one slice: {@code tokens}, {@code passwords}, {@code roles},
 * {@code users}, {@code signin}, {@code pages}, {@code warmup} (see docs/architecture.md,
 * "Access's slices").
 */
@ApplicationModule(allowedDependencies = { "shared", "audit", "web" })
@NullMarked
package br.suite.access;

import org.jspecify.annotations.NullMarked;
import org.springframework.modulith.ApplicationModule;
