/**
 * Employees' requests (include or disregard a mark, an absence, overtime) and their
 * decisions, which become adjustments or absences.
 */
@NullMarked
package br.suite.timeclock.request;

import org.jspecify.annotations.NullMarked;
