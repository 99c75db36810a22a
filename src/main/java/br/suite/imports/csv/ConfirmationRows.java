package br.suite.imports.csv;

import java.time.YearMonth;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.jspecify.annotations.Nullable;

import br.suite.finance.TransactionImports;
import br.suite.finance.TransactionImports.Account;
import br.suite.finance.TransactionImports.ImportRow;
import br.suite.finance.TransactionImports.RawTransaction;

/**
 * The rows of a confirmation's groups as {@link CsvImportConfirmationReader} reads them:
 * each row checked at once by finance's rules into the row finance writes, or into its
 * errors, each error placed as {@code group 2026-03, row 5 (line 7)}.
 */
final class ConfirmationRows {

	private ConfirmationRows() {
	}

	/**
	 * One group of rows as it is read: each row checked at once into its normalised row
	 * or its errors, and the fingerprint record of every row.
	 */
	static final class Group {

		private final TransactionImports finance;

		final String key;

		final @Nullable YearMonth month;

		final boolean rowsPresent;

		final Account account;

		final List<Entry> entries = new ArrayList<>();

		final ConfirmationFingerprint.Records records = new ConfirmationFingerprint.Records();

		Group(TransactionImports finance, String key, @Nullable YearMonth month, boolean rowsPresent, Account account) {
			this.finance = finance;
			this.key = key;
			this.month = month;
			this.rowsPresent = rowsPresent;
			this.account = account;
		}

		void add(@Nullable CsvImportRow row) {
			if (this.month == null || !this.rowsPresent) {
				// Its key is reported once; its rows are neither checked nor part of the
				// fingerprint.
				return;
			}
			int index = this.entries.size() + 1;
			if (row == null) {
				this.entries
					.add(new Invalid(List.of("group " + this.key + ", row " + index + ": must be a row object")));
				return;
			}
			this.records.add(row.externalId(), row.transactionDate(), row.postedAt(), row.amount(), row.direction(),
					row.status(), row.description(), row.payerName(), row.payerDocument(), row.endToEndId(),
					row.bankReferenceId(), row.correlationId(), row.chargeExternalId());
			List<String> errors = new ArrayList<>();
			ImportRow transaction = transaction(this.finance, this.account, this.month, row,
					where(this.key, index, row.line()), errors);
			this.entries
				.add(transaction == null ? new Invalid(errors) : new Valid(transaction, this, index, row.line()));
		}

	}

	static String where(String key, int index, @Nullable Integer line) {
		return "group " + key + ", row " + index + (line == null ? "" : " (line " + line + ")");
	}

	/** A row of a group as read: checked into a row, or its errors. */
	sealed interface Entry permits Valid, Invalid {

	}

	record Valid(ImportRow row, Group group, int index, @Nullable Integer line) implements Entry {

		String where() {
			return ConfirmationRows.where(this.group.key, this.index, this.line);
		}

	}

	record Invalid(List<String> errors) implements Entry {

	}

	/**
	 * The row as finance takes it, or null after adding its errors. Each field is
	 * reported once: a value whose text cannot be read by the row itself, every other
	 * problem by finance's rules, in the order date, amount, posted_at, then finance's.
	 */
	private static @Nullable ImportRow transaction(TransactionImports finance, Account account, YearMonth month,
			CsvImportRow row, String where, List<String> errors) {
		Map<String, String> unreadable = new LinkedHashMap<>();
		RawTransaction raw = row.transaction(month, unreadable);
		TransactionImports.Checked checked = finance.check(account, raw);
		int before = errors.size();
		for (String field : List.of("transaction_date", "amount", "posted_at")) {
			if (unreadable.containsKey(field)) {
				errors.add(where + ", " + field + ": " + unreadable.get(field));
			}
			else {
				checked.errors()
					.getOrDefault(field, List.of())
					.forEach(m -> errors.add(where + ", " + field + ": " + m));
			}
		}
		checked.errors().forEach((field, messages) -> {
			if (!List.of("transaction_date", "amount", "posted_at").contains(field)) {
				messages.forEach(message -> errors.add(where + ", " + field + ": " + message));
			}
		});
		return errors.size() > before ? null : checked.row();
	}

}
