package br.suite.web;

import java.util.concurrent.ThreadLocalRandom;

/**
 * Valid, random Brazilian documents for the people and time-clock page tests (reruns
 * never collide).
 */
final class PeopleFixtures {

	private PeopleFixtures() {
	}

	static String cpf() {
		return withCheckDigits();
	}

	static String cnpj() {
		int[] d = new int[14];
		for (int i = 0; i < 8; i++) {
			d[i] = ThreadLocalRandom.current().nextInt(10);
		}
		d[0] = 1 + ThreadLocalRandom.current().nextInt(9);
		d[11] = 1;
		int[][] weights = { { 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2 }, { 6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2 } };
		for (int n = 12; n <= 13; n++) {
			int sum = 0;
			for (int i = 0; i < n; i++) {
				sum += d[i] * weights[n - 12][i];
			}
			int r = sum % 11;
			d[n] = r < 2 ? 0 : 11 - r;
		}
		return digits(d);
	}

	private static String withCheckDigits() {
		int[] d = new int[11];
		for (int i = 0; i < 9; i++) {
			d[i] = ThreadLocalRandom.current().nextInt(10);
		}
		d[0] = 1 + ThreadLocalRandom.current().nextInt(9);
		for (int n = 9; n <= 10; n++) {
			int sum = 0;
			for (int i = 0; i < n; i++) {
				sum += d[i] * (n + 1 - i);
			}
			int r = sum % 11;
			d[n] = r < 2 ? 0 : 11 - r;
		}
		return digits(d);
	}

	private static String digits(int[] d) {
		StringBuilder s = new StringBuilder();
		for (int x : d) {
			s.append(x);
		}
		return s.toString();
	}

	static String masked(String cpf) {
		return cpf.substring(0, 3) + "." + cpf.substring(3, 6) + "." + cpf.substring(6, 9) + "-" + cpf.substring(9);
	}

}
