package br.suite.timeclock.holiday;

import java.time.LocalDate;

import io.swagger.v3.oas.annotations.media.Schema;
import org.jspecify.annotations.Nullable;

/** A company holiday; national ones are built in and cannot be created. */
record HolidayRequest(@Schema(example = "2026-01-25") @Nullable LocalDate date,
		@Schema(description = "1–120 characters", example = "Aniversário de São Paulo") @Nullable String name,
		@Schema(description = "state or municipal", example = "municipal") @Nullable String scope,
		@Schema(description = "The establishment it applies to; null for every establishment",
				nullable = true) @Nullable Long establishmentId) {

	HolidayRequest {
		name = name == null ? null : name.strip();
		scope = scope == null ? null : scope.strip();
	}

}
