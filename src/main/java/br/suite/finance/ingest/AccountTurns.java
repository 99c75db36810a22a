package br.suite.finance.ingest;

import java.util.Collection;
import java.util.TreeSet;

import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * The turn a writer of one provider account takes: a transaction-scoped advisory lock, so
 * two imports of one account neither interleave a month's deletion with an upsert nor
 * miscount inserts.
 */
public final class AccountTurns {

	private AccountTurns() {
	}

	/** A provider code and account id, ordered so locks are always taken alike. */
	public record Account(String provider, String accountId) implements Comparable<Account> {

		@Override
		public int compareTo(Account other) {
			int byProvider = this.provider.compareTo(other.provider);
			return byProvider != 0 ? byProvider : this.accountId.compareTo(other.accountId);
		}

	}

	/**
	 * Serialises writers of these provider accounts for the rest of the transaction.
	 * Taken in a fixed order against deadlocks.
	 */
	public static void take(JdbcClient jdbc, Collection<Account> accounts) {
		new TreeSet<>(accounts)
			.forEach(account -> jdbc.sql("SELECT pg_advisory_xact_lock(hashtextextended(?, 7426)) IS NULL")
				.param("finance_transaction\u001f" + account.provider() + "\u001f" + account.accountId())
				.query(Boolean.class)
				.single());
	}

}
