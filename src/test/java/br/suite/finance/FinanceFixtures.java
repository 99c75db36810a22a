package br.suite.finance;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.util.UUID;

/** Test data for finance: rows the way an importer builds them, and signed-in clients. */
public final class FinanceFixtures {

	public static final String DATE_TIME = "\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z";

	/** The reference's NF-e key (model 55, série 1, number 110093, 2015-03, DV 5). */
	public static final String NFE_KEY = "33150308370779000149550010001100931002410775";

	/** The reference's NFC-e key (model 65, série 1, number 30, 2018-10, DV 0). */
	public static final String NFCE_KEY = "13181017921427000125650010000000309887251170";

	public static final String END_TO_END_ID = "E00038166202611251310aBcDeFgHiJk";

	private FinanceFixtures() {
	}

	/** A settled statement line with only the required fields. */
	public static TransactionRow row(String provider, String accountId, String externalId, LocalDate date,
			String amount, String direction) {
		return new TransactionRow(provider, accountId, externalId, date, null, new BigDecimal(amount), direction, null,
				"PIX RECEBIDO", "", "", "", "", "", "");
	}

	/** A row with every field filled. */
	public static TransactionRow fullRow(String provider, String accountId, String externalId, LocalDate date) {
		return new TransactionRow(provider, accountId, externalId, date, Instant.parse("2026-11-20T13:10:00.123456Z"),
				new BigDecimal("1234.50"), "credit", "settled", "PIX RECEBIDO Padaria", "Padaria Pão Quente Ltda",
				"11.222.333/0001-81", "corr-1", "bank-ref-1", END_TO_END_ID, "pay_123");
	}

	/**
	 * A valid access key of SP for the given model, série, number and issue month (YYMM),
	 * with a random cNF. The check digit is computed here from the reference text
	 * (weights 2-9 from the right, ASCII - 48), not by the production code.
	 */
	public static String accessKey(int model, int series, long number, String yymm) {
		String first43 = "35" + yymm + "11222333000181"
				+ String.format("%02d%03d%09d1%08d", model, series, number, (long) (Math.random() * 99_999_999L));
		int sum = 0;
		for (int i = 0; i < 43; i++) {
			sum += (first43.charAt(42 - i) - 48) * (2 + i % 8);
		}
		int r = sum % 11;
		return first43 + (r < 2 ? 0 : 11 - r);
	}

	public static String provider() {
		return "p" + Long.toString(System.nanoTime(), 36) + Integer.toString((int) (Math.random() * 1000), 36);
	}

	public static UUID importId() {
		return UUID.randomUUID();
	}

}
