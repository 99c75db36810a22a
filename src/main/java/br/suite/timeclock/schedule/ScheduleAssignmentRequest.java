package br.suite.timeclock.schedule;

import java.time.LocalDate;

import io.swagger.v3.oas.annotations.media.Schema;
import org.jspecify.annotations.Nullable;

/** Assigns a schedule from a date on; the same date again replaces that assignment. */
record ScheduleAssignmentRequest(@Schema(example = "3") @Nullable Long scheduleId,
		@Schema(example = "2026-11-01") @Nullable LocalDate validFrom) {
}
