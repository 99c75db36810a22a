/**
 * The espelho de ponto: a month's figures computed by {@code jornada} from punches,
 * adjustments, schedules, holidays and absences, as JSON, page and PDF.
 */
@NullMarked
package br.suite.timeclock.timesheet;

import org.jspecify.annotations.NullMarked;
