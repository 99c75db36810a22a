/**
 * The users' and roles' pages ({@code /app/users/…}, {@code /app/roles/…}:
 * {@code AccessPages}, {@code AccessChangePages}) and {@code Administration}, the
 * module's {@code AccessAdministration} they and the time clock's pages call.
 */
@NullMarked
package br.suite.access.pages;

import org.jspecify.annotations.NullMarked;
