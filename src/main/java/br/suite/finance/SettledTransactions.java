package br.suite.finance;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.List;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;
import org.springframework.transaction.annotation.Propagation;
import org.springframework.transaction.annotation.Transactional;

/**
 * The settled money of bank accounts, for reports (the cash flow): what each account's
 * settled transactions add up to before a day, and each one in a date range. An account
 * counts only from its {@code since} day on (its opening balance holds what came before).
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
	 * The accounts' settled transactions dated {@code from} to {@code to}, by date and
	 * id.
	 */
	@Transactional(readOnly = true, propagation = Propagation.SUPPORTS)
	public List<Settled> between(List<Account> accounts, LocalDate from, LocalDate to) {
		if (accounts.isEmpty()) {
			return List.of();
		}
		return this.jdbc
			.sql("SELECT t.id, t.transaction_date, a.n, t.direction, t.amount FROM " + ACCOUNTS
					+ " WHERE t.transaction_date BETWEEN ? AND ? ORDER BY t.transaction_date, t.id")
			.params(providers(accounts), accountIds(accounts), sinces(accounts), from, to)
			.query((rs, n) -> new Settled(rs.getLong(1), rs.getObject(2, LocalDate.class), rs.getInt(3) - 1,
					"credit".equals(rs.getString(4)), rs.getBigDecimal(5)))
			.list();
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
