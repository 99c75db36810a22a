package br.suite.shared.documents;

import java.util.regex.Pattern;
import org.jspecify.annotations.NullMarked;
import org.jspecify.annotations.Nullable;

/**
 * A Pix {@code endToEndId}: 32 ASCII letters or digits, case-sensitive.
 *
 * <p>
 * Two levels on purpose. The BCB Pix API only promises {@code [a-zA-Z0-9]{32}}, so that
 * is what {@link #parse(String)} enforces; rejecting more would drop real payments from
 * providers that bend the layout. {@link #isStrict()} tells whether the id also follows
 * the documented layout {@code E + ISPB(8) + yyyyMMddHHmm (UTC) + 11 characters}, so
 * callers can flag the rest for review.
 *
 * <p>
 * The value is never case-folded: {@code ...abc} and {@code ...ABC} are different
 * payments. The embedded time is not exposed; it may be up to 12 hours away from the
 * settlement time and must not be used as a transaction date.
 */
@NullMarked
public record PixEndToEndId(String value) {

	public static final int LENGTH = 32;

	private static final Pattern LOOSE = Pattern.compile("[a-zA-Z0-9]{32}");

	// ISPB is [0-9A-Z]{8} since Open Finance 2025 (it may derive from an alphanumeric
	// CNPJ).
	private static final Pattern STRICT = Pattern.compile("E[0-9A-Z]{8}"
			+ "[0-9]{4}(0[1-9]|1[0-2])(0[1-9]|[12][0-9]|3[01])([01][0-9]|2[0-3])[0-5][0-9]" + "[a-zA-Z0-9]{11}");

	/**
	 * Accepts any 32-character ASCII alphanumeric id, as the Pix API does. No trimming or
	 * case change: the id is compared byte for byte with what the bank reports.
	 * @throws InvalidEndToEndId when the value is not exactly 32 ASCII letters or digits
	 */
	public PixEndToEndId {
		check(value);
	}

	/**
	 * The id of a text, as {@link #PixEndToEndId(String)} (null is a missing id).
	 * @throws InvalidEndToEndId when the input is not exactly 32 ASCII letters or digits
	 */
	public static PixEndToEndId parse(@Nullable String input) {
		return new PixEndToEndId(check(input));
	}

	private static String check(@Nullable String input) {
		if (input == null || input.isEmpty()) {
			throw new InvalidEndToEndId("Pix endToEndId is missing");
		}
		if (input.length() != LENGTH) {
			throw new InvalidEndToEndId("Pix endToEndId must have 32 characters, but has " + input.length());
		}
		if (!LOOSE.matcher(input).matches()) {
			int bad = firstNonAlphanumeric(input);
			throw new InvalidEndToEndId("Pix endToEndId may only contain letters A-Z, a-z and digits, but has '"
					+ input.charAt(bad) + "' at position " + (bad + 1));
		}
		return input;
	}

	/** Whether {@link #parse(String)} would accept the input. */
	public static boolean isValid(@Nullable String input) {
		return input != null && LOOSE.matcher(input).matches();
	}

	/**
	 * Whether the id follows the documented E + ISPB + UTC timestamp + sequence layout.
	 */
	public boolean isStrict() {
		return STRICT.matcher(value).matches();
	}

	/** The id itself, as the bank reports it. */
	@Override
	public String toString() {
		return value;
	}

	private static int firstNonAlphanumeric(String s) {
		for (int i = 0; i < s.length(); i++) {
			char c = s.charAt(i);
			boolean ok = (c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
			if (!ok) {
				return i;
			}
		}
		return 0;
	}

}
