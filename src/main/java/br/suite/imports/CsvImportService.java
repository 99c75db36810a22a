package br.suite.imports;

import java.math.BigDecimal;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.YearMonth;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.UUID;
import java.util.function.UnaryOperator;
import java.util.regex.Pattern;

import org.jspecify.annotations.Nullable;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.stereotype.Service;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

import br.suite.audit.AuditLog;
import br.suite.finance.TransactionImports;
import br.suite.finance.TransactionImports.Account;
import br.suite.finance.TransactionImports.Applied;
import br.suite.finance.TransactionImports.ImportRow;
import br.suite.finance.TransactionImports.MonthPreview;
import br.suite.finance.TransactionImports.RawTransaction;
import br.suite.imports.ImportConfirmationRepository.NewConfirmation;
import br.suite.imports.ImportConfirmationRepository.Stored;
import br.suite.imports.ImportProblems.FileTooLarge;
import br.suite.imports.ImportProblems.IdempotencyKeyReused;
import br.suite.imports.StatementReader.Ignored;
import br.suite.imports.StatementReader.Line;
import br.suite.imports.StatementReader.Problem;
import br.suite.imports.StatementReader.Statement;
import br.suite.imports.StatementValues.Decimal;
import br.suite.shared.BodyLimits;
import br.suite.shared.CurrentUser;
import br.suite.shared.DateTimes;
import br.suite.shared.InvalidRequest;
import br.suite.shared.Money;
import br.suite.shared.Sha256;
import tools.jackson.databind.json.JsonMapper;

/**
 * Prepare reads a statement file into normalised rows grouped by month and previews what
 * confirming would do; confirm validates every row again and, only when all are valid,
 * deletes the chosen month, upserts the rows and writes the sync log in one database
 * transaction. Both go through finance's typed port {@link TransactionImports}, so the
 * rules that decide what is valid and what counts as new, changed or unchanged live in
 * one place; a preview only reads.
 */
@Service
class CsvImportService {

	static final long MAX_FILE_SIZE = BodyLimits.UPLOAD;

	static final int FILE_NAME_MAX = 255;

	static final int MIN_YEAR = 1900;

	static final int MAX_YEAR = 2999;

	private static final Pattern MONTH_KEY = Pattern.compile("(\\d{4})-(\\d{2})");

	private static final Pattern SHA_256 = Pattern.compile("[0-9a-fA-F]{64}");

	private final TransactionImports finance;

	private final ImportConfirmationRepository confirmations;

	private final JsonMapper json;

	private final TransactionTemplate transaction;

	private final AuditLog audit;

	private final ApplicationEventPublisher events;

	CsvImportService(TransactionImports finance, ImportConfirmationRepository confirmations, JsonMapper json,
			PlatformTransactionManager transactionManager, AuditLog audit, ApplicationEventPublisher events) {
		this.finance = finance;
		this.audit = audit;
		this.events = events;
		this.confirmations = confirmations;
		this.json = json;
		this.transaction = new TransactionTemplate(transactionManager);
	}

	/** A file as received, with the name its client gave it (may be empty). */
	record Upload(byte[] content, String fileName) {
	}

	/** What the caller chose for a prepare; null reader options mean "detect". */
	record PrepareOptions(String provider, String accountId, @Nullable Charset encoding, @Nullable Character delimiter,
			@Nullable Decimal decimal, Map<ImportField, String> columns) {
	}

	/**
	 * A confirmation's result, and whether it was answered from an earlier request with
	 * the same key.
	 */
	record Confirmation(CsvImportResult result, boolean replayed) {
	}

	CsvImportPreparation prepare(Upload upload, PrepareOptions options) {
		checkSize(upload);
		Account account = this.finance.account(options.provider(), options.accountId());
		Statement statement = StatementReader.read(upload.content(), new StatementReader.Options(options.encoding(),
				options.delimiter(), options.decimal(), options.columns()));
		Prepared p = prepared(account, upload, statement.lines(), statement.problems(), statement.ignored(),
				statement::columnOf, lineCount(statement.lines(), statement.problems()));
		return new CsvImportPreparation(p.groups(), p.metadata(), p.deletePeriod(), true, p.preview(), p.errors(),
				p.ignored(), csvFormat(statement));
	}

	static void checkSize(Upload upload) {
		if (upload.content().length == 0) {
			throw InvalidRequest.of("file", "is empty");
		}
		if (upload.content().length > MAX_FILE_SIZE) {
			throw new FileTooLarge(MAX_FILE_SIZE);
		}
	}

	static CsvImportFormat csvFormat(Statement statement) {
		Map<String, String> columns = new LinkedHashMap<>();
		statement.columns().forEach((field, header) -> columns.put(field.wire(), header));
		return new CsvImportFormat(statement.encoding(),
				statement.delimiter() == '\t' ? "\t" : String.valueOf(statement.delimiter()),
				statement.decimal().name().toLowerCase(Locale.ROOT), statement.dateFormats(), statement.headerLine(),
				columns, statement.ignoredColumns());
	}

	/** The lines read as transactions, valid or not. */
	static int lineCount(List<Line> lines, List<Problem> problems) {
		Set<Integer> transactionLines = new TreeSet<>();
		lines.forEach(line -> transactionLines.add(line.number()));
		problems.stream().map(Problem::line).forEach(transactionLines::add);
		return transactionLines.size();
	}

	/** What every format's prepare answers besides how the file was read. */
	record Prepared(Map<String, List<CsvImportRow>> groups, CsvImportMetadata metadata,
			CsvImportDeletePeriod deletePeriod, List<CsvImportPreviewMonth> preview, List<CsvImportRowError> errors,
			List<CsvImportIgnoredRow> ignored) {
	}

	/**
	 * Checks each line read by the ledger's rules, groups the valid ones by month and
	 * previews them; the others become errors pointing at {@code columnOf} the field.
	 */
	Prepared prepared(Account account, Upload upload, List<Line> lines, List<Problem> problems, List<Ignored> ignored,
			UnaryOperator<String> columnOf, int rowCount) {
		List<CsvImportRowError> errors = new ArrayList<>();
		problems.forEach(p -> errors.add(new CsvImportRowError(p.line(), p.column(), p.message())));
		Map<YearMonth, List<CsvImportRow>> groups = new TreeMap<>();
		Map<YearMonth, List<ImportRow>> rows = new TreeMap<>();
		for (Line line : lines) {
			TransactionImports.Checked checked = this.finance.check(account,
					new RawTransaction(line.externalId(), line.date(), line.postedAt(), line.amount(), line.direction(),
							line.status(), line.description(), line.payerName(), line.payerDocument(),
							line.correlationId(), line.bankReferenceId(), line.endToEndId(), line.chargeExternalId()));
			if (checked.row() == null) {
				checked.errors()
					.forEach((field, messages) -> messages.forEach(message -> errors
						.add(new CsvImportRowError(line.number(), columnOf.apply(field), message))));
				continue;
			}
			YearMonth month = YearMonth.from(line.date());
			groups.computeIfAbsent(month, m -> new ArrayList<>()).add(row(line));
			rows.computeIfAbsent(month, m -> new ArrayList<>()).add(checked.row());
		}
		errors.sort(Comparator.comparingInt(CsvImportRowError::row));

		Map<String, List<CsvImportRow>> wireGroups = new LinkedHashMap<>();
		groups.forEach((month, monthRows) -> wireGroups.put(month.toString(), monthRows));
		YearMonth only = groups.size() == 1 ? groups.keySet().iterator().next() : null;
		CsvImportMetadata metadata = new CsvImportMetadata(account.provider(), account.accountId(), upload.fileName(),
				Sha256.hex(upload.content()), rowCount);
		return new Prepared(wireGroups, metadata,
				new CsvImportDeletePeriod(false, only == null ? null : only.getYear(),
						only == null ? null : only.getMonthValue()),
				preview(account, rows), errors,
				ignored.stream().map(i -> new CsvImportIgnoredRow(i.line(), i.reason())).toList());
	}

	private static CsvImportRow row(Line line) {
		return new CsvImportRow(line.externalId(), line.date().toString(),
				line.postedAt() == null ? null : DateTimes.utcMillis(line.postedAt()), Money.format(line.amount()),
				line.direction(), line.status(), line.description(), line.payerName(), line.payerDocument(),
				line.endToEndId(), line.bankReferenceId(), line.correlationId(), line.chargeExternalId(),
				line.number());
	}

	/** What confirming each month would do now, read without writing anything. */
	private List<CsvImportPreviewMonth> preview(Account account, Map<YearMonth, List<ImportRow>> months) {
		if (months.isEmpty()) {
			return List.of();
		}
		List<CsvImportPreviewMonth> preview = new ArrayList<>();
		for (MonthPreview month : this.finance.preview(account, months)) {
			preview.add(new CsvImportPreviewMonth(month.month().toString(), month.rows(), month.wouldInsert(),
					month.wouldUpdate(), month.wouldSkip(), month.wouldDelete(), month.deleteRefused()));
		}
		return preview;
	}

	/**
	 * Op 7. Any problem of content (metadata, delete_period, groups, rows) gives
	 * {@code success: false}, one {@code errors} string each, and writes nothing;
	 * otherwise everything is written in one transaction, which also records the
	 * confirmation so a retry with the same Idempotency-Key gets the same answer.
	 */
	Confirmation confirm(CsvImportConfirmRequest request, @Nullable String idempotencyKey, CurrentUser caller) {
		Instant startedAt = Instant.now();
		Reading checked = check(request);
		Confirmation confirmation = this.transaction.execute(status -> {
			if (idempotencyKey != null) {
				this.confirmations.lockKey(caller.id(), idempotencyKey);
				Optional<Stored> stored = this.confirmations.find(caller.id(), idempotencyKey);
				if (stored.isPresent()) {
					if (!stored.get().requestSha256().equals(checked.sha256())) {
						throw new IdempotencyKeyReused(idempotencyKey, stored.get().importId());
					}
					return new Confirmation(this.json.readValue(stored.get().result(), CsvImportResult.class), true);
				}
			}
			if (!checked.errors().isEmpty()) {
				return new Confirmation(CsvImportResult.refused(checked.errors()), false);
			}
			return new Confirmation(write(checked, idempotencyKey, caller, startedAt), false);
		});
		if (confirmation == null) {
			throw new IllegalStateException("The confirmation transaction returned nothing");
		}
		ImportMeters.confirmed(confirmation, startedAt);
		return confirmation;
	}

	private CsvImportResult write(Reading checked, @Nullable String idempotencyKey, CurrentUser caller,
			Instant startedAt) {
		UUID importId = UUID.randomUUID();
		Account account = Objects.requireNonNull(checked.account());
		Applied applied = this.finance.apply(account, checked.deleteMonth(), checked.rows(), importId);
		int logs = 0;
		if (checked.generateLogs()) {
			this.finance.logImport(account, startedAt, applied, logMessage(checked, applied, importId), importId);
			logs = 1;
		}
		CsvImportResult result = new CsvImportResult(true, applied.inserted(), applied.updated(), applied.skipped(),
				applied.deleted(), logs, applied.notes());
		CsvImportMetadata metadata = checked.metadata();
		this.audit.record("imports.csv.confirmed", "csv_import", importId,
				AuditLog.Changes.of()
					.created("provider", account.provider())
					.created("account_id", account.accountId())
					.created("file_name", text(metadata.fileName()))
					.created("file_sha256", checked.fileSha256())
					.created("rows", metadata.rowCount())
					.created("inserted", applied.inserted())
					.created("updated", applied.updated())
					.created("unchanged", applied.skipped())
					.created("deleted", applied.deleted())
					.created("delete_month", checked.deleteMonth() == null ? null : checked.deleteMonth().toString()));
		this.events.publishEvent(new TransactionsImported(importId, account.provider(), account.accountId(),
				applied.inserted(), applied.updated(), applied.skipped(), applied.deleted()));
		this.confirmations.insert(new NewConfirmation(importId, caller.id(), idempotencyKey, checked.sha256(),
				account.provider(), account.accountId(), text(metadata.fileName()), checked.fileSha256(),
				metadata.rowCount(), checked.deleteMonth() == null ? null : checked.deleteMonth().atDay(1),
				this.json.writeValueAsString(result)));
		return result;
	}

	private static String logMessage(Reading checked, Applied written, UUID importId) {
		int deleted = written.deleted();
		String fileName = text(checked.metadata().fileName());
		StringBuilder message = new StringBuilder("CSV import");
		message.append(fileName.isEmpty() ? "" : " of " + fileName);
		String accountId = Objects.requireNonNull(checked.account()).accountId();
		message.append(accountId.isEmpty() ? "" : " into account " + accountId);
		if (!checked.fileSha256().isEmpty()) {
			message.append(" (SHA-256 ").append(checked.fileSha256(), 0, 12).append('…').append(')');
		}
		message.append(": ")
			.append(checked.rows().size())
			.append(" row(s), ")
			.append(written.inserted())
			.append(" inserted, ")
			.append(written.updated())
			.append(" updated, ")
			.append(written.skipped())
			.append(" unchanged");
		if (checked.deleteMonth() != null) {
			message.append("; ").append(checked.deleteMonth()).append(" replaced: ").append(deleted).append(" deleted");
		}
		if (written.allocationsRemoved() > 0) {
			message.append("; ").append(written.allocationsRemoved()).append(" allocation(s) removed");
		}
		if (written.allocated() > 0) {
			message.append("; ").append(written.allocated()).append(" allocation(s) made by automatic reconciliation");
		}
		return message.append(". Import ").append(importId).append('.').toString();
	}

	/**
	 * A confirmation as read: its account (null when invalid), its valid rows, and every
	 * problem found.
	 */
	private record Reading(@Nullable Account account, CsvImportMetadata metadata, String fileSha256,
			@Nullable YearMonth deleteMonth, boolean generateLogs, List<ImportRow> rows, List<String> errors,
			String sha256) {
	}

	/**
	 * Reads a confirmation. Its JSON shape was checked by Jackson (a wrong type is a 400
	 * before this); every problem of content (missing parts, a bad month or account,
	 * invalid rows) becomes one string of {@code errors}, so that op 7 answers it in its
	 * result object, as the spec's rule 7 says.
	 */
	private Reading check(CsvImportConfirmRequest request) {
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

	/** The row as finance takes it, or null after adding its errors. */
	private @Nullable ImportRow transaction(Account account, YearMonth month, CsvImportRow row, String where,
			List<String> errors) {
		int before = errors.size();
		LocalDate date = null;
		String dateText = text(row.transactionDate()).strip();
		if (dateText.isEmpty()) {
			errors.add(where + ", transaction_date: is required");
		}
		else {
			try {
				date = dateText.length() == 10 ? LocalDate.parse(dateText) : null;
			}
			catch (DateTimeParseException ex) {
				date = null;
			}
			if (date == null) {
				errors.add(where + ", transaction_date: must be a date YYYY-MM-DD (got \"" + dateText + "\")");
			}
			else if (!YearMonth.from(date).equals(month)) {
				errors.add(where + ", transaction_date: " + date + " is outside the group's month " + month);
			}
		}
		BigDecimal amount = null;
		String amountText = text(row.amount()).strip();
		if (amountText.isEmpty()) {
			errors.add(where + ", amount: is required");
		}
		else {
			amount = Money.parseOrNull(amountText);
			if (amount == null) {
				errors.add(where + ", amount: " + Money.MESSAGE + " (got \"" + amountText + "\")");
			}
		}
		Instant postedAt = null;
		String postedText = text(row.postedAt()).strip();
		if (!postedText.isEmpty()) {
			try {
				postedAt = OffsetDateTime.parse(postedText).toInstant();
			}
			catch (DateTimeParseException ex) {
				errors.add(where + ", posted_at: must be an ISO 8601 date-time with offset, e.g. "
						+ "2026-03-05T14:30:00Z (got \"" + postedText + "\")");
			}
		}
		TransactionImports.Checked checked = this.finance.check(account,
				new RawTransaction(row.externalId(), date, postedAt, amount, row.direction(), row.status(),
						row.description(), row.payerName(), row.payerDocument(), row.correlationId(),
						row.bankReferenceId(), row.endToEndId(), row.chargeExternalId()));
		boolean dateReported = date == null;
		boolean amountReported = amount == null;
		checked.errors().forEach((field, messages) -> {
			if ((field.equals("transaction_date") && dateReported) || (field.equals("amount") && amountReported)) {
				return;
			}
			messages.forEach(message -> errors.add(where + ", " + field + ": " + message));
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
