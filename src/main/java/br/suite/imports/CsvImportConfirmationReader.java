package br.suite.imports;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.YearMonth;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;

import br.suite.finance.TransactionImports;
import br.suite.finance.TransactionImports.Account;
import br.suite.finance.TransactionImports.ImportRow;
import br.suite.finance.TransactionImports.RawTransaction;
import br.suite.shared.InvalidRequest;
import br.suite.shared.Sha256;

/**
 * Reads the body of a confirmation (op 7) into what {@link CsvImportService} writes: the
 * account, the month to replace, every row checked once by finance's rules, every problem
 * as one {@code errors} string, and the fingerprint that tells a retry from a different
 * request under the same Idempotency-Key. Reads nothing from the database and writes
 * nothing.
 */
@Component
class CsvImportConfirmationReader {

	static final int FILE_NAME_MAX = 255;

	static final int MIN_YEAR = 1900;

	static final int MAX_YEAR = 2999;

	private static final Pattern MONTH_KEY = Pattern.compile("(\\d{4})-(\\d{2})");

	private static final Pattern SHA_256 = Pattern.compile("[0-9a-fA-F]{64}");

	private final TransactionImports finance;

	CsvImportConfirmationReader(TransactionImports finance) {
		this.finance = finance;
	}

	/**
	 * A confirmation as read: its account (null when invalid), its valid rows, and every
	 * problem found.
	 */
	record Reading(@Nullable Account account, CsvImportMetadata metadata, String fileSha256,
			@Nullable YearMonth deleteMonth, boolean generateLogs, List<ImportRow> rows, List<String> errors,
			String sha256) {
	}

	/**
	 * Reads a confirmation. Its JSON shape was checked by Jackson (a wrong type is a 400
	 * before this); every problem of content (missing parts, a bad month or account,
	 * invalid rows) becomes one string of {@code errors}, so that op 7 answers it in its
	 * result object, as the spec's rule 7 says.
	 */
	Reading read(CsvImportConfirmRequest request) {
		List<String> errors = new ArrayList<>();
		if (request.groups() == null) {
			errors.add("groups: is required: an object from month (YYYY-MM) to its rows ({} for none)");
		}
		CsvImportMetadata metadata = request.importMetadata();
		if (metadata == null) {
			errors.add("import_metadata: is required, with provider and account_id at least");
			metadata = new CsvImportMetadata(null, null, null, null, null);
		}
		YearMonth deleteMonth = deleteMonth(request.deletePeriod(), errors);
		Map<String, YearMonth> months = new LinkedHashMap<>();
		if (request.groups() != null) {
			request.groups().forEach((key, rows) -> {
				YearMonth month = month(key);
				if (month == null) {
					errors.add("groups." + key + ": is not a month: use YYYY-MM between " + MIN_YEAR + "-01 and "
							+ MAX_YEAR + "-12 (e.g. 2026-03)");
				}
				else if (rows == null) {
					errors.add("groups." + key + ": must be an array of rows ([] for none)");
				}
				else {
					months.put(key, month);
				}
			});
		}
		String fileName = text(metadata.fileName());
		if (fileName.length() > FILE_NAME_MAX || fileName.chars().anyMatch(Character::isISOControl)) {
			errors.add("import_metadata.file_name: must be at most " + FILE_NAME_MAX
					+ " characters on one line without control characters");
		}
		String fileSha256 = text(metadata.fileSha256()).strip().toLowerCase(Locale.ROOT);
		if (!fileSha256.isEmpty() && !SHA_256.matcher(fileSha256).matches()) {
			errors.add("import_metadata.file_sha256: must be empty or 64 hexadecimal digits (SHA-256)");
		}
		if (metadata.rowCount() != null && metadata.rowCount() < 0) {
			errors.add("import_metadata.row_count: must be zero or more");
		}
		Account account = null;
		try {
			account = this.finance.account(metadata.provider(), metadata.accountId());
		}
		catch (InvalidRequest ex) {
			ex.errors()
				.forEach((field, messages) -> messages
					.forEach(message -> errors.add("import_metadata." + field + ": " + message)));
		}
		boolean generateLogs = Boolean.TRUE.equals(request.generateLogs());

		Fingerprint fingerprint = new Fingerprint();
		fingerprint.add(account == null ? null : account.provider(), account == null ? null : account.accountId(),
				fileName, fileSha256, String.valueOf(metadata.rowCount()), String.valueOf(deleteMonth),
				String.valueOf(generateLogs));
		List<ImportRow> rows = new ArrayList<>();
		Map<String, String> seen = new HashMap<>();
		// Rows are checked by the same rules whatever the account, so an invalid account
		// hides no row problem.
		Account rowsAccount = account != null ? account : this.finance.account("csv", "");
		months.forEach((key, month) -> {
			fingerprint.add("group", key);
			List<CsvImportRow> groupRows = request.groups().get(key);
			for (int i = 0; i < groupRows.size(); i++) {
				CsvImportRow row = groupRows.get(i);
				if (row == null) {
					errors.add("group " + key + ", row " + (i + 1) + ": must be a row object");
					continue;
				}
				String where = "group " + key + ", row " + (i + 1)
						+ (row.line() == null ? "" : " (line " + row.line() + ")");
				fingerprint.add(row.externalId(), row.transactionDate(), row.postedAt(), row.amount(), row.direction(),
						row.status(), row.description(), row.payerName(), row.payerDocument(), row.endToEndId(),
						row.bankReferenceId(), row.correlationId(), row.chargeExternalId());
				ImportRow transaction = transaction(rowsAccount, month, row, where, errors);
				if (transaction == null) {
					continue;
				}
				String first = seen.putIfAbsent(transaction.externalId().strip(), where);
				if (first != null) {
					errors.add(where + ", external_id: repeats " + first + " (\"" + transaction.externalId().strip()
							+ "\"); an import lists each transaction once");
				}
				rows.add(transaction);
			}
		});
		return new Reading(account, metadata, fileSha256, deleteMonth, generateLogs, rows, errors, fingerprint.hex());
	}

	/**
	 * The row as finance takes it, or null after adding its errors. Each field is
	 * reported once: a value whose text cannot be read by the row itself, every other
	 * problem by finance's rules, in the order date, amount, posted_at, then finance's.
	 */
	private @Nullable ImportRow transaction(Account account, YearMonth month, CsvImportRow row, String where,
			List<String> errors) {
		Map<String, String> unreadable = new LinkedHashMap<>();
		RawTransaction raw = row.transaction(month, unreadable);
		TransactionImports.Checked checked = this.finance.check(account, raw);
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

	private static @Nullable YearMonth deleteMonth(@Nullable CsvImportDeletePeriod period, List<String> errors) {
		if (period == null) {
			return null;
		}
		boolean enabled = Boolean.TRUE.equals(period.enabled());
		int before = errors.size();
		if (period.year() != null && (period.year() < MIN_YEAR || period.year() > MAX_YEAR)) {
			errors.add("delete_period.year: must be between " + MIN_YEAR + " and " + MAX_YEAR);
		}
		else if (enabled && period.year() == null) {
			errors.add("delete_period.year: is required when delete_period is enabled");
		}
		if (period.month() != null && (period.month() < 1 || period.month() > 12)) {
			errors.add("delete_period.month: must be between 1 and 12");
		}
		else if (enabled && period.month() == null) {
			errors.add("delete_period.month: is required when delete_period is enabled");
		}
		if (!enabled || errors.size() > before) {
			return null;
		}
		return YearMonth.of(period.year(), period.month());
	}

	private static @Nullable YearMonth month(String key) {
		var matcher = MONTH_KEY.matcher(key);
		if (!matcher.matches()) {
			return null;
		}
		int year = Integer.parseInt(matcher.group(1));
		int month = Integer.parseInt(matcher.group(2));
		return year < MIN_YEAR || year > MAX_YEAR || month < 1 || month > 12 ? null : YearMonth.of(year, month);
	}

	private static String text(@Nullable String value) {
		return value == null ? "" : value;
	}

	/**
	 * The SHA-256 of what a confirmation asks for (not of its bytes): the same metadata,
	 * choices and rows give the same fingerprint whatever the JSON's spacing, key order
	 * or ignored fields.
	 */
	private static final class Fingerprint {

		private final MessageDigest digest;

		Fingerprint() {
			this.digest = Sha256.digest();
		}

		void add(@Nullable String... values) {
			StringBuilder record = new StringBuilder();
			for (String value : values) {
				// Length-prefixed, so no two different lists of values read alike; null
				// differs from "".
				record.append(value == null ? "-1:" : value.length() + ":" + value);
			}
			this.digest.update(record.append(values.length).append(';').toString().getBytes(StandardCharsets.UTF_8));
		}

		String hex() {
			return Sha256.hex(this.digest);
		}

	}

}
