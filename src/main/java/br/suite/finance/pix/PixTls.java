package br.suite.finance.pix;

import java.io.IOException;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.X509Certificate;

import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

import br.suite.finance.connection.PixCredentials;
import br.suite.finance.pix.PixProviderException.Kind;

/**
 * The TLS a connection's client speaks: its client certificate and key for mutual TLS
 * (the token and the calls present the same one), and the server CAs it was given instead
 * of the JVM's, when there are any.
 */
final class PixTls {

	private PixTls() {
	}

	static SSLContext context(PixCredentials credentials) throws PixProviderException {
		try {
			KeyManagerFactory keys = null;
			if (credentials.identity() != null) {
				keys = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
				keys.init(credentials.identity().keyStore(), credentials.identity().password());
			}
			TrustManagerFactory trust = null;
			if (!credentials.serverCas().isEmpty()) {
				KeyStore cas = KeyStore.getInstance("PKCS12");
				cas.load(null, null);
				int i = 0;
				for (X509Certificate ca : credentials.serverCas()) {
					cas.setCertificateEntry("ca" + i++, ca);
				}
				trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
				trust.init(cas);
			}
			SSLContext context = SSLContext.getInstance("TLS");
			context.init(keys == null ? null : keys.getKeyManagers(), trust == null ? null : trust.getTrustManagers(),
					null);
			return context;
		}
		catch (GeneralSecurityException | IOException ex) {
			throw new PixProviderException(Kind.NOT_CONFIGURED, 0,
					"the client certificate or server CA cannot be used: " + ex.getMessage());
		}
	}

}
