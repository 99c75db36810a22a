package br.suite.timeclock.absence;

import java.time.Instant;
import java.time.LocalDate;

import io.swagger.v3.oas.annotations.media.Schema;
import org.jspecify.annotations.Nullable;

/**
 * An absence; the certificate itself is read at …/certificate/ with its own permission.
 */
public record AbsenceResponse(long id, long employeeId, LocalDate dateFrom, LocalDate dateTo, String kind,
		@Schema(description = "every kind but falta") boolean justified, String note, boolean hasCertificate,
		@Schema(nullable = true) @Nullable String certificateContentType,
		@Schema(nullable = true) @Nullable String certificateSha256, long createdBy, Instant createdAt,
		@Schema(description = "the employee's approved request this absence comes from",
				nullable = true) @Nullable Long requestId) {
}
