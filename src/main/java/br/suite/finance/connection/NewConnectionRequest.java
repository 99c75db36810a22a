package br.suite.finance.connection;

import io.swagger.v3.oas.annotations.media.Schema;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Size;
import org.jspecify.annotations.Nullable;

/**
 * A connection to create: the {@link ConnectionRequest} fields plus the provider, fixed
 * from now on.
 */
record NewConnectionRequest(
		@Schema(description = "Provider code: 1-40 lowercase letters, digits, - or _ (upper case is lowered), "
				+ "e.g. asaas, efi, woovi, itau. Never changes after create.",
				example = "asaas") @NotBlank @Size(max = 40) String provider,
		@Nullable Boolean enabled, @Schema(allowableValues = {
				"pending", "active", "error", "revoked" }) @Nullable String status,
		@Size(max = 500) @Nullable String endpoint, @Size(max = 100) @Nullable String accountId,
		@Nullable Boolean webhookConfigured, @Size(max = 5000) @Nullable String notes){

	ConnectionRequest settings() {
		return new ConnectionRequest(this.enabled, this.status, this.endpoint, this.accountId, this.webhookConfigured,
				this.notes);
	}

}
