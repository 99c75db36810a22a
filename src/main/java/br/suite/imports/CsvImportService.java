package br.suite.imports;

import java.math.BigDecimal;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.YearMonth;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.UUID;
import java.util.regex.Pattern;

import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Service;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.support.TransactionTemplate;

import br.suite.audit.AuditLog;
import br.suite.finance.FinanceLedger;
import br.suite.finance.FinanceLedger.PeriodHasMatchedTransactions;
import br.suite.finance.FinanceLedger.SyncLogEntry;
import br.suite.finance.FinanceLedger.TransactionRow;
import br.suite.finance.FinanceLedger.UpsertResult;
import br.suite.finance.SyncFlow;
import br.suite.finance.SyncStatus;
import br.suite.imports.ImportConfirmationRepository.NewConfirmation;
import br.suite.imports.ImportConfirmationRepository.Stored;
import br.suite.imports.ImportProblems.FileTooLarge;
import br.suite.imports.ImportProblems.IdempotencyKeyReused;
import br.suite.imports.StatementReader.Line;
import br.suite.imports.StatementReader.Problem;
import br.suite.imports.StatementReader.Statement;
import br.suite.imports.StatementValues.Decimal;
import br.suite.shared.CurrentUser;
import br.suite.shared.InvalidRequest;
import br.suite.shared.Money;
import br.suite.shared.RequestSizeLimitFilter;
import tools.jackson.databind.json.JsonMapper;

/**
 * Prepare reads a statement file into normalised rows grouped by month and previews what confirming would
 * do; confirm validates every row again and, only when all are valid, deletes the chosen month, upserts the
 * rows and writes the sync log in one database transaction. Both go through {@link FinanceLedger}, so the
 * rules that decide what is valid and what counts as new, changed or unchanged live in one place.
 */
@Service
class CsvImportService {

	static final long MAX_FILE_SIZE = RequestSizeLimitFilter.UPLOAD_LIMIT;

	static final int FILE_NAME_MAX = 255;

	static final int MIN_YEAR = 1900;

	static final int MAX_YEAR = 2999;

	private static final Pattern MONTH_KEY = Pattern.compile("(\\d{4})-(\\d{2})");

	private static final Pattern SHA_256 = Pattern.compile("[0-9a-fA-F]{64}");

	private static final DateTimeFormatter UTC_MILLIS = DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSS'Z'")
		.withZone(ZoneOffset.UTC);

	private final FinanceLedger ledger;

	private final ImportConfirmationRepository confirmations;

	private final JsonMapper json;

	private final TransactionTemplate transaction;

	private final TransactionTemplate dryRun;

	private final TransactionTemplate savepoint;

	private final AuditLog audit;

	private final org.springframework.context.ApplicationEventPublisher events;

	CsvImportService(FinanceLedger ledger, ImportConfirmationRepository confirmations, JsonMapper json,
			PlatformTransactionManager transactionManager, AuditLog audit,
			org.springframework.context.ApplicationEventPublisher events) {
		this.audit = audit;
		this.events = events;
		this.ledger = ledger;
		this.confirmations = confirmations;
		this.json = json;
		this.transaction = new TransactionTemplate(transactionManager);
		this.dryRun = new TransactionTemplate(transactionManager);
		this.savepoint = new TransactionTemplate(transactionManager);
		this.savepoint.setPropagationBehavior(TransactionDefinition.PROPAGATION_NESTED);
	}

	/** A file as received, with the name its client gave it (may be empty). */
	record Upload(byte[] content, String fileName) {
	}

	/** What the caller chose for a prepare; null reader options mean "detect". */
	record PrepareOptions(String provider, String accountId, @Nullable Charset encoding, @Nullable Character delimiter,
			@Nullable Decimal decimal, Map<ImportField, String> columns) {
	}

	/** A confirmation's result, and whether it was answered from an earlier request with the same key. */
	record Confirmation(CsvImportResult result, boolean replayed) {
	}

	CsvImportPreparation prepare(Upload upload, PrepareOptions options) {
		if (upload.content().length == 0) {
			throw InvalidRequest.of("file", "is empty");
		}
		if (upload.content().length > MAX_FILE_SIZE) {
			throw new FileTooLarge(MAX_FILE_SIZE);
		}
		Account account = account(options.provider(), options.accountId(), "");
		Statement statement = StatementReader.read(upload.content(), new StatementReader.Options(options.encoding(),
				options.delimiter(), options.decimal(), options.columns()));
		List<CsvImportRowError> errors = new ArrayList<>();
		statement.problems().forEach(p -> errors.add(new CsvImportRowError(p.line(), p.column(), p.message())));
		Map<YearMonth, List<CsvImportRow>> groups = new TreeMap<>();
		Map<YearMonth, List<TransactionRow>> rows = new TreeMap<>();
		for (Line line : statement.lines()) {
			TransactionRow row = new TransactionRow(account.provider(), account.accountId(), line.externalId(),
					line.date(), line.postedAt(), line.amount(), line.direction(), line.status(), line.description(),
					line.payerName(), line.payerDocument(), line.correlationId(), line.bankReferenceId(),
					line.endToEndId(), line.chargeExternalId(), null);
			Map<String, List<String>> refused = this.ledger.validate(row);
			if (!refused.isEmpty()) {
				refused.forEach((field, messages) -> messages.forEach(message -> errors
					.add(new CsvImportRowError(line.number(), statement.columnOf(field), message))));
				continue;
			}
			YearMonth month = YearMonth.from(line.date());
			groups.computeIfAbsent(month, m -> new ArrayList<>()).add(row(line));
			rows.computeIfAbsent(month, m -> new ArrayList<>()).add(row);
		}
		errors.sort(Comparator.comparingInt(CsvImportRowError::row));
		Set<Integer> transactionLines = new TreeSet<>();
		statement.lines().forEach(line -> transactionLines.add(line.number()));
		statement.problems().stream().map(Problem::line).forEach(transactionLines::add);

		Map<String, List<CsvImportRow>> wireGroups = new LinkedHashMap<>();
		groups.forEach((month, monthRows) -> wireGroups.put(month.toString(), monthRows));
		YearMonth only = groups.size() == 1 ? groups.keySet().iterator().next() : null;
		CsvImportMetadata metadata = new CsvImportMetadata(account.provider(), account.accountId(), upload.fileName(),
				StatementReader.sha256(upload.content()), transactionLines.size());
		Map<String, String> columns = new LinkedHashMap<>();
		statement.columns().forEach((field, header) -> columns.put(field.wire(), header));
		CsvImportFormat format = new CsvImportFormat(statement.encoding(),
				statement.delimiter() == '\t' ? "\t" : String.valueOf(statement.delimiter()),
				statement.decimal().name().toLowerCase(Locale.ROOT), statement.dateFormats(), statement.headerLine(),
				columns, statement.ignoredColumns());
		return new CsvImportPreparation(wireGroups, metadata,
				new CsvImportDeletePeriod(false, only == null ? null : only.getYear(),
						only == null ? null : only.getMonthValue()),
				true, preview(account, rows), errors,
				statement.ignored().stream().map(i -> new CsvImportIgnoredRow(i.line(), i.reason())).toList(), format);
	}

	private static CsvImportRow row(Line line) {
		return new CsvImportRow(line.externalId(), line.date().toString(),
				line.postedAt() == null ? null : UTC_MILLIS.format(line.postedAt()), Money.format(line.amount()),
				line.direction(), line.status(), line.description(), line.payerName(), line.payerDocument(),
				line.endToEndId(), line.bankReferenceId(), line.correlationId(), line.chargeExternalId(),
				line.number());
	}

	/**
	 * Runs, per month, the deletion delete_period would make and the upsert, in a transaction that is rolled
	 * back: the counts are exactly what a confirmation would get now, and nothing is kept.
	 */
	private List<CsvImportPreviewMonth> preview(Account account, Map<YearMonth, List<TransactionRow>> months) {
		if (months.isEmpty()) {
			return List.of();
		}
		List<CsvImportPreviewMonth> preview = this.dryRun.execute(status -> {
			status.setRollbackOnly();
			Map<YearMonth, Integer> deletes = new HashMap<>();
			Map<YearMonth, String> refusals = new HashMap<>();
			for (YearMonth month : months.keySet()) {
				try {
					deletes.put(month, this.savepoint.execute(inner -> {
						inner.setRollbackOnly();
						return this.ledger.deleteMonth(account.provider(), account.accountId(), month);
					}));
				}
				catch (PeriodHasMatchedTransactions ex) {
					refusals.put(month, ex.getMessage());
				}
			}
			List<CsvImportPreviewMonth> result = new ArrayList<>();
			months.forEach((month, rows) -> {
				UpsertResult counts = this.ledger.upsert(null, rows);
				result.add(new CsvImportPreviewMonth(month.toString(), rows.size(), counts.inserted(), counts.updated(),
						counts.skipped(), deletes.get(month), refusals.getOrDefault(month, "")));
			});
			return result;
		});
		return preview == null ? List.of() : preview;
	}

	/**
	 * Op 7. A malformed request (structure, metadata, delete_period) is an {@link InvalidRequest}; invalid rows
	 * give {@code success: false} and write nothing; otherwise everything is written in one transaction, which
	 * also records the confirmation so a retry with the same Idempotency-Key gets the same answer.
	 */
	Confirmation confirm(CsvImportConfirmRequest request, @Nullable String idempotencyKey, CurrentUser caller) {
		Instant startedAt = Instant.now();
		Checked checked = check(request);
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
		return confirmation;
	}

	private CsvImportResult write(Checked checked, @Nullable String idempotencyKey, CurrentUser caller,
			Instant startedAt) {
		UUID importId = UUID.randomUUID();
		Account account = checked.account();
		int deleted = checked.deleteMonth() == null ? 0
				: this.ledger.deleteMonth(account.provider(), account.accountId(), checked.deleteMonth());
		UpsertResult written = this.ledger.upsert(importId, checked.rows());
		int logs = 0;
		if (checked.generateLogs()) {
			this.ledger.recordSync(new SyncLogEntry(account.provider(), account.accountId(), SyncFlow.CSV_IMPORT,
					SyncStatus.SUCCESS, startedAt, Instant.now(), written.inserted(), written.updated(),
					logMessage(checked, written, deleted, importId), importId));
			logs = 1;
		}
		CsvImportResult result = new CsvImportResult(true, written.inserted(), written.updated(), written.skipped(),
				deleted, logs, List.of());
		CsvImportMetadata metadata = checked.metadata();
		this.confirmations.insert(new NewConfirmation(importId, caller.id(), idempotencyKey, checked.sha256(),
				account.provider(), account.accountId(), text(metadata.fileName()), checked.fileSha256(),
				metadata.rowCount(), checked.deleteMonth() == null ? null : checked.deleteMonth().atDay(1),
				this.json.writeValueAsString(result)));
		this.audit.record("imports.csv.confirmed", "csv_import", importId, AuditLog.Changes.of()
			.created("provider", account.provider()).created("account_id", account.accountId())
			.created("file_name", text(metadata.fileName())).created("file_sha256", checked.fileSha256())
			.created("rows", metadata.rowCount()).created("inserted", written.inserted())
			.created("updated", written.updated()).created("unchanged", written.skipped()).created("deleted", deleted)
			.created("delete_month", checked.deleteMonth() == null ? null : checked.deleteMonth().toString()));
		this.events.publishEvent(new TransactionsImported(importId, account.provider(), account.accountId(),
				written.inserted(), written.updated(), written.skipped(), deleted));
		return result;
	}

	private static String logMessage(Checked checked, UpsertResult written, int deleted, UUID importId) {
		String fileName = text(checked.metadata().fileName());
		StringBuilder message = new StringBuilder("CSV import");
		message.append(fileName.isEmpty() ? "" : " of " + fileName);
		message.append(checked.account().accountId().isEmpty() ? "" : " into account " + checked.account().accountId());
		if (!checked.fileSha256().isEmpty()) {
			message.append(" (SHA-256 ").append(checked.fileSha256(), 0, 12).append('…').append(')');
		}
		message.append(": ").append(checked.rows().size()).append(" row(s), ").append(written.inserted())
			.append(" inserted, ").append(written.updated()).append(" updated, ").append(written.skipped())
			.append(" unchanged");
		if (checked.deleteMonth() != null) {
			message.append("; ").append(checked.deleteMonth()).append(" replaced: ").append(deleted).append(" deleted");
		}
		return message.append(". Import ").append(importId).append('.').toString();
	}

	/** The import's provider code and account, checked by the ledger's own rules. */
	record Account(String provider, String accountId) {
	}

	private Account account(@Nullable String provider, @Nullable String accountId, String prefix) {
		InvalidRequest.Builder errors = InvalidRequest.builder();
		if (provider == null || provider.isBlank()) {
			errors.add(prefix + "provider", "is required: a provider code such as csv, itau or bb");
		}
		if (accountId == null) {
			errors.add(prefix + "account_id", "is required (\"\" for the provider's only account)");
		}
		errors.throwIfAny();
		// The ledger owns the rules for provider codes and account ids: ask it with an otherwise valid row.
		TransactionRow probe = new TransactionRow(provider, accountId, "probe", LocalDate.of(2000, 1, 1), null,
				BigDecimal.ONE, StatementValues.CREDIT, null, null, null, null, null, null, null, null, null);
		this.ledger.validate(probe).forEach((field, messages) -> messages.forEach(message -> errors
			.add(prefix + field, message)));
		errors.throwIfAny();
		return new Account(lowerAscii(provider.strip()), accountId.strip());
	}

	/** A request whose structure is sound: its rows as the ledger takes them, and any row errors. */
	private record Checked(Account account, CsvImportMetadata metadata, String fileSha256,
			@Nullable YearMonth deleteMonth, boolean generateLogs, List<TransactionRow> rows, List<String> errors,
			String sha256) {
	}

	private Checked check(CsvImportConfirmRequest request) {
		InvalidRequest.Builder invalid = InvalidRequest.builder();
		if (request.groups() == null) {
			invalid.add("groups", "is required: an object from month (YYYY-MM) to its rows ({} for none)");
		}
		CsvImportMetadata metadata = request.importMetadata();
		if (metadata == null) {
			invalid.add("import_metadata", "is required, with provider and account_id at least");
		}
		YearMonth deleteMonth = deleteMonth(request.deletePeriod(), invalid);
		Map<String, YearMonth> months = new LinkedHashMap<>();
		if (request.groups() != null) {
			request.groups().forEach((key, rows) -> {
				YearMonth month = month(key);
				if (month == null) {
					invalid.add("groups." + key, "is not a month: use YYYY-MM between " + MIN_YEAR + "-01 and "
							+ MAX_YEAR + "-12 (e.g. 2026-03)");
				}
				else if (rows == null) {
					invalid.add("groups." + key, "must be an array of rows ([] for none)");
				}
				else {
					months.put(key, month);
					for (int i = 0; i < rows.size(); i++) {
						if (rows.get(i) == null) {
							invalid.add("groups." + key + "[" + i + "]", "must be a row object");
						}
					}
				}
			});
		}
		String fileSha256 = "";
		if (metadata != null) {
			String fileName = text(metadata.fileName());
			if (fileName.length() > FILE_NAME_MAX || fileName.chars().anyMatch(Character::isISOControl)) {
				invalid.add("import_metadata.file_name",
						"must be at most " + FILE_NAME_MAX + " characters on one line without control characters");
			}
			fileSha256 = text(metadata.fileSha256()).strip().toLowerCase(Locale.ROOT);
			if (!fileSha256.isEmpty() && !SHA_256.matcher(fileSha256).matches()) {
				invalid.add("import_metadata.file_sha256", "must be empty or 64 hexadecimal digits (SHA-256)");
			}
			if (metadata.rowCount() != null && metadata.rowCount() < 0) {
				invalid.add("import_metadata.row_count", "must be zero or more");
			}
		}
		invalid.throwIfAny();
		Account account = account(metadata.provider(), metadata.accountId(), "import_metadata.");
		boolean generateLogs = Boolean.TRUE.equals(request.generateLogs());

		Fingerprint fingerprint = new Fingerprint();
		fingerprint.add(account.provider(), account.accountId(), text(metadata.fileName()), fileSha256,
				String.valueOf(metadata.rowCount()), String.valueOf(deleteMonth), String.valueOf(generateLogs));
		List<TransactionRow> rows = new ArrayList<>();
		List<String> errors = new ArrayList<>();
		Map<String, String> seen = new HashMap<>();
		months.forEach((key, month) -> {
			fingerprint.add("group", key);
			List<CsvImportRow> groupRows = request.groups().get(key);
			for (int i = 0; i < groupRows.size(); i++) {
				CsvImportRow row = groupRows.get(i);
				String where = "group " + key + ", row " + (i + 1)
						+ (row.line() == null ? "" : " (line " + row.line() + ")");
				fingerprint.add(row.externalId(), row.transactionDate(), row.postedAt(), row.amount(), row.direction(),
						row.status(), row.description(), row.payerName(), row.payerDocument(), row.endToEndId(),
						row.bankReferenceId(), row.correlationId(), row.chargeExternalId());
				TransactionRow transaction = transaction(account, month, row, where, errors);
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
		return new Checked(account, metadata, fileSha256, deleteMonth, generateLogs, rows, errors, fingerprint.hex());
	}

	/** The row as the ledger takes it, or null after adding its errors. */
	private @Nullable TransactionRow transaction(Account account, YearMonth month, CsvImportRow row, String where,
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
		TransactionRow transaction = new TransactionRow(account.provider(), account.accountId(), row.externalId(), date,
				postedAt, amount, row.direction(), row.status(), row.description(), row.payerName(),
				row.payerDocument(), row.correlationId(), row.bankReferenceId(), row.endToEndId(),
				row.chargeExternalId(), null);
		boolean dateReported = date == null;
		boolean amountReported = amount == null;
		this.ledger.validate(transaction).forEach((field, messages) -> {
			if ((field.equals("transaction_date") && dateReported) || (field.equals("amount") && amountReported)) {
				return;
			}
			messages.forEach(message -> errors.add(where + ", " + field + ": " + message));
		});
		return errors.size() > before ? null : transaction;
	}

	private static @Nullable YearMonth deleteMonth(@Nullable CsvImportDeletePeriod period,
			InvalidRequest.Builder invalid) {
		if (period == null) {
			return null;
		}
		boolean enabled = Boolean.TRUE.equals(period.enabled());
		if (period.year() != null && (period.year() < MIN_YEAR || period.year() > MAX_YEAR)) {
			invalid.add("delete_period.year", "must be between " + MIN_YEAR + " and " + MAX_YEAR);
		}
		else if (enabled && period.year() == null) {
			invalid.add("delete_period.year", "is required when delete_period is enabled");
		}
		if (period.month() != null && (period.month() < 1 || period.month() > 12)) {
			invalid.add("delete_period.month", "must be between 1 and 12");
		}
		else if (enabled && period.month() == null) {
			invalid.add("delete_period.month", "is required when delete_period is enabled");
		}
		if (!enabled || invalid.has("delete_period.year") || invalid.has("delete_period.month")) {
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

	private static String lowerAscii(String text) {
		StringBuilder out = new StringBuilder(text.length());
		for (int i = 0; i < text.length(); i++) {
			char c = text.charAt(i);
			out.append(c >= 'A' && c <= 'Z' ? (char) (c - 'A' + 'a') : c);
		}
		return out.toString();
	}

	/**
	 * The SHA-256 of what a confirmation asks for (not of its bytes): the same metadata, choices and rows give
	 * the same fingerprint whatever the JSON's spacing, key order or ignored fields.
	 */
	private static final class Fingerprint {

		private final MessageDigest digest;

		Fingerprint() {
			try {
				this.digest = MessageDigest.getInstance("SHA-256");
			}
			catch (NoSuchAlgorithmException ex) {
				throw new IllegalStateException("Every Java runtime has SHA-256", ex);
			}
		}

		void add(@Nullable String... values) {
			StringBuilder record = new StringBuilder();
			for (String value : values) {
				// Length-prefixed, so no two different lists of values read alike; null differs from "".
				record.append(value == null ? "-1:" : value.length() + ":" + value);
			}
			this.digest.update(record.append(values.length).append(';').toString().getBytes(StandardCharsets.UTF_8));
		}

		String hex() {
			return HexFormat.of().formatHex(this.digest.digest());
		}

	}

}
