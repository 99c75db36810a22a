package br.suite.imports.csv;

import java.io.Serializable;
import java.nio.charset.Charset;
import java.time.Instant;
import java.time.YearMonth;
import java.util.AbstractList;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.RandomAccess;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.UUID;
import java.util.function.UnaryOperator;

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
import br.suite.imports.ImportField;
import br.suite.imports.TransactionsImported;
import br.suite.imports.csv.CsvImportConfirmationReader.Reading;
import br.suite.imports.csv.ImportConfirmationRepository.NewConfirmation;
import br.suite.imports.csv.ImportConfirmationRepository.Stored;
import br.suite.imports.csv.ImportProblems.FileTooLarge;
import br.suite.imports.csv.ImportProblems.IdempotencyKeyReused;
import br.suite.imports.reader.StatementReader;
import br.suite.imports.reader.StatementReader.Ignored;
import br.suite.imports.reader.StatementReader.Line;
import br.suite.imports.reader.StatementReader.Problem;
import br.suite.imports.reader.StatementReader.Statement;
import br.suite.imports.reader.StatementValues.Decimal;
import br.suite.shared.http.BodyLimits;
import br.suite.shared.CurrentUser;
import br.suite.shared.InvalidRequest;
import br.suite.shared.crypto.Sha256;
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
public class CsvImportService {

	static final long MAX_FILE_SIZE = BodyLimits.UPLOAD;

	private final TransactionImports finance;

	private final CsvImportConfirmationReader reader;

	private final ImportConfirmationRepository confirmations;

	private final JsonMapper json;

	private final TransactionTemplate transaction;

	private final AuditLog audit;

	private final ApplicationEventPublisher events;

	CsvImportService(TransactionImports finance, CsvImportConfirmationReader reader,
			ImportConfirmationRepository confirmations, JsonMapper json, PlatformTransactionManager transactionManager,
			AuditLog audit, ApplicationEventPublisher events) {
		this.finance = finance;
		this.reader = reader;
		this.audit = audit;
		this.events = events;
		this.confirmations = confirmations;
		this.json = json;
		this.transaction = new TransactionTemplate(transactionManager);
	}

	/** A file as received, with the name its client gave it (may be empty). */
	public record Upload(byte[] content, String fileName) {
	}

	/** What the caller chose for a prepare; null reader options mean "detect". */
	public record PrepareOptions(String provider, String accountId, @Nullable Charset encoding,
			@Nullable Character delimiter, @Nullable Decimal decimal, Map<ImportField, String> columns) {
	}

	/**
	 * A confirmation's result, and whether it was answered from an earlier request with
	 * the same key.
	 */
	public record Confirmation(CsvImportResult result, boolean replayed) {
	}

	public CsvImportPreparation prepare(Upload upload, PrepareOptions options) {
		checkSize(upload);
		Account account = this.finance.account(options.provider(), options.accountId());
		Statement statement = StatementReader.read(upload.content(), new StatementReader.Options(options.encoding(),
				options.delimiter(), options.decimal(), options.columns()));
		Prepared p = prepared(account, upload, statement.lines(), statement.problems(), statement.ignored(),
				statement::columnOf, lineCount(statement.lines(), statement.problems()));
		return new CsvImportPreparation(p.groups(), p.metadata(), p.deletePeriod(), true, p.preview(), p.errors(),
				p.ignored(), csvFormat(statement));
	}

	public static void checkSize(Upload upload) {
		if (upload.content().length == 0) {
			throw InvalidRequest.of("file", "está vazio: envie o arquivo do extrato");
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
	public record Prepared(Map<String, List<CsvImportRow>> groups, CsvImportMetadata metadata,
			CsvImportDeletePeriod deletePeriod, List<CsvImportPreviewMonth> preview, List<CsvImportRowError> errors,
			List<CsvImportIgnoredRow> ignored) {
	}

	/**
	 * Checks each line read by the ledger's rules, groups the valid ones by month and
	 * previews them; the others become errors pointing at {@code columnOf} the field. The
	 * groups keep the lines as read and write each as its {@link CsvImportRow} only when
	 * the answer is written ({@link LinesAsRows}); the checked rows live only for the
	 * preview.
	 */
	public Prepared prepared(Account account, Upload upload, List<Line> lines, List<Problem> problems,
			List<Ignored> ignored, UnaryOperator<String> columnOf, int rowCount) {
		List<CsvImportRowError> errors = new ArrayList<>();
		problems.forEach(p -> errors.add(new CsvImportRowError(p.line(), p.column(), p.message())));
		Map<YearMonth, List<Line>> groups = new TreeMap<>();
		List<CsvImportPreviewMonth> preview = checkAndPreview(account, lines, columnOf, groups, errors);
		errors.sort(Comparator.comparingInt(CsvImportRowError::row));

		Map<String, List<CsvImportRow>> wireGroups = new LinkedHashMap<>();
		groups.forEach((month, monthLines) -> wireGroups.put(month.toString(), new LinesAsRows(monthLines)));
		YearMonth only = groups.size() == 1 ? groups.keySet().iterator().next() : null;
		CsvImportMetadata metadata = new CsvImportMetadata(account.provider(), account.accountId(), upload.fileName(),
				Sha256.hex(upload.content()), rowCount);
		return new Prepared(wireGroups, metadata,
				new CsvImportDeletePeriod(false, only == null ? null : only.getYear(),
						only == null ? null : only.getMonthValue()),
				preview, errors, ignored.stream().map(i -> new CsvImportIgnoredRow(i.line(), i.reason())).toList());
	}

	/**
	 * Puts each valid line into {@code groups} by month and each invalid one's problems
	 * into {@code errors}; the preview of the valid ones. The checked rows are garbage
	 * once this returns.
	 */
	private List<CsvImportPreviewMonth> checkAndPreview(Account account, List<Line> lines,
			UnaryOperator<String> columnOf, Map<YearMonth, List<Line>> groups, List<CsvImportRowError> errors) {
		Map<YearMonth, List<ImportRow>> rows = new TreeMap<>();
		for (Line line : lines) {
			TransactionImports.Checked checked = this.finance.check(account, line.transaction());
			if (checked.row() == null) {
				checked.errors()
					.forEach((field, messages) -> messages.forEach(message -> errors
						.add(new CsvImportRowError(line.number(), columnOf.apply(field), message))));
				continue;
			}
			YearMonth month = YearMonth.from(line.date());
			groups.computeIfAbsent(month, m -> new ArrayList<>()).add(line);
			rows.computeIfAbsent(month, m -> new ArrayList<>()).add(checked.row());
		}
		return preview(account, rows);
	}

	/**
	 * A group's lines as the rows prepare answers, each made when it is read (by the
	 * answer's writer, one at a time) instead of all held beside the lines: an 8 MiB file
	 * has 130 000 of them. Java serialization writes a plain list.
	 */
	static final class LinesAsRows extends AbstractList<CsvImportRow> implements RandomAccess, Serializable {

		private static final long serialVersionUID = 1L;

		private final transient List<Line> lines;

		LinesAsRows(List<Line> lines) {
			this.lines = lines;
		}

		@Override
		public CsvImportRow get(int index) {
			return CsvImportRow.of(this.lines.get(index));
		}

		@Override
		public int size() {
			return this.lines.size();
		}

		private Object writeReplace() {
			return new ArrayList<>(this);
		}

	}

	/** What confirming each month would do now, read without writing anything. */
	private List<CsvImportPreviewMonth> preview(Account account, Map<YearMonth, List<ImportRow>> months) {
		if (months.isEmpty()) {
			return List.of();
		}
		List<CsvImportPreviewMonth> preview = new ArrayList<>();
		for (MonthPreview month : this.finance.preview(account, months)) {
			preview.add(new CsvImportPreviewMonth(month.month().toString(), month.rows(), month.wouldInsert(),
					month.wouldUpdate(), month.wouldSkip(), month.wouldDelete(), month.deleteRefused(),
					month.keptProviderRows()));
		}
		return preview;
	}

	/**
	 * Op 7. Any problem of content (metadata, delete_period, groups, rows) gives
	 * {@code success: false}, one {@code errors} string each, and writes nothing;
	 * otherwise everything is written in one transaction, which also records the
	 * confirmation so a retry with the same Idempotency-Key gets the same answer.
	 */
	public Confirmation confirm(CsvImportConfirmRequest request, @Nullable String idempotencyKey, CurrentUser caller) {
		Instant startedAt = Instant.now();
		return confirm(this.reader.read(request), startedAt, idempotencyKey, caller);
	}

	/**
	 * Op 7 for a confirmation read already (op 7's body is read row by row by
	 * {@link CsvImportConfirmationReader#read(tools.jackson.core.JsonParser)}, started at
	 * {@code startedAt}).
	 */
	public Confirmation confirm(Reading checked, Instant startedAt, @Nullable String idempotencyKey,
			CurrentUser caller) {
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

	private static String text(@Nullable String value) {
		return value == null ? "" : value;
	}

}
