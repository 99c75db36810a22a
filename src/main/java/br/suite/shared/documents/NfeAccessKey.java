package br.suite.shared.documents;

import java.time.YearMonth;
import java.util.Set;
import org.jspecify.annotations.NullMarked;
import org.jspecify.annotations.Nullable;

/**
 * The 44-character access key (chave de acesso) shared by NF-e (model 55), NFC-e (65),
 * CT-e (57), MDF-e (58) and the other documents on the same layout.
 *
 * <pre>
 * pos  1-2  cUF    IBGE code of the issuer's state
 * pos  3-6  AAMM   year and month of issue
 * pos  7-20 CNPJ   issuer (alphanumeric from July 2026; a CPF issuer is zero-padded)
 * pos 21-22 mod    document model
 * pos 23-25 série
 * pos 26-34 nNF    document number
 * pos 35    tpEmis emission type (1 = normal, others = contingency)
 * pos 36-43 cNF    random code
 * pos 44    cDV    mod-11 check digit over positions 1-43
 * </pre>
 *
 * <p>
 * Only the layout, state code, month and check digit are verified. The issuer id is not
 * checked as a CNPJ because CPF issuers are zero-padded into it; callers that know the
 * expected issuer compare {@link #issuerId()} themselves.
 *
 * <p>
 * As with the alphanumeric CNPJ, the check digit uses {@code ASCII − 48}, so swapping a
 * character of the issuer root for one whose value differs by a multiple of 11 ({@code 0}
 * and {@code F}, say) is not detected.
 */
@NullMarked
public record NfeAccessKey(String value) {

	public static final int LENGTH = 44;

	// IBGE state codes (RO..TO, MA..BA, MG..SP, PR..RS, MS..DF); SEFAZ rejects any other
	// cUF.
	private static final Set<Integer> UF_CODES = Set.of(11, 12, 13, 14, 15, 16, 17, 21, 22, 23, 24, 25, 26, 27, 28, 29,
			31, 32, 33, 35, 41, 42, 43, 50, 51, 52, 53);

	/**
	 * A key of exactly 44 characters (see {@link #parse} for one with spaces).
	 * @throws InvalidAccessKey when the key has the wrong length or characters, an
	 * unknown state code, a month outside 01-12, or a wrong check digit
	 */
	public NfeAccessKey {
		check(value);
	}

	/**
	 * Parses an access key as printed on a DANFE or found in an XML or CSV; whitespace
	 * (the DANFE prints the key in groups of four) is removed.
	 * @throws InvalidAccessKey when the key has the wrong length or characters, an
	 * unknown state code, a month outside 01-12, or a wrong check digit
	 */
	public static NfeAccessKey parse(@Nullable String input) {
		return new NfeAccessKey(input == null ? null : removeWhitespace(input));
	}

	private static void check(@Nullable String key) {
		if (key == null) {
			throw new InvalidAccessKey(InvalidAccessKey.Reason.EMPTY, "Access key is missing");
		}
		if (key.isEmpty()) {
			throw new InvalidAccessKey(InvalidAccessKey.Reason.EMPTY, "Access key is empty");
		}
		if (key.length() != LENGTH) {
			throw new InvalidAccessKey(InvalidAccessKey.Reason.LENGTH,
					"Access key must have 44 characters, but has " + key.length());
		}
		checkCharacters(key);
		int uf = Integer.parseInt(key.substring(0, 2));
		if (!UF_CODES.contains(uf)) {
			throw new InvalidAccessKey(InvalidAccessKey.Reason.UF_CODE,
					"Access key starts with " + key.substring(0, 2) + ", which is not an IBGE state code");
		}
		int month = Integer.parseInt(key.substring(4, 6));
		if (month < 1 || month > 12) {
			throw new InvalidAccessKey(InvalidAccessKey.Reason.MONTH,
					"Access key has month " + key.substring(4, 6) + " at positions 5-6; it must be 01 to 12");
		}
		int expected = computeCheckDigit(key.substring(0, LENGTH - 1));
		if (key.charAt(LENGTH - 1) - '0' != expected) {
			// The expected digit is left out on purpose: a wrong digit usually means a
			// typo
			// elsewhere, and "fixing" only the last one would give a key of some other
			// document.
			throw new InvalidAccessKey(InvalidAccessKey.Reason.CHECK_DIGIT, "Access key check digit "
					+ key.charAt(LENGTH - 1) + " does not match the other 43 characters; it was probably mistyped");
		}
	}

	/** Whether {@link #parse(String)} would accept the input. */
	public static boolean isValid(@Nullable String input) {
		try {
			parse(input);
			return true;
		}
		catch (InvalidAccessKey e) {
			return false;
		}
	}

	/**
	 * The check digit (cDV) for the first 43 characters of a key: weights 2..9 cycling
	 * from the right, values {@code ASCII − 48}, {@code 11 − (sum mod 11)}, or 0 when the
	 * remainder is 0 or 1.
	 * @throws IllegalArgumentException if {@code first43} is not 43 characters of
	 * {@code [0-9A-Z]}
	 */
	public static int computeCheckDigit(String first43) {
		if (first43.length() != LENGTH - 1) {
			throw new IllegalArgumentException("Need the first 43 characters of the key, got " + first43.length());
		}
		int sum = 0;
		int weight = 2;
		for (int i = first43.length() - 1; i >= 0; i--) {
			char c = first43.charAt(i);
			if (!isDigit(c) && !(c >= 'A' && c <= 'Z')) {
				throw new IllegalArgumentException(
						"Key characters must be [0-9A-Z], got '" + c + "' at position " + (i + 1));
			}
			sum += (c - '0') * weight;
			weight = weight == 9 ? 2 : weight + 1;
		}
		int r = sum % 11;
		return r < 2 ? 0 : 11 - r;
	}

	/** IBGE code of the issuer's state (35 = SP). */
	public int ufCode() {
		return Integer.parseInt(value.substring(0, 2));
	}

	/** Month of issue; the key holds a two-digit year, read as 20AA. */
	public YearMonth yearMonth() {
		return YearMonth.of(2000 + Integer.parseInt(value.substring(2, 4)), Integer.parseInt(value.substring(4, 6)));
	}

	/** The 14-character issuer id: a CNPJ, or a CPF left-padded with zeros. */
	public String issuerId() {
		return value.substring(6, 20);
	}

	/**
	 * Document model: 55 NF-e, 65 NFC-e, 57 CT-e, 58 MDF-e, and others on the same
	 * layout.
	 */
	public int model() {
		return Integer.parseInt(value.substring(20, 22));
	}

	public int series() {
		return Integer.parseInt(value.substring(22, 25));
	}

	public long number() {
		return Long.parseLong(value.substring(25, 34));
	}

	/** tpEmis: 1 is a normal emission, other values are contingency modes. */
	public int emissionType() {
		return value.charAt(34) - '0';
	}

	/** cNF, kept as text because its leading zeros are part of it. */
	public String randomCode() {
		return value.substring(35, 43);
	}

	public int checkDigit() {
		return value.charAt(43) - '0';
	}

	/** The 44 characters, without spaces; the form to store and to make unique. */
	@Override
	public String toString() {
		return value;
	}

	// Mirrors ^[0-9]{6}[0-9A-Z]{12}[0-9]{26}$ but names the first offending position.
	private static void checkCharacters(String key) {
		for (int i = 0; i < key.length(); i++) {
			char c = key.charAt(i);
			boolean letterAllowed = i >= 6 && i < 18;
			if (isDigit(c) || (letterAllowed && c >= 'A' && c <= 'Z')) {
				continue;
			}
			String rule = letterAllowed ? "positions 7-18 allow only digits and upper-case letters A-Z"
					: "position " + (i + 1) + " must be a digit";
			throw new InvalidAccessKey(InvalidAccessKey.Reason.CHARACTERS,
					"Access key has '" + c + "' at position " + (i + 1) + "; " + rule);
		}
	}

	private static String removeWhitespace(String input) {
		StringBuilder sb = new StringBuilder(input.length());
		for (int i = 0; i < input.length(); i++) {
			char c = input.charAt(i);
			if (!Character.isWhitespace(c) && c != '\u00A0') {
				sb.append(c);
			}
		}
		return sb.toString();
	}

	private static boolean isDigit(char c) {
		return c >= '0' && c <= '9';
	}

}
