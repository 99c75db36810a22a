package br.suite.timeclock.legalfiles;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.KeyStore;
import java.security.cert.X509Certificate;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Base64;
import java.util.Date;

import org.bouncycastle.asn1.pkcs.PKCSObjectIdentifiers;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.cert.X509CertificateHolder;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.cms.CMSProcessableByteArray;
import org.bouncycastle.cms.CMSSignedData;
import org.bouncycastle.cms.SignerInformation;
import org.bouncycastle.cms.jcajce.JcaSimpleSignerInfoVerifierBuilder;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;
import org.junit.jupiter.api.Test;

import br.suite.Api.Response;
import br.suite.ApiTest;
import br.suite.TestSettings;
import br.suite.timeclock.AejReader;
import br.suite.timeclock.AfdReader;
import br.suite.timeclock.ComprovanteApiTests;
import br.suite.timeclock.FacePhotos;
import br.suite.timeclock.RepApiTests;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The AFD's detached CAdES signature, with a self-signed certificate made here (an
 * instance with a key configured).
 */
class AfdSignatureApiTests extends ApiTest {

	static final String PASSWORD = "test-keystore-password";

	static final X509Certificate CERTIFICATE;

	static final Path KEYSTORE;

	static {
		try {
			KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
			generator.initialize(2048);
			KeyPair pair = generator.generateKeyPair();
			X500Name subject = new X500Name("CN=Suite REP-P test, O=Suite, C=BR");
			Instant now = Instant.now();
			X509CertificateHolder holder = new JcaX509v3CertificateBuilder(subject,
					BigInteger.valueOf(now.toEpochMilli()), Date.from(now.minus(1, ChronoUnit.DAYS)),
					Date.from(now.plus(365, ChronoUnit.DAYS)), subject, pair.getPublic())
				.build(new JcaContentSignerBuilder("SHA256withRSA").build(pair.getPrivate()));
			CERTIFICATE = new JcaX509CertificateConverter().getCertificate(holder);
			KeyStore store = KeyStore.getInstance("PKCS12");
			store.load(null, null);
			store.setKeyEntry("rep", pair.getPrivate(), PASSWORD.toCharArray(),
					new java.security.cert.Certificate[] { CERTIFICATE });
			KEYSTORE = Files.createTempFile("rep-signature", ".p12");
			try (OutputStream out = Files.newOutputStream(KEYSTORE)) {
				store.store(out, PASSWORD.toCharArray());
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		catch (GeneralSecurityException | org.bouncycastle.operator.OperatorCreationException ex) {
			throw new IllegalStateException(ex);
		}
	}

	// The REP's settings with the key store, in the shared context for each test.
	@Override
	protected void settings(TestSettings settings) {
		settings.record("br.suite.timeclock.RepSettings",
				java.util.Map.of("signatureKeystore", KEYSTORE, "signatureKeystorePassword", PASSWORD,
						"inpiRegistration", "BR512026000123-4", "developerDocument", "98.765.432/0001-98"));
	}

	@Test
	void theComprovantePdfIsPadesSignedAndItsByteRangeVerifies() throws Exception {
		long store = this.api
			.post("/api/timeclock/establishments/",
					json("name", "Loja Comprovante Assinado", "employer_document", "11222333000181"))
			.id();
		long employee = this.api
			.post("/api/access/users/",
					json("username", unique("sig"), "full_name", "Lia Assinada", "is_employee", true, "role_id", 1,
							"cpf", RepApiTests.cpf(), "establishment_id", store))
			.id();
		Response punch = this.api.post("/api/timeclock/punch/register/", json("event_type", "entrada", "employee_id",
				employee, "snapshot_base64", Base64.getEncoder().encodeToString(FacePhotos.noFace())));
		Response pdf = this.api.get("/api/timeclock/punches/" + punch.id() + "/comprovante/");
		assertThat(pdf.status()).as(pdf.toString()).isEqualTo(200);
		assertThat(pdf.contentType()).isEqualTo("application/pdf");
		byte[] bytes = pdf.bytes();
		assertThat(ComprovanteApiTests.text(bytes)).contains("Lia Assinada")
			.contains(punch.json().get("afd_hash").asString());
		try (org.apache.pdfbox.pdmodel.PDDocument document = org.apache.pdfbox.Loader.loadPDF(bytes)) {
			assertThat(document.getSignatureDictionaries()).hasSize(1);
			org.apache.pdfbox.pdmodel.interactive.digitalsignature.PDSignature signature = document
				.getSignatureDictionaries()
				.get(0);
			assertThat(signature.getSubFilter()).isEqualTo("ETSI.CAdES.detached");
			assertThat(signature.getFilter()).isEqualTo("Adobe.PPKLite");
			int[] range = signature.getByteRange();
			assertThat(range).hasSize(4);
			assertThat(range[0]).isZero();
			assertThat((long) range[2] + range[3]).isEqualTo(bytes.length);
			java.io.ByteArrayOutputStream covered = new java.io.ByteArrayOutputStream();
			covered.write(bytes, range[0], range[1]);
			covered.write(bytes, range[2], range[3]);
			byte[] signedBytes = covered.toByteArray();
			// /Contents is the DER signature padded with zeros to its reserved size: read
			// the one object it holds.
			org.bouncycastle.asn1.cms.ContentInfo contents;
			try (org.bouncycastle.asn1.ASN1InputStream in = new org.bouncycastle.asn1.ASN1InputStream(
					signature.getContents(bytes))) {
				contents = org.bouncycastle.asn1.cms.ContentInfo.getInstance(in.readObject());
			}
			CMSSignedData cms = new CMSSignedData(new CMSProcessableByteArray(signedBytes), contents);
			SignerInformation signer = cms.getSignerInfos().getSigners().iterator().next();
			assertThat(signer.verify(new JcaSimpleSignerInfoVerifierBuilder().build(CERTIFICATE))).isTrue();
			assertThat(signer.getSignedAttributes().get(PKCSObjectIdentifiers.id_aa_signingCertificateV2)).isNotNull();
			// PAdES baseline: the time is the dictionary's M, not a signing-time
			// attribute.
			assertThat(signer.getSignedAttributes().get(PKCSObjectIdentifiers.pkcs_9_at_signingTime)).isNull();
			assertThat(signature.getSignDate()).isNotNull();

			// One changed byte inside the range and the signature no longer verifies.
			signedBytes[range[1] / 2] ^= 1;
			SignerInformation altered = new CMSSignedData(new CMSProcessableByteArray(signedBytes), contents)
				.getSignerInfos()
				.getSigners()
				.iterator()
				.next();
			org.assertj.core.api.Assertions
				.assertThatThrownBy(() -> altered.verify(new JcaSimpleSignerInfoVerifierBuilder().build(CERTIFICATE)))
				.isInstanceOf(org.bouncycastle.cms.CMSSignerDigestMismatchException.class);
		}
	}

	@Test
	void theSignatureVerifiesOverTheExactAfdBytes() throws Exception {
		long store = this.api
			.post("/api/timeclock/establishments/",
					json("name", "Loja Assinada", "employer_document", "11222333000181"))
			.id();
		long employee = this.api
			.post("/api/access/users/",
					json("username", unique("sig"), "is_employee", true, "role_id", 1, "cpf", RepApiTests.cpf(),
							"establishment_id", store))
			.id();
		Response punch = this.api.post("/api/timeclock/punch/register/", json("event_type", "entrada", "employee_id",
				employee, "snapshot_base64", Base64.getEncoder().encodeToString(FacePhotos.noFace())));
		assertThat(punch.status()).isEqualTo(201);

		Response afd = this.api.get("/api/timeclock/afd/?establishment_id=" + store);
		String generatedAt = afd.header(AfdController.GENERATED_AT).orElseThrow();
		Response p7s = this.api
			.get("/api/timeclock/afd/signature/?establishment_id=" + store + "&generated_at=" + generatedAt);
		assertThat(p7s.status()).as(p7s.toString()).isEqualTo(200);
		assertThat(p7s.contentType()).startsWith("application/pkcs7-signature");
		assertThat(p7s.header("Content-Disposition").orElseThrow())
			.contains("AFD512026000123411222333000181REP_P.txt.p7s");
		AfdReader.Content content = AfdReader.read(afd.bytes(), "");
		assertThat(content.inpi()).isEqualTo("5120260001234");
		String header = new String(afd.bytes(), java.nio.charset.StandardCharsets.ISO_8859_1).substring(0, 302);
		assertThat(header.substring(253, 268)).isEqualTo("198765432000198");
		// The comprovante prints the configured INPI registration.
		JsonNode comprovante = this.api
			.send("GET", "/api/timeclock/punches/" + punch.id() + "/comprovante/", null, null, "Accept",
					"application/json")
			.json();
		assertThat(comprovante.get("inpi_registration").asString()).isEqualTo("BR512026000123-4");
		assertThat(ComprovanteApiTests
			.text(this.api.get("/api/timeclock/punches/" + punch.id() + "/comprovante/").bytes()))
			.contains("Registro no INPI do REP-P: BR512026000123-4");

		CMSSignedData signed = new CMSSignedData(new CMSProcessableByteArray(afd.bytes()), p7s.bytes());
		assertThat(signed.getSignedContent().getContent()).isEqualTo(afd.bytes());
		SignerInformation signer = signed.getSignerInfos().getSigners().iterator().next();
		assertThat(signer.verify(new JcaSimpleSignerInfoVerifierBuilder().build(CERTIFICATE))).isTrue();
		assertThat(signer.getSignedAttributes().get(PKCSObjectIdentifiers.id_aa_signingCertificateV2)).isNotNull();
		assertThat(signed.getCertificates().getMatches(null)).hasSize(1);
		// Detached: the .p7s does not carry the file.
		assertThat(new CMSSignedData(p7s.bytes()).getSignedContent()).isNull();

		// One changed byte and the signature no longer verifies.
		byte[] altered = afd.bytes().clone();
		altered[50] = (byte) (altered[50] == 'A' ? 'B' : 'A');
		SignerInformation againstAltered = new CMSSignedData(new CMSProcessableByteArray(altered), p7s.bytes())
			.getSignerInfos()
			.getSigners()
			.iterator()
			.next();
		org.assertj.core.api.Assertions
			.assertThatThrownBy(
					() -> againstAltered.verify(new JcaSimpleSignerInfoVerifierBuilder().build(CERTIFICATE)))
			.isInstanceOf(org.bouncycastle.cms.CMSSignerDigestMismatchException.class);

		assertThat(signedInWith("timeclock.punches.view").get("/api/timeclock/afd/signature/?establishment_id=" + store)
			.status()).isEqualTo(403);
	}

	@Test
	void theAejIsSignedWithTheAfdsKey() throws Exception {
		long store = this.api
			.post("/api/timeclock/establishments/",
					json("name", "Loja AEJ Assinado", "employer_document", "11222333000181"))
			.id();
		long employee = this.api
			.post("/api/access/users/",
					json("username", unique("aej"), "full_name", "Rui Jornada", "is_employee", true, "role_id", 1,
							"cpf", RepApiTests.cpf(), "establishment_id", store))
			.id();
		assertThat(
				this.api.post("/api/timeclock/punch/register/", json("event_type", "entrada", "employee_id", employee))
					.status())
			.isEqualTo(201);
		String today = java.time.LocalDate.now(java.time.ZoneId.of("America/Sao_Paulo")).toString();
		String period = "establishment_id=" + store + "&date_from=" + today + "&date_to=" + today;
		Response aej = this.api.get("/api/timeclock/aej/?" + period);
		assertThat(aej.status()).as(aej.toString()).isEqualTo(200);
		AejReader reader = AejReader.read(aej.bytes());
		assertThat(reader.of("02").get(0)[3]).isEqualTo("5120260001234");
		assertThat(reader.of("08").get(0)[4]).isEqualTo("98765432000198");
		assertThat(reader.of("05")).hasSize(1);
		String generatedAt = aej.header(AejController.GENERATED_AT).orElseThrow();
		Response p7s = this.api.get("/api/timeclock/aej/signature/?" + period + "&generated_at=" + generatedAt);
		assertThat(p7s.status()).as(p7s.toString()).isEqualTo(200);
		assertThat(p7s.header("Content-Disposition").orElseThrow())
			.contains("AEJ_11222333000181_" + today.replace("-", "") + "_" + today.replace("-", "") + ".txt.p7s");
		CMSSignedData signed = new CMSSignedData(new CMSProcessableByteArray(aej.bytes()), p7s.bytes());
		SignerInformation signer = signed.getSignerInfos().getSigners().iterator().next();
		assertThat(signer.verify(new JcaSimpleSignerInfoVerifierBuilder().build(CERTIFICATE))).isTrue();
		Response invented = this.api
			.get("/api/timeclock/aej/signature/?" + period + "&generated_at=2026-01-01T00:00:00Z");
		assertThat(invented.status()).isEqualTo(400);
		assertThat(invented.json().get("errors").has("generated_at")).isTrue();
	}

}
