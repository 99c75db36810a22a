package br.suite.imports;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Service;

import br.suite.shared.CurrentUser;

/**
 * The CSV import for callers inside the application (the web wizard): prepare and confirm
 * run the same service as {@code /api/prepare-csv-import/} and
 * {@code /api/confirm-csv-import/}. A prepared import is held by the caller (in memory)
 * and confirmed as prepared, under an idempotency key fixed at prepare time, so a
 * repeated confirmation does not write twice.
 */
@Service
public class CsvImportDesk {

	private final CsvImportService imports;

	CsvImportDesk(CsvImportService imports) {
		this.imports = imports;
	}

	/** What a month of the file would do if confirmed now. */
	public record MonthPreview(String month, int rows, int wouldInsert, int wouldUpdate, int wouldSkip,
			@Nullable Integer wouldDelete, String deleteRefused) {
	}

	/** A line that could not be read ({@code row} is the file's line number). */
	public record LineProblem(int row, String column, String message) {
	}

	/**
	 * A prepared import: what the preview shows, and the confirmation body kept as
	 * prepare returned it.
	 */
	public static final class Prepared implements java.io.Serializable {

		private static final long serialVersionUID = 1L;

		private final CsvImportPreparation preparation;

		private final String key = UUID.randomUUID().toString();

		Prepared(CsvImportPreparation preparation) {
			this.preparation = preparation;
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
						m.wouldDelete(), m.deleteRefused()))
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
					: String.format("%04d-%02d", period.year(), period.month());
		}

		public int validRows() {
			return this.preparation.groups().values().stream().mapToInt(List::size).sum();
		}

	}

	/**
	 * The confirmation's result; {@code success} false means nothing was written and
	 * {@code errors} say why.
	 */
	public record Outcome(boolean success, int inserted, int updated, int skipped, int deleted, List<String> errors) {
	}

	/**
	 * Reads the file and writes nothing; a bad file or option is an
	 * {@link br.suite.shared.InvalidRequest}.
	 */
	public Prepared prepare(byte[] content, String fileName, @Nullable String provider, @Nullable String accountId) {
		return new Prepared(this.imports.prepare(new CsvImportService.Upload(content, fileName),
				new CsvImportService.PrepareOptions(provider == null || provider.isBlank() ? "csv" : provider.strip(),
						accountId == null ? "" : accountId.strip(), null, null, null,
						new EnumMap<>(ImportField.class))));
	}

	/**
	 * Confirms the import as prepared; {@code replaceMonth} deletes the file's only month
	 * of the account first.
	 */
	public Outcome confirm(Prepared prepared, boolean replaceMonth, CurrentUser caller) {
		CsvImportPreparation p = prepared.preparation;
		CsvImportDeletePeriod period = new CsvImportDeletePeriod(replaceMonth && prepared.replaceableMonth() != null,
				p.deletePeriod().year(), p.deletePeriod().month());
		@SuppressWarnings({ "unchecked", "rawtypes" })
		CsvImportConfirmRequest request = new CsvImportConfirmRequest((Map) p.groups(), p.importMetadata(), period,
				p.generateLogs());
		CsvImportResult result = this.imports.confirm(request, prepared.key + (period.enabled() ? "-r" : ""), caller)
			.result();
		return new Outcome(result.success(), result.insertedCount(), result.updatedCount(), result.skippedCount(),
				result.deletedCount(), result.errors());
	}

}
