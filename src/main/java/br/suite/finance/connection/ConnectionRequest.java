package br.suite.finance.connection;

import io.swagger.v3.oas.annotations.media.Schema;
import jakarta.validation.constraints.Size;
import org.jspecify.annotations.Nullable;

import br.suite.shared.ClosedSet;

/**
 * The writable fields of a connection (op 1, PUT): everything but {@code provider}, which
 * is chosen on create and ignored here. Absent fields take their defaults.
 */
record ConnectionRequest(@Nullable Boolean enabled, @Schema(allowableValues = {
		"pending", "active", "error", "revoked" }) @Nullable String status, @Size(max = 500) @Nullable String endpoint,
		@Size(max = 100) @Nullable String accountId, @Nullable Boolean webhookConfigured,
		@Size(max = 5000) @Nullable String notes){

	ConnectionRequest {
		enabled = enabled == null || enabled;
		status = status == null ? ClosedSet.wire(ConnectionStatus.PENDING) : status;
		endpoint = endpoint == null ? "" : endpoint.strip();
		accountId = accountId == null ? "" : accountId.strip();
		webhookConfigured = webhookConfigured != null && webhookConfigured;
		notes = notes == null ? "" : notes;
	}

	static ConnectionRequest of(FinanceConnection connection) {
		return new ConnectionRequest(connection.enabled, connection.status, connection.endpoint, connection.accountId,
				connection.webhookConfigured, connection.notes);
	}

}
