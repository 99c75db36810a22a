package br.suite.bills.nfe;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;

import org.jspecify.annotations.Nullable;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.xml.sax.SAXException;
import org.xml.sax.helpers.DefaultHandler;

import br.suite.shared.documents.InvalidAccessKey;
import br.suite.shared.InvalidRequest;
import br.suite.shared.documents.NfeAccessKey;

/**
 * A supplier's NF-e (model 55, layout 4.00) read from its XML, {@code nfeProc} (the
 * authorised document with its protocol) or a bare {@code NFe}: parsed securely (a
 * DOCTYPE is refused, so no entity, internal or external, is ever expanded), its
 * signature verified ({@link NfeSignature}) and the values a payable needs taken from the
 * signed {@code infNFe}. Every refusal is a 400 naming {@code xml}, {@code signature} or
 * {@code access_key}. Pure: no database.
 */
public record NfeXml(NfeAccessKey accessKey, int number, int series, LocalDate issueDate, Party emitter,
		Party recipient, BigDecimal total, List<Duplicata> duplicatas) {

	/** The namespace of the NF-e layouts. */
	public static final String NS = "http://www.portalfiscal.inf.br/nfe";

	private static final Pattern MONEY = Pattern.compile("\\d{1,13}(\\.\\d{1,2})?");

	/** {@code emit} or {@code dest}: CNPJ (or CPF) and name. */
	public record Party(String document, String name) {
	}

	/** One {@code cobr/dup}: its number, due date and value. */
	public record Duplicata(String number, LocalDate dueDate, BigDecimal amount) {
	}

	/**
	 * Reads and verifies the XML.
	 * @throws InvalidRequest on {@code xml} (not XML, a DOCTYPE, not an NF-e 4.00, a
	 * value missing or malformed), {@code signature} (missing, or the content changed
	 * since it was signed) or {@code access_key} (a wrong check digit, or a key that
	 * disagrees with the document)
	 */
	public static NfeXml read(byte @Nullable [] bytes) {
		if (bytes == null || bytes.length == 0) {
			throw InvalidRequest.of("xml", "is required: send the NF-e XML (nfeProc or NFe, layout 4.00)");
		}
		Document document = parse(bytes);
		Element root = document.getDocumentElement();
		Element nfe;
		if (is(root, "nfeProc")) {
			nfe = child(root, "NFe");
			if (nfe == null) {
				throw InvalidRequest.of("xml", "nfeProc holds no NFe element");
			}
		}
		else if (is(root, "NFe")) {
			nfe = root;
		}
		else {
			throw InvalidRequest.of("xml",
					"is not an NF-e: the root element is " + describe(root) + ", expected nfeProc or NFe of " + NS);
		}
		List<Element> infos = children(nfe, "infNFe");
		if (infos.size() != 1) {
			throw InvalidRequest.of("xml", "NFe must hold exactly one infNFe, it holds " + infos.size());
		}
		Element info = infos.get(0);
		String version = info.getAttribute("versao");
		if (!"4.00".equals(version)) {
			throw InvalidRequest.of("xml", "is an NF-e of layout " + (version.isEmpty() ? "(none)" : version)
					+ "; only layout 4.00 is accepted");
		}
		String id = info.getAttribute("Id");
		if (!id.startsWith("NFe") || id.length() != 3 + NfeAccessKey.LENGTH) {
			throw InvalidRequest.of("access_key",
					"infNFe Id must be NFe followed by the 44-character access key, " + "got \"" + id + "\"");
		}
		NfeAccessKey key;
		try {
			key = NfeAccessKey.parse(id.substring(3));
		}
		catch (InvalidAccessKey ex) {
			throw InvalidRequest.of("access_key", ex.getMessage());
		}
		// The signature covers the element whose Id the reference names: only this one.
		info.setIdAttribute("Id", true);
		NfeSignature.verify(nfe, id);
		Element ide = required(info, "ide");
		int model = integer(text(ide, "mod"), "ide/mod");
		if (model != 55) {
			throw InvalidRequest.of("xml",
					"is a document of model " + model + "; only the NF-e (model 55) is accepted");
		}
		int number = integer(text(ide, "nNF"), "ide/nNF");
		int series = integer(text(ide, "serie"), "ide/serie");
		LocalDate issued;
		String dhEmi = text(ide, "dhEmi");
		try {
			issued = OffsetDateTime.parse(dhEmi).toLocalDate();
		}
		catch (DateTimeParseException ex) {
			throw InvalidRequest.of("xml", "ide/dhEmi \"" + dhEmi + "\" is not a date and time with its offset");
		}
		Party emitter = party(required(info, "emit"), "emit");
		Element dest = child(info, "dest");
		if (dest == null) {
			throw InvalidRequest.of("dest_cnpj",
					"the NF-e names no recipient (dest): it is not addressed to the company");
		}
		Party recipient = party(dest, "dest");
		BigDecimal total = money(text(required(required(info, "total"), "ICMSTot"), "vNF"), "total/ICMSTot/vNF");
		if (total.signum() <= 0) {
			throw InvalidRequest.of("xml", "total/ICMSTot/vNF must be positive");
		}
		List<Duplicata> duplicatas = new ArrayList<>();
		Element cobr = child(info, "cobr");
		if (cobr != null) {
			for (Element dup : children(cobr, "dup")) {
				String at = "cobr/dup[" + (duplicatas.size() + 1) + "]/";
				String dVenc = text(dup, "dVenc");
				LocalDate due;
				try {
					due = LocalDate.parse(dVenc);
				}
				catch (DateTimeParseException ex) {
					throw InvalidRequest.of("xml", at + "dVenc \"" + dVenc + "\" is not a date (AAAA-MM-DD)");
				}
				BigDecimal amount = money(text(dup, "vDup"), at + "vDup");
				if (amount.signum() <= 0) {
					throw InvalidRequest.of("xml", at + "vDup must be positive");
				}
				Element nDup = child(dup, "nDup");
				duplicatas.add(new Duplicata(nDup == null ? "" : nDup.getTextContent().strip(), due, amount));
			}
		}
		if (duplicatas.size() > 120) {
			throw InvalidRequest.of("xml", "has " + duplicatas.size() + " duplicatas; at most 120 are accepted");
		}
		crossCheck(key, model, number, series, issued, emitter);
		Element protocol = child(root, "protNFe");
		if (protocol != null) {
			Element infProt = child(protocol, "infProt");
			String chNFe = infProt == null ? "" : childText(infProt, "chNFe");
			if (!chNFe.isEmpty() && !chNFe.equals(key.toString())) {
				throw InvalidRequest.of("access_key",
						"protNFe authorises key " + chNFe + ", not the document's " + key);
			}
		}
		return new NfeXml(key, number, series, issued, emitter, recipient, total.setScale(2), List.copyOf(duplicatas));
	}

	private static void crossCheck(NfeAccessKey key, int model, int number, int series, LocalDate issued,
			Party emitter) {
		List<String> disagree = new ArrayList<>();
		if (key.model() != model) {
			disagree.add("model " + key.model() + " (ide/mod " + model + ")");
		}
		if (key.number() != number) {
			disagree.add("number " + key.number() + " (ide/nNF " + number + ")");
		}
		if (key.series() != series) {
			disagree.add("series " + key.series() + " (ide/serie " + series + ")");
		}
		if (!key.yearMonth().equals(java.time.YearMonth.from(issued))) {
			disagree.add("month " + key.yearMonth() + " (ide/dhEmi " + issued + ")");
		}
		String issuer = emitter.document().length() == 11 ? "000" + emitter.document() : emitter.document();
		if (!key.issuerId().equals(issuer)) {
			disagree.add("issuer " + key.issuerId() + " (emit " + emitter.document() + ")");
		}
		if (!disagree.isEmpty()) {
			throw InvalidRequest.of("access_key",
					"the access key disagrees with the document: it holds " + String.join(", ", disagree));
		}
	}

	private static Document parse(byte[] bytes) {
		if (declaresDoctype(bytes)) {
			throw InvalidRequest.of("xml",
					"must not have a DOCTYPE (document type declarations and entities are " + "refused)");
		}
		try {
			DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
			factory.setNamespaceAware(true);
			factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
			factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
			factory.setFeature("http://xml.org/sax/features/external-general-entities", false);
			factory.setFeature("http://xml.org/sax/features/external-parameter-entities", false);
			factory.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
			factory.setAttribute(XMLConstants.ACCESS_EXTERNAL_DTD, "");
			factory.setAttribute(XMLConstants.ACCESS_EXTERNAL_SCHEMA, "");
			factory.setXIncludeAware(false);
			factory.setExpandEntityReferences(false);
			DocumentBuilder builder = factory.newDocumentBuilder();
			builder.setErrorHandler(new DefaultHandler());
			builder.setEntityResolver((publicId, systemId) -> {
				throw new SAXException("external entities are refused");
			});
			return builder.parse(new ByteArrayInputStream(bytes));
		}
		catch (ParserConfigurationException ex) {
			throw new IllegalStateException(ex);
		}
		catch (SAXException ex) {
			String message = String.valueOf(ex.getMessage());
			if (message.contains("DOCTYPE")) {
				throw InvalidRequest.of("xml",
						"must not have a DOCTYPE (document type declarations and entities are " + "refused)");
			}
			throw InvalidRequest.of("xml", "is not well-formed XML: " + message);
		}
		catch (IOException ex) {
			throw InvalidRequest.of("xml", "could not be read: " + ex.getMessage());
		}
	}

	/** A DOCTYPE before the root element, whatever the parser would make of it. */
	private static boolean declaresDoctype(byte[] bytes) {
		String head = new String(bytes, 0, Math.min(bytes.length, 4096), StandardCharsets.ISO_8859_1);
		return head.contains("<!DOCTYPE") || head.contains("<!doctype");
	}

	private static Party party(Element element, String name) {
		String document = childText(element, "CNPJ");
		if (document.isEmpty()) {
			document = childText(element, "CPF");
		}
		String nome = childText(element, "xNome");
		if (document.isEmpty()) {
			throw InvalidRequest.of(name.equals("dest") ? "dest_cnpj" : "xml", name + " has no CNPJ nor CPF");
		}
		if (!document.matches("[0-9]{11}|[0-9A-Z]{12}[0-9]{2}")) {
			throw InvalidRequest.of(name.equals("dest") ? "dest_cnpj" : "xml",
					name + " document \"" + document + "\" is not a CNPJ or CPF");
		}
		if (nome.isEmpty()) {
			throw InvalidRequest.of("xml", name + "/xNome is required");
		}
		return new Party(document, nome.length() > 200 ? nome.substring(0, 200) : nome);
	}

	private static BigDecimal money(String text, String path) {
		if (!MONEY.matcher(text).matches()) {
			throw InvalidRequest.of("xml", path + " \"" + text + "\" is not an amount (digits, a dot, two decimals)");
		}
		return new BigDecimal(text).setScale(2);
	}

	private static int integer(String text, String path) {
		if (!text.matches("[0-9]{1,9}")) {
			throw InvalidRequest.of("xml", path + " \"" + text + "\" is not a number");
		}
		return Integer.parseInt(text);
	}

	private static Element required(Element parent, String name) {
		Element child = child(parent, name);
		if (child == null) {
			throw InvalidRequest.of("xml", parent.getLocalName() + "/" + name + " is required");
		}
		return child;
	}

	private static String text(Element parent, String name) {
		Element child = child(parent, name);
		if (child == null) {
			throw InvalidRequest.of("xml", parent.getLocalName() + "/" + name + " is required");
		}
		return child.getTextContent().strip();
	}

	private static String childText(Element parent, String name) {
		Element child = child(parent, name);
		return child == null ? "" : child.getTextContent().strip();
	}

	static boolean is(Node node, String name) {
		return node instanceof Element && NS.equals(node.getNamespaceURI()) && name.equals(node.getLocalName());
	}

	static @Nullable Element child(Element parent, String name) {
		for (Node node = parent.getFirstChild(); node != null; node = node.getNextSibling()) {
			if (is(node, name)) {
				return (Element) node;
			}
		}
		return null;
	}

	static List<Element> children(Element parent, String name) {
		List<Element> found = new ArrayList<>();
		for (Node node = parent.getFirstChild(); node != null; node = node.getNextSibling()) {
			if (is(node, name)) {
				found.add((Element) node);
			}
		}
		return found;
	}

	private static String describe(Element element) {
		return element.getNamespaceURI() == null ? element.getLocalName()
				: "{" + element.getNamespaceURI() + "}" + element.getLocalName();
	}

}
