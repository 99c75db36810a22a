package br.suite.imports.reader;

import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;
import org.jspecify.annotations.Nullable;

import br.suite.imports.ImportField;
import br.suite.imports.reader.StatementReader.Ignored;
import br.suite.imports.reader.StatementReader.Line;
import br.suite.imports.reader.StatementReader.Options;
import br.suite.imports.reader.StatementReader.Problem;
import br.suite.imports.reader.StatementReader.Statement;
import br.suite.imports.reader.StatementValues.Amount;
import br.suite.imports.reader.StatementValues.CellProblem;
import br.suite.imports.reader.StatementValues.DateValue;
import br.suite.imports.reader.StatementValues.Decimal;
import br.suite.shared.DateTimes;
import br.suite.shared.InvalidRequest;
import br.suite.shared.crypto.Sha256;

/**
 * Builds the transactions of a CSV statement from its data records, once the header is
 * found: which column feeds which field, the decimal separator (the caller's or the one
 * the amounts show), each line as a {@link Line}, a {@link Problem} per unreadable cell
 * or an {@link Ignored} balance line, and a stable id for lines without one. One instance
 * reads one file.
 */
public final class StatementRows {

	private final String body;

	private final int offset;

	private final int[] lineBreaks;

	private final StatementHeader header;

	private final Options options;

	private final String encoding;

	private final Map<ImportField, List<Integer>> columns;

	private final List<Problem> problems = new ArrayList<>();

	private final List<Ignored> ignored = new ArrayList<>();

	private final Set<String> dateFormats = new LinkedHashSet<>();

	StatementRows(String text, int offset, String body, StatementHeader header, Options options, String encoding) {
		this.body = body;
		this.offset = offset;
		this.lineBreaks = lineBreaks(text);
		this.header = header;
		this.options = options;
		this.encoding = encoding;
		this.columns = new EnumMap<>(header.columns());
	}

	private static int[] lineBreaks(String text) {
		int[] breaks = new int[16];
		int count = 0;
		for (int i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) {
			if (count == breaks.length) {
				breaks = Arrays.copyOf(breaks, count * 2);
			}
			breaks[count++] = i;
		}
		return Arrays.copyOf(breaks, count);
	}

	Statement run() {
		List<Record> records = new ArrayList<>();
		try (CSVParser parser = CSVParser.parse(new StringReader(this.body),
				StatementHeader.format(this.header.delimiter()))) {
			long index = 0;
			for (CSVRecord record : parser) {
				if (index++ > this.header.recordIndex()) {
					List<String> cells = record.toList();
					if (cells.stream().anyMatch(cell -> !cell.isEmpty())) {
						records.add(new Record(lineOf(record.getCharacterPosition()), cells));
					}
				}
			}
		}
		catch (IOException | UncheckedIOException | IllegalStateException ex) {
			throw InvalidRequest.of("file", "não é um CSV legível" + describe(ex)
					+ ": um campo abre aspas (\") que não fecham; confira o arquivo ou exporte-o de novo");
		}
		dropDirectionUnlessWords(records);
		Decimal decimal = this.options.decimal() != null ? this.options.decimal() : detectDecimal(records);
		List<Line> lines = new ArrayList<>(records.size());
		Map<String, Integer> contentSeen = new HashMap<>();
		Map<String, Integer> idLines = new HashMap<>();
		for (int i = 0; i < records.size(); i++) {
			// Each record is let go once its line is made, so the file's cells and its
			// lines are never held together.
			Record record = records.set(i, null);
			Line line = line(record, decimal, contentSeen, idLines);
			if (line != null) {
				lines.add(line);
			}
		}
		return new Statement(this.encoding, this.header.delimiter(), decimal, lineOf(this.header.position()),
				this.header.described(this.columns), this.header.ignoredColumns(this.columns),
				List.copyOf(this.dateFormats), lines, this.problems, this.ignored);
	}

	private int lineOf(long position) {
		int found = Arrays.binarySearch(this.lineBreaks, (int) position + this.offset);
		return (found >= 0 ? found : -found - 1) + 1;
	}

	private static final Pattern CSV_LINE = Pattern.compile("\\(line (\\d+)\\)");

	/**
	 * Where Commons CSV stopped (" perto da linha 12"), or nothing: its own message is
	 * English and about its internals.
	 */
	private static String describe(Exception ex) {
		Throwable cause = ex instanceof UncheckedIOException && ex.getCause() != null ? ex.getCause() : ex;
		String message = cause.getMessage() == null ? "" : cause.getMessage();
		Matcher line = CSV_LINE.matcher(message);
		return line.find() ? " perto da linha " + line.group(1) : "";
	}

	/**
	 * "Tipo" names a direction in some banks and a payment kind (PIX, TED) in others.
	 */
	private void dropDirectionUnlessWords(List<Record> records) {
		if (!this.columns.containsKey(ImportField.DIRECTION)
				|| this.header.chosenByCaller().contains(ImportField.DIRECTION)) {
			return;
		}
		int column = this.columns.get(ImportField.DIRECTION).get(0);
		for (Record record : records) {
			String cell = record.cell(column);
			if (!cell.isEmpty() && StatementValues.direction(cell) == null) {
				this.columns.remove(ImportField.DIRECTION);
				return;
			}
		}
	}

	private Decimal detectDecimal(List<Record> records) {
		List<String> cells = new ArrayList<>();
		for (ImportField field : List.of(ImportField.AMOUNT, ImportField.CREDIT_AMOUNT, ImportField.DEBIT_AMOUNT)) {
			if (this.columns.containsKey(field)) {
				int column = this.columns.get(field).get(0);
				records.forEach(record -> cells.add(record.cell(column)));
			}
		}
		return StatementValues.decimalOf(cells, this.header.delimiter());
	}

	private String cell(Record record, ImportField field) {
		List<Integer> indexes = this.columns.get(field);
		if (indexes == null) {
			return "";
		}
		if (indexes.size() == 1) {
			return record.cell(indexes.get(0));
		}
		return indexes.stream().map(record::cell).filter(cell -> !cell.isEmpty()).collect(Collectors.joining(" - "));
	}

	private String headerOf(ImportField field) {
		return this.columns.get(field).stream().map(this.header.names()::get).collect(Collectors.joining(" + "));
	}

	private @Nullable Line line(Record record, Decimal decimal, Map<String, Integer> contentSeen,
			Map<String, Integer> idLines) {
		String description = cell(record, ImportField.DESCRIPTION);
		ImportField dateField = this.columns.containsKey(ImportField.TRANSACTION_DATE) ? ImportField.TRANSACTION_DATE
				: ImportField.POSTED_AT;
		String dateCell = cell(record, dateField);
		boolean noAmount = cell(record, ImportField.AMOUNT).isEmpty()
				&& cell(record, ImportField.CREDIT_AMOUNT).isEmpty()
				&& cell(record, ImportField.DEBIT_AMOUNT).isEmpty();
		if (this.columns.getOrDefault(ImportField.DESCRIPTION, List.of())
			.stream()
			.anyMatch(column -> StatementValues.isBalanceLine(record.cell(column)))) {
			this.ignored.add(new Ignored(record.line(), "a balance line (" + description + "), not a transaction"));
			return null;
		}
		if (dateCell.isEmpty() && noAmount) {
			this.ignored.add(new Ignored(record.line(), "neither a date nor an amount: not a transaction"));
			return null;
		}
		int problemsBefore = this.problems.size();
		LocalDate date = null;
		Instant postedAt = null;
		if (dateCell.isEmpty()) {
			problem(record, dateField, "is required");
		}
		else {
			try {
				DateValue value = StatementValues.date(dateCell);
				date = value.date();
				postedAt = value.instant();
				this.dateFormats.add(value.format());
			}
			catch (CellProblem ex) {
				problem(record, dateField, ex.getMessage());
			}
		}
		if (dateField == ImportField.TRANSACTION_DATE && !cell(record, ImportField.POSTED_AT).isEmpty()) {
			try {
				postedAt = StatementValues.date(cell(record, ImportField.POSTED_AT)).instant();
			}
			catch (CellProblem ex) {
				problem(record, ImportField.POSTED_AT, ex.getMessage());
			}
		}
		String timeCell = cell(record, ImportField.TRANSACTION_TIME);
		if (!timeCell.isEmpty() && postedAt == null) {
			try {
				LocalTime time = StatementValues.time(timeCell);
				if (date != null) {
					postedAt = date.atTime(time).atZone(DateTimes.BRAZIL).toInstant();
				}
			}
			catch (CellProblem ex) {
				problem(record, ImportField.TRANSACTION_TIME, ex.getMessage());
			}
		}
		Signed signed = signedAmount(record, decimal);
		String status = "settled";
		if (this.columns.containsKey(ImportField.STATUS)) {
			String word = StatementValues.status(cell(record, ImportField.STATUS));
			if (word == null) {
				problem(record, ImportField.STATUS, "is not a status: use Efetivado, Pendente (or Agendado), "
						+ "Estornado or Cancelado (got \"" + cell(record, ImportField.STATUS) + "\")");
			}
			else {
				status = word;
			}
		}
		if (this.problems.size() > problemsBefore || date == null || signed == null) {
			return null;
		}
		String payerName = cell(record, ImportField.PAYER_NAME);
		String payerDocument = cell(record, ImportField.PAYER_DOCUMENT);
		String endToEndId = cell(record, ImportField.END_TO_END_ID);
		String bankReferenceId = cell(record, ImportField.BANK_REFERENCE_ID);
		String externalId = cell(record, ImportField.EXTERNAL_ID);
		if (!externalId.isEmpty()) {
			Integer first = idLines.putIfAbsent(externalId, record.line());
			if (first != null) {
				problem(record, ImportField.EXTERNAL_ID, "repeats the id of line " + first + " (\"" + externalId
						+ "\"): a statement lists each transaction once");
				return null;
			}
		}
		else if (!endToEndId.isEmpty() && !idLines.containsKey(endToEndId)) {
			// A Pix end-to-end id is unique per payment: the best key when the bank
			// gives no id of its own.
			externalId = endToEndId;
			idLines.put(endToEndId, record.line());
		}
		else {
			externalId = derivedId(date, signed, description, payerName, payerDocument, bankReferenceId, endToEndId,
					contentSeen);
		}
		return new Line(record.line(), date, postedAt, signed.amount(), signed.direction(), status, externalId,
				description, payerName, payerDocument, endToEndId, bankReferenceId,
				cell(record, ImportField.CORRELATION_ID), cell(record, ImportField.CHARGE_EXTERNAL_ID));
	}

	/**
	 * The positive amount and its direction, or null after recording why there is none.
	 */
	private @Nullable Signed signedAmount(Record record, Decimal decimal) {
		int problemsBefore = this.problems.size();
		String stated = null;
		if (this.columns.containsKey(ImportField.DIRECTION)) {
			String cell = cell(record, ImportField.DIRECTION);
			stated = cell.isEmpty() ? null : StatementValues.direction(cell);
			if (!cell.isEmpty() && stated == null) {
				problem(record, ImportField.DIRECTION, "is not a direction: use C or D, Crédito or Débito, "
						+ "Entrada or Saída (got \"" + cell + "\")");
				return null;
			}
		}
		String amountCell = cell(record, ImportField.AMOUNT);
		if (this.columns.containsKey(ImportField.AMOUNT) && !amountCell.isEmpty()) {
			Amount amount = read(record, ImportField.AMOUNT, amountCell, decimal);
			if (amount == null) {
				return null;
			}
			String implied = amount.value().signum() < 0 ? StatementValues.DEBIT
					: amount.marker() != null ? amount.marker() : null;
			if (stated != null && implied != null && !stated.equals(implied)) {
				problem(record, ImportField.DIRECTION,
						"says " + stated + " but the amount (" + amountCell + ") is a " + implied);
				return null;
			}
			String direction = stated != null ? stated : implied != null ? implied : StatementValues.CREDIT;
			return positive(record, ImportField.AMOUNT, amount.value().abs(), direction);
		}
		Amount credit = read(record, ImportField.CREDIT_AMOUNT, cell(record, ImportField.CREDIT_AMOUNT), decimal);
		Amount debit = read(record, ImportField.DEBIT_AMOUNT, cell(record, ImportField.DEBIT_AMOUNT), decimal);
		boolean hasCredit = credit != null && credit.value().signum() != 0;
		boolean hasDebit = debit != null && debit.value().signum() != 0;
		if (hasCredit && hasDebit) {
			problem(record, ImportField.CREDIT_AMOUNT,
					"and " + headerOf(ImportField.DEBIT_AMOUNT) + " are both filled: a line moves money one way");
			return null;
		}
		if (hasCredit || hasDebit) {
			BigDecimal value = (hasCredit ? credit : debit).value().abs();
			return positive(record, hasCredit ? ImportField.CREDIT_AMOUNT : ImportField.DEBIT_AMOUNT, value,
					hasCredit ? StatementValues.CREDIT : StatementValues.DEBIT);
		}
		if (this.problems.size() == problemsBefore) {
			ImportField field = this.columns.containsKey(ImportField.AMOUNT) ? ImportField.AMOUNT
					: this.columns.containsKey(ImportField.CREDIT_AMOUNT) ? ImportField.CREDIT_AMOUNT
							: ImportField.DEBIT_AMOUNT;
			boolean zero = credit != null || debit != null;
			problem(record, field, zero ? "is zero: a transaction moves money" : "is required");
		}
		return null;
	}

	private @Nullable Signed positive(Record record, ImportField field, BigDecimal value, String direction) {
		if (value.signum() == 0) {
			problem(record, field, "is zero: a transaction moves money");
			return null;
		}
		return new Signed(value.setScale(2, RoundingMode.UNNECESSARY), direction);
	}

	private @Nullable Amount read(Record record, ImportField field, String cell, Decimal decimal) {
		if (cell.isEmpty() || !this.columns.containsKey(field)) {
			return null;
		}
		try {
			return StatementValues.amount(cell, decimal);
		}
		catch (CellProblem ex) {
			problem(record, field, ex.getMessage());
			return null;
		}
	}

	private void problem(Record record, ImportField field, String message) {
		this.problems.add(new Problem(record.line(), headerOf(field), message));
	}

	/**
	 * A key for a line without an id of its own: a hash of what it says, plus how many
	 * identical lines came before it in the file, so two equal payments on one day stay
	 * two transactions and re-importing the same statement finds the same keys.
	 */
	private static String derivedId(LocalDate date, Signed signed, String description, String payerName,
			String payerDocument, String bankReferenceId, String endToEndId, Map<String, Integer> seen) {
		String content = String.join("\u001f", date.toString(),
				(StatementValues.DEBIT.equals(signed.direction()) ? "-" : "") + signed.amount().toPlainString(),
				description, payerName, payerDocument, bankReferenceId, endToEndId);
		int occurrence = seen.merge(content, 1, Integer::sum);
		return "csv-" + Sha256.hex(content + "\u001f" + occurrence).substring(0, 32);
	}

	/** A data record with the line it starts on. */

	private record Record(int line, List<String> cells) {

		String cell(int column) {
			return column < this.cells.size() ? this.cells.get(column) : "";
		}

	}

	private record Signed(BigDecimal amount, String direction) {
	}

}
