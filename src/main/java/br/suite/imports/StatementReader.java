package br.suite.imports;

import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.Charset;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;
import org.jspecify.annotations.Nullable;

import br.suite.imports.StatementValues.Amount;
import br.suite.imports.StatementValues.CellProblem;
import br.suite.imports.StatementValues.DateValue;
import br.suite.imports.StatementValues.Decimal;
import br.suite.shared.DateTimes;
import br.suite.shared.InvalidRequest;
import br.suite.shared.Sha256;

/**
 * Reads a bank statement file the way Brazilian banks and spreadsheets write it: the
 * encoding (UTF-8 with or without BOM, UTF-16 with BOM, else Windows-1252 or ISO-8859-1),
 * the delimiter ({@code ;}, {@code ,}, tab or {@code |}, or Excel's {@code sep=} line),
 * the header line (found among the first lines, after any preamble) and what each column
 * holds, the decimal separator, and then each line as a normalised transaction or a
 * problem. Records are split by Apache Commons CSV. Writes nothing and needs no database.
 */
final class StatementReader {

	/**
	 * How far down a header line is looked for: banks put a few lines of account data
	 * before it.
	 */
	static final int HEADER_SEARCH_LINES = 30;

	private static final char[] DELIMITERS = { ';', ',', '\t', '|' };

	private static final Pattern SEP_LINE = Pattern.compile("(?i)\"?sep=(.)\"?\\s*");

	/** Bytes Windows-1252 leaves undefined: a file holding them is ISO-8859-1. */
	private static final Set<Integer> UNDEFINED_IN_1252 = Set.of(0x81, 0x8D, 0x8F, 0x90, 0x9D);

	private static final Charset WINDOWS_1252 = Charset.forName("windows-1252");

	private StatementReader() {
	}

	/**
	 * What the caller decided instead of the detection; null (or empty) means detect.
	 *
	 * @param columns a field → the header of its column; an empty header leaves the field
	 * unmapped
	 */
	record Options(@Nullable Charset encoding, @Nullable Character delimiter, @Nullable Decimal decimal,
			Map<ImportField, String> columns) {
	}

	/**
	 * One statement line read as a transaction; the amount is positive, the sign is the
	 * direction.
	 */
	record Line(int number, LocalDate date, @Nullable Instant postedAt, BigDecimal amount, String direction,
			String status, String externalId, String description, String payerName, String payerDocument,
			String endToEndId, String bankReferenceId, String correlationId, String chargeExternalId) {
	}

	/**
	 * A line that could not be read: its 1-based number in the file, the column (header)
	 * and why.
	 */
	record Problem(int line, String column, String message) {
	}

	/** A line that is not a transaction (a balance, a footer) and why it was left out. */
	record Ignored(int line, String reason) {
	}

	/** Everything read from the file, and how it was read. */
	record Statement(String encoding, char delimiter, Decimal decimal, int headerLine, Map<ImportField, String> columns,
			List<String> ignoredColumns, List<String> dateFormats, List<Line> lines, List<Problem> problems,
			List<Ignored> ignored) {

		/**
		 * The header a problem with a field of this wire name points at, or the field
		 * name itself.
		 */
		String columnOf(String wireField) {
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

	static Statement read(byte[] bytes, Options options) {
		Decoded decoded = decode(bytes, options.encoding());
		String text = decoded.text();
		int start = 0;
		Character delimiter = options.delimiter();
		int firstBreak = text.indexOf('\n');
		Matcher sep = SEP_LINE.matcher(firstBreak < 0 ? text : text.substring(0, firstBreak));
		if (sep.matches()) {
			// Excel's "sep=;" line names the delimiter; it is no part of the data.
			delimiter = delimiter != null ? delimiter : sep.group(1).charAt(0);
			start = firstBreak < 0 ? text.length() : firstBreak + 1;
		}
		String body = text.substring(start);
		Header header = findHeader(body, delimiter, options.columns());
		return new Parse(text, start, body, header, options, decoded.name()).run();
	}

	/** The decoded text and the name of the encoding used. */
	record Decoded(String text, String name) {
	}

	static Decoded decode(byte[] bytes, @Nullable Charset forced) {
		if (bytes.length >= 3 && (bytes[0] & 0xff) == 0xEF && (bytes[1] & 0xff) == 0xBB && (bytes[2] & 0xff) == 0xBF
				&& (forced == null || forced.equals(StandardCharsets.UTF_8))) {
			return new Decoded(new String(bytes, 3, bytes.length - 3, StandardCharsets.UTF_8), "utf-8");
		}
		if (forced == null && bytes.length >= 2 && (((bytes[0] & 0xff) == 0xFF && (bytes[1] & 0xff) == 0xFE)
				|| ((bytes[0] & 0xff) == 0xFE && (bytes[1] & 0xff) == 0xFF))) {
			return new Decoded(new String(bytes, StandardCharsets.UTF_16), "utf-16");
		}
		if (forced != null) {
			String text = new String(bytes, forced);
			return new Decoded(text.startsWith("\uFEFF") ? text.substring(1) : text, name(forced));
		}
		try {
			String text = StandardCharsets.UTF_8.newDecoder()
				.onMalformedInput(CodingErrorAction.REPORT)
				.onUnmappableCharacter(CodingErrorAction.REPORT)
				.decode(ByteBuffer.wrap(bytes))
				.toString();
			return new Decoded(text, "utf-8");
		}
		catch (CharacterCodingException ex) {
			// Not UTF-8: what Excel and most Brazilian bank systems on Windows write.
			for (byte b : bytes) {
				if (UNDEFINED_IN_1252.contains(b & 0xff)) {
					return new Decoded(new String(bytes, StandardCharsets.ISO_8859_1), "iso-8859-1");
				}
			}
			return new Decoded(new String(bytes, WINDOWS_1252), "windows-1252");
		}
	}

	static String name(Charset charset) {
		if (charset.equals(StandardCharsets.UTF_8)) {
			return "utf-8";
		}
		if (charset.equals(StandardCharsets.ISO_8859_1)) {
			return "iso-8859-1";
		}
		return charset.equals(WINDOWS_1252) ? "windows-1252" : charset.name().toLowerCase(Locale.ROOT);
	}

	/** The encodings a caller may name in the {@code encoding} option. */
	static @Nullable Charset encodingNamed(String name) {
		return switch (StatementValues.key(name)) {
			case "utf8" -> StandardCharsets.UTF_8;
			case "windows1252", "cp1252", "ansi" -> WINDOWS_1252;
			case "iso88591", "latin1" -> StandardCharsets.ISO_8859_1;
			default -> null;
		};
	}

	/**
	 * The header line found: which delimiter, which record (0-based, in the body) and
	 * what each column holds.
	 */
	private record Header(char delimiter, long recordIndex, long position, List<String> names,
			Map<ImportField, List<Integer>> columns, Set<ImportField> chosenByCaller) {
	}

	private static Header findHeader(String body, @Nullable Character forced, Map<ImportField, String> requested) {
		Header best = null;
		for (char delimiter : forced != null ? new char[] { forced } : DELIMITERS) {
			Header found = headerWith(body, delimiter, requested);
			if (found != null && (best == null || mapped(found) > mapped(best))) {
				best = found;
			}
		}
		if (best != null) {
			return best;
		}
		List<String> named = requested.values().stream().filter(name -> !name.isEmpty()).toList();
		if (!named.isEmpty()) {
			throw InvalidRequest.of("columns",
					"no line among the first " + HEADER_SEARCH_LINES + " of the file "
							+ (forced != null ? "(split at '" + printable(forced) + "') " : "") + "holds the columns "
							+ String.join(", ", named) + " together with a date and an amount column");
		}
		throw InvalidRequest.of("file", "has no header line in its first " + HEADER_SEARCH_LINES + " lines"
				+ (forced != null ? " (split at '" + printable(forced) + "')" : "")
				+ ": it needs a date column (Data, Data Lançamento, Date…) and an amount column (Valor, Amount…) "
				+ "or credit and debit columns (Crédito, Débito); name yours with the columns option, e.g. "
				+ "{\"transaction_date\":\"Dt. Mov.\",\"amount\":\"Valor R$\"}");
	}

	private static int mapped(Header header) {
		return header.columns().values().stream().mapToInt(List::size).sum();
	}

	private static @Nullable Header headerWith(String body, char delimiter, Map<ImportField, String> requested) {
		try (CSVParser parser = CSVParser.parse(new StringReader(body), format(delimiter))) {
			Iterator<CSVRecord> records = parser.iterator();
			for (long index = 0; index < HEADER_SEARCH_LINES && records.hasNext(); index++) {
				CSVRecord record = records.next();
				Header header = mapColumns(delimiter, index, record.getCharacterPosition(), record.toList(), requested);
				if (header != null) {
					return header;
				}
			}
			return null;
		}
		catch (IOException | UncheckedIOException | IllegalStateException ex) {
			// Splitting at this delimiter breaks the quoting: it is not the file's
			// delimiter.
			return null;
		}
	}

	/**
	 * What each column of a header line holds, or null when the line is no usable header.
	 */
	private static @Nullable Header mapColumns(char delimiter, long index, long position, List<String> names,
			Map<ImportField, String> requested) {
		if (names.size() < 2) {
			return null;
		}
		List<String> keys = names.stream().map(StatementValues::key).toList();
		Map<ImportField, List<Integer>> columns = new EnumMap<>(ImportField.class);
		Set<Integer> used = new LinkedHashSet<>();
		for (Map.Entry<ImportField, String> choice : requested.entrySet()) {
			if (choice.getValue().isEmpty()) {
				continue;
			}
			int column = keys.indexOf(StatementValues.key(choice.getValue()));
			if (column < 0 || !used.add(column)) {
				return null;
			}
			columns.put(choice.getKey(), List.of(column));
		}
		boolean amountChosen = requested.keySet().stream().anyMatch(ImportField::isAmount);
		for (ImportField field : ImportField.values()) {
			if (requested.containsKey(field) || (amountChosen && field.isAmount())) {
				continue;
			}
			List<Integer> found = new ArrayList<>();
			for (int column = 0; column < keys.size(); column++) {
				if (!used.contains(column) && field.aliases.contains(keys.get(column))) {
					found.add(column);
					if (field != ImportField.DESCRIPTION) {
						break;
					}
				}
			}
			if (!found.isEmpty()) {
				used.addAll(found);
				columns.put(field, List.copyOf(found));
			}
		}
		if (!amountChosen && columns.containsKey(ImportField.AMOUNT)) {
			// One signed amount column says it all; credit and debit columns beside it
			// would contradict it.
			columns.remove(ImportField.CREDIT_AMOUNT);
			columns.remove(ImportField.DEBIT_AMOUNT);
		}
		boolean hasDate = columns.containsKey(ImportField.TRANSACTION_DATE)
				|| columns.containsKey(ImportField.POSTED_AT);
		boolean hasAmount = columns.containsKey(ImportField.AMOUNT) || columns.containsKey(ImportField.CREDIT_AMOUNT)
				|| columns.containsKey(ImportField.DEBIT_AMOUNT);
		if (!hasDate || !hasAmount) {
			return null;
		}
		return new Header(delimiter, index, position, names, columns, requested.keySet());
	}

	private static CSVFormat format(char delimiter) {
		return CSVFormat.DEFAULT.builder()
			.setDelimiter(delimiter)
			.setIgnoreEmptyLines(false)
			.setIgnoreSurroundingSpaces(true)
			.setTrim(true)
			.setTrailingData(true)
			.get();
	}

	private static String printable(char delimiter) {
		return delimiter == '\t' ? "tab" : String.valueOf(delimiter);
	}

	/** One pass over the data lines with the header found. */
	private static final class Parse {

		private final String body;

		private final int offset;

		private final int[] lineBreaks;

		private final Header header;

		private final Options options;

		private final String encoding;

		private final Map<ImportField, List<Integer>> columns;

		private final List<Problem> problems = new ArrayList<>();

		private final List<Ignored> ignored = new ArrayList<>();

		private final Set<String> dateFormats = new LinkedHashSet<>();

		Parse(String text, int offset, String body, Header header, Options options, String encoding) {
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
			try (CSVParser parser = CSVParser.parse(new StringReader(this.body), format(this.header.delimiter()))) {
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
				throw InvalidRequest.of("file", "is not valid CSV: " + describe(ex));
			}
			dropDirectionUnlessWords(records);
			Decimal decimal = this.options.decimal() != null ? this.options.decimal() : detectDecimal(records);
			List<Line> lines = new ArrayList<>(records.size());
			Map<String, Integer> contentSeen = new HashMap<>();
			Map<String, Integer> idLines = new HashMap<>();
			for (Record record : records) {
				Line line = line(record, decimal, contentSeen, idLines);
				if (line != null) {
					lines.add(line);
				}
			}
			Map<ImportField, String> described = new LinkedHashMap<>();
			this.columns.forEach((field, indexes) -> described.put(field,
					indexes.stream().map(this.header.names()::get).collect(Collectors.joining(" + "))));
			Set<Integer> usedColumns = this.columns.values().stream().flatMap(List::stream).collect(Collectors.toSet());
			List<String> ignoredColumns = new ArrayList<>();
			for (int column = 0; column < this.header.names().size(); column++) {
				if (!usedColumns.contains(column) && !this.header.names().get(column).isEmpty()) {
					ignoredColumns.add(this.header.names().get(column));
				}
			}
			return new Statement(this.encoding, this.header.delimiter(), decimal, lineOf(this.header.position()),
					described, ignoredColumns, List.copyOf(this.dateFormats), lines, this.problems, this.ignored);
		}

		private int lineOf(long position) {
			int found = Arrays.binarySearch(this.lineBreaks, (int) position + this.offset);
			return (found >= 0 ? found : -found - 1) + 1;
		}

		private static String describe(Exception ex) {
			Throwable cause = ex instanceof UncheckedIOException && ex.getCause() != null ? ex.getCause() : ex;
			String message = cause.getMessage() == null ? cause.getClass().getSimpleName() : cause.getMessage();
			return message.replaceFirst("^IOException reading next record: (java\\.io\\.)?IOException: ", "");
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
			int comma = 0;
			int point = 0;
			for (ImportField field : List.of(ImportField.AMOUNT, ImportField.CREDIT_AMOUNT, ImportField.DEBIT_AMOUNT)) {
				if (!this.columns.containsKey(field)) {
					continue;
				}
				int column = this.columns.get(field).get(0);
				for (Record record : records) {
					Decimal shown = StatementValues.decimalShownBy(record.cell(column));
					if (shown == Decimal.COMMA) {
						comma++;
					}
					else if (shown == Decimal.POINT) {
						point++;
					}
				}
			}
			if (comma != point) {
				return comma > point ? Decimal.COMMA : Decimal.POINT;
			}
			return this.header.delimiter() == ',' ? Decimal.POINT : Decimal.COMMA;
		}

		private String cell(Record record, ImportField field) {
			List<Integer> indexes = this.columns.get(field);
			if (indexes == null) {
				return "";
			}
			if (indexes.size() == 1) {
				return record.cell(indexes.get(0));
			}
			return indexes.stream()
				.map(record::cell)
				.filter(cell -> !cell.isEmpty())
				.collect(Collectors.joining(" - "));
		}

		private String headerOf(ImportField field) {
			return this.columns.get(field).stream().map(this.header.names()::get).collect(Collectors.joining(" + "));
		}

		private @Nullable Line line(Record record, Decimal decimal, Map<String, Integer> contentSeen,
				Map<String, Integer> idLines) {
			String description = cell(record, ImportField.DESCRIPTION);
			ImportField dateField = this.columns.containsKey(ImportField.TRANSACTION_DATE)
					? ImportField.TRANSACTION_DATE : ImportField.POSTED_AT;
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
		 * The positive amount and its direction, or null after recording why there is
		 * none.
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
		 * A key for a line without an id of its own: a hash of what it says, plus how
		 * many identical lines came before it in the file, so two equal payments on one
		 * day stay two transactions and re-importing the same statement finds the same
		 * keys.
		 */
		private static String derivedId(LocalDate date, Signed signed, String description, String payerName,
				String payerDocument, String bankReferenceId, String endToEndId, Map<String, Integer> seen) {
			String content = String.join("\u001f", date.toString(),
					(StatementValues.DEBIT.equals(signed.direction()) ? "-" : "") + signed.amount().toPlainString(),
					description, payerName, payerDocument, bankReferenceId, endToEndId);
			int occurrence = seen.merge(content, 1, Integer::sum);
			return "csv-" + Sha256.hex(content + "\u001f" + occurrence).substring(0, 32);
		}

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
