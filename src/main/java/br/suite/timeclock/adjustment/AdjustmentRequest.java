package br.suite.timeclock.adjustment;

import java.time.OffsetDateTime;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Positive;
import jakarta.validation.constraints.Size;

import io.swagger.v3.oas.annotations.media.Schema;
import org.jspecify.annotations.Nullable;

public record AdjustmentRequest(@Schema(allowableValues = {
		"include", "disregard" }) @NotBlank String kind,
		@Schema(description = "disregard: the punch to disregard") @Nullable @Positive Long punchId,
		@Schema(description = "include: the employee") @Nullable @Positive Long employeeId,
		@Schema(description = "include: the forgotten punch's event type") @Nullable String eventType,
		@Schema(description = "include: when the forgotten punch happened") @Nullable OffsetDateTime occurredAt,
		@NotBlank @Size(max = 1000) String reason){
}
