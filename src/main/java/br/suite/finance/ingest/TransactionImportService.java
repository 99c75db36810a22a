package br.suite.finance.ingest;

import java.time.Instant;
import java.time.LocalDate;
import java.time.YearMonth;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Propagation;
import org.springframework.transaction.annotation.Transactional;

import br.suite.finance.ReconciliationService;
import br.suite.finance.SyncFlow;
import br.suite.finance.SyncStatus;
import br.suite.finance.TransactionImports;
import br.suite.finance.TransactionRow;
import br.suite.finance.ingest.SyncLogWriter.SyncLogEntry;
import br.suite.finance.ingest.TransactionWriter.UpsertResult;

/**
 * {@link TransactionImports}, the finance module's import port, written by this slice's
 * writers: the upsert ({@link TransactionWriter}), a month's replacement and the
 * allocations a change breaks ({@link TransactionRemovals}), the read-only preview
 * ({@link UpsertPreview}), the category rules and the sync log, then the automatic
 * reconciliation of the imported dates.
 */
@Service
class TransactionImportService implements TransactionImports {

	private final TransactionWriter writer;

	private final TransactionRemovals removals;

	private final UpsertPreview preview;

	private final SyncLogWriter syncLogs;

	private final ReconciliationService reconciliation;

	private final CategoryRules rules;

	TransactionImportService(TransactionWriter writer, TransactionRemovals removals, UpsertPreview preview,
			SyncLogWriter syncLogs, ReconciliationService reconciliation, CategoryRules rules) {
		this.rules = rules;
		this.writer = writer;
		this.removals = removals;
		this.preview = preview;
		this.syncLogs = syncLogs;
		this.reconciliation = reconciliation;
	}

	/**
	 * What applying these months' rows (in order, month after month) would do now. Reads
	 * only: no row is written and no lock is taken.
	 */
	@Override
	@Transactional(readOnly = true)
	public List<MonthPreview> preview(Account account, Map<YearMonth, List<ImportRow>> rowsByMonth) {
		Map<YearMonth, List<TransactionRow>> months = new LinkedHashMap<>();
		rowsByMonth.forEach((month, rows) -> months.put(month, rows(account, rows)));
		return this.preview.preview(account.provider(), account.accountId(), months)
			.stream()
			.map(p -> new MonthPreview(p.month(), p.rows(), p.inserts(), p.updates(), p.skips(), p.deletes(),
					p.deleteRefused(), p.keptProviderRows()))
			.toList();
	}

	/**
	 * In the caller's database transaction: when {@code replace} (a calendar month of the
	 * account) is given, deletes its transactions whose external_id is not among
	 * {@code rows} (with their allocations); then inserts new rows and updates changed
	 * ones by {@code external_id} in place (keeping their allocations, except those the
	 * new values break), stamping {@code importId} on each row written; then runs the
	 * automatic reconciliation (exact keys) over the account's imported dates. Imports of
	 * the same account take turns until the caller commits.
	 */
	@Override
	@Transactional(propagation = Propagation.MANDATORY)
	public Applied apply(Account account, @Nullable YearMonth replace, List<ImportRow> rows, UUID importId) {
		return apply(account, replace, rows, importId, SyncFlow.CSV_IMPORT, null);
	}

	/**
	 * {@link #apply} for rows that arrived by {@code flow} (through the provider
	 * connection {@code connectionId}, {@code null} for a file), which each row written
	 * keeps as its {@code source} and {@code connection_id}: a file import
	 * ({@code CSV_IMPORT}) inserts new rows and updates or deletes only rows a file
	 * wrote, leaving those a provider's sync or webhook wrote as they are; a provider's
	 * rows update any row.
	 */
	@Override
	@Transactional(propagation = Propagation.MANDATORY)
	public Applied apply(Account account, @Nullable YearMonth replace, List<ImportRow> rows, UUID importId,
			SyncFlow flow, @Nullable Long connectionId) {
		List<String> keys = rows.stream().map(ImportRow::externalId).toList();
		List<String> notes = new ArrayList<>();
		int deleted = 0;
		if (replace != null) {
			TransactionRemovals.Replaced replaced = this.removals.replaceMonth(account.provider(), account.accountId(),
					replace, keys);
			deleted = replaced.deleted();
			notes.addAll(replaced.notes());
		}
		UpsertResult written = this.writer.upsertNormalised(importId, rows(account, rows),
				TransactionWriter.source(flow), connectionId);
		notes.addAll(this.removals.releaseBrokenAllocations(account.provider(), account.accountId(), keys));
		this.rules.apply(importId);
		int allocated = 0;
		if (!rows.isEmpty()) {
			LocalDate from = rows.stream().map(ImportRow::transactionDate).min(LocalDate::compareTo).orElseThrow();
			LocalDate to = rows.stream().map(ImportRow::transactionDate).max(LocalDate::compareTo).orElseThrow();
			allocated = this.reconciliation.run(from, to, account.provider(), account.accountId()).allocations();
		}
		return new Applied(written.inserted(), written.updated(), written.skipped(), deleted, notes.size(),
				List.copyOf(notes), allocated);
	}

	/**
	 * Writes the sync log of an import that {@link #apply} wrote (flow
	 * {@code csv_import}, status {@code success}, finished now), in the caller's
	 * transaction.
	 * @return the log's id
	 */
	@Override
	@Transactional(propagation = Propagation.MANDATORY)
	public long logImport(Account account, Instant startedAt, Applied applied, String message, UUID importId) {
		return this.syncLogs.recordSync(
				new SyncLogEntry(account.provider(), account.accountId(), SyncFlow.CSV_IMPORT, SyncStatus.SUCCESS,
						startedAt, Instant.now(), applied.inserted(), applied.updated(), message, importId));
	}

	private static List<TransactionRow> rows(Account account, List<ImportRow> rows) {
		return rows.stream().map(row -> row.of(account)).toList();
	}

}
