package br.suite.timeclock;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.cert.Certificate;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.Calendar;
import java.util.Collections;
import java.util.List;
import java.util.TimeZone;

import org.bouncycastle.asn1.ASN1EncodableVector;
import org.bouncycastle.asn1.DERSet;
import org.bouncycastle.asn1.cms.Attribute;
import org.bouncycastle.asn1.cms.AttributeTable;
import org.bouncycastle.asn1.cms.CMSAttributes;
import org.bouncycastle.asn1.ess.ESSCertIDv2;
import org.bouncycastle.asn1.ess.SigningCertificateV2;
import org.bouncycastle.asn1.pkcs.PKCSObjectIdentifiers;
import org.bouncycastle.cert.jcajce.JcaCertStore;
import org.bouncycastle.cms.CMSAttributeTableGenerator;
import org.bouncycastle.cms.CMSException;
import org.bouncycastle.cms.CMSProcessableByteArray;
import org.bouncycastle.cms.CMSSignedDataGenerator;
import org.bouncycastle.cms.DefaultSignedAttributeTableGenerator;
import org.bouncycastle.cms.jcajce.JcaSignerInfoGeneratorBuilder;
import org.bouncycastle.operator.OperatorCreationException;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;
import org.bouncycastle.operator.jcajce.JcaDigestCalculatorProviderBuilder;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.interactive.digitalsignature.PDSignature;
import org.apache.pdfbox.pdmodel.interactive.digitalsignature.SignatureInterface;
import org.springframework.stereotype.Service;

import br.suite.shared.crypto.Sha256;

/**
 * The REP-P's signatures, made with the first private key of the configured PKCS#12 key
 * store: the detached CAdES-BES signature ({@code .p7s}) of an AFD (arts. 87-88), and the
 * PAdES signature of the comprovante PDF (art. 80): CMS SignedData without the content,
 * SHA-256, with the signing-certificate-v2 attribute and the certificate chain. The key
 * store is read at each signature, so a renewed certificate needs no restart; its
 * password is never logged.
 */
@Service
public class AfdSigner {

	private final RepSettings settings;

	AfdSigner(RepSettings settings) {
		this.settings = settings;
	}

	/**
	 * Whether a key store is configured (signed comprovantes), or not (unsigned ones).
	 */
	public boolean configured() {
		return this.settings.signatureKeystore() != null;
	}

	/**
	 * The detached CAdES signature of the AFD's bytes, with the signing-time attribute.
	 */
	public byte[] sign(byte[] content) {
		Key key = key();
		try {
			return cms(content, key, true);
		}
		catch (GeneralSecurityException | IOException ex) {
			throw new TimeclockProblems.SignatureNotConfigured(
					"The AFD signature could not be made (" + ex.getClass().getSimpleName() + ").");
		}
	}

	/**
	 * The PDF with a PAdES signature (PAdES baseline B: subfilter ETSI.CAdES.detached,
	 * the CMS over the byte range, without signing-time, whose place is the signature
	 * dictionary's M), appended as an incremental update.
	 */
	public byte[] signPdf(byte[] pdf, String reason) {
		Key key = key();
		try (PDDocument document = Loader.loadPDF(pdf); ByteArrayOutputStream out = new ByteArrayOutputStream()) {
			PDSignature signature = new PDSignature();
			signature.setFilter(PDSignature.FILTER_ADOBE_PPKLITE);
			signature.setSubFilter(PDSignature.SUBFILTER_ETSI_CADES_DETACHED);
			signature.setName(key.chain().get(0).getSubjectX500Principal().getName());
			signature.setReason(reason);
			signature.setSignDate(Calendar.getInstance(TimeZone.getTimeZone("UTC")));
			SignatureInterface signer = content -> {
				try {
					return cms(content.readAllBytes(), key, false);
				}
				catch (GeneralSecurityException ex) {
					throw new IOException(ex);
				}
			};
			document.addSignature(signature, signer);
			document.saveIncremental(out);
			return out.toByteArray();
		}
		catch (IOException ex) {
			throw new TimeclockProblems.SignatureNotConfigured(
					"The comprovante's signature could not be made (" + ex.getClass().getSimpleName() + ").");
		}
	}

	private record Key(PrivateKey privateKey, List<X509Certificate> chain) {
	}

	private Key key() {
		if (this.settings.signatureKeystore() == null) {
			throw new TimeclockProblems.SignatureNotConfigured(
					"The AFD signature is not configured: set SUITE_REP_SIGNATURE_KEYSTORE to a PKCS#12 "
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
					return new Key(key, chain);
				}
			}
			throw new TimeclockProblems.SignatureNotConfigured("The AFD signature key store holds no private key.");
		}
		catch (IOException | GeneralSecurityException ex) {
			// The message names neither the password nor the key.
			throw new TimeclockProblems.SignatureNotConfigured("The AFD signature key store cannot be read ("
					+ ex.getClass().getSimpleName() + "): check SUITE_REP_SIGNATURE_KEYSTORE and its password.");
		}
	}

	private static byte[] cms(byte[] content, Key key, boolean signingTime)
			throws GeneralSecurityException, IOException {
		try {
			X509Certificate certificate = key.chain().get(0);
			ESSCertIDv2 certId = new ESSCertIDv2(Sha256.bytes(certificate.getEncoded()));
			ASN1EncodableVector attributes = new ASN1EncodableVector();
			attributes.add(new Attribute(PKCSObjectIdentifiers.id_aa_signingCertificateV2,
					new DERSet(new SigningCertificateV2(new ESSCertIDv2[] { certId }))));
			DefaultSignedAttributeTableGenerator defaults = new DefaultSignedAttributeTableGenerator(
					new AttributeTable(attributes));
			CMSAttributeTableGenerator signed = signingTime ? defaults
					: parameters -> defaults.getAttributes(parameters).remove(CMSAttributes.signingTime);
			String algorithm = "EC".equals(key.privateKey().getAlgorithm()) ? "SHA256withECDSA" : "SHA256withRSA";
			CMSSignedDataGenerator generator = new CMSSignedDataGenerator();
			generator.addSignerInfoGenerator(
					new JcaSignerInfoGeneratorBuilder(new JcaDigestCalculatorProviderBuilder().build())
						.setSignedAttributeGenerator(signed)
						.build(new JcaContentSignerBuilder(algorithm).build(key.privateKey()), certificate));
			generator.addCertificates(new JcaCertStore(key.chain()));
			return generator.generate(new CMSProcessableByteArray(content), false).getEncoded();
		}
		catch (OperatorCreationException | CMSException ex) {
			throw new GeneralSecurityException("CMS signature failed", ex);
		}
	}

}
