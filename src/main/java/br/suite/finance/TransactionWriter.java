package br.suite.finance;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.sql.Types;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.YearMonth;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.UUID;

import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.RowCallbackHandler;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Propagation;
import org.springframework.transaction.annotation.Transactional;

import br.suite.shared.ClosedSet;
import br.suite.shared.Money;
import br.suite.shared.InvalidRequest;

/**
 * The upsert engine behind {@link TransactionImports}: validates and normalises rows,
 * deletes a month, upserts by {@code (provider, account_id, external_id)} and previews
 * what an upsert would do with SELECTs only. Every writing method joins the caller's
 * database transaction (or opens its own when there is none), so an import can delete a
 * month, upsert its rows and write its log atomically.
 *
 * <p>
 * <b>Identity.</b> A transaction is identified by
 * {@code (provider, account_id, external_id)}, unique in the database: writing the same
 * key again updates that transaction in place, never adds a second one. {@code provider}
 * is a code (1-40 of {@code a-z 0-9 - _}, upper case is lowered, e.g. {@code csv},
 * {@code asaas}, {@code itau}); {@code account_id} is free text (may be empty). A
 * transaction does not need a connection with the same provider and account.
 *
 * <p>
 * <b>Values.</b> The same rules as the API: {@code direction} {@code credit|debit},
 * {@code status} {@code pending|settled|reversed|cancelled} (absent means
 * {@code settled}, as on a bank statement), a positive amount with at most two decimals
 * and under 10^12 (the sign is the direction, never the amount), {@code payer_document}
 * empty or a CPF/CNPJ with valid check digits (stored without punctuation),
 * {@code end_to_end_id} empty or a Pix id of 32 ASCII letters and digits (case kept).
 * Text is trimmed; limits: {@code external_id}, {@code account_id},
 * {@code correlation_id}, {@code bank_reference_id}, {@code charge_external_id} 100,
 * {@code payer_name} 200, {@code description} 500.
 *
 * <p>
 * <b>Reconciliation is kept.</b> Upserts never touch allocations nor the columns derived
 * from them ({@code allocated_amount}, {@code matched_charge_id},
 * {@code matched_document_id}).
 */
@Service
class TransactionWriter {

	/**
	 * One transaction as a source reports it. Text components may be null (read as
	 * empty); {@code status} null or empty means {@code settled}. Field names in error
	 * maps are the wire names ({@code payer_document}, {@code end_to_end_id}, …).
	 *
	 * @param provider provider code, e.g. {@code csv}; lowered and trimmed
	 * @param accountId the account at the provider; may be empty
	 * @param externalId the provider's id of the transaction; required, unique per
	 * provider and account
	 * @param transactionDate the calendar date (America/Sao_Paulo) the money moved;
	 * required
	 * @param postedAt when the provider booked it, if it says
	 * @param amount positive, at most two decimals
	 * @param direction {@code credit} or {@code debit}
	 * @param status {@code pending}, {@code settled}, {@code reversed} or
	 * {@code cancelled}
	 */
	record TransactionRow(@Nullable String provider, @Nullable String accountId, @Nullable String externalId,
			@Nullable LocalDate transactionDate, @Nullable Instant postedAt, @Nullable BigDecimal amount,
			@Nullable String direction, @Nullable String status, @Nullable String description,
			@Nullable String payerName, @Nullable String payerDocument, @Nullable String correlationId,
			@Nullable String bankReferenceId, @Nullable String endToEndId, @Nullable String chargeExternalId) {

		public TransactionRow {
			provider = provider == null ? "" : provider;
			accountId = accountId == null ? "" : accountId;
			externalId = externalId == null ? "" : externalId;
			status = status == null || status.isEmpty() ? ClosedSet.wire(TransactionStatus.SETTLED) : status;
			description = description == null ? "" : description;
			payerName = payerName == null ? "" : payerName;
			payerDocument = payerDocument == null ? "" : payerDocument;
			correlationId = correlationId == null ? "" : correlationId;
			bankReferenceId = bankReferenceId == null ? "" : bankReferenceId;
			endToEndId = endToEndId == null ? "" : endToEndId;
			chargeExternalId = chargeExternalId == null ? "" : chargeExternalId;
		}

	}

	/**
	 * What an upsert did: {@code inserted} new keys, {@code updated} existing keys whose
	 * data changed, {@code skipped} rows identical to what was stored (nothing written,
	 * {@code updated_at} and {@code import_id} unchanged). A key repeated within one
	 * batch counts once per row, in order.
	 */
	record UpsertResult(int inserted, int updated, int skipped) {

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
			    bank_reference_id, end_to_end_id, charge_external_id, import_id, version, created_at, updated_at)
			SELECT u.provider, u.account_id, u.external_id, u.transaction_date::date, u.posted_at::timestamptz,
			    u.amount::numeric, u.direction, u.status, u.description, u.payer_name, u.payer_document,
			    u.correlation_id, u.bank_reference_id, u.end_to_end_id, u.charge_external_id, ?::uuid, 0, ?, ?
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
			    import_id = EXCLUDED.import_id, version = t.version + 1, updated_at = EXCLUDED.updated_at
			WHERE (t.transaction_date, t.posted_at, t.amount, t.direction, t.status, t.description, t.payer_name,
			       t.payer_document, t.correlation_id, t.bank_reference_id, t.end_to_end_id, t.charge_external_id)
			   IS DISTINCT FROM
			      (EXCLUDED.transaction_date, EXCLUDED.posted_at, EXCLUDED.amount, EXCLUDED.direction,
			       EXCLUDED.status, EXCLUDED.description, EXCLUDED.payer_name, EXCLUDED.payer_document,
			       EXCLUDED.correlation_id, EXCLUDED.bank_reference_id, EXCLUDED.end_to_end_id,
			       EXCLUDED.charge_external_id)
			RETURNING t.provider, t.account_id, t.external_id
			""";

	private final JdbcTemplate jdbcTemplate;

	private final JdbcClient jdbc;

	private final ReconciliationState state;

	TransactionWriter(JdbcTemplate jdbcTemplate, JdbcClient jdbc, ReconciliationState state) {
		this.jdbcTemplate = jdbcTemplate;
		this.jdbc = jdbc;
		this.state = state;
	}

	/**
	 * Checks a row with the rules the upsert applies. Needs no transaction and writes
	 * nothing.
	 * @return field (wire name) → messages; empty when the row is acceptable
	 */
	Map<String, List<String>> validate(TransactionRow row) {
		InvalidRequest.Builder errors = InvalidRequest.builder();
		normalise(row, "", errors);
		return errors.isEmpty() ? Map.of() : errors.build().errors();
	}

	/**
	 * What replacing a month did: transactions deleted, and one note per allocation that
	 * went with them.
	 */
	record Replaced(int deleted, List<String> notes) {
	}

	/**
	 * {@link #replaceMonth} keeping nothing: every transaction of the month goes, with
	 * its allocations.
	 */
	@Transactional(propagation = Propagation.MANDATORY)
	int deleteMonth(String provider, String accountId, YearMonth month) {
		return replaceMonth(provider, accountId, month, List.of()).deleted();
	}

	/**
	 * Deletes the transactions of one provider and account whose {@code transaction_date}
	 * falls in {@code month} (a calendar month, dates in America/Sao_Paulo) and whose
	 * {@code external_id} is not in {@code kept}: the import's rows with those ids are
	 * upserted in place instead, keeping their id and their allocations. The allocations
	 * of deleted transactions go with them, each reported in {@code notes}, and the
	 * charges they paid are recomputed. Must run inside the caller's transaction, with
	 * the upsert that replaces them: deleting a month on its own is how money data gets
	 * lost.
	 */
	@Transactional(propagation = Propagation.MANDATORY)
	Replaced replaceMonth(String provider, String accountId, YearMonth month, Collection<String> kept) {
		InvalidRequest.Builder errors = InvalidRequest.builder();
		String code = FinanceFields.provider(provider, "provider", errors);
		String account = FinanceFields.text(accountId, "account_id", FinanceFields.ACCOUNT_ID_MAX, false, errors);
		errors.throwIfAny();
		lockAccounts(Set.of(new Account(code, account)));
		LocalDate from = month.atDay(1);
		LocalDate until = month.plusMonths(1).atDay(1);
		String[] keep = kept.toArray(new String[0]);
		List<String> notes = new ArrayList<>();
		Set<Long> charges = new TreeSet<>();
		this.jdbc.sql("""
				SELECT t.id, t.external_id, t.transaction_date, a.charge_id, a.fiscal_document_id, a.amount
				FROM finance_transaction t JOIN finance_allocation a ON a.transaction_id = t.id
				WHERE t.provider = ? AND t.account_id = ? AND t.transaction_date >= ? AND t.transaction_date < ?
				  AND NOT EXISTS (SELECT 1 FROM unnest(?::text[]) AS k(id) WHERE k.id = t.external_id)
				ORDER BY t.id, a.id
				FOR UPDATE OF t""").params(code, account, from, until, keep).query((rs, n) -> {
			Long charge = rs.getObject(4, Long.class);
			if (charge != null) {
				charges.add(charge);
			}
			return notes.add("information: transaction " + rs.getLong(1) + " (external_id " + rs.getString(2) + " of "
					+ rs.getObject(3, LocalDate.class) + ") is not in the import: it was deleted with "
					+ "its allocation of " + Money.format(rs.getBigDecimal(6)) + " to "
					+ (charge != null ? "charge " + charge : "fiscal document " + rs.getLong(5)));
		}).list();
		int deleted = this.jdbc.sql("""
				DELETE FROM finance_transaction
				WHERE provider = ? AND account_id = ? AND transaction_date >= ? AND transaction_date < ?
				  AND NOT EXISTS (SELECT 1 FROM unnest(?::text[]) AS k(id) WHERE k.id = external_id)""")
			.params(code, account, from, until, keep)
			.update();
		this.state.refresh(List.of(), charges);
		return new Replaced(deleted, notes);
	}

	/**
	 * After an upsert: the allocations of the given transactions that no longer hold (the
	 * transaction is no longer a settled or pending credit, or its amount fell below what
	 * is allocated) are removed, each reported in the notes, and the sums recomputed.
	 */
	@Transactional(propagation = Propagation.MANDATORY)
	List<String> releaseBrokenAllocations(String provider, String accountId, Collection<String> externalIds) {
		List<String> notes = new ArrayList<>();
		if (externalIds.isEmpty()) {
			return notes;
		}
		Set<Long> transactions = new TreeSet<>();
		Set<Long> charges = new TreeSet<>();
		this.jdbc
			.sql("""
					DELETE FROM finance_allocation a USING unnest(?::text[]) AS k(id), finance_transaction t
					WHERE t.provider = ? AND t.account_id = ? AND t.external_id = k.id AND a.transaction_id = t.id
					  AND (t.direction <> 'credit' OR t.status NOT IN ('settled', 'pending') OR t.allocated_amount > t.amount)
					RETURNING t.id, t.external_id, t.amount, t.direction, t.status, a.charge_id, a.fiscal_document_id,
					    a.amount""")
			.params(externalIds.toArray(new String[0]), provider, accountId)
			.query((rs, n) -> {
				transactions.add(rs.getLong(1));
				Long charge = rs.getObject(6, Long.class);
				if (charge != null) {
					charges.add(charge);
				}
				return notes.add("information: transaction " + rs.getLong(1) + " (external_id " + rs.getString(2)
						+ ") is now " + rs.getString(4) + ", " + rs.getString(5) + ", "
						+ Money.format(rs.getBigDecimal(3)) + ": its allocation of " + Money.format(rs.getBigDecimal(8))
						+ " to " + (charge != null ? "charge " + charge : "fiscal document " + rs.getLong(7))
						+ " no longer holds and was removed");
			})
			.list();
		this.state.refresh(transactions, charges);
		return notes;
	}

	/**
	 * Inserts new transactions and updates changed ones, keyed by
	 * {@code (provider, account_id,
	 * external_id)}, in set-based statements of 5 000 rows (50 000 rows take a few
	 * seconds). Every row written carries {@code importId}. All rows are validated first:
	 * if any is invalid, nothing is written and the {@link InvalidRequest} names each
	 * problem as {@code rows[i].field}; filter rows with {@link #validate} beforehand to
	 * skip bad ones instead.
	 * @param importId stamped on every inserted or updated row (null for writes that are
	 * no import)
	 */
	@Transactional
	UpsertResult upsert(@Nullable UUID importId, List<TransactionRow> rows) {
		InvalidRequest.Builder errors = InvalidRequest.builder();
		List<TransactionRow> clean = new ArrayList<>(rows.size());
		for (int i = 0; i < rows.size(); i++) {
			clean.add(normalise(rows.get(i), "rows[" + i + "].", errors));
		}
		errors.throwIfAny();
		return upsertNormalised(importId, clean);
	}

	/** {@link #upsert} of rows {@link #normalise} already returned without errors. */
	@Transactional
	UpsertResult upsertNormalised(@Nullable UUID importId, List<TransactionRow> clean) {
		if (clean.isEmpty()) {
			return new UpsertResult(0, 0, 0);
		}
		Map<Account, List<String>> keysByAccount = new TreeMap<>();
		for (TransactionRow row : clean) {
			keysByAccount.computeIfAbsent(new Account(row.provider(), row.accountId()), a -> new ArrayList<>())
				.add(row.externalId());
		}
		lockAccounts(keysByAccount.keySet());
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
				Set<Key> written = write(chunk, importId, now);
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

	TransactionRow normalise(TransactionRow row, String prefix, InvalidRequest.Builder errors) {
		String provider = FinanceFields.provider(row.provider(), prefix + "provider", errors);
		String accountId = FinanceFields.text(row.accountId(), prefix + "account_id", FinanceFields.ACCOUNT_ID_MAX,
				false, errors);
		String externalId = FinanceFields.text(row.externalId(), prefix + "external_id", FinanceFields.REFERENCE_MAX,
				true, errors);
		if (row.transactionDate() == null) {
			errors.add(prefix + "transaction_date", "is required");
		}
		BigDecimal amount = FinanceFields.amount(row.amount(), prefix + "amount", errors);
		TransactionDirection direction = FinanceFields.closed(TransactionDirection.class, row.direction(),
				prefix + "direction", errors);
		TransactionStatus status = FinanceFields.closed(TransactionStatus.class, row.status(), prefix + "status",
				errors);
		String description = FinanceFields.text(row.description(), prefix + "description", 500, false, errors);
		String payerName = FinanceFields.text(row.payerName(), prefix + "payer_name", 200, false, errors);
		String payerDocument = FinanceFields.taxId(row.payerDocument(), prefix + "payer_document", errors);
		String correlationId = FinanceFields.text(row.correlationId(), prefix + "correlation_id",
				FinanceFields.REFERENCE_MAX, false, errors);
		String bankReferenceId = FinanceFields.text(row.bankReferenceId(), prefix + "bank_reference_id",
				FinanceFields.REFERENCE_MAX, false, errors);
		String endToEndId = FinanceFields.endToEndId(row.endToEndId(), prefix + "end_to_end_id", errors);
		String chargeExternalId = FinanceFields.text(row.chargeExternalId(), prefix + "charge_external_id",
				FinanceFields.REFERENCE_MAX, false, errors);
		return new TransactionRow(provider, accountId, externalId, row.transactionDate(),
				row.postedAt() == null ? null : row.postedAt().truncatedTo(ChronoUnit.MICROS), amount,
				direction == null ? row.direction() : ClosedSet.wire(direction),
				status == null ? row.status() : ClosedSet.wire(status), description, payerName, payerDocument,
				correlationId, bankReferenceId, endToEndId, chargeExternalId);
	}

	/**
	 * What upserting a month's rows would do now, and what replacing the month would
	 * delete.
	 */
	record MonthPreview(YearMonth month, int rows, int inserts, int updates, int skips, @Nullable Integer deletes,
			String deleteRefused) {
	}

	/**
	 * What {@link #upsertNormalised} would count for these months' rows, applied month
	 * after month, and what {@link #replaceMonth} would delete in each (the month's
	 * transactions absent from all the rows), computed with SELECTs only: no row is
	 * written and no lock is taken, so a preview never waits for an import nor holds one
	 * up.
	 */
	@Transactional(readOnly = true)
	List<MonthPreview> preview(String provider, String accountId, Map<YearMonth, List<TransactionRow>> months) {
		List<String> keys = new ArrayList<>();
		months.values().forEach(rows -> rows.forEach(row -> keys.add(row.externalId())));
		Map<String, Stored> state = new HashMap<>();
		if (!keys.isEmpty()) {
			this.jdbcTemplate.query("""
					SELECT DISTINCT t.external_id, t.transaction_date, t.posted_at, t.amount, t.direction, t.status,
					    t.description, t.payer_name, t.payer_document, t.correlation_id, t.bank_reference_id,
					    t.end_to_end_id, t.charge_external_id
					FROM unnest(?::text[]) AS k(id)
					JOIN finance_transaction t ON t.provider = ? AND t.account_id = ? AND t.external_id = k.id""",
					statement -> {
						statement.setArray(1, statement.getConnection().createArrayOf("text", keys.toArray()));
						statement.setString(2, provider);
						statement.setString(3, accountId);
					}, (RowCallbackHandler) rs -> {
						OffsetDateTime posted = rs.getObject(3, OffsetDateTime.class);
						state.put(rs.getString(1),
								new Stored(rs.getObject(2, LocalDate.class), posted == null ? null : posted.toInstant(),
										rs.getBigDecimal(4), rs.getString(5), rs.getString(6), rs.getString(7),
										rs.getString(8), rs.getString(9), rs.getString(10), rs.getString(11),
										rs.getString(12), rs.getString(13)));
					});
		}
		List<MonthPreview> previews = new ArrayList<>();
		months.forEach((month, rows) -> {
			int inserts = 0;
			int updates = 0;
			int skips = 0;
			for (TransactionRow row : rows) {
				Stored next = Stored.of(row);
				Stored before = state.put(row.externalId(), next);
				if (before == null) {
					inserts++;
				}
				else if (before.equals(next)) {
					skips++;
				}
				else {
					updates++;
				}
			}
			LocalDate from = month.atDay(1);
			LocalDate until = month.plusMonths(1).atDay(1);
			Integer deletes = this.jdbc.sql("""
					SELECT count(*) FROM finance_transaction
					WHERE provider = ? AND account_id = ? AND transaction_date >= ? AND transaction_date < ?
					  AND NOT EXISTS (SELECT 1 FROM unnest(?::text[]) AS k(id) WHERE k.id = external_id)""")
				.params(provider, accountId, from, until, keys.toArray(new String[0]))
				.query(Integer.class)
				.single();
			String refused = "";
			previews.add(new MonthPreview(month, rows.size(), inserts, updates, skips, deletes, refused));
		});
		return previews;
	}

	/** The data of a transaction the upsert compares: equal data is a skip. */
	private record Stored(LocalDate date, @Nullable Instant postedAt, BigDecimal amount, String direction,
			String status, String description, String payerName, String payerDocument, String correlationId,
			String bankReferenceId, String endToEndId, String chargeExternalId) {

		Stored {
			amount = amount.setScale(2, RoundingMode.UNNECESSARY);
		}

		static Stored of(TransactionRow row) {
			return new Stored(Objects.requireNonNull(row.transactionDate()), row.postedAt(),
					Objects.requireNonNull(row.amount()), row.direction(), row.status(), row.description(),
					row.payerName(), row.payerDocument(), row.correlationId(), row.bankReferenceId(), row.endToEndId(),
					row.chargeExternalId());
		}

	}

	private Set<Key> write(List<TransactionRow> chunk, @Nullable UUID importId, OffsetDateTime now) {
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
			statement.setObject(2, now);
			statement.setObject(3, now);
			for (int column = 0; column < columns.length; column++) {
				statement.setArray(4 + column, statement.getConnection().createArrayOf("text", columns[column]));
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

	/**
	 * Serialises writers of the same provider account for the rest of the transaction, so
	 * two imports of one account neither interleave a delete with an upsert nor miscount
	 * inserts. Taken in a fixed order against deadlocks.
	 */
	private void lockAccounts(Set<Account> accounts) {
		new TreeSet<>(accounts)
			.forEach(account -> this.jdbc.sql("SELECT pg_advisory_xact_lock(hashtextextended(?, 7426)) IS NULL")
				.param("finance_transaction\u001f" + account.provider() + "\u001f" + account.accountId())
				.query(Boolean.class)
				.single());
	}

	private Set<Key> existingKeys(Map<Account, List<String>> keysByAccount) {
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

	private static @Nullable OffsetDateTime utc(@Nullable Instant instant) {
		return instant == null ? null : instant.atOffset(ZoneOffset.UTC);
	}

	private record Account(String provider, String accountId) implements Comparable<Account> {

		@Override
		public int compareTo(Account other) {
			int byProvider = this.provider.compareTo(other.provider);
			return byProvider != 0 ? byProvider : this.accountId.compareTo(other.accountId);
		}

	}

	private record Key(String provider, String accountId, String externalId) {
	}

}
