package br.suite.finance.charge;

import java.security.SecureRandom;

/**
 * References for static BR Codes (field 62/05): 25 random upper-case letters and digits
 * (about 129 bits), unique in practice and enforced by a unique index. A charge's txid
 * (26-35) does not fit a static code, so each pix charge gets one of these on create.
 */
final class PixReferences {

	static final int LENGTH = 25;

	private static final String ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

	private static final SecureRandom RANDOM = new SecureRandom();

	private PixReferences() {
	}

	static String next() {
		StringBuilder out = new StringBuilder(LENGTH);
		for (int i = 0; i < LENGTH; i++) {
			out.append(ALPHABET.charAt(RANDOM.nextInt(ALPHABET.length())));
		}
		return out.toString();
	}

}
