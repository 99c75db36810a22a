package br.suite.imports.wizard;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Service;

import br.suite.imports.ImportField;
import br.suite.imports.csv.CsvImportConfirmRequest;
import br.suite.imports.csv.CsvImportDeletePeriod;
import br.suite.imports.csv.CsvImportResult;
import br.suite.imports.csv.CsvImportService;
import br.suite.imports.reader.StatementFile;
import br.suite.imports.statement.StatementFormat;
import br.suite.imports.statement.StatementImportPreparation;
import br.suite.imports.statement.StatementImportService;
import br.suite.imports.statement.StatementPreparation;
import br.suite.shared.CurrentUser;
import br.suite.shared.InvalidRequest;
import tools.jackson.databind.json.JsonMapper;

/**
 * The import wizard's prepared imports (the pages' two steps): prepare and confirm run
 * the same service as {@code /api/prepare-csv-import/} and
 * {@code /api/confirm-csv-import/}. A prepared import is kept in the database
 * ({@code imports_prepared}, as the JSON prepare answers on the API), for its user only,
 * under an id the caller holds (the page session: a few bytes, not the file's rows), and
 * confirmed as prepared, under an idempotency key fixed at prepare time (the id), so a
 * repeated confirmation does not write twice. A prepared import is deleted once confirmed
 * or discarded, or a day after it was prepared.
 */
@Service
public class PreparedImports {

	/** How long an import prepared and neither confirmed nor discarded is kept. */
	static final Duration KEPT = Duration.ofDays(1);

	private final CsvImportService imports;

	private final StatementImportService statements;

	private final PreparedImportRepository prepared;

	private final JsonMapper json;

	PreparedImports(CsvImportService imports, StatementImportService statements, PreparedImportRepository prepared,
			JsonMapper json) {
		this.imports = imports;
		this.statements = statements;
		this.prepared = prepared;
		this.json = json;
	}

	/** What a month of the file would do if confirmed now. */
	public record MonthPreview(String month, int rows, int wouldInsert, int wouldUpdate, int wouldSkip,
			@Nullable Integer wouldDelete, String deleteRefused, int keptProviderRows) {
	}

	/**
	 * The balance the bank stated ({@code ledger} at the end of {@code ledgerDate}) and
	 * the one it gives at the start of {@code date}, before the file's transactions.
	 */
	public record Opening(BigDecimal ledger, @Nullable LocalDate ledgerDate, BigDecimal amount, LocalDate date) {
	}

	/** A line that could not be read ({@code row} is the file's line number). */
	record LineProblem(int row, String column, String message) {
	}

	/**
	 * A prepared import: its id, what the preview shows, and the confirmation body kept
	 * as prepare returned it.
	 */
	public static final class Prepared {

		private final UUID id;

		private final StatementPreparation preparation;

		Prepared(UUID id, StatementPreparation preparation) {
			this.id = id;
			this.preparation = preparation;
		}

		public UUID id() {
			return this.id;
		}

		public String provider() {
			return String.valueOf(this.preparation.importMetadata().provider());
		}

		public String accountId() {
			return String.valueOf(this.preparation.importMetadata().accountId());
		}

		public String fileName() {
			return String.valueOf(this.preparation.importMetadata().fileName());
		}

		public List<MonthPreview> months() {
			return this.preparation.preview()
				.stream()
				.map(m -> new MonthPreview(m.month(), m.rows(), m.wouldInsert(), m.wouldUpdate(), m.wouldSkip(),
						m.wouldDelete(), m.deleteRefused(), m.keptProviderRows()))
				.toList();
		}

		public List<LineProblem> errors() {
			return this.preparation.errors()
				.stream()
				.map(e -> new LineProblem(e.row(), e.column(), e.message()))
				.toList();
		}

		public List<LineProblem> ignored() {
			return this.preparation.ignoredRows().stream().map(i -> new LineProblem(i.row(), "", i.reason())).toList();
		}

		/**
		 * The month delete_period would replace, "YYYY-MM", when the file holds exactly
		 * one.
		 */
		public @Nullable String replaceableMonth() {
			CsvImportDeletePeriod period = this.preparation.deletePeriod();
			return period.year() == null || period.month() == null ? null
					: String.format(Locale.ROOT, "%04d-%02d", period.year(), period.month());
		}

		/**
		 * The ledger balance the file states and the opening balance it offers for a new
		 * bank account; null when the file states none (a CSV).
		 */
		public @Nullable Opening opening() {
			StatementFormat format = this.preparation.format();
			if (format.balance() == null || format.openingBalance() == null) {
				return null;
			}
			return new Opening(new BigDecimal(format.balance().amount()),
					format.balance().date() == null ? null : LocalDate.parse(format.balance().date()),
					new BigDecimal(format.openingBalance().amount()),
					LocalDate.parse(String.valueOf(format.openingBalance().date())));
		}

		public int validRows() {
			return this.preparation.groups().values().stream().mapToInt(List::size).sum();
		}

	}

	/**
	 * The confirmation's result; {@code success} false means nothing was written and
	 * {@code errors} say why.
	 */
	record Outcome(boolean success, int inserted, int updated, int skipped, int deleted, List<String> errors) {
	}

	/**
	 * Reads the file (CSV, OFX, OFC or a CNAB return file, told apart by content) and
	 * keeps what it read for {@code caller} to confirm (no transaction is written); a bad
	 * file or option is an {@link br.suite.shared.InvalidRequest}. The form's default
	 * provider ({@code csv}) and a blank account mean the file's own for an OFX, OFC or
	 * CNAB file. A file of several accounts is refused: the wizard imports one account at
	 * a time.
	 */
	public Prepared prepare(byte[] content, String fileName, @Nullable String provider, @Nullable String accountId,
			CurrentUser caller) {
		String format = StatementImportService.detect(content);
		boolean csv = "csv".equals(format);
		String chosenProvider = provider == null || provider.isBlank() || (!csv && provider.strip().equals("csv"))
				? null : provider.strip();
		String chosenAccount = accountId == null || accountId.isBlank() ? null : accountId.strip();
		CsvImportService.Upload upload = new CsvImportService.Upload(content, fileName);
		CsvImportService.PrepareOptions detect = new CsvImportService.PrepareOptions("csv", "", null, null, null,
				new EnumMap<>(ImportField.class));
		StatementImportService.Options options = new StatementImportService.Options(chosenProvider, chosenAccount,
				detect);
		StatementImportPreparation read;
		if (csv) {
			read = this.statements.prepare(upload, options);
		}
		else {
			CsvImportService.checkSize(upload);
			StatementFile file = StatementImportService.read(content, format);
			if (file.accounts().size() > 1) {
				throw InvalidRequest.of("file",
						"traz " + file.accounts().size() + " contas; o assistente importa uma conta por vez: "
								+ "exporte um arquivo por conta no internet banking");
			}
			read = this.statements.prepare(upload, options, file);
		}
		StatementPreparation preparation = read.statements().get(0);
		this.prepared.deleteCreatedBefore(Instant.now().minus(KEPT));
		UUID id = UUID.randomUUID();
		this.prepared.insert(id, caller.id(), this.json.writeValueAsString(preparation));
		return new Prepared(id, preparation);
	}

	/**
	 * The import {@code caller} prepared under this id, while it is kept; empty for
	 * another user's.
	 */
	Optional<Prepared> find(UUID id, CurrentUser caller) {
		return this.prepared.find(id, caller.id())
			.map(text -> new Prepared(id, this.json.readValue(text, StatementPreparation.class)));
	}

	/** Forgets an import {@code caller} prepared and will not confirm. */
	void discard(UUID id, CurrentUser caller) {
		this.prepared.delete(id, caller.id());
	}

	/**
	 * Confirms the import as prepared; {@code replaceMonth} deletes the file's only month
	 * of the account first. A successful import is no longer kept as prepared.
	 */
	Outcome confirm(Prepared prepared, boolean replaceMonth, CurrentUser caller) {
		StatementPreparation p = prepared.preparation;
		CsvImportDeletePeriod period = new CsvImportDeletePeriod(replaceMonth && prepared.replaceableMonth() != null,
				p.deletePeriod().year(), p.deletePeriod().month());
		@SuppressWarnings({ "unchecked", "rawtypes" })
		CsvImportConfirmRequest request = new CsvImportConfirmRequest((Map) p.groups(), p.importMetadata(), period,
				p.generateLogs());
		CsvImportResult result = this.imports.confirm(request, prepared.id + (period.enabled() ? "-r" : ""), caller)
			.result();
		if (result.success()) {
			this.prepared.delete(prepared.id, caller.id());
		}
		return new Outcome(result.success(), result.insertedCount(), result.updatedCount(), result.skippedCount(),
				result.deletedCount(), result.errors());
	}

}
