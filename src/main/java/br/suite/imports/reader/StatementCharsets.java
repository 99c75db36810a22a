package br.suite.imports.reader;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.Charset;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

import org.jspecify.annotations.Nullable;

/**
 * Decodes a statement file's bytes without trusting what its header declares: banks write
 * {@code CHARSET:1252} over UTF-8 text and {@code ENCODING:USASCII} over Latin-1 accents.
 * Bytes that are valid UTF-8 (and not plain ASCII) are UTF-8 whatever the header says, as
 * accented text in a single-byte charset is practically never valid UTF-8; anything else
 * is Windows-1252 (the superset of Latin-1 that Brazilian banks' Windows systems write),
 * or ISO-8859-1 when it holds bytes Windows-1252 leaves undefined or the header says
 * ISO-8859-1 and no byte differs between the two.
 */
public final class StatementCharsets {

	static final Charset WINDOWS_1252 = Charset.forName("windows-1252");

	private StatementCharsets() {
	}

	/**
	 * The text, the charset used and why.
	 *
	 * @param declared what the header says, as written (e.g. {@code CHARSET:1252}), or
	 * null
	 * @param declaredCharset the charset that declaration names, when it names one
	 */
	record Decoded(String text, String charset, String reason) {
	}

	static Decoded decode(byte[] bytes, @Nullable String declared, @Nullable Charset declaredCharset) {
		String says = declared == null ? "" : " (the file declares " + declared + ")";
		if (bytes.length >= 3 && (bytes[0] & 0xff) == 0xEF && (bytes[1] & 0xff) == 0xBB && (bytes[2] & 0xff) == 0xBF) {
			return new Decoded(new String(bytes, 3, bytes.length - 3, StandardCharsets.UTF_8), "utf-8",
					"starts with the UTF-8 byte order mark" + says);
		}
		boolean ascii = true;
		boolean c1 = false;
		boolean undefinedIn1252 = false;
		for (byte b : bytes) {
			int value = b & 0xff;
			ascii &= value < 0x80;
			c1 |= value >= 0x80 && value < 0xA0;
			undefinedIn1252 |= undefinedIn1252(value);
		}
		if (ascii) {
			return new Decoded(new String(bytes, StandardCharsets.US_ASCII), "us-ascii",
					"only ASCII bytes, which every charset reads alike" + says);
		}
		String utf8 = utf8(bytes);
		if (utf8 != null) {
			boolean agrees = StandardCharsets.UTF_8.equals(declaredCharset);
			return new Decoded(utf8, "utf-8",
					"the bytes are valid UTF-8" + (declared == null ? ""
							: agrees ? ", as the file declares (" + declared + ")"
									: ", although the file declares " + declared + ": accented text in a single-byte "
											+ "charset is practically never valid UTF-8"));
		}
		String notUtf8 = "the bytes are not valid UTF-8";
		if (undefinedIn1252) {
			return new Decoded(new String(bytes, StandardCharsets.ISO_8859_1), "iso-8859-1",
					notUtf8 + " and hold bytes Windows-1252 leaves undefined" + says);
		}
		if (StandardCharsets.ISO_8859_1.equals(declaredCharset) && !c1) {
			return new Decoded(new String(bytes, StandardCharsets.ISO_8859_1), "iso-8859-1",
					notUtf8 + "; read as the file declares (" + declared + ")");
		}
		if (WINDOWS_1252.equals(declaredCharset) || StandardCharsets.ISO_8859_1.equals(declaredCharset)) {
			return new Decoded(new String(bytes, WINDOWS_1252), "windows-1252",
					notUtf8 + "; read as Windows-1252, as the file declares (" + declared + ")");
		}
		return new Decoded(new String(bytes, WINDOWS_1252), "windows-1252",
				notUtf8 + (declared == null ? "" : " although the file declares " + declared)
						+ ": read as Windows-1252 (Latin-1 with the Windows additions), what Brazilian banks write");
	}

	/**
	 * A CSV file's text and the name of the encoding used: the caller's when it names one
	 * (a UTF-8 byte order mark is dropped), UTF-8 with or without its byte order mark,
	 * UTF-16 with its byte order mark, else Windows-1252 (what Excel and most Brazilian
	 * bank systems on Windows write), or ISO-8859-1 when the bytes hold some Windows-1252
	 * leaves undefined.
	 */
	static Decoded decodeCsv(byte[] bytes, @Nullable Charset forced) {
		if (bytes.length >= 3 && (bytes[0] & 0xff) == 0xEF && (bytes[1] & 0xff) == 0xBB && (bytes[2] & 0xff) == 0xBF
				&& (forced == null || forced.equals(StandardCharsets.UTF_8))) {
			return new Decoded(new String(bytes, 3, bytes.length - 3, StandardCharsets.UTF_8), "utf-8",
					"starts with the UTF-8 byte order mark");
		}
		if (forced == null && bytes.length >= 2 && (((bytes[0] & 0xff) == 0xFF && (bytes[1] & 0xff) == 0xFE)
				|| ((bytes[0] & 0xff) == 0xFE && (bytes[1] & 0xff) == 0xFF))) {
			return new Decoded(new String(bytes, StandardCharsets.UTF_16), "utf-16",
					"starts with a UTF-16 byte order mark");
		}
		if (forced != null) {
			String text = new String(bytes, forced);
			return new Decoded(text.startsWith("\uFEFF") ? text.substring(1) : text, name(forced),
					"chosen with the encoding option");
		}
		String utf8 = utf8(bytes);
		if (utf8 != null) {
			return new Decoded(utf8, "utf-8", "the bytes are valid UTF-8");
		}
		for (byte b : bytes) {
			if (undefinedIn1252(b & 0xff)) {
				return new Decoded(new String(bytes, StandardCharsets.ISO_8859_1), "iso-8859-1",
						"the bytes are not valid UTF-8 and hold bytes Windows-1252 leaves undefined");
			}
		}
		return new Decoded(new String(bytes, WINDOWS_1252), "windows-1252",
				"the bytes are not valid UTF-8: read as Windows-1252, what Excel and Brazilian banks write");
	}

	/** How the wire names a charset. */
	static String name(Charset charset) {
		if (charset.equals(StandardCharsets.UTF_8)) {
			return "utf-8";
		}
		if (charset.equals(StandardCharsets.ISO_8859_1)) {
			return "iso-8859-1";
		}
		return charset.equals(WINDOWS_1252) ? "windows-1252" : charset.name().toLowerCase(Locale.ROOT);
	}

	/** The encodings a caller may name in a CSV import's {@code encoding} option. */
	public static @Nullable Charset encodingNamed(String name) {
		return switch (StatementValues.key(name)) {
			case "utf8" -> StandardCharsets.UTF_8;
			case "windows1252", "cp1252", "ansi" -> WINDOWS_1252;
			case "iso88591", "latin1" -> StandardCharsets.ISO_8859_1;
			default -> null;
		};
	}

	/** The bytes as UTF-8, or null when they are not valid UTF-8. */
	private static @Nullable String utf8(byte[] bytes) {
		try {
			return StandardCharsets.UTF_8.newDecoder()
				.onMalformedInput(CodingErrorAction.REPORT)
				.onUnmappableCharacter(CodingErrorAction.REPORT)
				.decode(ByteBuffer.wrap(bytes))
				.toString();
		}
		catch (CharacterCodingException ex) {
			return null;
		}
	}

	private static boolean undefinedIn1252(int value) {
		return value == 0x81 || value == 0x8D || value == 0x8F || value == 0x90 || value == 0x9D;
	}

	/** The charset a header value names (1252, ISO-8859-1, UTF-8, USASCII…), or null. */
	static @Nullable Charset named(@Nullable String value) {
		if (value == null) {
			return null;
		}
		String key = value.strip().toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]", "");
		return switch (key) {
			case "1252", "cp1252", "windows1252", "ansi" -> WINDOWS_1252;
			case "iso88591", "88591", "latin1", "isolatin1", "819" -> StandardCharsets.ISO_8859_1;
			case "utf8", "unicode" -> StandardCharsets.UTF_8;
			case "usascii", "ascii" -> StandardCharsets.US_ASCII;
			default -> null;
		};
	}

}
