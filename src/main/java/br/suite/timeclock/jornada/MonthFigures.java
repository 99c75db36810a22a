package br.suite.timeclock.jornada;

import java.time.YearMonth;
import java.util.List;

/**
 * A month of an employee (§1, §14): the days, the plain sums of their figures, the days
 * that lost their DSR and the banco de horas (§12); {@code bank} is the state to carry
 * into the next month.
 */
public record MonthFigures(YearMonth month, List<DayFigures> days, int expectedMinutes, int workedMinutes,
		int nightMinutes, int nightPaidMinutes, int overtime50Minutes, int overtime100Minutes, int delayMinutes,
		int absenceMinutes, int justifiedMinutes, int bankMinutes, int dsrLostCount, int bankPreviousBalanceMinutes,
		int bankBalanceMinutes, int bankExpiredCreditMinutes, int bankExpiredDebitMinutes, BankState bank) {

	public MonthFigures {
		days = List.copyOf(days);
	}

}
