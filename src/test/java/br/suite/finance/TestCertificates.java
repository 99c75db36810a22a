package br.suite.finance;

import java.io.ByteArrayOutputStream;
import java.io.StringWriter;
import java.math.BigInteger;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.Date;
import java.util.concurrent.atomic.AtomicLong;

import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x509.BasicConstraints;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.GeneralName;
import org.bouncycastle.asn1.x509.GeneralNames;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.openssl.jcajce.JcaPEMWriter;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;

/**
 * Certificates made in the test with BouncyCastle: a CA, and keys signed by it (a PSP's
 * server, a company's client certificate), as PEM and PKCS#12.
 */
final class TestCertificates {

	private static final AtomicLong SERIAL = new AtomicLong(System.currentTimeMillis());

	private static final int KEYS = 12;

	private static final KeyPair[] POOL = new KeyPair[KEYS];

	private static final AtomicLong NEXT_KEY = new AtomicLong();

	/** A key pair and its certificate, signed by {@code issuer} (or self-signed). */
	record Issued(KeyPair keys, X509Certificate certificate) {

		String certificatePem() {
			return pem(this.certificate);
		}

		String privateKeyPem() {
			return pem(this.keys.getPrivate());
		}

		byte[] p12(String password) {
			try {
				KeyStore store = KeyStore.getInstance("PKCS12");
				store.load(null, null);
				store.setKeyEntry("key", this.keys.getPrivate(), password.toCharArray(),
						new X509Certificate[] { this.certificate });
				ByteArrayOutputStream out = new ByteArrayOutputStream();
				store.store(out, password.toCharArray());
				return out.toByteArray();
			}
			catch (Exception ex) {
				throw new IllegalStateException(ex);
			}
		}

		String p12Base64(String password) {
			return Base64.getEncoder().encodeToString(p12(password));
		}

	}

	private TestCertificates() {
	}

	static Issued ca(String name) {
		KeyPair keys = rsa();
		return new Issued(keys,
				sign("CN=" + name, keys, "CN=" + name, keys.getPrivate(), Duration.ofDays(365), true, null));
	}

	/** A certificate valid for {@code validity} from now, signed by {@code issuer}. */
	static Issued issue(Issued issuer, String subject, Duration validity, String... dnsNames) {
		KeyPair keys = rsa();
		return new Issued(keys, sign(subject, keys, issuer.certificate().getSubjectX500Principal().getName(),
				issuer.keys().getPrivate(), validity, false, dnsNames));
	}

	/**
	 * The next of {@link #KEYS} RSA key pairs, made on first use and then handed out in
	 * turn: a 2048-bit key costs about a second of CPU in the tests' JVMs (C1 only), the
	 * Pix tests ask for three per fake PSP, and any {@code KEYS} calls in a row still get
	 * keys that differ (a CA, its server and client keys, another CA of the same name).
	 */
	private static KeyPair rsa() {
		int index = (int) (NEXT_KEY.getAndIncrement() % KEYS);
		synchronized (POOL) {
			if (POOL[index] == null) {
				try {
					KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
					generator.initialize(2048);
					POOL[index] = generator.generateKeyPair();
				}
				catch (Exception ex) {
					throw new IllegalStateException(ex);
				}
			}
			return POOL[index];
		}
	}

	private static X509Certificate sign(String subject, KeyPair keys, String issuer, PrivateKey issuerKey,
			Duration validity, boolean ca, String[] dnsNames) {
		try {
			Instant now = Instant.now();
			JcaX509v3CertificateBuilder builder = new JcaX509v3CertificateBuilder(new X500Name(issuer),
					BigInteger.valueOf(SERIAL.incrementAndGet()), Date.from(now.minus(Duration.ofHours(1))),
					Date.from(now.plus(validity)), new X500Name(subject), keys.getPublic());
			builder.addExtension(Extension.basicConstraints, true, new BasicConstraints(ca));
			if (dnsNames != null && dnsNames.length > 0) {
				GeneralName[] names = new GeneralName[dnsNames.length];
				for (int i = 0; i < dnsNames.length; i++) {
					names[i] = dnsNames[i].matches("[0-9.]+") ? new GeneralName(GeneralName.iPAddress, dnsNames[i])
							: new GeneralName(GeneralName.dNSName, dnsNames[i]);
				}
				builder.addExtension(Extension.subjectAlternativeName, false, new GeneralNames(names));
			}
			return new JcaX509CertificateConverter()
				.getCertificate(builder.build(new JcaContentSignerBuilder("SHA256withRSA").build(issuerKey)));
		}
		catch (Exception ex) {
			throw new IllegalStateException(ex);
		}
	}

	static String pem(Object object) {
		StringWriter out = new StringWriter();
		try (JcaPEMWriter writer = new JcaPEMWriter(out)) {
			writer.writeObject(object);
		}
		catch (Exception ex) {
			throw new IllegalStateException(ex);
		}
		return out.toString();
	}

}
