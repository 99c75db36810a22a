package br.suite.bills.cashflow;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import br.suite.finance.SettledTransactions.Settled;

/**
 * Transfers between two of the company's accounts, pure: a debit in one account and a
 * credit of the same amount on the same day in another account of the report are the two
 * sides of one transfer, and the cash flow leaves both out (the company's money did not
 * change). Pairs are taken in the order of the transactions' ids; a side without its
 * other (the other account not in the report) stays.
 */
final class Transfers {

	private Transfers() {
	}

	/**
	 * The ids of the transactions that are one side of a transfer within {@code settled}.
	 */
	static Set<Long> sides(List<Settled> settled) {
		Map<String, List<Settled>> byDayAndAmount = new LinkedHashMap<>();
		for (Settled transaction : settled) {
			byDayAndAmount.computeIfAbsent(key(transaction.date(), transaction.amount()), k -> new ArrayList<>())
				.add(transaction);
		}
		Set<Long> sides = new HashSet<>();
		for (List<Settled> group : byDayAndAmount.values()) {
			List<Settled> credits = new ArrayList<>(group.stream().filter(Settled::credit).toList());
			for (Settled debit : group) {
				if (debit.credit()) {
					continue;
				}
				for (int i = 0; i < credits.size(); i++) {
					if (credits.get(i).account() != debit.account()) {
						sides.add(debit.id());
						sides.add(credits.remove(i).id());
						break;
					}
				}
			}
		}
		return sides;
	}

	private static String key(LocalDate date, BigDecimal amount) {
		return date + "/" + amount.stripTrailingZeros().toPlainString();
	}

}
