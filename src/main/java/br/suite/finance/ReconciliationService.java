package br.suite.finance;

import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import org.jspecify.annotations.Nullable;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import br.suite.shared.ClosedSet;

/**
 * Automatic reconciliation: allocates credit transactions to charges on exact keys only,
 * in a cascade (Pix end-to-end id, then txid, then the provider's charge id, then the
 * boleto's nosso número), each key one set-based statement whatever the number of rows. A
 * key that matches two or more charges allocates nothing (it is counted as ambiguous); a
 * pair already allocated is left alone, so a second run changes nothing. Each match takes
 * the smaller of what the transaction and the charge still have open; several
 * transactions paying one charge take turns by date, then id.
 */
@Service
public class ReconciliationService {

	/**
	 * One exact key: the transaction's column, the charge's column, and the rule it
	 * records.
	 */
	private record Key(String transactionColumn, String chargeColumn, AllocationRule rule) {
	}

	private static final Key[] CASCADE = { new Key("end_to_end_id", "end_to_end_id", AllocationRule.END_TO_END_ID),
			new Key("correlation_id", "txid", AllocationRule.TXID),
			// A Pix paid through a charge's static BR Code carries its reference as txid.
			new Key("correlation_id", "pix_reference", AllocationRule.TXID),
			new Key("charge_external_id", "external_id", AllocationRule.EXTERNAL_ID),
			new Key("bank_reference_id", "nosso_numero", AllocationRule.NOSSO_NUMERO) };

	/**
	 * What a run did. {@code ambiguous}: transactions left alone because a key matched
	 * several charges.
	 */
	public record Outcome(int allocations, int transactions, int charges, Map<String, Integer> byRule, int ambiguous) {
	}

	private final JdbcClient jdbc;

	private final ReconciliationState state;

	private final ApplicationEventPublisher events;

	ReconciliationService(JdbcClient jdbc, ReconciliationState state, ApplicationEventPublisher events) {
		this.events = events;
		this.jdbc = jdbc;
		this.state = state;
	}

	/**
	 * Runs the cascade over the credit transactions dated {@code from}…{@code to}
	 * (inclusive), of one provider and/or account when given, in the caller's database
	 * transaction (or its own).
	 */
	@Transactional
	public Outcome run(LocalDate from, LocalDate to, @Nullable String provider, @Nullable String accountId) {
		// Runs take turns; within a run, rows are locked transactions first, then
		// charges, each by id.
		this.jdbc.sql("SELECT pg_advisory_xact_lock(hashtextextended('finance_reconciliation', 7428)) IS NULL")
			.query(Boolean.class)
			.single();
		Map<String, Object> params = new HashMap<>();
		params.put("from", from);
		params.put("to", to);
		StringBuilder candidates = new StringBuilder("""
				t.direction = 'credit' AND t.status IN ('settled', 'pending') AND t.amount > t.allocated_amount
				AND t.transaction_date >= :from AND t.transaction_date <= :to""");
		if (provider != null) {
			candidates.append(" AND t.provider = :provider");
			params.put("provider", provider);
		}
		if (accountId != null) {
			candidates.append(" AND t.account_id = :account");
			params.put("account", accountId);
		}
		String where = candidates.toString();
		this.jdbc.sql("SELECT t.id FROM finance_transaction t WHERE " + where + " AND (t.end_to_end_id <> '' OR "
				+ "t.correlation_id <> '' OR t.charge_external_id <> '' OR t.bank_reference_id <> '') ORDER BY t.id "
				+ "FOR UPDATE")
			.params(params)
			.query(Long.class)
			.list();
		StringBuilder keyed = new StringBuilder();
		for (Key key : CASCADE) {
			keyed.append(keyed.isEmpty() ? "" : " OR ")
				.append("(c.")
				.append(key.chargeColumn())
				.append(" <> '' AND c.")
				.append(key.chargeColumn())
				.append(" IN (SELECT t.")
				.append(key.transactionColumn())
				.append(" FROM finance_transaction t WHERE ")
				.append(where)
				.append("))");
		}
		this.jdbc
			.sql("SELECT c.id FROM finance_charge c WHERE c.status <> 'cancelled' AND c.paid_amount < c.amount "
					+ "AND (" + keyed + ") ORDER BY c.id FOR UPDATE")
			.params(params)
			.query(Long.class)
			.list();

		OffsetDateTime now = OffsetDateTime.now(ZoneOffset.UTC).truncatedTo(ChronoUnit.MICROS);
		Map<String, Integer> byRule = new LinkedHashMap<>();
		Set<Long> transactions = new TreeSet<>();
		Set<Long> charges = new TreeSet<>();
		int allocations = 0;
		for (Key key : CASCADE) {
			Map<String, Object> pass = new HashMap<>(params);
			pass.put("rule", ClosedSet.wire(key.rule()));
			pass.put("now", now);
			int[] count = { 0 };
			Set<Long> passTransactions = new TreeSet<>();
			Set<Long> passCharges = new TreeSet<>();
			List<AllocationsCreated.Allocation> created = this.jdbc
				.sql("WITH tx AS (SELECT t.id, t." + key.transactionColumn() + " AS key, "
						+ "t.amount - t.allocated_amount AS open, t.transaction_date FROM finance_transaction t WHERE "
						+ where + " AND t." + key.transactionColumn() + " <> ''), " + "ch AS (SELECT c."
						+ key.chargeColumn() + " AS key, min(c.id) AS id, count(*) AS n "
						+ "FROM finance_charge c WHERE c.status <> 'cancelled' AND c." + key.chargeColumn() + " <> '' "
						+ "AND c." + key.chargeColumn() + " IN (SELECT key FROM tx) GROUP BY c." + key.chargeColumn()
						+ "), "
						+ """
								pairs AS (SELECT tx.id AS transaction_id, c.id AS charge_id, tx.open AS t_open,
								                 c.amount - c.paid_amount AS c_open, tx.transaction_date
								          FROM tx JOIN ch ON ch.key = tx.key AND ch.n = 1
								          JOIN finance_charge c ON c.id = ch.id
								          WHERE NOT EXISTS (SELECT 1 FROM finance_allocation a
								                            WHERE a.transaction_id = tx.id AND a.charge_id = c.id)),
								turns AS (SELECT *, COALESCE(sum(t_open) OVER (PARTITION BY charge_id
								                   ORDER BY transaction_date, transaction_id
								                   ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) AS prior
								          FROM pairs)
								INSERT INTO finance_allocation (transaction_id, charge_id, amount, rule, score, created_by,
								    created_at)
								SELECT transaction_id, charge_id, least(t_open, c_open - prior), :rule, 1, NULL, :now
								FROM turns WHERE least(t_open, c_open - prior) > 0
								ORDER BY transaction_id
								RETURNING id, transaction_id, charge_id, amount""")
				.params(pass)
				.query((rs, n) -> {
					passTransactions.add(rs.getLong(2));
					passCharges.add(rs.getLong(3));
					count[0]++;
					return new AllocationsCreated.Allocation(rs.getLong(1), rs.getLong(2), rs.getLong(3), null,
							rs.getBigDecimal(4), ClosedSet.wire(key.rule()));
				})
				.list();
			if (!created.isEmpty()) {
				this.events.publishEvent(new AllocationsCreated(created));
			}
			byRule.merge(ClosedSet.wire(key.rule()), count[0], Integer::sum);
			allocations += count[0];
			// The next key sees what this one took.
			this.state.refresh(passTransactions, passCharges);
			transactions.addAll(passTransactions);
			charges.addAll(passCharges);
		}
		int ambiguous = ambiguous(where, params);
		return new Outcome(allocations, transactions.size(), charges.size(), byRule, ambiguous);
	}

	/** Open candidate transactions one of whose keys matches two or more live charges. */
	private int ambiguous(String where, Map<String, Object> params) {
		return this.jdbc.sql(ambiguousQuery(where)).params(params).query(Integer.class).single();
	}

	/**
	 * The count of {@link #ambiguous}. Each charge key is compared only where it is not
	 * empty ({@code c.<key> <> ''}, implied by the transaction's own key): that is the
	 * predicate of the charges' partial indexes, so each lookup is an index scan; without
	 * it PostgreSQL scanned every charge once per open transaction (a Pix sync of 10 000
	 * over 52 500 charges ran past the read time-out).
	 */
	static String ambiguousQuery(String where) {
		StringBuilder any = new StringBuilder();
		for (Key key : CASCADE) {
			any.append(any.isEmpty() ? "" : " OR ")
				.append("(t.")
				.append(key.transactionColumn())
				.append(" <> '' AND (SELECT count(*) FROM finance_charge c WHERE c.status <> 'cancelled' AND c.")
				.append(key.chargeColumn())
				.append(" <> '' AND c.")
				.append(key.chargeColumn())
				.append(" = t.")
				.append(key.transactionColumn())
				.append(") > 1)");
		}
		return "SELECT count(*) FROM finance_transaction t WHERE " + where + " AND (" + any + ")";
	}

}
