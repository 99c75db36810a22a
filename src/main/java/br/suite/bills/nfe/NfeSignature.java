package br.suite.bills.nfe;

import java.security.Key;
import java.security.PublicKey;
import java.security.cert.X509Certificate;
import java.security.interfaces.RSAPublicKey;
import java.util.List;
import java.util.Set;

import javax.xml.crypto.AlgorithmMethod;
import javax.xml.crypto.KeySelector;
import javax.xml.crypto.KeySelectorException;
import javax.xml.crypto.KeySelectorResult;
import javax.xml.crypto.MarshalException;
import javax.xml.crypto.XMLCryptoContext;
import javax.xml.crypto.dsig.CanonicalizationMethod;
import javax.xml.crypto.dsig.Reference;
import javax.xml.crypto.dsig.SignatureMethod;
import javax.xml.crypto.dsig.Transform;
import javax.xml.crypto.dsig.XMLSignature;
import javax.xml.crypto.dsig.XMLSignatureException;
import javax.xml.crypto.dsig.XMLSignatureFactory;
import javax.xml.crypto.dsig.dom.DOMValidateContext;
import javax.xml.crypto.dsig.keyinfo.KeyInfo;
import javax.xml.crypto.dsig.keyinfo.X509Data;

import org.w3c.dom.Element;
import org.w3c.dom.Node;

import br.suite.shared.InvalidRequest;

/**
 * The NF-e's enveloped XMLDSig (Manual de Orientação do Contribuinte, layout 4.00): one
 * {@code Signature} in {@code NFe}, one reference to {@code #NFe<key>} (the
 * {@code infNFe}) with the enveloped-signature and C14N transforms, and the signer's X509
 * certificate in {@code KeyInfo}. The layout mandates RSA-SHA1 and SHA-1 digests, which
 * the JDK's secure validation mode refuses; that mode is therefore off and this class
 * applies the policy itself: nothing but that one same-document reference, those
 * transforms, RSA with SHA-1 or SHA-256, RSA keys of at least 1024 bits (the JDK's own
 * floor), and the key taken only from the certificate carried in the signature. The
 * certificate's chain (ICP-Brasil) is not checked: the signature proves the document
 * unchanged since its holder signed it.
 */
final class NfeSignature {

	static final String DSIG = XMLSignature.XMLNS;

	private static final Set<String> TRANSFORMS = Set.of(Transform.ENVELOPED, CanonicalizationMethod.INCLUSIVE,
			CanonicalizationMethod.INCLUSIVE_WITH_COMMENTS);

	private static final Set<String> CANONICALIZATIONS = Set.of(CanonicalizationMethod.INCLUSIVE,
			CanonicalizationMethod.INCLUSIVE_WITH_COMMENTS);

	private static final Set<String> SIGNATURE_METHODS = Set.of(SignatureMethod.RSA_SHA1, SignatureMethod.RSA_SHA256);

	private static final Set<String> DIGEST_METHODS = Set.of("http://www.w3.org/2000/09/xmldsig#sha1",
			"http://www.w3.org/2001/04/xmlenc#sha256");

	private NfeSignature() {
	}

	/**
	 * Verifies the signature of {@code nfe} over its {@code infNFe} whose Id is
	 * {@code id} (already marked as the element's ID attribute).
	 * @throws InvalidRequest on {@code signature}
	 */
	static void verify(Element nfe, String id) {
		Element signature = null;
		int signatures = 0;
		for (Node node = nfe.getFirstChild(); node != null; node = node.getNextSibling()) {
			if (node instanceof Element element && DSIG.equals(element.getNamespaceURI())
					&& "Signature".equals(element.getLocalName())) {
				signature = element;
				signatures++;
			}
		}
		if (signature == null) {
			throw InvalidRequest.of("signature", "the NF-e is not signed: NFe holds no Signature");
		}
		if (signatures > 1) {
			throw InvalidRequest.of("signature", "NFe holds " + signatures + " signatures; exactly one is expected");
		}
		XMLSignatureFactory factory = XMLSignatureFactory.getInstance("DOM");
		CertificateKey keys = new CertificateKey();
		DOMValidateContext context = new DOMValidateContext(keys, signature);
		context.setProperty("org.jcp.xml.dsig.secureValidation", Boolean.FALSE);
		context.setIdAttributeNS(idElement(nfe, id), null, "Id");
		XMLSignature xml;
		try {
			xml = factory.unmarshalXMLSignature(context);
		}
		catch (MarshalException ex) {
			throw InvalidRequest.of("signature", "the Signature element is malformed: " + ex.getMessage());
		}
		checkPolicy(xml, id);
		boolean valid;
		try {
			valid = xml.validate(context);
		}
		catch (XMLSignatureException ex) {
			throw InvalidRequest.of("signature", "could not be verified: " + rootMessage(ex));
		}
		if (!valid) {
			boolean digest = true;
			for (Object reference : xml.getSignedInfo().getReferences()) {
				try {
					digest &= ((Reference) reference).validate(context);
				}
				catch (XMLSignatureException ex) {
					digest = false;
				}
			}
			throw InvalidRequest.of("signature", digest
					? "does not match the certificate in KeyInfo: the signed information was changed or signed by another key"
					: "does not match the content: the NF-e was changed after it was signed (the digest of #" + id
							+ " differs)");
		}
	}

	private static Element idElement(Element nfe, String id) {
		for (Element info : NfeXml.children(nfe, "infNFe")) {
			if (id.equals(info.getAttribute("Id"))) {
				return info;
			}
		}
		throw new IllegalStateException("infNFe " + id + " is gone");
	}

	private static void checkPolicy(XMLSignature xml, String id) {
		String canonicalization = xml.getSignedInfo().getCanonicalizationMethod().getAlgorithm();
		if (!CANONICALIZATIONS.contains(canonicalization)) {
			throw InvalidRequest.of("signature", "canonicalization " + canonicalization + " is not the NF-e's C14N");
		}
		String method = xml.getSignedInfo().getSignatureMethod().getAlgorithm();
		if (!SIGNATURE_METHODS.contains(method)) {
			throw InvalidRequest.of("signature",
					"signature method " + method + " is not accepted (RSA-SHA1 or RSA-SHA256)");
		}
		List<?> references = xml.getSignedInfo().getReferences();
		if (references.size() != 1) {
			throw InvalidRequest.of("signature",
					"must have exactly one reference, to #" + id + "; it has " + references.size());
		}
		Reference reference = (Reference) references.get(0);
		if (!("#" + id).equals(reference.getURI())) {
			throw InvalidRequest.of("signature",
					"references \"" + reference.getURI() + "\", not the document's #" + id);
		}
		if (!DIGEST_METHODS.contains(reference.getDigestMethod().getAlgorithm())) {
			throw InvalidRequest.of("signature", "digest method " + reference.getDigestMethod().getAlgorithm()
					+ " is not accepted (SHA-1 or SHA-256)");
		}
		List<?> transforms = reference.getTransforms();
		if (transforms.size() > 2) {
			throw InvalidRequest.of("signature",
					"has " + transforms.size() + " transforms; the NF-e's are enveloped " + "signature and C14N");
		}
		for (Object transform : transforms) {
			String algorithm = ((Transform) transform).getAlgorithm();
			if (!TRANSFORMS.contains(algorithm)) {
				throw InvalidRequest.of("signature", "transform " + algorithm + " is not accepted");
			}
		}
		KeyInfo keyInfo = xml.getKeyInfo();
		if (keyInfo == null) {
			throw InvalidRequest.of("signature", "has no KeyInfo with the signer's X509 certificate");
		}
	}

	private static String rootMessage(Throwable ex) {
		Throwable cause = ex;
		while (cause.getCause() != null) {
			cause = cause.getCause();
		}
		return String.valueOf(cause.getMessage());
	}

	/** The key of the (first) X509 certificate in KeyInfo; nothing else is looked up. */
	private static final class CertificateKey extends KeySelector {

		@Override
		public KeySelectorResult select(KeyInfo keyInfo, Purpose purpose, AlgorithmMethod method,
				XMLCryptoContext context) throws KeySelectorException {
			if (keyInfo == null) {
				throw new KeySelectorException("no KeyInfo");
			}
			for (Object content : keyInfo.getContent()) {
				if (content instanceof X509Data data) {
					for (Object item : data.getContent()) {
						if (item instanceof X509Certificate certificate) {
							PublicKey key = certificate.getPublicKey();
							if (!(key instanceof RSAPublicKey rsa)) {
								throw new KeySelectorException("the certificate's key is not RSA");
							}
							if (rsa.getModulus().bitLength() < 1024) {
								throw new KeySelectorException("the certificate's RSA key has fewer than 1024 bits");
							}
							return () -> (Key) key;
						}
					}
				}
			}
			throw new KeySelectorException("KeyInfo holds no X509 certificate");
		}

	}

}
