/**
 * Work schedules and their assignment to employees, with {@code JornadaForms}, the
 * jornada pages' reading of typed dates, numbers and intervals.
 */
@NullMarked
package br.suite.timeclock.schedule;

import org.jspecify.annotations.NullMarked;
