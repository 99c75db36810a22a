package br.suite.bills.cashflow;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeMap;

import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import br.suite.bills.cashflow.CashFlow.Flow;
import br.suite.finance.SettledTransactions;
import br.suite.finance.SettledTransactions.Settled;
import br.suite.shared.DateTimes;
import br.suite.shared.ClosedSet;
import br.suite.shared.InvalidRequest;

/**
 * Gathers what the cash flow adds up: the accounts' opening balances and settled
 * transactions (through finance's {@link SettledTransactions}), and the open part of the
 * installments (receivables in, payables out) by due date; {@link CashFlow} does the
 * sums. The settled money comes summed by period, account and direction
 * ({@link SettledTransactions#flows}), and only the transactions that may be one side of
 * a transfer come one by one, for {@link Transfers} to pair.
 */
@Service
class CashFlowService {

	/** The longest range one report covers. */
	static final int MAX_DAYS = 3 * 366;

	private final JdbcClient jdbc;

	private final SettledTransactions settled;

	CashFlowService(JdbcClient jdbc, SettledTransactions settled) {
		this.jdbc = jdbc;
		this.settled = settled;
	}

	record Report(BigDecimal openingBalance, List<CashFlow.Period> periods, Flow overdue) {
	}

	private record Account(long id, String provider, String accountId, BigDecimal openingBalance,
			LocalDate openingDate) {
	}

	@Transactional(readOnly = true)
	Report report(@Nullable LocalDate from, @Nullable LocalDate to, @Nullable String groupBy,
			@Nullable List<Long> accountIds) {
		InvalidRequest.Builder errors = InvalidRequest.builder();
		if (from == null) {
			errors.add("from", "is required (YYYY-MM-DD)");
		}
		if (to == null) {
			errors.add("to", "is required (YYYY-MM-DD)");
		}
		CashFlow.Grouping grouping = groupBy == null ? CashFlow.Grouping.MONTH
				: ClosedSet.requiredStripped(CashFlow.Grouping.class, "group_by", groupBy, errors);
		if (from != null && to != null) {
			if (to.isBefore(from)) {
				errors.add("to", "must not be before from");
			}
			else if (ChronoUnit.DAYS.between(from, to) >= MAX_DAYS) {
				errors.add("to", "must be less than " + MAX_DAYS + " days after from");
			}
		}
		List<Account> accounts = accounts(accountIds, errors);
		errors.throwIfAny();
		List<SettledTransactions.Account> keys = accounts.stream()
			.map(a -> new SettledTransactions.Account(a.provider(), a.accountId(), a.openingDate()))
			.toList();
		BigDecimal opening = accounts.stream()
			.map(Account::openingBalance)
			.reduce(BigDecimal.ZERO, BigDecimal::add)
			.add(this.settled.netBefore(keys, from))
			.setScale(2);
		// Summed by period in the database; only the transactions that may be a
		// transfer's
		// side come one by one, and Transfers pairs them as it would pair them all.
		SettledTransactions.Flows flows = this.settled.flows(keys, from, to,
				SettledTransactions.Period.valueOf(grouping.name()));
		TreeMap<LocalDate, Flow> realised = new TreeMap<>();
		for (SettledTransactions.Sum sum : flows.sums()) {
			CashFlow.add(realised, sum.start(), flow(sum.credit(), sum.amount()));
		}
		Set<Long> transfers = Transfers.sides(flows.pairable());
		for (Settled transaction : flows.pairable()) {
			if (!transfers.contains(transaction.id())) {
				CashFlow.add(realised, transaction.date(), flow(transaction.credit(), transaction.amount()));
			}
		}
		LocalDate today = LocalDate.now(DateTimes.BRAZIL);
		TreeMap<LocalDate, Flow> projected = new TreeMap<>();
		LocalDate projectedFrom = from.isBefore(today) ? today : from;
		if (!projectedFrom.isAfter(to)) {
			this.jdbc.sql("""
					SELECT i.due_date,
					    sum(CASE WHEN b.direction = 'receivable' THEN i.amount - i.paid_amount ELSE 0 END),
					    sum(CASE WHEN b.direction = 'payable' THEN i.amount - i.paid_amount ELSE 0 END)
					FROM bills_installment i JOIN bills_bill b ON b.id = i.bill_id
					WHERE b.status <> 'cancelled' AND i.paid_amount < i.amount AND i.due_date BETWEEN ? AND ?
					GROUP BY i.due_date""")
				.params(projectedFrom, to)
				.query((rs, n) -> projected.put(rs.getObject(1, LocalDate.class),
						new Flow(rs.getBigDecimal(2), rs.getBigDecimal(3))))
				.list();
		}
		Flow overdue = this.jdbc.sql("""
				SELECT COALESCE(sum(CASE WHEN b.direction = 'receivable' THEN i.amount - i.paid_amount END), 0),
				    COALESCE(sum(CASE WHEN b.direction = 'payable' THEN i.amount - i.paid_amount END), 0)
				FROM bills_installment i JOIN bills_bill b ON b.id = i.bill_id
				WHERE b.status <> 'cancelled' AND i.paid_amount < i.amount AND i.due_date < ?""")
			.param(today)
			.query((rs, n) -> new Flow(rs.getBigDecimal(1), rs.getBigDecimal(2)))
			.single();
		return new Report(opening, CashFlow.periods(from, to, grouping, opening, realised, projected), overdue);
	}

	private static Flow flow(boolean credit, BigDecimal amount) {
		return credit ? new Flow(amount, BigDecimal.ZERO) : new Flow(BigDecimal.ZERO, amount);
	}

	/** An account as the page's picker names it. */
	record AccountChoice(long id, String name, String provider, String accountId) {
	}

	/** Every account, by name then id (the page's picker). */
	@Transactional(readOnly = true)
	List<AccountChoice> accounts() {
		return this.jdbc.sql("SELECT id, name, provider, account_id FROM bills_account ORDER BY name, id")
			.query((rs, n) -> new AccountChoice(rs.getLong(1), rs.getString(2), rs.getString(3), rs.getString(4)))
			.list();
	}

	private List<Account> accounts(@Nullable List<Long> ids, InvalidRequest.Builder errors) {
		List<Account> all = this.jdbc
			.sql("SELECT id, provider, account_id, opening_balance, opening_date FROM bills_account ORDER BY id")
			.query((rs, n) -> new Account(rs.getLong(1), rs.getString(2), rs.getString(3), rs.getBigDecimal(4),
					rs.getObject(5, LocalDate.class)))
			.list();
		if (ids == null || ids.isEmpty()) {
			return all;
		}
		List<Account> chosen = new ArrayList<>();
		for (long id : ids) {
			all.stream().filter(a -> a.id() == id).findFirst().ifPresentOrElse(a -> {
				if (!chosen.contains(a)) {
					chosen.add(a);
				}
			}, () -> errors.add("account_id", "account " + id + " does not exist"));
		}
		return chosen;
	}

}
