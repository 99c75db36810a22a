package br.suite.finance.pix;

import java.time.LocalDate;

import io.swagger.v3.oas.annotations.media.Schema;
import org.jspecify.annotations.Nullable;

/** The window of a manual pull sync; both optional. */
record ProviderSyncRequest(
		@Schema(description = "First day (São Paulo) to fetch; default: the last successful sync minus the overlap, "
				+ "or 7 days back before the first") @Nullable LocalDate dateFrom,
		@Schema(description = "Last day (inclusive); default: now") @Nullable LocalDate dateTo) {
}
