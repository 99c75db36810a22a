package br.suite.shared.documents;

import java.util.Set;

import org.jspecify.annotations.Nullable;

/**
 * A telephone number in its one stored form, E.164: {@code +} and digits
 * ({@code +552133334444}).
 * <p>
 * Input may carry a mask: parentheses, spaces, dots and hyphens are dropped. Without a
 * leading {@code +} it is a Brazilian number: an area code (DDD, one of Anatel's 67) and
 * 8 digits (landline) or 9 digits starting with 9 (mobile), optionally after the country
 * code {@code 55} or a trunk {@code 0}: {@code (21) 3333-4444}, {@code 21 98765-4321},
 * {@code 55 21 3333-4444}, {@code (021) 3333-4444}. With {@code +55} the same rules
 * apply; with another country code the number is kept as given, 8 to 15 digits in all
 * (E.164's limit), as its length and plan are not checked here.
 */
public final class PhoneNumber {

	private static final Set<Integer> AREA_CODES = Set.of(11, 12, 13, 14, 15, 16, 17, 18, 19, 21, 22, 24, 27, 28, 31,
			32, 33, 34, 35, 37, 38, 41, 42, 43, 44, 45, 46, 47, 48, 49, 51, 53, 54, 55, 61, 62, 63, 64, 65, 66, 67, 68,
			69, 71, 73, 74, 75, 77, 79, 81, 82, 83, 84, 85, 86, 87, 88, 89, 91, 92, 93, 94, 95, 96, 97, 98, 99);

	private PhoneNumber() {
	}

	/**
	 * The E.164 form of a phone number typed by a person.
	 * @throws Invalid with a message for that person when the input is no phone number by
	 * the rules above
	 */
	public static String canonical(@Nullable String input) {
		if (input == null || input.isBlank()) {
			throw new Invalid("must not be empty");
		}
		String text = input.strip();
		boolean international = text.startsWith("+");
		String digits = (international ? text.substring(1) : text).replaceAll("[\\s().\\-]", "");
		if (!digits.matches("[0-9]+")) {
			throw new Invalid("may contain only digits, a leading +, parentheses, spaces, dots and hyphens");
		}
		if (international && !digits.startsWith("55")) {
			if (digits.startsWith("0") || digits.length() < 8 || digits.length() > 15) {
				throw new Invalid("an international number must be + and its country code followed by 8 to 15 digits "
						+ "in all (e.g. +14155550123)");
			}
			return "+" + digits;
		}
		String national = digits;
		if (international || (digits.startsWith("55") && (digits.length() == 12 || digits.length() == 13))) {
			national = digits.substring(2);
		}
		else if (digits.startsWith("0") && (digits.length() == 11 || digits.length() == 12)) {
			national = digits.substring(1);
		}
		if (national.length() != 10 && national.length() != 11) {
			throw new Invalid(BRAZILIAN);
		}
		if (!AREA_CODES.contains(Integer.parseInt(national.substring(0, 2)))) {
			throw new Invalid("has no valid Brazilian area code (DDD): " + national.substring(0, 2));
		}
		char first = national.charAt(2);
		if (national.length() == 11 ? first != '9' : first < '2') {
			throw new Invalid(BRAZILIAN);
		}
		return "+55" + national;
	}

	private static final String BRAZILIAN = "must be a Brazilian number: area code (DDD) and 8 digits, or 9 digits "
			+ "starting with 9 for a mobile, e.g. (21) 3333-4444 or (11) 98765-4321; or + and a country code";

	/**
	 * Input that is no phone number; the message is meant for the person who typed it.
	 */
	public static class Invalid extends RuntimeException {

		private static final long serialVersionUID = 1L;

		Invalid(String message) {
			super(message);
		}

	}

}
