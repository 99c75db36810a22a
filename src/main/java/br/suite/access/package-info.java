/**
 * Who may sign in and do what: users, roles, the permission catalogue, API tokens and the
 * security chain that checks them on every request. Other modules read users through
 * {@link br.suite.access.AccessDirectory}.
 */
@ApplicationModule(allowedDependencies = { "shared", "audit", "web" })
@NullMarked
package br.suite.access;

import org.jspecify.annotations.NullMarked;
import org.springframework.modulith.ApplicationModule;
