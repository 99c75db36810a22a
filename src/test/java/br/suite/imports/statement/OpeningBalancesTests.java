package br.suite.imports.statement;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.List;

import org.junit.jupiter.api.Test;

import br.suite.imports.statement.OpeningBalances.Movement;
import br.suite.imports.statement.OpeningBalances.Offer;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The opening balance a statement offers (docs/api.md § Reports): the ledger balance less
 * the statement's transactions from the first day through the balance's date.
 */
class OpeningBalancesTests {

	private static final LocalDate MARCH_1 = LocalDate.of(2026, 3, 1);

	private static final LocalDate MARCH_31 = LocalDate.of(2026, 3, 31);

	private static Movement move(int day, String signed) {
		return new Movement(LocalDate.of(2026, 3, day), new BigDecimal(signed));
	}

	@Test
	void theItauStatementOpensOnItsFirstDayWithTheLedgerLessItsTransactions() {
		// 23 254.66 − (1 234.56 − 389.90 − 45.00 + 12 500.00) = 9 955.00
		Offer offer = OpeningBalances.offer(new BigDecimal("23254.66"), MARCH_31, MARCH_1,
				List.of(move(2, "1234.56"), move(3, "-389.90"), move(5, "-45.00"), move(10, "12500.00")));
		assertThat(offer).isEqualTo(new Offer(new BigDecimal("9955.00"), MARCH_1));
	}

	@Test
	void aTransactionAfterTheBalanceDateIsNotInItAndATransactionBeforeThePeriodMovesTheDay() {
		Offer after = OpeningBalances.offer(new BigDecimal("100.00"), LocalDate.of(2026, 3, 20), MARCH_1,
				List.of(move(10, "-30.00"), move(25, "500.00")));
		assertThat(after).isEqualTo(new Offer(new BigDecimal("130.00"), MARCH_1));
		Offer earlier = OpeningBalances.offer(new BigDecimal("100.00"), MARCH_31, LocalDate.of(2026, 3, 5),
				List.of(move(2, "40.00")));
		assertThat(earlier).isEqualTo(new Offer(new BigDecimal("60.00"), LocalDate.of(2026, 3, 2)));
	}

	@Test
	void aBalanceOnlyFileOffersTheLedgerBalanceItselfAndWithoutAPeriodTheDayAfterIt() {
		assertThat(OpeningBalances.offer(new BigDecimal("-1520.33"), MARCH_31, MARCH_1, List.of()))
			.isEqualTo(new Offer(new BigDecimal("-1520.33"), MARCH_1));
		assertThat(OpeningBalances.offer(new BigDecimal("-1520.33"), MARCH_31, null, List.of()))
			.isEqualTo(new Offer(new BigDecimal("-1520.33"), LocalDate.of(2026, 4, 1)));
		// No date for the balance (an OFC without DTEND): every transaction is in it.
		assertThat(OpeningBalances.offer(new BigDecimal("10.00"), null, null, List.of(move(4, "2.50"))))
			.isEqualTo(new Offer(new BigDecimal("7.50"), LocalDate.of(2026, 3, 4)));
	}

	@Test
	void noLedgerBalanceOrNoDayAtAllOffersNothing() {
		assertThat(OpeningBalances.offer(null, MARCH_31, MARCH_1, List.of(move(2, "1.00")))).isNull();
		assertThat(OpeningBalances.offer(new BigDecimal("1.00"), null, null, List.of())).isNull();
	}

}
