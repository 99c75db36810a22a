/**
 * Work schedules and their assignment to employees, with {@code JornadaForms}, the form
 * helper of the jornada pages.
 */
@NullMarked
package br.suite.timeclock.schedule;

import org.jspecify.annotations.NullMarked;
