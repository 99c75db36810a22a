package br.suite.imports.reader;

import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.xml.parsers.ParserConfigurationException;
import javax.xml.parsers.SAXParserFactory;
import javax.xml.XMLConstants;

import com.webcohesion.ofx4j.io.nanoxml.NanoXMLOFXReader;
import com.webcohesion.ofx4j.io.OFXHandler;
import com.webcohesion.ofx4j.io.OFXParseException;
import com.webcohesion.ofx4j.io.OFXV2ContentHandler;
import org.jspecify.annotations.Nullable;
import org.xml.sax.InputSource;
import org.xml.sax.SAXException;
import org.xml.sax.XMLReader;

import br.suite.shared.InvalidRequest;

/**
 * An OFX or OFC file's markup as a tree of aggregates, and how its bytes were decoded:
 * the version and charset its header declares ({@link StatementCharsets} decides the
 * charset from the bytes), a DOCTYPE or ENTITY refused, bare ampersands escaped, then
 * ofx4j's event reader ({@code NanoXMLOFXReader}, its XML path replaced by a SAX parser
 * that refuses DTDs) feeding a forgiving tree builder.
 *
 * @param root the root element ({@code OFX} or {@code OFC})
 * @param declaredCharset what the header declares, as written, or null
 */
record OfxMarkup(OfxNode root, @Nullable String version, String charset, String charsetReason,
		@Nullable String declaredCharset) {

	private static final Pattern STMTTRN_TAG = Pattern.compile("(?i)<STMTTRN\\s*>");

	private static final Pattern BARE_AMPERSAND = Pattern
		.compile("&(?![A-Za-z][A-Za-z0-9]{0,30};|#[0-9]{1,7};|#[xX][0-9A-Fa-f]{1,6};)");

	private static final Pattern DOCTYPE = Pattern.compile("(?i)<!(DOCTYPE|ENTITY)");

	/** An empty element written the XML way in an SGML file: {@code <BRANCHID/>}. */
	private static final Pattern SELF_CLOSED = Pattern.compile("<[A-Za-z][A-Za-z0-9._]*\\s*/>");

	/**
	 * How deep aggregates may nest: real statements nest about 8; a file nested thousands
	 * deep only exhausts the reader's stack.
	 */
	static final int MAX_DEPTH = 64;

	private static final Pattern V1_HEADER = Pattern.compile("(?im)^\\s*(ENCODING|CHARSET|VERSION)\\s*:\\s*([^\\s<]*)");

	private static final Pattern V2_HEADER = Pattern.compile("(?is)<\\?OFX\\s([^?]*)\\?>");

	private static final Pattern V2_VERSION = Pattern.compile("(?i)VERSION\\s*=\\s*[\"']?([0-9A-Za-z.]+)");

	private static final Pattern XML_ENCODING = Pattern.compile("(?is)<\\?xml[^?]*encoding\\s*=\\s*[\"']([^\"']+)");

	private static final Pattern OFC_CPAGE = Pattern.compile("(?i)<CPAGE>\\s*([^\\s<]+)");

	private static final Pattern OFC_DTD = Pattern.compile("(?i)<DTD>\\s*([^\\s<]+)");

	/** Decodes the bytes (not trusting the header's charset) and parses the markup. */
	static OfxMarkup read(byte[] bytes, String format) {
		String head = new String(bytes, 0, Math.min(bytes.length, 4096), StandardCharsets.ISO_8859_1);
		String version = null;
		String declared = null;
		Charset declaredCharset = null;
		Matcher v2 = V2_HEADER.matcher(head);
		if (format.equals(OfxReader.OFC)) {
			Matcher dtd = OFC_DTD.matcher(head);
			version = dtd.find() ? dtd.group(1) : null;
			Matcher cpage = OFC_CPAGE.matcher(head);
			if (cpage.find()) {
				declared = "CPAGE " + cpage.group(1);
				declaredCharset = StatementCharsets.named(cpage.group(1));
			}
		}
		else if (v2.find()) {
			Matcher number = V2_VERSION.matcher(v2.group(1));
			version = number.find() ? number.group(1) : "200";
			Matcher encoding = XML_ENCODING.matcher(head);
			if (encoding.find()) {
				declared = "encoding=\"" + encoding.group(1) + "\"";
				declaredCharset = StatementCharsets.named(encoding.group(1));
			}
		}
		else {
			Map<String, String> header = new LinkedHashMap<>();
			Matcher line = V1_HEADER.matcher(head.substring(0, Math.max(0, indexOfRoot(head))));
			while (line.find()) {
				header.putIfAbsent(line.group(1).toUpperCase(Locale.ROOT), line.group(2));
			}
			version = header.get("VERSION");
			String encoding = header.get("ENCODING");
			String charset = header.get("CHARSET");
			if (encoding != null || charset != null) {
				declared = (encoding == null ? "" : "ENCODING:" + encoding)
						+ (encoding != null && charset != null ? " " : "")
						+ (charset == null ? "" : "CHARSET:" + charset);
				Charset byEncoding = StatementCharsets.named(encoding);
				Charset byCharset = StatementCharsets.named(charset);
				declaredCharset = StandardCharsets.UTF_8.equals(byEncoding) ? byEncoding
						: byCharset != null ? byCharset : byEncoding;
			}
		}
		StatementCharsets.Decoded decoded = StatementCharsets.decode(bytes, declared, declaredCharset);
		String text = decoded.text();
		if (DOCTYPE.matcher(text).find()) {
			throw InvalidRequest.of("file",
					"contém uma declaração DOCTYPE ou ENTITY, que um OFX nunca usa: arquivo recusado");
		}
		text = BARE_AMPERSAND.matcher(text).replaceAll("&amp;");
		// An empty element adds nothing, and line ends become \n (some banks write CR
		// alone).
		text = SELF_CLOSED.matcher(text).replaceAll("").replace("\r\n", "\n").replace('\r', '\n');
		return new OfxMarkup(parse(text, format), version, decoded.charset(), decoded.reason(), declared);
	}

	private static int indexOfRoot(String head) {
		int at = head.toUpperCase(Locale.ROOT).indexOf("<OFX");
		return at < 0 ? head.length() : at;
	}

	private static OfxNode parse(String text, String format) {
		List<Integer> recordLines = new ArrayList<>();
		Matcher tag = STMTTRN_TAG.matcher(text);
		int line = 1;
		int from = 0;
		while (tag.find()) {
			for (int i = from; i < tag.start(); i++) {
				if (text.charAt(i) == '\n') {
					line++;
				}
			}
			from = tag.start();
			recordLines.add(line);
		}
		String rootName = format.equals(OfxReader.OFC) ? "OFC" : "OFX";
		Builder builder = new Builder(rootName, recordLines);
		EventReader reader = new EventReader(format.equals(OfxReader.OFC) ? "<OFC" : "<OFX");
		reader.setContentHandler(builder);
		try {
			reader.parse(new StringReader(text));
		}
		catch (TooDeep ex) {
			throw InvalidRequest.of("file",
					"não é um " + format.toUpperCase(Locale.ROOT) + " legível: os elementos se aninham mais de "
							+ MAX_DEPTH + " níveis (um extrato tem uns 8); arquivo recusado");
		}
		catch (IOException | OFXParseException | RuntimeException | StackOverflowError ex) {
			if (!builder.closed()) {
				// The reader's own message is English and about its internals: the line
				// where the markup broke is what helps.
				throw InvalidRequest.of("file",
						"não é um " + format.toUpperCase(Locale.ROOT) + " legível: a marcação se interrompe"
								+ (builder.line() > 0 ? " perto da linha " + builder.line() : "") + " antes de "
								+ "fechar o elemento <" + rootName
								+ ">; exporte o arquivo de novo do internet banking");
			}
			// Only what follows the closed root element was left unread.
		}
		OfxNode root = builder.root();
		if (root == null) {
			throw InvalidRequest.of("file",
					"não tem o elemento <" + rootName + ">: não é um arquivo " + format.toUpperCase(Locale.ROOT));
		}
		return root;
	}

	/** Aggregates nested deeper than {@link #MAX_DEPTH}. */
	private static final class TooDeep extends RuntimeException {

		TooDeep() {
			super(null, null, false, false);
		}

	}

	/**
	 * ofx4j's SGML reader, with OFC's root element and an XML path that refuses DTDs
	 * (XXE).
	 */
	private static final class EventReader extends NanoXMLOFXReader {

		private final char[] firstElementStart;

		EventReader(String firstElementStart) {
			this.firstElementStart = firstElementStart.toCharArray();
		}

		@Override
		protected char[] getFirstElementStart() {
			return this.firstElementStart.clone();
		}

		@Override
		protected void parseV2FromFirstElement(java.io.Reader reader) throws IOException, OFXParseException {
			try {
				SAXParserFactory factory = SAXParserFactory.newInstance();
				factory.setNamespaceAware(false);
				factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
				factory.setFeature("http://xml.org/sax/features/external-general-entities", false);
				factory.setFeature("http://xml.org/sax/features/external-parameter-entities", false);
				factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
				XMLReader xml = factory.newSAXParser().getXMLReader();
				xml.setContentHandler(new OFXV2ContentHandler(getContentHandler()));
				xml.parse(new InputSource(reader));
			}
			catch (SAXException | ParserConfigurationException ex) {
				if (ex.getCause() instanceof OFXParseException parse) {
					throw parse;
				}
				throw new OFXParseException(ex.getMessage(), ex);
			}
		}

	}

	/**
	 * Builds the tree from ofx4j's events, forgiving what its SGML reader gets wrong: an
	 * element without a value and without a closing tag ({@code <FITID>} then a new line)
	 * is reported as the start of an aggregate that never ends, and an empty XML element
	 * ({@code <MEMO></MEMO>}) as the end of one that never started.
	 */
	private static final class Builder implements OFXHandler {

		private final String rootName;

		private final List<Integer> recordLines;

		private final Deque<OfxNode> open = new ArrayDeque<>();

		private @Nullable OfxNode root;

		private int records;

		private boolean closed;

		Builder(String rootName, List<Integer> recordLines) {
			this.rootName = rootName;
			this.recordLines = recordLines;
		}

		@Nullable OfxNode root() {
			return this.root;
		}

		boolean closed() {
			return this.closed;
		}

		@Override
		public void onHeader(String name, String value) {
		}

		@Override
		public void onElement(String name, String value) {
			OfxNode top = this.open.peek();
			if (top != null) {
				top.elements().putIfAbsent(name.toUpperCase(Locale.ROOT), value);
			}
		}

		/** The line of the last transaction record started, or 0. */
		int line() {
			return this.records == 0 || this.records > this.recordLines.size() ? 0
					: this.recordLines.get(this.records - 1);
		}

		@Override
		public void startAggregate(String aggregate) {
			if (this.open.size() >= MAX_DEPTH) {
				throw new TooDeep();
			}
			String name = aggregate.toUpperCase(Locale.ROOT);
			int line = 0;
			if (name.equals("STMTTRN")) {
				line = this.records < this.recordLines.size() ? this.recordLines.get(this.records) : 0;
				this.records++;
			}
			OfxNode node = new OfxNode(name, line);
			if (this.open.isEmpty()) {
				if (this.root == null) {
					this.root = node;
				}
			}
			else {
				this.open.peek().children().add(node);
			}
			this.open.push(node);
		}

		@Override
		public void endAggregate(String aggregate) {
			String name = aggregate.toUpperCase(Locale.ROOT);
			if (this.open.stream().noneMatch(node -> node.name().equals(name))) {
				// An empty element closed in XML: a blank value.
				onElement(name, "");
				return;
			}
			while (!this.open.isEmpty()) {
				OfxNode node = this.open.pop();
				if (node.name().equals(name)) {
					break;
				}
				// Never a real aggregate: an element without a value, whose "children"
				// are its siblings.
				OfxNode parent = this.open.peek();
				if (parent != null) {
					parent.children().remove(node);
					parent.elements().putIfAbsent(node.name(), "");
					node.elements().forEach(parent.elements()::putIfAbsent);
					parent.children().addAll(node.children());
				}
			}
			if (this.open.isEmpty() && name.equals(this.rootName)) {
				this.closed = true;
			}
		}

	}

}
