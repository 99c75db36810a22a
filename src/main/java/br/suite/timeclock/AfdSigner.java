package br.suite.timeclock;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.cert.Certificate;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import org.bouncycastle.asn1.ASN1EncodableVector;
import org.bouncycastle.asn1.DERSet;
import org.bouncycastle.asn1.cms.Attribute;
import org.bouncycastle.asn1.cms.AttributeTable;
import org.bouncycastle.asn1.ess.ESSCertIDv2;
import org.bouncycastle.asn1.ess.SigningCertificateV2;
import org.bouncycastle.asn1.pkcs.PKCSObjectIdentifiers;
import org.bouncycastle.cert.jcajce.JcaCertStore;
import org.bouncycastle.cms.CMSException;
import org.bouncycastle.cms.CMSProcessableByteArray;
import org.bouncycastle.cms.CMSSignedDataGenerator;
import org.bouncycastle.cms.DefaultSignedAttributeTableGenerator;
import org.bouncycastle.cms.jcajce.JcaSignerInfoGeneratorBuilder;
import org.bouncycastle.operator.OperatorCreationException;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;
import org.bouncycastle.operator.jcajce.JcaDigestCalculatorProviderBuilder;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Service;

import br.suite.shared.ApiProblem;
import br.suite.shared.Sha256;

/**
 * The detached CAdES-BES signature ({@code .p7s}) of an AFD: CMS SignedData without the content, SHA-256, with
 * the signing-certificate-v2 and signing-time attributes and the certificate chain, made with the first private
 * key of the configured PKCS#12 key store. The key store is read at each signature, so a renewed certificate
 * needs no restart; its password is never logged.
 */
@Service
class AfdSigner {

	private final RepSettings settings;

	AfdSigner(RepSettings settings) {
		this.settings = settings;
	}

	/** 503 problem: no key is configured, so Suite cannot sign. */
	static final class NotConfigured extends ApiProblem {

		NotConfigured(String detail) {
			super(HttpStatus.SERVICE_UNAVAILABLE, detail);
			with("rule", "afd_signature_not_configured");
		}

	}

	byte[] sign(byte[] content) {
		if (this.settings.signatureKeystore() == null) {
			throw new NotConfigured("The AFD signature is not configured: set SUITE_REP_SIGNATURE_KEYSTORE to a PKCS#12 "
					+ "file with the developer's ICP-Brasil certificate and SUITE_REP_SIGNATURE_KEYSTORE_PASSWORD.");
		}
		try (InputStream in = Files.newInputStream(this.settings.signatureKeystore())) {
			char[] password = this.settings.signatureKeystorePassword().toCharArray();
			KeyStore store = KeyStore.getInstance("PKCS12");
			store.load(in, password);
			for (String alias : Collections.list(store.aliases())) {
				if (store.isKeyEntry(alias)) {
					PrivateKey key = (PrivateKey) store.getKey(alias, password);
					List<X509Certificate> chain = new ArrayList<>();
					for (Certificate c : store.getCertificateChain(alias)) {
						chain.add((X509Certificate) c);
					}
					return sign(content, key, chain);
				}
			}
			throw new NotConfigured("The AFD signature key store holds no private key.");
		}
		catch (IOException | GeneralSecurityException ex) {
			// The message names neither the password nor the key.
			throw new NotConfigured("The AFD signature key store cannot be read (" + ex.getClass().getSimpleName()
					+ "): check SUITE_REP_SIGNATURE_KEYSTORE and its password.");
		}
	}

	private static byte[] sign(byte[] content, PrivateKey key, List<X509Certificate> chain)
			throws GeneralSecurityException, IOException {
		try {
			X509Certificate certificate = chain.get(0);
			ESSCertIDv2 certId = new ESSCertIDv2(Sha256.bytes(certificate.getEncoded()));
			ASN1EncodableVector attributes = new ASN1EncodableVector();
			attributes.add(new Attribute(PKCSObjectIdentifiers.id_aa_signingCertificateV2,
					new DERSet(new SigningCertificateV2(new ESSCertIDv2[] { certId }))));
			String algorithm = "EC".equals(key.getAlgorithm()) ? "SHA256withECDSA" : "SHA256withRSA";
			CMSSignedDataGenerator generator = new CMSSignedDataGenerator();
			generator.addSignerInfoGenerator(new JcaSignerInfoGeneratorBuilder(new JcaDigestCalculatorProviderBuilder().build())
				.setSignedAttributeGenerator(new DefaultSignedAttributeTableGenerator(new AttributeTable(attributes)))
				.build(new JcaContentSignerBuilder(algorithm).build(key), certificate));
			generator.addCertificates(new JcaCertStore(chain));
			return generator.generate(new CMSProcessableByteArray(content), false).getEncoded();
		}
		catch (OperatorCreationException | CMSException ex) {
			throw new GeneralSecurityException("CMS signature failed", ex);
		}
	}

}
