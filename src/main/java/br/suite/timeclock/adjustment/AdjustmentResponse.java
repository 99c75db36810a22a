package br.suite.timeclock.adjustment;

import java.time.Instant;
import java.time.OffsetDateTime;

import io.swagger.v3.oas.annotations.media.Schema;
import org.jspecify.annotations.Nullable;

public record AdjustmentResponse(long id, String kind, long employeeId, @Nullable Long punchId,
		@Nullable String eventType, @Nullable Instant occurredAt, @Nullable OffsetDateTime occurredAtBrt, String reason,
		long createdBy, Instant createdAt,
		@Schema(description = "the employee's approved request this adjustment comes from",
				nullable = true) @Nullable Long requestId) {
}
