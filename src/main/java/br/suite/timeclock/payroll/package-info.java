/**
 * Payroll layouts and the payroll export file built from closed months.
 */
@NullMarked
package br.suite.timeclock.payroll;

import org.jspecify.annotations.NullMarked;
