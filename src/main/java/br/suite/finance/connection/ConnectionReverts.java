package br.suite.finance.connection;

import java.util.List;
import java.util.Set;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import br.suite.audit.AuditLog;
import br.suite.finance.ingest.AccountTurns;
import br.suite.finance.FinanceProblems;
import br.suite.finance.FinanceProblems.ConnectionNotFound;
import br.suite.finance.ingest.TransactionRemovals;

/**
 * Takes back what one provider connection wrote: when a connection turns out forged or
 * misconfigured (the wrong URL, someone else's account), every transaction its sync and
 * webhook wrote goes in one step, with the allocations they made, so the charges they
 * paid reopen and the bill payments they settled are released. File rows of the same
 * account stay. Refused while the connection is enabled, since its next sync would write
 * the rows again.
 */
@Service
class ConnectionReverts {

	private final JdbcClient jdbc;

	private final TransactionRemovals removals;

	private final AuditLog audit;

	ConnectionReverts(JdbcClient jdbc, TransactionRemovals removals, AuditLog audit) {
		this.jdbc = jdbc;
		this.removals = removals;
		this.audit = audit;
	}

	/** What a revert took: the transactions deleted and a note per allocation removed. */
	record Reverted(long connectionId, int deletedCount, List<String> notes) {
	}

	@Transactional
	Reverted revert(long connectionId) {
		Connection connection = this.jdbc
			.sql("SELECT provider, account_id, enabled FROM finance_connection WHERE id = ? FOR UPDATE")
			.param(connectionId)
			.query((rs, n) -> new Connection(rs.getString(1), rs.getString(2), rs.getBoolean(3)))
			.optional()
			.orElseThrow(() -> new ConnectionNotFound(connectionId));
		if (connection.enabled()) {
			throw new FinanceProblems.ConnectionStillEnabled(connectionId);
		}
		AccountTurns.take(this.jdbc, Set.of(new AccountTurns.Account(connection.provider(), connection.accountId())));
		TransactionRemovals.Replaced removed = this.removals.revertConnection(connectionId);
		// Calls the provider made before the revert must not write the rows again.
		int discarded = this.jdbc.sql("""
				UPDATE finance_pix_webhook_inbox SET status = 'failed', processed_at = now(),
				    message = 'Discarded: the connection''s transactions were reverted.'
				WHERE connection_id = ? AND status = 'pending'""").param(connectionId).update();
		this.audit.record("finance.connection.transactions_reverted", "connection", connectionId,
				AuditLog.Changes.of()
					.put("provider", null, connection.provider())
					.put("account_id", null, connection.accountId())
					.put("deleted_count", null, removed.deleted())
					.put("allocations_removed", null, removed.notes().size())
					.put("webhook_calls_discarded", null, discarded));
		return new Reverted(connectionId, removed.deleted(), removed.notes());
	}

	private record Connection(String provider, String accountId, boolean enabled) {
	}

}
