package br.suite.timeclock.closing;

import io.swagger.v3.oas.annotations.media.Schema;
import org.jspecify.annotations.Nullable;

/** Closes an establishment's month: freezes every employee's espelho of it. */
record ClosingRequest(@Schema(example = "2") @Nullable Long establishmentId,
		@Schema(description = "YYYY-MM", example = "2026-11") @Nullable String month) {
}
