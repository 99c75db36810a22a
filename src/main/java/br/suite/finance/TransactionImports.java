package br.suite.finance;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.YearMonth;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;

import org.jspecify.annotations.Nullable;

import br.suite.shared.InvalidRequest;

/**
 * The port through which other modules (the CSV import now, provider sync later) bring
 * bank transactions into finance. Typed end to end: an {@link Account} is validated once,
 * each source row is checked once into a normalised {@link ImportRow} (or its errors)
 * that the writer stores as it is, a preview reads and never writes, and {@link #apply}
 * writes in the caller's database transaction and then reconciles the imported dates
 * automatically (exact keys):
 *
 * <pre>{@code
 * Account account = imports.account("csv", "itau-1");               // 400 naming provider / account_id
 * Checked checked = imports.check(account, raw);                      // row or field → messages
 * List<MonthPreview> preview = imports.preview(account, rowsByMonth); // SELECTs only
 * &#64;Transactional ... Applied applied = imports.apply(account, YearMonth.of(2026, 3), rows, importId);
 * imports.logImport(account, startedAt, applied, "CSV import of …", importId);
 * }</pre>
 *
 * Identity, value rules and limits are those of the transactions API (docs/api.md §
 * Finance). The writers behind it are the {@code ingest} slice's
 * ({@code TransactionImportService}).
 */
public interface TransactionImports {

	/**
	 * A provider code and account id that passed the rules (lowered code, stripped
	 * account).
	 */
	public static final class Account {

		private final String provider;

		private final String accountId;

		Account(String provider, String accountId) {
			this.provider = provider;
			this.accountId = accountId;
		}

		public String provider() {
			return this.provider;
		}

		public String accountId() {
			return this.accountId;
		}

	}

	/**
	 * One transaction as a source reports it, values not checked yet. Text may be null
	 * (read as empty); {@code status} null or empty means {@code settled}.
	 */
	public record RawTransaction(@Nullable String externalId, @Nullable LocalDate transactionDate,
			@Nullable Instant postedAt, @Nullable BigDecimal amount, @Nullable String direction,
			@Nullable String status, @Nullable String description, @Nullable String payerName,
			@Nullable String payerDocument, @Nullable String correlationId, @Nullable String bankReferenceId,
			@Nullable String endToEndId, @Nullable String chargeExternalId) {
	}

	/**
	 * A transaction that passed every rule, normalised (trimmed, documents without
	 * punctuation, two decimals), for the account it was checked for: the very row the
	 * writer stores, so nothing is copied or checked again between {@link #check} and
	 * {@link #apply}.
	 */
	public static final class ImportRow {

		private final TransactionRow row;

		ImportRow(TransactionRow row) {
			this.row = row;
		}

		public String externalId() {
			return this.row.externalId();
		}

		public LocalDate transactionDate() {
			return Objects.requireNonNull(this.row.transactionDate());
		}

		/**
		 * This row for another account: rows are checked by the same rules whatever the
		 * account (its code and id were checked by {@link #account}), so a row checked
		 * before the import's account was known is moved to it without checking again.
		 */
		public ImportRow to(Account account) {
			if (this.row.provider().equals(account.provider()) && this.row.accountId().equals(account.accountId())) {
				return this;
			}
			return new ImportRow(this.row.inAccount(account.provider(), account.accountId()));
		}

		/** The stored row, for the account it was checked for (the ingest writers). */
		public TransactionRow of(Account account) {
			if (!this.row.provider().equals(account.provider()) || !this.row.accountId().equals(account.accountId())) {
				throw new IllegalArgumentException(
						"A row checked for " + this.row.provider() + "/" + this.row.accountId()
								+ " cannot be written to " + account.provider() + "/" + account.accountId());
			}
			return this.row;
		}

	}

	/**
	 * The outcome of {@link #check}: the row, or field (wire name) → messages. Exactly
	 * one is present.
	 */
	public record Checked(@Nullable ImportRow row, Map<String, List<String>> errors) {
	}

	/**
	 * What applying a month's rows would do now: new, changed and unchanged rows, and how
	 * many transactions replacing the month would delete (those absent from the import;
	 * {@code deleteRefused} is always empty: a month can always be replaced).
	 */
	public record MonthPreview(YearMonth month, int rows, int wouldInsert, int wouldUpdate, int wouldSkip,
			@Nullable Integer wouldDelete, String deleteRefused, int keptProviderRows) {
	}

	/**
	 * What {@link #apply} did: rows inserted, updated, skipped (unchanged), transactions
	 * deleted by the month's replacement, allocations removed (with one note each: a
	 * deleted transaction's, or one that no longer holds after the update), and
	 * allocations the automatic reconciliation made afterwards.
	 */
	public record Applied(int inserted, int updated, int skipped, int deleted, int allocationsRemoved,
			List<String> notes, int allocated) {
	}

	/**
	 * Checks and normalises the account of an import.
	 * @throws InvalidRequest naming {@code provider} and/or {@code account_id}
	 */
	default Account account(@Nullable String provider, @Nullable String accountId) {
		InvalidRequest.Builder errors = InvalidRequest.builder();
		String code = "";
		if (provider == null || provider.isBlank()) {
			errors.add("provider", "is required: a provider code such as csv, itau or bb");
		}
		else {
			code = FinanceFields.provider(provider, "provider", errors);
		}
		String account = "";
		if (accountId == null) {
			errors.add("account_id", "is required (\"\" for the provider's only account)");
		}
		else {
			account = FinanceFields.text(accountId, "account_id", FinanceFields.ACCOUNT_ID_MAX, false, errors);
		}
		errors.throwIfAny();
		return new Account(code, account);
	}

	/**
	 * Checks one row with the rules the writes apply; needs no transaction and reads
	 * nothing.
	 */
	default Checked check(Account account, RawTransaction raw) {
		InvalidRequest.Builder errors = InvalidRequest.builder();
		TransactionRow row = new TransactionRow(account.provider(), account.accountId(), raw.externalId(),
				raw.transactionDate(), raw.postedAt(), raw.amount(), raw.direction(), raw.status(), raw.description(),
				raw.payerName(), raw.payerDocument(), raw.correlationId(), raw.bankReferenceId(), raw.endToEndId(),
				raw.chargeExternalId())
			.normalised("", errors);
		return errors.isEmpty() ? new Checked(new ImportRow(row), Map.of())
				: new Checked(null, errors.build().errors());
	}

	/**
	 * What applying these months' rows (in order, month after month) would do now. Reads
	 * only: no row is written and no lock is taken.
	 */
	List<MonthPreview> preview(Account account, Map<YearMonth, List<ImportRow>> rowsByMonth);

	/**
	 * In the caller's database transaction: when {@code replace} (a calendar month of the
	 * account) is given, deletes its transactions whose external_id is not among
	 * {@code rows} (with their allocations); then inserts new rows and updates changed
	 * ones by {@code external_id} in place (keeping their allocations, except those the
	 * new values break), stamping {@code importId} on each row written; then runs the
	 * automatic reconciliation (exact keys) over the account's imported dates. Imports of
	 * the same account take turns until the caller commits.
	 */
	Applied apply(Account account, @Nullable YearMonth replace, List<ImportRow> rows, UUID importId);

	/**
	 * {@link #apply} for rows that arrived by {@code flow} (through the provider
	 * connection {@code connectionId}, {@code null} for a file), which each row written
	 * keeps as its {@code source} and {@code connection_id}: a file import
	 * ({@code CSV_IMPORT}) inserts new rows and updates or deletes only rows a file
	 * wrote, leaving those a provider's sync or webhook wrote as they are; a provider's
	 * rows update any row.
	 */
	Applied apply(Account account, @Nullable YearMonth replace, List<ImportRow> rows, UUID importId, SyncFlow flow,
			@Nullable Long connectionId);

	/**
	 * Writes the sync log of an import that {@link #apply} wrote (flow
	 * {@code csv_import}, status {@code success}, finished now), in the caller's
	 * transaction.
	 * @return the log's id
	 */
	long logImport(Account account, Instant startedAt, Applied applied, String message, UUID importId);

}
