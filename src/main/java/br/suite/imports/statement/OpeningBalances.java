package br.suite.imports.statement;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.List;

import org.jspecify.annotations.Nullable;

/**
 * The opening balance a statement offers for a new bank account, pure: the balance at the
 * start of the statement's first day, so that the account's opening balance plus the
 * statement's transactions gives the ledger balance the bank stated. The day is the
 * earliest of the period's start (OFX {@code DTSTART}), the first transaction's date and
 * the day after the ledger balance's date; the amount is the ledger balance less the
 * signed transactions from that day through the ledger balance's date (all of them when
 * the file gives no date). Transactions after the balance's date are not in it and are
 * not taken out.
 */
final class OpeningBalances {

	private OpeningBalances() {
	}

	/** A transaction of the statement: credits positive, debits negative. */
	record Movement(LocalDate date, BigDecimal signed) {
	}

	/** The balance at the start of {@code date}, before that day's transactions. */
	record Offer(BigDecimal amount, LocalDate date) {
	}

	/**
	 * The offer, or {@code null} when the file states no ledger balance or gives no day
	 * at all to open on.
	 */
	static @Nullable Offer offer(@Nullable BigDecimal ledger, @Nullable LocalDate ledgerDate,
			@Nullable LocalDate periodStart, List<Movement> movements) {
		if (ledger == null) {
			return null;
		}
		LocalDate day = periodStart;
		for (Movement movement : movements) {
			day = earliest(day, movement.date());
		}
		if (ledgerDate != null) {
			day = earliest(day, ledgerDate.plusDays(1));
		}
		if (day == null) {
			return null;
		}
		BigDecimal amount = ledger;
		for (Movement movement : movements) {
			if (ledgerDate == null || !movement.date().isAfter(ledgerDate)) {
				amount = amount.subtract(movement.signed());
			}
		}
		return new Offer(amount.setScale(2), day);
	}

	private static LocalDate earliest(@Nullable LocalDate day, LocalDate other) {
		return day == null || other.isBefore(day) ? other : day;
	}

}
