package br.suite.imports.reader;

import java.math.BigDecimal;
import java.nio.charset.Charset;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Collectors;

import org.jspecify.annotations.Nullable;

import br.suite.finance.TransactionImports.RawTransaction;
import br.suite.imports.ImportField;
import br.suite.imports.reader.StatementValues.Decimal;

/**
 * Reads a bank statement file the way Brazilian banks and spreadsheets write it: the
 * encoding (UTF-8 with or without BOM, UTF-16 with BOM, else Windows-1252 or ISO-8859-1),
 * the delimiter ({@code ;}, {@code ,}, tab or {@code |}, or Excel's {@code sep=} line),
 * the header line (found among the first lines, after any preamble) and what each column
 * holds, the decimal separator, and then each line as a normalised transaction or a
 * problem. Records are split by Apache Commons CSV. Writes nothing and needs no database.
 *
 * <p>
 * One concern a class: {@link StatementCharsets#decodeCsv} the encoding,
 * {@link StatementHeader} the {@code sep=} line, delimiter and header,
 * {@link StatementValues} how a cell writes numbers, dates and words, and
 * {@link StatementRows} the transactions built from the data lines.
 */
public final class StatementReader {

	private StatementReader() {
	}

	/**
	 * What the caller decided instead of the detection; null (or empty) means detect.
	 *
	 * @param columns a field → the header of its column; an empty header leaves the field
	 * unmapped
	 */
	public record Options(@Nullable Charset encoding, @Nullable Character delimiter, @Nullable Decimal decimal,
			Map<ImportField, String> columns) {
	}

	/**
	 * One statement line read as a transaction; the amount is positive, the sign is the
	 * direction.
	 */
	public record Line(int number, LocalDate date, @Nullable Instant postedAt, BigDecimal amount, String direction,
			String status, String externalId, String description, String payerName, String payerDocument,
			String endToEndId, String bankReferenceId, String correlationId, String chargeExternalId) {

		/** The line as finance checks it. */
		public RawTransaction transaction() {
			return new RawTransaction(this.externalId, this.date, this.postedAt, this.amount, this.direction,
					this.status, this.description, this.payerName, this.payerDocument, this.correlationId,
					this.bankReferenceId, this.endToEndId, this.chargeExternalId);
		}

	}

	/**
	 * A line that could not be read: its 1-based number in the file, the column (header)
	 * and why.
	 */
	public record Problem(int line, String column, String message) {
	}

	/** A line that is not a transaction (a balance, a footer) and why it was left out. */
	public record Ignored(int line, String reason) {
	}

	/** Everything read from the file, and how it was read. */
	public record Statement(String encoding, char delimiter, Decimal decimal, int headerLine,
			Map<ImportField, String> columns, List<String> ignoredColumns, List<String> dateFormats, List<Line> lines,
			List<Problem> problems, List<Ignored> ignored) {

		/**
		 * The header a problem with a field of this wire name points at, or the field
		 * name itself.
		 */
		public String columnOf(String wireField) {
			List<ImportField> sources = switch (wireField) {
				case "amount" -> List.of(ImportField.AMOUNT, ImportField.CREDIT_AMOUNT, ImportField.DEBIT_AMOUNT);
				case "transaction_date" -> List.of(ImportField.TRANSACTION_DATE, ImportField.POSTED_AT);
				case "posted_at" -> List.of(ImportField.POSTED_AT, ImportField.TRANSACTION_TIME);
				default -> {
					ImportField field = ImportField.fromWire(wireField);
					yield field == null ? List.of() : List.of(field);
				}
			};
			String headers = sources.stream()
				.map(this.columns::get)
				.filter(Objects::nonNull)
				.collect(Collectors.joining(" / "));
			return headers.isEmpty() ? wireField : headers;
		}

	}

	public static Statement read(byte[] bytes, Options options) {
		StatementCharsets.Decoded decoded = StatementCharsets.decodeCsv(bytes, options.encoding());
		StatementHeader.Body body = StatementHeader.Body.of(decoded.text(), options.delimiter());
		StatementHeader header = StatementHeader.find(body, options.columns());
		return new StatementRows(decoded.text(), body.start(), body.text(), header, options, decoded.charset()).run();
	}

}
