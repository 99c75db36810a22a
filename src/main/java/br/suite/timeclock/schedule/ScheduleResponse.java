package br.suite.timeclock.schedule;

import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;

import io.swagger.v3.oas.annotations.media.Schema;
import org.jspecify.annotations.Nullable;

/** A work schedule; the fields of the other kind are null. */
record ScheduleResponse(long id, String name, String kind,
		@Schema(nullable = true) @Nullable Map<String, @Nullable List<ScheduleRequest.Interval>> days,
		@Schema(nullable = true) @Nullable String restDay, @Schema(nullable = true) @Nullable LocalDate cycleStart,
		@Schema(nullable = true) @Nullable Integer workDays, @Schema(nullable = true) @Nullable Integer offDays,
		@Schema(nullable = true) @Nullable List<ScheduleRequest.Interval> intervals, int tolerancePerMarkMinutes,
		int toleranceDailyMinutes, boolean timeBank, int timeBankExpiryMonths, boolean nightReducedHour,
		@Schema(description = "Assigned to some employee: it cannot be deleted") boolean inUse, Instant createdAt,
		Instant updatedAt) {
}
