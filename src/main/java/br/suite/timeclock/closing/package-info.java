/**
 * Month closings: freezing a month's timesheets, reopening, and the employee's signature
 * of their own espelho.
 */
@NullMarked
package br.suite.timeclock.closing;

import org.jspecify.annotations.NullMarked;
