package br.suite.finance.transaction;

import java.time.Instant;

import io.swagger.v3.oas.annotations.media.Schema;
import org.jspecify.annotations.Nullable;

import br.suite.finance.TransactionImports;

/**
 * One synchronisation run as clients read it; written by the system through
 * {@link TransactionImports}.
 */
public record SyncLogResponse(long id, String provider, @Schema(allowableValues = {
		"csv_import", "provider_sync", "webhook" }) String flow,
		@Schema(allowableValues = { "running", "success", "partial", "failed" }) String status, Instant startedAt,
		@Schema(description = "null while the run is running") @Nullable Instant finishedAt,
		@Schema(description = "transactions inserted by the run") int importedCount,
		@Schema(description = "existing transactions the run changed") int updatedCount, String message,
		Instant createdAt){
}
