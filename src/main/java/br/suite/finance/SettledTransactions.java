package br.suite.finance;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;

import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;
import org.springframework.transaction.annotation.Propagation;
import org.springframework.transaction.annotation.Transactional;

/**
 * The settled money of bank accounts, for reports (the cash flow): what each account's
 * settled transactions add up to before a day, and in a date range summed by period
 * ({@link #flows}). An account counts only from its {@code since} day on (its opening
 * balance holds what came before). For the DRE: the classified money that paid no title
 * ({@link #classified}) and the money allocated to charges ({@link #chargeAllocations}),
 * by the transactions' dates.
 */
@Component
public class SettledTransactions {

	private final JdbcClient jdbc;

	SettledTransactions(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	/** An account as transactions carry it, counted from {@code since}. */
	public record Account(String provider, String accountId, LocalDate since) {
	}

	/**
	 * One settled transaction: its day, the index of its account in the list asked for,
	 * its direction and its (positive) amount.
	 */
	public record Settled(long id, LocalDate date, int account, boolean credit, BigDecimal amount) {
	}

	private static final String ACCOUNTS = """
			unnest(?::text[], ?::text[], ?::text[]) WITH ORDINALITY AS a(provider, account_id, since, n)
			JOIN finance_transaction t ON t.provider = a.provider AND t.account_id = a.account_id
			    AND t.status = 'settled' AND t.transaction_date >= a.since::date""";

	/** Credits minus debits of the accounts' settled transactions before {@code day}. */
	@Transactional(readOnly = true, propagation = Propagation.SUPPORTS)
	public BigDecimal netBefore(List<Account> accounts, LocalDate day) {
		if (accounts.isEmpty()) {
			return BigDecimal.ZERO.setScale(2);
		}
		return this.jdbc
			.sql("SELECT COALESCE(sum(CASE WHEN t.direction = 'credit' THEN t.amount ELSE -t.amount END), 0) FROM "
					+ ACCOUNTS + " WHERE t.transaction_date < ?")
			.params(providers(accounts), accountIds(accounts), sinces(accounts), day)
			.query(BigDecimal.class)
			.single()
			.setScale(2);
	}

	/**
	 * The settled money of one account in one period, one direction: {@code start} is the
	 * period's first day within the range asked for.
	 */
	public record Sum(LocalDate start, int account, boolean credit, BigDecimal amount) {
	}

	/**
	 * The settled money of a range summed by period, account and direction, but for the
	 * transactions that may be one side of a transfer ({@code pairable}, by date and id),
	 * which are left out of {@code sums}.
	 */
	public record Flows(List<Sum> sums, List<Settled> pairable) {
	}

	/** How {@link #flows} groups the days: by day, ISO week (from Monday) or month. */
	public enum Period {

		DAY, WEEK, MONTH

	}

	/**
	 * The accounts' settled transactions dated {@code from} to {@code to}, summed in the
	 * database by period (its start: the day, its week's Monday or its month's first day,
	 * never before {@code from}; calendar dates, as {@code transaction_date} is one),
	 * account and direction; a transaction whose day and amount also have a credit and a
	 * debit in two different accounts of the list may be one side of a transfer between
	 * them, so it comes one by one in {@code pairable} instead, for the caller to pair.
	 */
	@Transactional(readOnly = true, propagation = Propagation.SUPPORTS)
	public Flows flows(List<Account> accounts, LocalDate from, LocalDate to, Period period) {
		if (accounts.isEmpty()) {
			return new Flows(List.of(), List.of());
		}
		List<Sum> sums = new ArrayList<>();
		List<Settled> pairable = new ArrayList<>();
		// pairs: the days and amounts with a credit and a debit in two different accounts
		// (a
		// hash join of the range's credits and debits, cheaper than grouping every row by
		// day and amount); only their transactions come one by one.
		this.jdbc.sql("""
				WITH t AS MATERIALIZED (
				    SELECT t.id, t.transaction_date AS day, a.n, t.direction = 'credit' AS credit, t.amount
				    FROM""" + " " + ACCOUNTS + """

				    WHERE t.transaction_date BETWEEN ? AND ?),
				pairs AS (SELECT DISTINCT c.day, c.amount FROM t c
				    JOIN t d ON d.day = c.day AND d.amount = c.amount AND d.n <> c.n
				    WHERE c.credit AND NOT d.credit)
				SELECT CASE WHEN p.day IS NOT NULL THEN t.id END,
				    CASE WHEN p.day IS NOT NULL THEN t.day
				        ELSE GREATEST(date_trunc(?, t.day::timestamp)::date, ?::date) END,
				    t.n, t.credit, sum(t.amount)
				FROM t LEFT JOIN pairs p ON p.day = t.day AND p.amount = t.amount
				GROUP BY 1, 2, 3, 4 ORDER BY 2, 1 NULLS FIRST, 3, 4""")
			.params(providers(accounts), accountIds(accounts), sinces(accounts), from, to,
					period.name().toLowerCase(Locale.ROOT), from)
			.query((rs, n) -> {
				Long id = rs.getObject(1, Long.class);
				LocalDate start = rs.getObject(2, LocalDate.class);
				int account = rs.getInt(3) - 1;
				boolean credit = rs.getBoolean(4);
				BigDecimal amount = rs.getBigDecimal(5);
				if (id == null) {
					sums.add(new Sum(start, account, credit, amount));
				}
				else {
					pairable.add(new Settled(id, start, account, credit, amount));
				}
				return 1;
			})
			.list();
		return new Flows(sums, pairable);
	}

	/**
	 * A settled transaction with a category: {@code amount} is the part of it that pays
	 * no title (its amount less what is allocated to bill payments and to charges, which
	 * the DRE counts through what they pay).
	 */
	public record Classified(long id, LocalDate date, boolean credit, BigDecimal amount, long categoryId,
			@Nullable Long costCentreId, String description) {
	}

	/**
	 * Part of a transaction allocated to a charge; {@code settled}, {@code categoryId},
	 * {@code costCentreId} and {@code description} are the transaction's.
	 */
	public record ChargeAllocation(long id, long transactionId, LocalDate date, long chargeId, BigDecimal amount,
			boolean settled, @Nullable Long categoryId, @Nullable Long costCentreId, String description) {
	}

	/**
	 * Settled classified transactions dated {@code from} to {@code to} with money that
	 * pays no title, by date and id.
	 */
	@Transactional(readOnly = true, propagation = Propagation.SUPPORTS)
	public List<Classified> classified(LocalDate from, LocalDate to) {
		return this.jdbc
			.sql("""
					SELECT t.id, t.transaction_date, t.direction, t.amount - COALESCE(a.titles, 0) AS rest, t.category_id,
					    t.cost_centre_id, t.description
					FROM finance_transaction t
					LEFT JOIN LATERAL (SELECT sum(x.amount) AS titles FROM finance_allocation x
					    WHERE x.transaction_id = t.id AND (x.bill_payment_id IS NOT NULL OR x.charge_id IS NOT NULL)) a ON true
					WHERE t.category_id IS NOT NULL AND t.status = 'settled' AND t.transaction_date BETWEEN ? AND ?
					  AND t.amount > COALESCE(a.titles, 0)
					ORDER BY t.transaction_date, t.id""")
			.params(from, to)
			.query((rs, n) -> new Classified(rs.getLong(1), rs.getObject(2, LocalDate.class),
					"credit".equals(rs.getString(3)), rs.getBigDecimal(4), rs.getLong(5), rs.getObject(6, Long.class),
					rs.getString(7)))
			.list();
	}

	/**
	 * The allocations to charges of the transactions dated {@code from} to {@code to}, by
	 * date and allocation id.
	 */
	@Transactional(readOnly = true, propagation = Propagation.SUPPORTS)
	public List<ChargeAllocation> chargeAllocations(LocalDate from, LocalDate to) {
		return this.jdbc
			.sql(CHARGE_ALLOCATIONS + " AND t.transaction_date BETWEEN ? AND ? ORDER BY t.transaction_date, a.id")
			.params(from, to)
			.query(SettledTransactions::chargeAllocation)
			.list();
	}

	/**
	 * Every allocation to the charges dated before {@code before}, by date and allocation
	 * id.
	 */
	@Transactional(readOnly = true, propagation = Propagation.SUPPORTS)
	public List<ChargeAllocation> chargeAllocationsBefore(Collection<Long> chargeIds, LocalDate before) {
		if (chargeIds.isEmpty()) {
			return List.of();
		}
		return this.jdbc
			.sql(CHARGE_ALLOCATIONS
					+ " AND a.charge_id = ANY(?) AND t.transaction_date < ? ORDER BY t.transaction_date, a.id")
			.params(chargeIds.toArray(new Long[0]), before)
			.query(SettledTransactions::chargeAllocation)
			.list();
	}

	private static final String CHARGE_ALLOCATIONS = """
			SELECT a.id, t.id, t.transaction_date, a.charge_id, a.amount, t.status = 'settled', t.category_id,
			    t.cost_centre_id, t.description
			FROM finance_allocation a JOIN finance_transaction t ON t.id = a.transaction_id
			WHERE a.charge_id IS NOT NULL""";

	private static ChargeAllocation chargeAllocation(java.sql.ResultSet rs, int n) throws java.sql.SQLException {
		return new ChargeAllocation(rs.getLong(1), rs.getLong(2), rs.getObject(3, LocalDate.class), rs.getLong(4),
				rs.getBigDecimal(5), rs.getBoolean(6), rs.getObject(7, Long.class), rs.getObject(8, Long.class),
				rs.getString(9));
	}

	private static String[] providers(List<Account> accounts) {
		return accounts.stream().map(Account::provider).toArray(String[]::new);
	}

	private static String[] accountIds(List<Account> accounts) {
		return accounts.stream().map(Account::accountId).toArray(String[]::new);
	}

	private static String[] sinces(List<Account> accounts) {
		return accounts.stream().map(account -> account.since().toString()).toArray(String[]::new);
	}

}
