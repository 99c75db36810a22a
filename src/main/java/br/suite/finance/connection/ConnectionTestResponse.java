package br.suite.finance.connection;

import io.swagger.v3.oas.annotations.media.Schema;

/** What a credentials test saw; the connection's status was set to it. */
public record ConnectionTestResponse(@Schema(allowableValues = {
		"active", "error", "revoked" }) String status,
		@Schema(description = "What the provider answered, or why it failed (never a secret)") String message){
}
