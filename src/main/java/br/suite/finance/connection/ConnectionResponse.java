package br.suite.finance.connection;

import java.time.Instant;

import io.swagger.v3.oas.annotations.media.Schema;
import org.jspecify.annotations.Nullable;

public record ConnectionResponse(long id, String provider, boolean enabled, @Schema(allowableValues = {
		"pending", "active", "error", "revoked" }) String status, String endpoint, String accountId,
		boolean webhookConfigured,
		@Schema(description = "finished_at of the latest successful (or partial) sync of this provider and "
				+ "account; null before the first") @Nullable Instant lastSyncAt,
		String notes, Instant createdAt, Instant updatedAt){

	static ConnectionResponse from(FinanceConnection connection) {
		return new ConnectionResponse(connection.id(), connection.provider, connection.enabled, connection.status,
				connection.endpoint, connection.accountId, connection.webhookConfigured, connection.lastSyncAt,
				connection.notes, connection.createdAt, connection.updatedAt);
	}

}
