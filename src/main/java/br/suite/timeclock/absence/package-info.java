/**
 * Absences (an atestado and other justified leave, with its certificate) that justify
 * days in the timesheet.
 */
@NullMarked
package br.suite.timeclock.absence;

import org.jspecify.annotations.NullMarked;
