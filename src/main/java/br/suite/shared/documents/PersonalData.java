package br.suite.shared.documents;

import org.jspecify.annotations.Nullable;

/**
 * Personal data (LGPD) shown in part, for records such as the audit log that must say a
 * value changed without holding it in clear. Empty stays empty, null stays null.
 */
public final class PersonalData {

	private PersonalData() {
	}

	/**
	 * A canonical CPF or CNPJ with its middle shown, as the public administration shows a
	 * CPF: {@code ***.456.789-**}, {@code **.345.678/****-**}.
	 */
	public static @Nullable String taxId(@Nullable String value) {
		if (value == null || value.isEmpty()) {
			return value;
		}
		if (value.length() == 11) {
			return "***." + value.substring(3, 6) + "." + value.substring(6, 9) + "-**";
		}
		if (value.length() == 14) {
			return "**." + value.substring(2, 5) + "." + value.substring(5, 8) + "/****-**";
		}
		return "*".repeat(value.length());
	}

	/** The first letter of the mailbox and the domain: {@code a***@example.com.br}. */
	public static @Nullable String email(@Nullable String value) {
		if (value == null || value.isEmpty()) {
			return value;
		}
		int at = value.lastIndexOf('@');
		if (at <= 0) {
			return "***";
		}
		return value.charAt(0) + "***" + value.substring(at);
	}

	/**
	 * An E.164 number with its country and area code and last four digits:
	 * {@code +5521*****4321}; another text, its last four characters.
	 */
	public static @Nullable String phone(@Nullable String value) {
		if (value == null || value.isEmpty()) {
			return value;
		}
		int shownEnd = Math.min(4, value.length() / 3);
		int shownStart = value.startsWith("+55") && value.length() > 9 ? 5 : 0;
		return value.substring(0, shownStart) + "*".repeat(value.length() - shownStart - shownEnd)
				+ value.substring(value.length() - shownEnd);
	}

}
