package br.suite.bills;

import java.io.ByteArrayInputStream;
import java.io.StringWriter;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.SecureRandom;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;

import javax.xml.crypto.dsig.CanonicalizationMethod;
import javax.xml.crypto.dsig.DigestMethod;
import javax.xml.crypto.dsig.Reference;
import javax.xml.crypto.dsig.SignatureMethod;
import javax.xml.crypto.dsig.SignedInfo;
import javax.xml.crypto.dsig.Transform;
import javax.xml.crypto.dsig.XMLSignatureFactory;
import javax.xml.crypto.dsig.dom.DOMSignContext;
import javax.xml.crypto.dsig.keyinfo.KeyInfo;
import javax.xml.crypto.dsig.keyinfo.KeyInfoFactory;
import javax.xml.crypto.dsig.spec.C14NMethodParameterSpec;
import javax.xml.crypto.dsig.spec.TransformParameterSpec;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.transform.TransformerFactory;
import javax.xml.transform.dom.DOMSource;
import javax.xml.transform.stream.StreamResult;

import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

import br.suite.shared.documents.NfeAccessKey;

/**
 * NF-e XMLs for the tests, signed as a SEFAZ-authorised NF-e is (enveloped XMLDSig of
 * {@code #NFe<key>}, RSA-SHA1, C14N, the certificate in KeyInfo) with a key and a
 * self-signed certificate made here (BouncyCastle, as the finance tests make theirs).
 */
public final class TestNfe {

	public static final String NS = "http://www.portalfiscal.inf.br/nfe";

	private static final SecureRandom RANDOM = new SecureRandom();

	private static KeyPair keys;

	private static X509Certificate certificate;

	private String emitCnpj = Bills.cnpj();

	private String emitName = "Fornecedor XML " + RANDOM.nextInt(1_000_000) + " Ltda";

	private String destCnpj;

	private LocalDate issued = LocalDate.of(2027, 3, 5);

	private final int number = 1 + RANDOM.nextInt(999_999_998);

	private int series = 1;

	private String total = "300.00";

	private String version = "4.00";

	private boolean proc = true;

	private final List<String[]> dups = new ArrayList<>();

	private final String cnf = String.format("%08d", RANDOM.nextInt(100_000_000));

	private TestNfe(String destCnpj) {
		this.destCnpj = destCnpj;
	}

	/** An NF-e of 300.00 issued on 2027-03-05 to {@code destCnpj}, by a fresh emitter. */
	public static TestNfe to(String destCnpj) {
		return new TestNfe(destCnpj);
	}

	public TestNfe emitter(String cnpj, String name) {
		this.emitCnpj = cnpj;
		this.emitName = name;
		return this;
	}

	public TestNfe total(String vNF) {
		this.total = vNF;
		return this;
	}

	public TestNfe issued(LocalDate date) {
		this.issued = date;
		return this;
	}

	public TestNfe series(int serie) {
		this.series = serie;
		return this;
	}

	public TestNfe version(String versao) {
		this.version = versao;
		return this;
	}

	/** A bare NFe instead of nfeProc. */
	public TestNfe bare() {
		this.proc = false;
		return this;
	}

	public TestNfe dup(String nDup, String dVenc, String vDup) {
		this.dups.add(new String[] { nDup, dVenc, vDup });
		return this;
	}

	public String emitCnpj() {
		return this.emitCnpj;
	}

	public String emitName() {
		return this.emitName;
	}

	public int number() {
		return this.number;
	}

	public int serie() {
		return this.series;
	}

	public String key() {
		String first43 = "35" + String.format("%02d%02d", this.issued.getYear() % 100, this.issued.getMonthValue())
				+ this.emitCnpj + "55" + String.format("%03d", this.series) + String.format("%09d", this.number) + "1"
				+ this.cnf;
		return first43 + NfeAccessKey.computeCheckDigit(first43);
	}

	/** The XML, unsigned. */
	public String unsigned() {
		StringBuilder cobr = new StringBuilder();
		if (!this.dups.isEmpty()) {
			cobr.append("<cobr><fat><nFat>")
				.append(this.number)
				.append("</nFat><vOrig>")
				.append(this.total)
				.append("</vOrig><vLiq>")
				.append(this.total)
				.append("</vLiq></fat>");
			for (String[] dup : this.dups) {
				cobr.append("<dup><nDup>")
					.append(dup[0])
					.append("</nDup><dVenc>")
					.append(dup[1])
					.append("</dVenc><vDup>")
					.append(dup[2])
					.append("</vDup></dup>");
			}
			cobr.append("</cobr>");
		}
		String nfe = "<NFe xmlns=\"" + NS + "\"><infNFe versao=\"" + this.version + "\" Id=\"NFe" + key() + "\">"
				+ "<ide><cUF>35</cUF><cNF>" + this.cnf + "</cNF><natOp>Venda de mercadoria</natOp><mod>55</mod><serie>"
				+ this.series + "</serie><nNF>" + this.number + "</nNF><dhEmi>" + this.issued
				+ "T10:15:00-03:00</dhEmi><tpNF>1</tpNF><tpEmis>1</tpEmis><cDV>" + key().charAt(43) + "</cDV></ide>"
				+ "<emit><CNPJ>" + this.emitCnpj + "</CNPJ><xNome>" + this.emitName
				+ "</xNome><enderEmit><xMun>São Paulo</xMun><UF>SP</UF></enderEmit><IE>111111111111</IE></emit>"
				+ "<dest><CNPJ>" + this.destCnpj + "</CNPJ><xNome>Empresa Destinatária Ltda</xNome></dest>"
				+ "<det nItem=\"1\"><prod><cProd>1</cProd><xProd>Farinha de trigo</xProd><vProd>" + this.total
				+ "</vProd></prod></det>" + "<total><ICMSTot><vProd>" + this.total + "</vProd><vNF>" + this.total
				+ "</vNF></ICMSTot></total>" + cobr + "<infAdic><infCpl>Teste</infCpl></infAdic></infNFe></NFe>";
		if (!this.proc) {
			return nfe;
		}
		return "<nfeProc xmlns=\"" + NS + "\" versao=\"" + this.version + "\">" + nfe
				+ "<protNFe versao=\"4.00\"><infProt><tpAmb>1</tpAmb><chNFe>" + key()
				+ "</chNFe><cStat>100</cStat><xMotivo>Autorizado o uso da NF-e</xMotivo></infProt></protNFe></nfeProc>";
	}

	/** The XML signed, as text (UTF-8 declaration included). */
	public String signedText() {
		return sign(unsigned());
	}

	public byte[] signed() {
		return signedText().getBytes(StandardCharsets.UTF_8);
	}

	/** Signs the NFe of {@code xml} (nfeProc or NFe) over its infNFe. */
	public static String sign(String xml) {
		try {
			DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
			factory.setNamespaceAware(true);
			Document document = factory.newDocumentBuilder()
				.parse(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)));
			Element nfe = (Element) document.getElementsByTagNameNS(NS, "NFe").item(0);
			Element info = (Element) nfe.getElementsByTagNameNS(NS, "infNFe").item(0);
			info.setIdAttribute("Id", true);
			XMLSignatureFactory signatures = XMLSignatureFactory.getInstance("DOM");
			Reference reference = signatures.newReference("#" + info.getAttribute("Id"),
					signatures.newDigestMethod(DigestMethod.SHA1, null),
					List.of(signatures.newTransform(Transform.ENVELOPED, (TransformParameterSpec) null),
							signatures.newTransform(CanonicalizationMethod.INCLUSIVE, (TransformParameterSpec) null)),
					null, null);
			SignedInfo signedInfo = signatures.newSignedInfo(
					signatures.newCanonicalizationMethod(CanonicalizationMethod.INCLUSIVE,
							(C14NMethodParameterSpec) null),
					signatures.newSignatureMethod(SignatureMethod.RSA_SHA1, null), List.of(reference));
			KeyInfoFactory keyInfos = signatures.getKeyInfoFactory();
			KeyInfo keyInfo = keyInfos.newKeyInfo(List.of(keyInfos.newX509Data(List.of(certificate()))));
			DOMSignContext context = new DOMSignContext(keys.getPrivate(), nfe);
			context.setProperty("org.jcp.xml.dsig.secureValidation", Boolean.FALSE);
			signatures.newXMLSignature(signedInfo, keyInfo).sign(context);
			StringWriter out = new StringWriter();
			TransformerFactory.newInstance().newTransformer().transform(new DOMSource(document), new StreamResult(out));
			return out.toString();
		}
		catch (Exception ex) {
			throw new IllegalStateException(ex);
		}
	}

	private static synchronized X509Certificate certificate() throws Exception {
		if (certificate == null) {
			KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
			generator.initialize(2048);
			keys = generator.generateKeyPair();
			Instant now = Instant.now();
			X500Name subject = new X500Name("CN=FORNECEDOR TESTE:00000000000191, O=ICP-Brasil");
			certificate = new JcaX509CertificateConverter()
				.getCertificate(new JcaX509v3CertificateBuilder(subject, BigInteger.valueOf(now.toEpochMilli()),
						Date.from(now.minus(Duration.ofHours(1))), Date.from(now.plus(Duration.ofDays(365))), subject,
						keys.getPublic())
					.build(new JcaContentSignerBuilder("SHA256withRSA").build(keys.getPrivate())));
		}
		return certificate;
	}

}
