package br.suite.finance.connection;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.StringReader;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.Signature;
import java.security.cert.Certificate;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import org.bouncycastle.asn1.pkcs.PrivateKeyInfo;
import org.bouncycastle.cert.X509CertificateHolder;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.openssl.PEMKeyPair;
import org.bouncycastle.openssl.PEMParser;
import org.bouncycastle.openssl.jcajce.JcaPEMKeyConverter;

/**
 * A Pix provider's client certificate, from a PKCS#12 ({@code .p12}/{@code .pfx}, the
 * password may be empty: Efí) or from PEM files (certificate chain + private key in
 * PKCS#1, PKCS#8 or EC form: Inter), read with BouncyCastle, and the CA certificates of a
 * sandbox's server. The key must match the certificate (checked by a signature).
 */
final class ProviderCertificates {

	/** Why a certificate or key was refused; the message is for the client. */
	static final class Invalid extends Exception {

		Invalid(String message) {
			super(message);
		}

	}

	/**
	 * The client identity for mutual TLS: a PKCS#12 key store in memory with one key
	 * entry ({@code password} opens it) and its certificate.
	 */
	public record ClientIdentity(KeyStore keyStore, char[] password, X509Certificate certificate) {
	}

	private ProviderCertificates() {
	}

	static ClientIdentity fromP12(byte[] p12, String password) throws Invalid {
		KeyStore store;
		try {
			store = KeyStore.getInstance("PKCS12");
			store.load(new ByteArrayInputStream(p12), password.toCharArray());
		}
		catch (IOException | GeneralSecurityException ex) {
			throw new Invalid("is not a PKCS#12 file this password opens (" + ex.getMessage() + ")");
		}
		try {
			for (String alias : Collections.list(store.aliases())) {
				if (store.isKeyEntry(alias)) {
					PrivateKey key = (PrivateKey) store.getKey(alias, password.toCharArray());
					Certificate[] chain = store.getCertificateChain(alias);
					if (key == null || chain == null || chain.length == 0
							|| !(chain[0] instanceof X509Certificate certificate)) {
						continue;
					}
					checkPair(key, certificate);
					return identity(key, chain);
				}
			}
		}
		catch (GeneralSecurityException ex) {
			throw new Invalid("holds no private key this password opens (" + ex.getMessage() + ")");
		}
		throw new Invalid("holds no private key with its certificate");
	}

	static ClientIdentity fromPem(String certificatePem, String privateKeyPem) throws Invalid {
		List<X509Certificate> chain = certificates(certificatePem);
		PrivateKey key = privateKey(privateKeyPem);
		checkPair(key, chain.get(0));
		return identity(key, chain.toArray(new Certificate[0]));
	}

	/** Every certificate in a PEM text (at least one). */
	static List<X509Certificate> certificates(String pem) throws Invalid {
		List<X509Certificate> out = new ArrayList<>();
		try (PEMParser parser = new PEMParser(new StringReader(pem))) {
			Object item;
			while ((item = parser.readObject()) != null) {
				if (item instanceof X509CertificateHolder holder) {
					out.add(new JcaX509CertificateConverter().getCertificate(holder));
				}
			}
		}
		catch (IOException | GeneralSecurityException | RuntimeException ex) {
			throw new Invalid("is not a PEM certificate (" + ex.getMessage() + ")");
		}
		if (out.isEmpty()) {
			throw new Invalid("holds no PEM certificate (-----BEGIN CERTIFICATE-----)");
		}
		return out;
	}

	static PrivateKey privateKey(String pem) throws Invalid {
		try (PEMParser parser = new PEMParser(new StringReader(pem))) {
			Object item = parser.readObject();
			JcaPEMKeyConverter converter = new JcaPEMKeyConverter();
			if (item instanceof PEMKeyPair pair) {
				return converter.getKeyPair(pair).getPrivate();
			}
			if (item instanceof PrivateKeyInfo info) {
				return converter.getPrivateKey(info);
			}
			if (item != null && item.getClass().getSimpleName().contains("Encrypted")) {
				throw new Invalid("is encrypted: give the key without a passphrase (openssl pkey -in key.pem "
						+ "-out plain.pem), or a PKCS#12 with its password");
			}
		}
		catch (IOException | RuntimeException ex) {
			throw new Invalid("is not a PEM private key (" + ex.getMessage() + ")");
		}
		throw new Invalid(
				"holds no PEM private key (-----BEGIN PRIVATE KEY----- or -----BEGIN RSA/EC PRIVATE " + "KEY-----)");
	}

	/** Signs with the key and verifies with the certificate. */
	private static void checkPair(PrivateKey key, X509Certificate certificate) throws Invalid {
		String algorithm = switch (key.getAlgorithm()) {
			case "RSA" -> "SHA256withRSA";
			case "EC" -> "SHA256withECDSA";
			default -> throw new Invalid("uses a " + key.getAlgorithm() + " key; RSA or EC keys are supported");
		};
		try {
			byte[] probe = "suite".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
			Signature signer = Signature.getInstance(algorithm);
			signer.initSign(key);
			signer.update(probe);
			byte[] signature = signer.sign();
			Signature verifier = Signature.getInstance(algorithm);
			verifier.initVerify(certificate.getPublicKey());
			verifier.update(probe);
			if (verifier.verify(signature)) {
				return;
			}
		}
		catch (GeneralSecurityException ex) {
			// Falls through: the key and the certificate do not belong together.
		}
		throw new Invalid("does not belong to the certificate (the private key is another certificate's)");
	}

	private static ClientIdentity identity(PrivateKey key, Certificate[] chain) throws Invalid {
		try {
			char[] password = new char[0];
			KeyStore store = KeyStore.getInstance("PKCS12");
			store.load(null, null);
			store.setKeyEntry("client", key, password, chain);
			return new ClientIdentity(store, password, (X509Certificate) chain[0]);
		}
		catch (IOException | GeneralSecurityException ex) {
			throw new Invalid("cannot be used (" + ex.getMessage() + ")");
		}
	}

}
