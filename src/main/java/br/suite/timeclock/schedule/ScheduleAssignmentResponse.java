package br.suite.timeclock.schedule;

import java.time.Instant;
import java.time.LocalDate;

/** One assignment of the employee's history: the schedule in force from valid_from on. */
record ScheduleAssignmentResponse(long id, long employeeId, long scheduleId, String scheduleName, LocalDate validFrom,
		Instant createdAt) {
}
