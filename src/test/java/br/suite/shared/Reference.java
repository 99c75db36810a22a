package br.suite.shared;

import java.util.Set;

/**
 * An independent implementation of the check-digit rules, written from the reference text
 * in a different form than the production code, so that tests compare two readings of the
 * spec instead of checking the code against itself.
 *
 * <p>
 * CPF uses the ascending-weight form ({@code (Σ dᵢ·i) mod 11 mod 10}); CNPJ and the
 * access key use weights 2..9 cycling from the right. Both are algebraically equal to the
 * {@code r < 2 ? 0 : 11 − r} form of the reference.
 */
final class Reference {

	static final String DIGITS = "0123456789";
	static final String ALPHANUMERIC = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
	static final int[] UF_CODES = { 11, 12, 13, 14, 15, 16, 17, 21, 22, 23, 24, 25, 26, 27, 28, 29, 31, 32, 33, 35, 41,
			42, 43, 50, 51, 52, 53 };

	private static final Set<Integer> UF_SET = Set.of(11, 12, 13, 14, 15, 16, 17, 21, 22, 23, 24, 25, 26, 27, 28, 29,
			31, 32, 33, 35, 41, 42, 43, 50, 51, 52, 53);

	private Reference() {
	}

	static String cpfWithCheckDigits(String nineDigits) {
		int s1 = 0;
		for (int i = 0; i < 9; i++) {
			s1 += (nineDigits.charAt(i) - '0') * (i + 1);
		}
		int dv1 = s1 % 11 % 10;
		String ten = nineDigits + dv1;
		int s2 = 0;
		for (int i = 0; i < 10; i++) {
			s2 += (ten.charAt(i) - '0') * i;
		}
		return ten + (s2 % 11 % 10);
	}

	static String cnpjWithCheckDigits(String twelve) {
		String thirteen = twelve + mod11FromRight(twelve);
		return thirteen + mod11FromRight(thirteen);
	}

	static int mod11FromRight(String s) {
		int sum = 0;
		for (int i = 0; i < s.length(); i++) {
			int weight = 2 + i % 8;
			sum += (s.charAt(s.length() - 1 - i) - 48) * weight;
		}
		int r = sum % 11;
		return r < 2 ? 0 : 11 - r;
	}

	static boolean isValidCpf(String s) {
		return s.matches("[0-9]{11}") && !isRepeated(s) && cpfWithCheckDigits(s.substring(0, 9)).equals(s);
	}

	static boolean isValidCnpj(String s) {
		return s.matches("[0-9A-Z]{12}[0-9]{2}") && !isRepeated(s) && cnpjWithCheckDigits(s.substring(0, 12)).equals(s);
	}

	static boolean isValidAccessKey(String s) {
		if (!s.matches("[0-9]{6}[0-9A-Z]{12}[0-9]{26}")) {
			return false;
		}
		int month = Integer.parseInt(s.substring(4, 6));
		return UF_SET.contains(Integer.parseInt(s.substring(0, 2))) && month >= 1 && month <= 12
				&& mod11FromRight(s.substring(0, 43)) == s.charAt(43) - '0';
	}

	private static boolean isRepeated(String s) {
		return s.chars().distinct().count() == 1;
	}

}
