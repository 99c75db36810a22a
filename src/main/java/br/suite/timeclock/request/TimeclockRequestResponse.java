package br.suite.timeclock.request;

import java.time.Instant;
import java.time.LocalDate;

import io.swagger.v3.oas.annotations.media.Schema;
import org.jspecify.annotations.Nullable;

/**
 * An employee's request and its decision; the fields of other kinds are null. The
 * certificate itself is read at …/certificate/ with its own permission.
 */
record TimeclockRequestResponse(long id, long employeeId, String kind, @Schema(allowableValues = {
		"pending", "approved", "refused" }) String status, String reason,
		@Schema(nullable = true) @Nullable Instant occurredAt, @Schema(nullable = true) @Nullable String eventType,
		@Schema(nullable = true) @Nullable Long punchId, @Schema(nullable = true) @Nullable LocalDate dateFrom,
		@Schema(nullable = true) @Nullable LocalDate dateTo, @Schema(nullable = true) @Nullable String absenceKind,
		boolean hasCertificate, @Schema(nullable = true) @Nullable String certificateContentType,
		@Schema(nullable = true) @Nullable String certificateSha256, @Schema(nullable = true) @Nullable LocalDate date,
		@Schema(nullable = true) @Nullable Integer minutes, Instant createdAt,
		@Schema(nullable = true) @Nullable Long decidedBy, @Schema(nullable = true) @Nullable Instant decidedAt,
		@Schema(nullable = true) @Nullable String decisionComment,
		@Schema(description = "approved include_mark/disregard_mark: the adjustment it wrote",
				nullable = true) @Nullable Long adjustmentId,
		@Schema(description = "approved absence: the absence it wrote", nullable = true) @Nullable Long absenceId){
}
