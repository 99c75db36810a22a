package br.suite.finance.connection;

import java.time.Instant;
import java.util.List;

import io.swagger.v3.oas.annotations.media.Schema;
import org.jspecify.annotations.Nullable;

/** What is set in a connection's credentials, and when: never a secret. */
public record CredentialsResponse(@Schema(allowableValues = {
		"pix_api" }) String kind, String baseUrl, String tokenUrl,
		@Schema(allowableValues = { "basic", "form", "client_id_only" }) String tokenAuth, String scope, String pixKey,
		boolean clientIdSet, boolean clientSecretSet,
		@Schema(allowableValues = { "p12", "pem", "none" }) String certificate,
		@Schema(description = "The client certificate's subject, or empty") String certificateSubject,
		@Schema(description = "The client certificate's expiry (notAfter); null without one") @Nullable Instant certificateExpiresAt,
		@Schema(description = "true from 30 days before the expiry on (and after it)") boolean certificateExpiresSoon,
		boolean serverCaSet, List<String> extraHeaderNames, List<String> extraQueryNames, Instant updatedAt){
}
