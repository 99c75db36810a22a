package br.suite.finance.connection;

import java.util.Map;

import io.swagger.v3.oas.annotations.media.Schema;
import org.jspecify.annotations.Nullable;

/**
 * A connection's credentials for a provider's API Pix (the Central Bank's standard),
 * write-only: every PUT replaces them whole, and no read shows a secret.
 */
@Schema(description = "Credentials of a pix_api connection (write-only)")
public record CredentialsRequest(@Schema(allowableValues = {
		"pix_api" }, description = "Required") @Nullable String kind,
		@Schema(description = "Required: the API's base URL, https, e.g. https://pix.api.efipay.com.br/v2",
				example = "https://pix.api.efipay.com.br/v2") @Nullable String baseUrl,
		@Schema(description = "Required: the OAuth2 token URL, https",
				example = "https://pix.api.efipay.com.br/oauth/token") @Nullable String tokenUrl,
		@Schema(description = "Required (≤ 500)") @Nullable String clientId,
		@Schema(description = "May be empty (Sicoob: the certificate alone)") @Nullable String clientSecret,
		@Schema(description = "The client certificate and key as PKCS#12, base64; or certificate_pem + "
				+ "private_key_pem") @Nullable String certificateP12Base64,
		@Schema(description = "The PKCS#12's password; may be empty (Efí)") @Nullable String certificatePassword,
		@Schema(description = "PEM certificate (chain), with private_key_pem (Inter)") @Nullable String certificatePem,
		@Schema(description = "PEM private key (PKCS#1, PKCS#8 or EC), not encrypted") @Nullable String privateKeyPem,
		@Schema(description = "The company's Pix key at this provider (≤ 77)") @Nullable String pixKey,
		@Schema(allowableValues = { "basic", "form", "client_id_only" },
				description = "How the token request authenticates; default basic") @Nullable String tokenAuth,
		@Schema(description = "Scopes to request, space separated (Inter, Sicoob, BB need them)") @Nullable String scope,
		@Schema(description = "Headers sent on every API call (Sicoob's client_id)") @Nullable Map<String, String> extraHeaders,
		@Schema(description = "Query parameters added to every API call (BB's gw-dev-app-key)") @Nullable Map<String, String> extraQuery,
		@Schema(description = "PEM CA certificates to trust for this provider's server (sandboxes with their own CA); "
				+ "the JDK's trusted CAs otherwise") @Nullable String serverCaPem){
}
