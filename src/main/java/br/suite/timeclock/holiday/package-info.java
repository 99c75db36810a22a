/**
 * State and municipal holidays, for one establishment or all, added to the national ones
 * {@code jornada} knows; the timesheet reads them.
 */
@NullMarked
package br.suite.timeclock.holiday;

import org.jspecify.annotations.NullMarked;
