package br.suite.finance.ingest;

import java.sql.Types;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.UUID;

import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.RowCallbackHandler;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import br.suite.finance.SyncFlow;
import br.suite.finance.TransactionRow;
import br.suite.shared.InvalidRequest;

/**
 * The upsert behind {@link TransactionImports}: writes {@link TransactionRow}s by
 * {@code (provider, account_id, external_id)}, set-based. Its neighbours do the other
 * jobs of an import: {@link TransactionRow} holds the rules of a row,
 * {@link TransactionRemovals} deletes a replaced month and the allocations an update
 * breaks, {@link UpsertPreview} tells what an import would do with SELECTs only. Every
 * writing method joins the caller's database transaction (or opens its own when there is
 * none), so an import can delete a month, upsert its rows and write its log atomically.
 *
 * <p>
 * <b>Identity.</b> A transaction is identified by
 * {@code (provider, account_id, external_id)}, unique in the database: writing the same
 * key again updates that transaction in place, never adds a second one. A transaction
 * does not need a connection with the same provider and account.
 *
 * <p>
 * <b>Reconciliation is kept.</b> Upserts never touch allocations nor the columns derived
 * from them ({@code allocated_amount}, {@code matched_charge_id},
 * {@code matched_document_id}).
 */
@Service
public class TransactionWriter {

	/**
	 * What an upsert did: {@code inserted} new keys, {@code updated} existing keys whose
	 * data changed, {@code skipped} rows identical to what was stored (nothing written,
	 * {@code updated_at} and {@code import_id} unchanged). A key repeated within one
	 * batch counts once per row, in order.
	 */
	public record UpsertResult(int inserted, int updated, int skipped) {

		public int written() {
			return this.inserted + this.updated;
		}

	}

	/**
	 * Rows per statement: large enough to be set-based, small enough to keep the arrays
	 * cheap.
	 */
	private static final int CHUNK = 5000;

	/** The data columns a row feeds into the upsert, one text array each. */
	private static final int COLUMNS = 15;

	/**
	 * One statement per chunk of distinct keys, fed by one text array per column. An
	 * existing key is updated only when its data differs, and RETURNING names exactly the
	 * rows written.
	 */
	private static final String UPSERT = """
			INSERT INTO finance_transaction AS t (provider, account_id, external_id, transaction_date, posted_at,
			    amount, direction, status, description, payer_name, payer_document, correlation_id,
			    bank_reference_id, end_to_end_id, charge_external_id, import_id, source, connection_id, version,
			    created_at, updated_at)
			SELECT u.provider, u.account_id, u.external_id, u.transaction_date::date, u.posted_at::timestamptz,
			    u.amount::numeric, u.direction, u.status, u.description, u.payer_name, u.payer_document,
			    u.correlation_id, u.bank_reference_id, u.end_to_end_id, u.charge_external_id, ?::uuid, ?, ?::bigint, 0,
			    ?, ?
			FROM unnest(?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[],
			            ?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[])
			    AS u(provider, account_id, external_id, transaction_date, posted_at, amount, direction, status,
			         description, payer_name, payer_document, correlation_id, bank_reference_id, end_to_end_id,
			         charge_external_id)
			ON CONFLICT (provider, account_id, external_id) DO UPDATE SET
			    transaction_date = EXCLUDED.transaction_date, posted_at = EXCLUDED.posted_at,
			    amount = EXCLUDED.amount, direction = EXCLUDED.direction, status = EXCLUDED.status,
			    description = EXCLUDED.description, payer_name = EXCLUDED.payer_name,
			    payer_document = EXCLUDED.payer_document, correlation_id = EXCLUDED.correlation_id,
			    bank_reference_id = EXCLUDED.bank_reference_id, end_to_end_id = EXCLUDED.end_to_end_id,
			    charge_external_id = EXCLUDED.charge_external_id,
			    import_id = EXCLUDED.import_id, source = EXCLUDED.source, connection_id = EXCLUDED.connection_id,
			    version = t.version + 1,
			    updated_at = EXCLUDED.updated_at
			WHERE (EXCLUDED.source <> 'file' OR t.source = 'file')
			  AND (t.transaction_date, t.posted_at, t.amount, t.direction, t.status, t.description, t.payer_name,
			       t.payer_document, t.correlation_id, t.bank_reference_id, t.end_to_end_id, t.charge_external_id)
			   IS DISTINCT FROM
			      (EXCLUDED.transaction_date, EXCLUDED.posted_at, EXCLUDED.amount, EXCLUDED.direction,
			       EXCLUDED.status, EXCLUDED.description, EXCLUDED.payer_name, EXCLUDED.payer_document,
			       EXCLUDED.correlation_id, EXCLUDED.bank_reference_id, EXCLUDED.end_to_end_id,
			       EXCLUDED.charge_external_id)
			RETURNING t.provider, t.account_id, t.external_id
			""";

	/**
	 * The {@code source} of a row a statement file wrote; the others are
	 * {@code provider_sync} and {@code webhook} ({@link #source}).
	 */
	static final String SOURCE_FILE = "file";

	/**
	 * The {@code source} rows written by a flow carry: a file import's rows are
	 * {@code file}, and a file import never updates a row a provider wrote (the upsert
	 * skips it), while a provider's write takes any row over.
	 */
	static String source(SyncFlow flow) {
		return switch (flow) {
			case CSV_IMPORT -> SOURCE_FILE;
			case PROVIDER_SYNC -> "provider_sync";
			case WEBHOOK -> "webhook";
		};
	}

	private final JdbcTemplate jdbcTemplate;

	private final JdbcClient jdbc;

	TransactionWriter(JdbcTemplate jdbcTemplate, JdbcClient jdbc) {
		this.jdbcTemplate = jdbcTemplate;
		this.jdbc = jdbc;
	}

	/**
	 * Checks a row with the rules the upsert applies ({@link TransactionRow#problems}).
	 * Needs no transaction and writes nothing.
	 * @return field (wire name) → messages; empty when the row is acceptable
	 */
	public Map<String, List<String>> validate(TransactionRow row) {
		return row.problems();
	}

	/**
	 * Inserts new transactions and updates changed ones, keyed by
	 * {@code (provider, account_id,
	 * external_id)}, in set-based statements of 5 000 rows (50 000 rows take a few
	 * seconds). Every row written carries {@code importId}. All rows are validated first:
	 * if any is invalid, nothing is written and the {@link InvalidRequest} names each
	 * problem as {@code rows[i].field}; filter rows with {@link TransactionRow#problems}
	 * beforehand to skip bad ones instead.
	 * @param importId stamped on every inserted or updated row (null for writes that are
	 * no import)
	 */
	@Transactional
	public UpsertResult upsert(@Nullable UUID importId, List<TransactionRow> rows) {
		InvalidRequest.Builder errors = InvalidRequest.builder();
		List<TransactionRow> clean = new ArrayList<>(rows.size());
		for (int i = 0; i < rows.size(); i++) {
			clean.add(rows.get(i).normalised("rows[" + i + "].", errors));
		}
		errors.throwIfAny();
		return upsertNormalised(importId, clean, SOURCE_FILE, null);
	}

	/**
	 * {@link #upsert} of rows {@link TransactionRow#normalised} already returned without
	 * errors, each row written stamped with its {@code source} and the provider
	 * connection it came through ({@code null} for a file).
	 */
	@Transactional
	UpsertResult upsertNormalised(@Nullable UUID importId, List<TransactionRow> clean, String source,
			@Nullable Long connectionId) {
		if (clean.isEmpty()) {
			return new UpsertResult(0, 0, 0);
		}
		Map<AccountTurns.Account, List<String>> keysByAccount = new TreeMap<>();
		for (TransactionRow row : clean) {
			keysByAccount
				.computeIfAbsent(new AccountTurns.Account(row.provider(), row.accountId()), a -> new ArrayList<>())
				.add(row.externalId());
		}
		AccountTurns.take(this.jdbc, keysByAccount.keySet());
		Set<Key> known = existingKeys(keysByAccount);
		OffsetDateTime now = OffsetDateTime.now(ZoneOffset.UTC).truncatedTo(ChronoUnit.MICROS);
		int inserted = 0;
		int updated = 0;
		int skipped = 0;
		// One statement cannot write a key twice, so the k-th occurrence of a key goes in
		// round k: each key's
		// rows still apply in the order given, exactly as if the rows were written one by
		// one.
		for (List<TransactionRow> round : rounds(clean)) {
			for (int from = 0; from < round.size(); from += CHUNK) {
				List<TransactionRow> chunk = round.subList(from, Math.min(round.size(), from + CHUNK));
				Set<Key> written = write(chunk, importId, source, connectionId, now);
				for (TransactionRow row : chunk) {
					Key key = new Key(row.provider(), row.accountId(), row.externalId());
					if (!written.contains(key)) {
						skipped++;
					}
					else if (known.add(key)) {
						inserted++;
					}
					else {
						updated++;
					}
				}
			}
		}
		if (inserted >= ANALYZE_AFTER_INSERTS) {
			// Fresh statistics for the next statements and imports: with the table's row
			// count still the one
			// before this batch, the planner can pick a scan of the account's rows per
			// key (quadratic; seen at
			// 215 s for re-importing 50 000 rows) until autovacuum gets round to it.
			// Sampled, ~0.1 s.
			this.jdbc.sql("ANALYZE finance_transaction").update();
		}
		return new UpsertResult(inserted, updated, skipped);
	}

	/** Inserted rows from which an upsert refreshes the table's statistics itself. */
	private static final int ANALYZE_AFTER_INSERTS = 10_000;

	private Set<Key> write(List<TransactionRow> chunk, @Nullable UUID importId, String source,
			@Nullable Long connectionId, OffsetDateTime now) {
		String[][] columns = new String[COLUMNS][chunk.size()];
		for (int i = 0; i < chunk.size(); i++) {
			TransactionRow row = chunk.get(i);
			String[] values = { row.provider(), row.accountId(), row.externalId(),
					Objects.requireNonNull(row.transactionDate()).toString(),
					row.postedAt() == null ? null : row.postedAt().toString(),
					Objects.requireNonNull(row.amount()).toPlainString(), row.direction(), row.status(),
					row.description(), row.payerName(), row.payerDocument(), row.correlationId(), row.bankReferenceId(),
					row.endToEndId(), row.chargeExternalId() };
			for (int column = 0; column < values.length; column++) {
				columns[column][i] = values[column];
			}
		}
		Set<Key> written = new HashSet<>();
		this.jdbcTemplate.query(UPSERT, statement -> {
			statement.setObject(1, importId, Types.OTHER);
			statement.setString(2, source);
			statement.setObject(3, connectionId, Types.BIGINT);
			statement.setObject(4, now);
			statement.setObject(5, now);
			for (int column = 0; column < columns.length; column++) {
				statement.setArray(6 + column, statement.getConnection().createArrayOf("text", columns[column]));
			}
		}, (RowCallbackHandler) rs -> written.add(new Key(rs.getString(1), rs.getString(2), rs.getString(3))));
		return written;
	}

	private static List<List<TransactionRow>> rounds(List<TransactionRow> rows) {
		Map<Key, Integer> occurrences = new HashMap<>();
		List<List<TransactionRow>> rounds = new ArrayList<>();
		for (TransactionRow row : rows) {
			int round = occurrences.merge(new Key(row.provider(), row.accountId(), row.externalId()), 1, Integer::sum)
					- 1;
			if (round == rounds.size()) {
				rounds.add(new ArrayList<>());
			}
			rounds.get(round).add(row);
		}
		return rounds;
	}

	private Set<Key> existingKeys(Map<AccountTurns.Account, List<String>> keysByAccount) {
		Set<Key> existing = new HashSet<>();
		keysByAccount.forEach((account, externalIds) -> this.jdbcTemplate.query(
				// Driven by the keys (one probe of the key index each, or a hash join),
				// never "= ANY (array)": a
				// filter over a 50 000-element array is quadratic when the planner, with
				// statistics not yet
				// updated after a large insert, scans the account's rows instead.
				"SELECT DISTINCT t.external_id FROM unnest(?::text[]) AS k(id) JOIN finance_transaction t "
						+ "ON t.provider = ? AND t.account_id = ? AND t.external_id = k.id",
				statement -> {
					statement.setArray(1, statement.getConnection().createArrayOf("text", externalIds.toArray()));
					statement.setString(2, account.provider());
					statement.setString(3, account.accountId());
				}, (RowCallbackHandler) rs -> existing
					.add(new Key(account.provider(), account.accountId(), rs.getString(1)))));
		return existing;
	}

	private record Key(String provider, String accountId, String externalId) {
	}

}
