package br.suite.access;

import java.security.SecureRandom;

/**
 * Temporary passwords: 16 characters from an alphabet without look-alikes (no 0/O,
 * 1/l/I).
 */
final class Passwords {

	private static final String ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789";

	private static final SecureRandom RANDOM = new SecureRandom();

	private Passwords() {
	}

	static String temporary() {
		StringBuilder password = new StringBuilder(16);
		for (int i = 0; i < 16; i++) {
			password.append(ALPHABET.charAt(RANDOM.nextInt(ALPHABET.length())));
		}
		return password.toString();
	}

}
