package br.suite.finance.charge;

import java.math.BigDecimal;
import java.text.Normalizer;
import java.util.Locale;
import java.util.regex.Pattern;

import org.jspecify.annotations.Nullable;

import br.suite.shared.Money;

/**
 * The BR Code (EMV® QRCPS-MPM as the Central Bank's "Manual de Padrões para Iniciação do
 * Pix" profiles it): the text a Pix QR code carries and "Pix copia e cola" pastes. Pure
 * code, checked against the manual's published examples (BrCodeTests).
 *
 * <p>
 * Fields, in order: {@code 00} payload format {@code 01}; {@code 01} {@code 12} (single
 * use) for a dynamic code; {@code 26} merchant account ({@code 00} GUI
 * {@code br.gov.bcb.pix}, then the key in {@code 01} for a static code or the location
 * without scheme in {@code 25} for a dynamic one); {@code 52} {@code 0000}; {@code 53}
 * {@code 986} (BRL); {@code 54} the amount when set; {@code 58} {@code BR}; {@code 59}
 * merchant name (≤ 25, ASCII); {@code 60} city (≤ 15, ASCII); {@code 62} additional data
 * with {@code 05} the reference (static: ≤ 25 letters and digits, or {@code ***};
 * dynamic: {@code ***}); {@code 63} CRC-16/CCITT-FALSE over everything before it
 * including {@code 6304}.
 */
public final class BrCode {

	/** The reference (txid) a static code may carry: field 62/05, at most 25. */
	static final Pattern REFERENCE = Pattern.compile("[A-Za-z0-9]{1,25}");

	static final int NAME_MAX = 25;

	static final int CITY_MAX = 15;

	private static final String GUI = "br.gov.bcb.pix";

	private BrCode() {
	}

	/**
	 * A static code: the receiver's Pix key, an optional amount (null: the payer types
	 * it) and a reference ({@code null} or empty: {@code ***}).
	 * @throws IllegalArgumentException when a value does not fit its field
	 */
	public static String staticCode(String key, @Nullable BigDecimal amount, String merchantName, String merchantCity,
			@Nullable String reference) {
		if (key.isEmpty() || key.length() > 77) {
			throw new IllegalArgumentException("the Pix key must have 1 to 77 characters");
		}
		String label = reference == null || reference.isEmpty() ? "***" : reference;
		if (!label.equals("***") && !REFERENCE.matcher(label).matches()) {
			throw new IllegalArgumentException("a static BR Code's reference is 1 to 25 letters and digits");
		}
		return build(null, field("00", GUI) + field("01", key), amount, merchantName, merchantCity, label);
	}

	/**
	 * A dynamic code: the location of a charge at the provider ({@code loc.location},
	 * without scheme; a scheme is dropped).
	 */
	public static String dynamicCode(String location, String merchantName, String merchantCity) {
		String url = location.replaceFirst("^(?i)https?://", "");
		if (url.isEmpty() || url.length() > 77) {
			throw new IllegalArgumentException("the location must have 1 to 77 characters");
		}
		return build("12", field("00", GUI) + field("25", url), null, merchantName, merchantCity, "***");
	}

	private static String build(@Nullable String initiation, String account, @Nullable BigDecimal amount,
			String merchantName, String merchantCity, String label) {
		StringBuilder out = new StringBuilder(field("00", "01"));
		if (initiation != null) {
			out.append(field("01", initiation));
		}
		out.append(field("26", account)).append(field("52", "0000")).append(field("53", "986"));
		if (amount != null) {
			if (amount.signum() <= 0) {
				throw new IllegalArgumentException("the amount must be positive");
			}
			String text = Money.format(amount);
			if (text.length() > 13) {
				throw new IllegalArgumentException("the amount has more than 13 characters");
			}
			out.append(field("54", text));
		}
		out.append(field("58", "BR"))
			.append(field("59", ascii(merchantName, NAME_MAX, "merchant name")))
			.append(field("60", ascii(merchantCity, CITY_MAX, "merchant city")))
			.append(field("62", field("05", label)))
			.append("6304");
		return out.append(crc16(out.toString())).toString();
	}

	/** ID, two-digit length, value. */
	private static String field(String id, String value) {
		if (value.length() > 99) {
			throw new IllegalArgumentException("field " + id + " is longer than 99 characters");
		}
		return id + String.format(Locale.ROOT, "%02d", value.length()) + value;
	}

	/**
	 * Without accents, printable ASCII only, cut to {@code max} (as payers' apps expect).
	 */
	static String ascii(String text, int max, String what) {
		String plain = Normalizer.normalize(text, Normalizer.Form.NFD)
			.replaceAll("\\p{M}", "")
			.replaceAll("[^\\x20-\\x7E]", "")
			.strip();
		if (plain.isEmpty()) {
			throw new IllegalArgumentException("the " + what + " is empty");
		}
		return plain.length() > max ? plain.substring(0, max).strip() : plain;
	}

	/**
	 * CRC-16/CCITT-FALSE (polynomial 0x1021, initial 0xFFFF, no reflection, no final XOR)
	 * as four upper-case hex digits.
	 */
	public static String crc16(String text) {
		int crc = 0xFFFF;
		for (byte b : text.getBytes(java.nio.charset.StandardCharsets.UTF_8)) {
			crc ^= (b & 0xFF) << 8;
			for (int i = 0; i < 8; i++) {
				crc = (crc & 0x8000) != 0 ? (crc << 1) ^ 0x1021 : crc << 1;
				crc &= 0xFFFF;
			}
		}
		return String.format(Locale.ROOT, "%04X", crc);
	}

	/**
	 * Whether the text ends with the CRC of everything before its last four characters.
	 */
	public static boolean crcValid(String code) {
		return code.length() > 8 && code.regionMatches(code.length() - 8, "6304", 0, 4)
				&& crc16(code.substring(0, code.length() - 4)).equals(code.substring(code.length() - 4));
	}

}
