package br.suite.finance.connection;

import java.security.cert.X509Certificate;
import java.util.List;
import java.util.Map;

import org.jspecify.annotations.Nullable;

import br.suite.finance.connection.ProviderCertificates.ClientIdentity;

/**
 * A pix_api connection's credentials, decrypted, for the provider client only: never
 * logged, never answered.
 */
public record PixCredentials(long connectionId, String baseUrl, String tokenUrl, TokenAuth tokenAuth, String scope,
		String pixKey, Secrets secrets, @Nullable ClientIdentity identity, List<X509Certificate> serverCas) {

	/** The part of the credentials kept sealed (AES-GCM) in the database. */
	public record Secrets(String clientId, String clientSecret, @Nullable String certificateP12Base64,
			String certificatePassword, @Nullable String certificatePem, @Nullable String privateKeyPem,
			Map<String, String> extraHeaders, Map<String, String> extraQuery, @Nullable String serverCaPem) {
	}

	@Override
	public String toString() {
		return "PixCredentials[connection " + this.connectionId + ", " + this.baseUrl + "]";
	}

}
