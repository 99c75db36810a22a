package br.suite.timeclock;

import java.nio.charset.StandardCharsets;
import java.text.Normalizer;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.Locale;

import org.jspecify.annotations.Nullable;

import br.suite.shared.crypto.Sha256;

/**
 * The fixed-width fields of the AFD (Arquivo Fonte de Dados, Portaria MTP 671/2021 Anexo
 * V) as Suite writes them; the choices where the layout is silent are in docs/api.md §
 * Time clock as a REP-P.
 */
public final class Afd {

	/** {@code AAAA-MM-ddThh:mm:00ZZZZZ}: seconds always 00, offset without colon. */
	private static final DateTimeFormatter DH = DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:00xx", Locale.ROOT);

	/** The previous hash of an establishment's first punch. */
	public static final String GENESIS = "0".repeat(64);

	public static final String SIGNATURE_LINE = pad("ASSINATURA_DIGITAL_EM_ARQUIVO_P7S", 100);

	private Afd() {
	}

	public static String dh(Instant instant, ZoneId zone) {
		return DH.format(instant.truncatedTo(ChronoUnit.MINUTES).atZone(zone));
	}

	/** Numbers (NSR, counts) right-aligned with zeros. */
	public static String number(long value, int width) {
		String text = Long.toString(value);
		if (text.length() > width) {
			throw new IllegalArgumentException(value + " does not fit " + width + " positions");
		}
		return "0".repeat(width - text.length()) + text;
	}

	/**
	 * The employee's CPF in 12 positions: a zero and the 11 digits (MTE FAQ 50, option
	 * a); zeros when unknown.
	 */
	static String cpf12(@Nullable String cpf) {
		return cpf == null ? "0".repeat(12) : "0" + cpf;
	}

	/**
	 * Text and identifiers left-aligned, padded with spaces, cut to the width, in
	 * ISO-8859-1 characters.
	 */
	public static String pad(@Nullable String value, int width) {
		String text = latin1(value == null ? "" : value);
		if (text.length() > width) {
			return text.substring(0, width);
		}
		return text + " ".repeat(width - text.length());
	}

	/**
	 * Characters outside ISO-8859-1 lose their accents, or become {@code ?}, so every
	 * character is one byte.
	 */
	static String latin1(String value) {
		StringBuilder out = new StringBuilder(value.length());
		for (char c : value.replaceAll("[\\r\\n\\t]", " ").toCharArray()) {
			if (c < 256) {
				out.append(c);
				continue;
			}
			String stripped = Normalizer.normalize(String.valueOf(c), Normalizer.Form.NFD).replaceAll("\\p{M}", "");
			out.append(stripped.length() == 1 && stripped.charAt(0) < 256 ? stripped.charAt(0) : '?');
		}
		return out.toString();
	}

	/** The collector code of AFD type 7 field 6. */
	static String collector(String source) {
		return switch (source) {
			case "mobile_app" -> "01";
			case "browser" -> "02";
			case "desktop_app" -> "03";
			case "device" -> "04";
			default -> "05";
		};
	}

	/** Positions 1-73 of a type-7 record. */
	public static String punchFields(long nsr, Instant occurredAt, @Nullable String cpf, Instant recordedAt,
			ZoneId zone, String source, boolean offline) {
		return number(nsr, 9) + "7" + dh(occurredAt, zone) + cpf12(cpf) + dh(recordedAt, zone) + collector(source)
				+ (offline ? "1" : "0");
	}

	/**
	 * SHA-256 (lower-case hex) of the 73 characters followed by the previous type-7 hash
	 * ("" for the first).
	 */
	public static String punchHash(String fields, String previousHash) {
		return Sha256.hex((fields + previousHash).getBytes(StandardCharsets.ISO_8859_1));
	}

	/**
	 * CRC-16/KERMIT (CCITT-TRUE) of the ISO-8859-1 bytes, as 4 upper-case hex digits in
	 * the byte order of the value.
	 */
	public static String crc16(String text) {
		int crc = 0;
		for (byte b : text.getBytes(StandardCharsets.ISO_8859_1)) {
			crc ^= b & 0xff;
			for (int i = 0; i < 8; i++) {
				crc = (crc & 1) != 0 ? (crc >>> 1) ^ 0x8408 : crc >>> 1;
			}
		}
		return String.format(Locale.ROOT, "%04X", crc & 0xffff);
	}

	/**
	 * Type 2, employer inclusion or change (331): NSR, type, date-time recorded, CPF of
	 * the person responsible (14 positions, left-aligned; spaces when unknown), employer
	 * id type and CNPJ/CPF, CNO/CAEPF, razão social, local de prestação de serviços, CRC.
	 */
	static String employerRecord(long nsr, Instant recordedAt, ZoneId zone, @Nullable String responsibleCpf,
			int documentType, String document, String ceiCaepfCno, String name, String address) {
		return withCrc(number(nsr, 9) + "2" + dh(recordedAt, zone) + pad(responsibleCpf, 14) + documentType
				+ pad(document, 14) + pad(ceiCaepfCno, 14) + pad(name, 150) + pad(address, 100));
	}

	/**
	 * Type 5, employee inclusion ({@code I}), change ({@code A}) or exclusion ({@code E})
	 * (118): NSR, type, date-time recorded, operation, employee CPF (12), name (52),
	 * "demais dados" (4 spaces, as every implementation writes them), CPF of the person
	 * responsible (11; zeros when unknown), CRC.
	 */
	static String employeeRecord(long nsr, Instant recordedAt, ZoneId zone, char operation, String cpf, String name,
			@Nullable String responsibleCpf) {
		return withCrc(number(nsr, 9) + "5" + dh(recordedAt, zone) + operation + cpf12(cpf) + pad(name, 52) + pad("", 4)
				+ (responsibleCpf == null ? "0".repeat(11) : responsibleCpf));
	}

	/** A record of types 1-5: the fields and their CRC. */
	public static String withCrc(String fields) {
		return fields + crc16(fields);
	}

}
