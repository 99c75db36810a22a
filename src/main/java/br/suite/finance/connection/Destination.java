package br.suite.finance.connection;

import java.security.cert.X509Certificate;

import org.jspecify.annotations.Nullable;

import br.suite.shared.crypto.Sha256;

/**
 * Where a connection's calls go and whom they trust: its URLs, the server CA and the
 * SHA-256 of the client certificate (empty when there is none). Another destination is
 * another provider, as far as money is concerned.
 */
record Destination(String baseUrl, String tokenUrl, String serverCaPem, String certificateSha256) {

	static Destination of(String baseUrl, String tokenUrl, @Nullable String serverCaPem,
			@Nullable X509Certificate certificate) {
		String fingerprint = "";
		if (certificate != null) {
			try {
				fingerprint = Sha256.hex(certificate.getEncoded());
			}
			catch (java.security.cert.CertificateEncodingException ex) {
				fingerprint = "unreadable";
			}
		}
		return new Destination(url(baseUrl), url(tokenUrl), serverCaPem == null ? "" : serverCaPem.strip(),
				fingerprint);
	}

	static String url(String url) {
		String out = url.strip();
		while (out.endsWith("/")) {
			out = out.substring(0, out.length() - 1);
		}
		return out;
	}

	static String host(String url) {
		try {
			String host = java.net.URI.create(url).getHost();
			return host == null ? "" : host;
		}
		catch (IllegalArgumentException ex) {
			return "";
		}
	}

}
