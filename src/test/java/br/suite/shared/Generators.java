package br.suite.shared;

import java.util.Random;

/**
 * Random valid documents, built from a random base plus check digits from
 * {@link Reference}.
 */
final class Generators {

	static final int[] MODELS = { 55, 65, 57, 58, 59, 62, 66, 67 };

	private Generators() {
	}

	static String randomChars(Random random, String alphabet, int length) {
		StringBuilder sb = new StringBuilder(length);
		for (int i = 0; i < length; i++) {
			sb.append(alphabet.charAt(random.nextInt(alphabet.length())));
		}
		return sb.toString();
	}

	static String validCpf(Random random) {
		while (true) {
			String cpf = Reference.cpfWithCheckDigits(randomChars(random, Reference.DIGITS, 9));
			if (Reference.isValidCpf(cpf)) {
				return cpf;
			}
		}
	}

	static String validNumericCnpj(Random random) {
		while (true) {
			String cnpj = Reference.cnpjWithCheckDigits(randomChars(random, Reference.DIGITS, 12));
			if (Reference.isValidCnpj(cnpj)) {
				return cnpj;
			}
		}
	}

	// At least one letter, so the alphanumeric path is always exercised.
	static String validAlphanumericCnpj(Random random) {
		while (true) {
			String base = randomChars(random, Reference.ALPHANUMERIC, 12);
			if (base.chars().anyMatch(Character::isLetter)) {
				return Reference.cnpjWithCheckDigits(base);
			}
		}
	}

	static String validTaxId(Random random) {
		return switch (random.nextInt(3)) {
			case 0 -> validCpf(random);
			case 1 -> validNumericCnpj(random);
			default -> validAlphanumericCnpj(random);
		};
	}

	/** Replaces one position with a different character allowed there by the layout. */
	static Corruption corrupt(Random random, String value, String[] allowedPerPosition) {
		int position = random.nextInt(value.length());
		String allowed = allowedPerPosition[position];
		char original = value.charAt(position);
		char replacement;
		do {
			replacement = allowed.charAt(random.nextInt(allowed.length()));
		}
		while (replacement == original);
		String corrupted = value.substring(0, position) + replacement + value.substring(position + 1);
		return new Corruption(value, corrupted, position);
	}

	static String[] taxIdAlphabet(String value) {
		String[] allowed = new String[value.length()];
		for (int i = 0; i < value.length(); i++) {
			boolean cnpjBase = value.length() == 14 && i < 12;
			allowed[i] = cnpjBase ? Reference.ALPHANUMERIC : Reference.DIGITS;
		}
		return allowed;
	}

	static String[] accessKeyAlphabet() {
		String[] allowed = new String[44];
		for (int i = 0; i < 44; i++) {
			allowed[i] = i >= 6 && i < 18 ? Reference.ALPHANUMERIC : Reference.DIGITS;
		}
		return allowed;
	}

	static AccessKeyFields accessKeyFields(Random random) {
		int uf = Reference.UF_CODES[random.nextInt(Reference.UF_CODES.length)];
		int year = random.nextInt(100);
		int month = 1 + random.nextInt(12);
		String issuer = switch (random.nextInt(3)) {
			case 0 -> validNumericCnpj(random);
			case 1 -> validAlphanumericCnpj(random);
			default -> "000" + validCpf(random);
		};
		int model = MODELS[random.nextInt(MODELS.length)];
		int series = random.nextInt(1000);
		long number = random.nextInt(1_000_000_000);
		int emissionType = 1 + random.nextInt(9);
		String randomCode = randomChars(random, Reference.DIGITS, 8);
		return new AccessKeyFields(uf, year, month, issuer, model, series, number, emissionType, randomCode);
	}

	record Corruption(String original, String corrupted, int position) {
		@Override
		public String toString() {
			return original + " -> " + corrupted + " (position " + (position + 1) + ")";
		}
	}

	record AccessKeyFields(int uf, int year, int month, String issuer, int model, int series, long number,
			int emissionType, String randomCode) {

		String first43() {
			return String.format("%02d%02d%02d%s%02d%03d%09d%d%s", uf, year, month, issuer, model, series, number,
					emissionType, randomCode);
		}

		String key() {
			String first43 = first43();
			return first43 + Reference.mod11FromRight(first43);
		}
	}

}
