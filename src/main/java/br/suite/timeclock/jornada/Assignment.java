package br.suite.timeclock.jornada;

import java.time.LocalDate;

/** A schedule assigned to the employee from {@code validFrom} on (§3). */
public record Assignment(LocalDate validFrom, Schedule schedule) {
}
