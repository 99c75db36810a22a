package br.suite.finance.pix;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.springframework.stereotype.Component;

import br.suite.finance.connection.PixCredentials;
import br.suite.shared.crypto.Sha256;

/**
 * Access tokens of Pix providers, kept in memory until shortly before they expire (30 s
 * before {@code expires_in}), per set of credentials: new credentials never reuse an old
 * token. Concurrent callers of the same credentials share one token request.
 */
@Component
class PixTokens {

	record Token(String value, Instant expiresAt) {

		@Override
		public String toString() {
			return "Token[expires " + this.expiresAt + "]";
		}

	}

	private final Map<String, Token> tokens = new ConcurrentHashMap<>();

	private final Map<String, Object> locks = new ConcurrentHashMap<>();

	String token(PixApiClient client) throws PixProviderException {
		String key = key(client.credentials());
		Token token = this.tokens.get(key);
		if (token != null && token.expiresAt().isAfter(Instant.now())) {
			return token.value();
		}
		synchronized (this.locks.computeIfAbsent(key, k -> new Object())) {
			token = this.tokens.get(key);
			if (token == null || !token.expiresAt().isAfter(Instant.now())) {
				token = client.requestToken();
				this.tokens.put(key, token);
			}
			return token.value();
		}
	}

	void forget(PixApiClient client) {
		this.tokens.remove(key(client.credentials()));
	}

	/** A digest of what the token depends on, never the secrets themselves. */
	private static String key(PixCredentials credentials) {
		PixCredentials.Secrets secrets = credentials.secrets();
		return credentials.connectionId() + ":"
				+ Sha256.hex((credentials.tokenUrl() + "\n" + credentials.scope() + "\n" + secrets.clientId() + "\n"
						+ secrets.clientSecret() + "\n" + secrets.certificateP12Base64() + "\n"
						+ secrets.certificatePem())
					.getBytes(StandardCharsets.UTF_8));
	}

}
