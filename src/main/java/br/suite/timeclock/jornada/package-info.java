/**
 * The jornada computation, internal to the timeclock module: pure Java (no database, no
 * Spring) that turns the schedule in force, holidays, absences and the adjusted marks of
 * an employee into the figures and flags of each day and of a month, following
 * /work/shared/reference/jornada-clt.md (CLT arts. 58 §1, 59, 59-A, 66, 71, 73; Lei
 * 605/1949; Súmulas 60, 146, 366 TST). {@link Jornada#month} is the entry point;
 * {@link NationalHolidays} builds the national holidays of any year.
 */
@NullMarked
package br.suite.timeclock.jornada;

import org.jspecify.annotations.NullMarked;
