package br.suite.customers;

import java.security.SecureRandom;
import java.util.Random;

import br.suite.shared.documents.TaxId;

/**
 * Fresh valid CPFs and CNPJs for API tests. Random, not fixed: the test database may
 * outlive a run (SUITE_TEST_DATABASE_URL) and documento is unique.
 */
final class Documents {

	private static final Random RANDOM = new SecureRandom();

	private static final String ALPHANUMERIC = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

	private Documents() {
	}

	/** An alphanumeric CNPJ (at least one letter), canonical form. */
	static String cnpj() {
		while (true) {
			StringBuilder base = new StringBuilder();
			for (int i = 0; i < 12; i++) {
				base.append(ALPHANUMERIC.charAt(RANDOM.nextInt(ALPHANUMERIC.length())));
			}
			if (base.chars().anyMatch(Character::isLetter)) {
				return base + TaxId.cnpjCheckDigits(base.toString());
			}
		}
	}

	/** A numeric CNPJ, canonical form. */
	static String numericCnpj() {
		while (true) {
			String base = String.format("%06d%06d", RANDOM.nextInt(1_000_000), RANDOM.nextInt(1_000_000));
			if (base.chars().distinct().count() > 1) {
				return base + TaxId.cnpjCheckDigits(base);
			}
		}
	}

	/** A numeric CPF, canonical form. */
	static String cpf() {
		while (true) {
			String base = String.format("%09d", RANDOM.nextInt(1_000_000_000));
			if (base.chars().distinct().count() > 1) {
				return base + TaxId.cpfCheckDigits(base);
			}
		}
	}

	/** The way people type it: 12.abc.345/01de-35 or 123.456.789-09. */
	static String typed(String canonical) {
		return TaxId.parse(canonical).formatted().toLowerCase(java.util.Locale.ROOT);
	}

	/** The same base with the other check digits: a typo the check digits must catch. */
	static String mistyped(String canonical) {
		int last = canonical.charAt(canonical.length() - 1) - '0';
		return canonical.substring(0, canonical.length() - 1) + ((last + 1) % 10);
	}

}
