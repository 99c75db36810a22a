package br.suite.shared.documents;

/**
 * The digits of a number as a bank or a return file writes it: a CNAB field, a nosso
 * número, an agreement code, each with its separators, spaces and leading zeros.
 */
public final class Digits {

	private Digits() {
	}

	/** The ASCII digits of a text, in order, every other character left out. */
	public static String of(String text) {
		StringBuilder digits = new StringBuilder(text.length());
		for (int i = 0; i < text.length(); i++) {
			char c = text.charAt(i);
			if (c >= '0' && c <= '9') {
				digits.append(c);
			}
		}
		return digits.toString();
	}

	/** The text without its leading zeros ("" when it is only zeros). */
	public static String withoutLeadingZeros(String digits) {
		int i = 0;
		while (i < digits.length() && digits.charAt(i) == '0') {
			i++;
		}
		return digits.substring(i);
	}

}
