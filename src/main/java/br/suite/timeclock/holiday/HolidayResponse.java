package br.suite.timeclock.holiday;

import java.time.LocalDate;

import io.swagger.v3.oas.annotations.media.Schema;
import org.jspecify.annotations.Nullable;

/**
 * A holiday as the wire shows it: a built-in national one (no id, its law) or a company
 * one.
 */
record HolidayResponse(@Schema(description = "null for a national holiday", nullable = true) @Nullable Long id,
		LocalDate date, String name, @Schema(description = "national, state or municipal") String scope,
		@Schema(description = "null: every establishment", nullable = true) @Nullable Long establishmentId,
		@Schema(description = "The law of a national holiday", nullable = true) @Nullable String law) {
}
