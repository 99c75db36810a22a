package br.suite.access.passwords;

import java.security.SecureRandom;

/**
 * Temporary passwords: 16 characters from an alphabet without look-alikes (no 0/O,
 * 1/l/I).
 */
public final class Passwords {

	private static final String ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789";

	private static final SecureRandom RANDOM = new SecureRandom();

	private Passwords() {
	}

	public static String temporary() {
		StringBuilder password = new StringBuilder(16);
		for (int i = 0; i < 16; i++) {
			password.append(ALPHABET.charAt(RANDOM.nextInt(ALPHABET.length())));
		}
		return password.toString();
	}

}
