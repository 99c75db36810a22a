package br.suite.shared.documents;

import org.jspecify.annotations.NullMarked;
import org.jspecify.annotations.Nullable;

/**
 * A Brazilian taxpayer id: a CPF (11 digits) or a CNPJ (14 characters, numeric or the
 * alphanumeric form that Receita Federal assigns to new registrations from July 2026).
 *
 * <p>
 * Instances only exist for valid ids (the constructor checks what {@link #parse} checks),
 * so holding a {@code TaxId} is proof that the check digits were verified. {@code value}
 * is the canonical form to store and compare: 11 digits, or 14 characters of digits and
 * upper-case letters, without punctuation.
 *
 * <p>
 * Limit of the official algorithm, not of this class: the CNPJ check digits use mod 11
 * over {@code ASCII − 48}, so two characters whose values differ by a multiple of 11 (for
 * example {@code 0} and {@code F}, {@code 1} and {@code G}) are interchangeable in the
 * root and branch. Such a typo in an alphanumeric CNPJ yields another valid CNPJ and
 * cannot be caught here.
 */
@NullMarked
public record TaxId(String value, Kind kind) {

	/**
	 * Which document a {@link TaxId} is; decided by the length of the normalised input.
	 */
	public enum Kind {

		CPF, CNPJ

	}

	private static final int CPF_LENGTH = 11;

	private static final int CNPJ_LENGTH = 14;

	private static final int CNPJ_BASE_LENGTH = 12;

	private static final int[] CNPJ_DV1_WEIGHTS = { 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2 };

	private static final int[] CNPJ_DV2_WEIGHTS = { 6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2 };

	/**
	 * An id in its canonical form (see {@link #parse} for a typed or masked one), of the
	 * kind its length says.
	 * @throws InvalidTaxId as {@link #parse}, or when {@code kind} is not the kind of
	 * {@code value}
	 */
	public TaxId {
		Kind read = check(value);
		if (read != kind) {
			throw new InvalidTaxId(InvalidTaxId.Reason.LENGTH, "A " + kind + " cannot have " + value.length()
					+ " characters: " + (read == Kind.CPF ? "it is a CPF" : "it is a CNPJ"));
		}
	}

	/**
	 * Parses a CPF or CNPJ typed by a person or read from a file.
	 *
	 * <p>
	 * Accepts the masked and unmasked forms ({@code .}, {@code -}, {@code /} and
	 * whitespace are dropped) and lower-case letters, which are upper-cased.
	 * @throws InvalidTaxId when the input is empty, has the wrong length or characters,
	 * is a repeated-digit string, or its check digits do not match
	 */
	public static TaxId parse(@Nullable String input) {
		String normalised = input == null ? null : normalise(input);
		return new TaxId(normalised, check(normalised));
	}

	private static Kind check(@Nullable String normalised) {
		if (normalised == null) {
			throw new InvalidTaxId(InvalidTaxId.Reason.EMPTY, "CPF/CNPJ is missing");
		}
		if (normalised.isEmpty()) {
			throw new InvalidTaxId(InvalidTaxId.Reason.EMPTY, "CPF/CNPJ is empty");
		}
		return switch (normalised.length()) {
			case CPF_LENGTH -> checkCpf(normalised);
			case CNPJ_LENGTH -> checkCnpj(normalised);
			default -> throw new InvalidTaxId(InvalidTaxId.Reason.LENGTH,
					"CPF/CNPJ must have 11 characters (CPF) or 14 characters (CNPJ) without" + " punctuation, but has "
							+ normalised.length());
		};
	}

	/** Whether {@link #parse(String)} would accept the input. */
	public static boolean isValid(@Nullable String input) {
		try {
			parse(input);
			return true;
		}
		catch (InvalidTaxId e) {
			return false;
		}
	}

	/** Masked form for display: {@code 123.456.789-09} or {@code 12.ABC.345/01DE-35}. */
	public String formatted() {
		if (kind == Kind.CPF) {
			return value.substring(0, 3) + '.' + value.substring(3, 6) + '.' + value.substring(6, 9) + '-'
					+ value.substring(9);
		}
		return value.substring(0, 2) + '.' + value.substring(2, 5) + '.' + value.substring(5, 8) + '/'
				+ value.substring(8, 12) + '-' + value.substring(12);
	}

	/**
	 * The canonical value, so that string concatenation and logging show what is stored.
	 */
	@Override
	public String toString() {
		return value;
	}

	/**
	 * Computes the two CNPJ check digits for a 12-character root + branch; used to build
	 * CNPJs in tests and fixtures.
	 * @throws IllegalArgumentException if {@code base} is not 12 characters of
	 * {@code [0-9A-Z]}
	 */
	public static String cnpjCheckDigits(String base) {
		if (base.length() != CNPJ_BASE_LENGTH) {
			throw new IllegalArgumentException("CNPJ base must have 12 characters: " + base);
		}
		for (int i = 0; i < base.length(); i++) {
			if (!isDigitOrUpperLetter(base.charAt(i))) {
				throw new IllegalArgumentException("CNPJ base must be [0-9A-Z]{12}: " + base);
			}
		}
		int dv1 = mod11(weightedSum(base, CNPJ_DV1_WEIGHTS));
		int dv2 = mod11(weightedSum(base + dv1, CNPJ_DV2_WEIGHTS));
		return "" + dv1 + dv2;
	}

	/**
	 * Computes the two CPF check digits for its first 9 digits; used to build CPFs in
	 * tests and fixtures.
	 * @throws IllegalArgumentException if {@code base} is not 9 digits
	 */
	public static String cpfCheckDigits(String base) {
		if (base.length() != 9 || !allDigits(base)) {
			throw new IllegalArgumentException("CPF base must be 9 digits: " + base);
		}
		int dv1 = mod11(descendingWeightedSum(base, 10));
		int dv2 = mod11(descendingWeightedSum(base + dv1, 11));
		return "" + dv1 + dv2;
	}

	private static Kind checkCpf(String digits) {
		for (int i = 0; i < digits.length(); i++) {
			char c = digits.charAt(i);
			if (!isDigit(c)) {
				throw new InvalidTaxId(InvalidTaxId.Reason.CHARACTERS,
						"CPF must contain only digits, but has '" + c + "' at position " + (i + 1));
			}
		}
		rejectRepeated(digits, "CPF");
		String expected = cpfCheckDigits(digits.substring(0, 9));
		if (!digits.endsWith(expected)) {
			throw wrongCheckDigits("CPF", digits.substring(9));
		}
		return Kind.CPF;
	}

	private static Kind checkCnpj(String chars) {
		for (int i = 0; i < chars.length(); i++) {
			char c = chars.charAt(i);
			if (i < CNPJ_BASE_LENGTH ? !isDigitOrUpperLetter(c) : !isDigit(c)) {
				String allowed = i < CNPJ_BASE_LENGTH
						? "only letters A-Z and digits are allowed in the first 12 characters"
						: "the last 2 characters (check digits) must be digits";
				throw new InvalidTaxId(InvalidTaxId.Reason.CHARACTERS,
						"CNPJ has '" + c + "' at position " + (i + 1) + "; " + allowed);
			}
		}
		rejectRepeated(chars, "CNPJ");
		String expected = cnpjCheckDigits(chars.substring(0, CNPJ_BASE_LENGTH));
		if (!chars.endsWith(expected)) {
			throw wrongCheckDigits("CNPJ", chars.substring(CNPJ_BASE_LENGTH));
		}
		return Kind.CNPJ;
	}

	// Repeated-digit strings satisfy the check-digit formula, yet Receita never issues
	// them and
	// they are what people type to get past a form.
	private static void rejectRepeated(String value, String label) {
		if (value.chars().allMatch(c -> c == value.charAt(0))) {
			throw new InvalidTaxId(InvalidTaxId.Reason.REPEATED_DIGITS,
					label + " made of one repeated digit is not a real " + label);
		}
	}

	// The expected digits are left out on purpose: showing them invites "fixing" a
	// mistyped id by
	// changing its last two digits, which yields a valid id of somebody else.
	private static InvalidTaxId wrongCheckDigits(String label, String given) {
		return new InvalidTaxId(InvalidTaxId.Reason.CHECK_DIGITS, label + " check digits " + given
				+ " do not match the rest of the number;" + " it was probably mistyped");
	}

	// Drops the mask and spacing people paste in; anything else stays so the character
	// check can
	// name it. Only ASCII letters are upper-cased: a locale-aware upper-case could turn
	// one char
	// into two ('ß' -> "SS") or a dotless 'ı' into 'I' and sneak past the character
	// check.
	private static String normalise(String input) {
		StringBuilder sb = new StringBuilder(input.length());
		for (int i = 0; i < input.length(); i++) {
			char c = input.charAt(i);
			if (c == '.' || c == '-' || c == '/' || Character.isWhitespace(c) || c == '\u00A0') {
				continue;
			}
			sb.append(c >= 'a' && c <= 'z' ? (char) (c - 'a' + 'A') : c);
		}
		return sb.toString();
	}

	private static int weightedSum(String chars, int[] weights) {
		int sum = 0;
		for (int i = 0; i < weights.length; i++) {
			sum += (chars.charAt(i) - '0') * weights[i];
		}
		return sum;
	}

	private static int descendingWeightedSum(String digits, int firstWeight) {
		int sum = 0;
		for (int i = 0; i < digits.length(); i++) {
			sum += (digits.charAt(i) - '0') * (firstWeight - i);
		}
		return sum;
	}

	private static int mod11(int sum) {
		int r = sum % 11;
		return r < 2 ? 0 : 11 - r;
	}

	private static boolean allDigits(String s) {
		return s.chars().allMatch(c -> isDigit((char) c));
	}

	private static boolean isDigit(char c) {
		return c >= '0' && c <= '9';
	}

	private static boolean isDigitOrUpperLetter(char c) {
		return isDigit(c) || (c >= 'A' && c <= 'Z');
	}

}
