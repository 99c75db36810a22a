package br.suite.timeclock.jornada;

import java.time.YearMonth;

import org.jspecify.annotations.Nullable;

/**
 * The banco de horas at the end of a month, after its settlement (§12): the balance and
 * the running period (first month and length in months), or no period.
 */
public record BankState(int balance, @Nullable YearMonth periodStart, int periodMonths) {

	/** Before any bank day. */
	public static final BankState NONE = new BankState(0, null, 0);

}
