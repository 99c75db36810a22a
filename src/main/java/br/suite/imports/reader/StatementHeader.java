package br.suite.imports.reader;

import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;
import org.jspecify.annotations.Nullable;

import br.suite.imports.ImportField;
import br.suite.shared.InvalidRequest;

/**
 * Sniffs how a CSV statement is laid out: Excel's {@code sep=} line, the delimiter
 * ({@code ;}, {@code ,}, tab or {@code |}: the one whose header maps the most columns)
 * and the header line (found among the first lines, after any preamble) with what each
 * column holds.
 *
 * @param delimiter the delimiter its records are split at
 * @param recordIndex the header's record in the body (0-based)
 * @param position the header's character position in the body
 * @param names the header's cells, as written
 * @param columns a field → the columns (0-based) it is read from
 * @param chosenByCaller the fields the caller mapped by name
 */
record StatementHeader(char delimiter, long recordIndex, long position, List<String> names,
		Map<ImportField, List<Integer>> columns, Set<ImportField> chosenByCaller) {

	/**
	 * How far down a header line is looked for: banks put a few lines of account data
	 * before it.
	 */
	static final int SEARCH_LINES = 30;

	private static final char[] DELIMITERS = { ';', ',', '\t', '|' };

	private static final Pattern SEP_LINE = Pattern.compile("(?i)\"?sep=(.)\"?\\s*");

	/**
	 * The text after Excel's {@code sep=} line, if any, and the delimiter it names (or
	 * the caller's).
	 *
	 * @param start where the data starts in the text
	 */
	record Body(String text, int start, @Nullable Character delimiter) {

		static Body of(String text, @Nullable Character forced) {
			int firstBreak = text.indexOf('\n');
			Matcher sep = SEP_LINE.matcher(firstBreak < 0 ? text : text.substring(0, firstBreak));
			if (!sep.matches()) {
				return new Body(text, 0, forced);
			}
			// Excel's "sep=;" line names the delimiter; it is no part of the data.
			int start = firstBreak < 0 ? text.length() : firstBreak + 1;
			return new Body(text.substring(start), start, forced != null ? forced : sep.group(1).charAt(0));
		}

	}

	/** The header of the body, or a 400 naming {@code columns} or {@code file}. */
	static StatementHeader find(Body body, Map<ImportField, String> requested) {
		StatementHeader best = null;
		Character forced = body.delimiter();
		for (char delimiter : forced != null ? new char[] { forced } : DELIMITERS) {
			StatementHeader found = withDelimiter(body.text(), delimiter, requested);
			if (found != null && (best == null || found.mapped() > best.mapped())) {
				best = found;
			}
		}
		if (best != null) {
			return best;
		}
		List<String> named = requested.values().stream().filter(name -> !name.isEmpty()).toList();
		if (!named.isEmpty()) {
			throw InvalidRequest.of("columns",
					"no line among the first " + SEARCH_LINES + " of the file "
							+ (forced != null ? "(split at '" + printable(forced) + "') " : "") + "holds the columns "
							+ String.join(", ", named) + " together with a date and an amount column");
		}
		throw InvalidRequest.of("file", "não tem linha de cabeçalho nas primeiras " + SEARCH_LINES + " linhas"
				+ (forced != null ? " (separadas por '" + printable(forced) + "')" : "")
				+ ": é preciso uma coluna de data (Data, Data Lançamento, Date…) e uma de valor (Valor, Amount…) "
				+ "ou colunas de crédito e débito (Crédito, Débito); nomeie as suas com a opção columns, por exemplo "
				+ "{\"transaction_date\":\"Dt. Mov.\",\"amount\":\"Valor R$\"}");
	}

	/** How Apache Commons CSV splits the records at this delimiter. */
	static CSVFormat format(char delimiter) {
		return CSVFormat.DEFAULT.builder()
			.setDelimiter(delimiter)
			.setIgnoreEmptyLines(false)
			.setIgnoreSurroundingSpaces(true)
			.setTrim(true)
			.setTrailingData(true)
			.get();
	}

	/** Each field and the header(s) of its column(s), joined with {@code " + "}. */
	Map<ImportField, String> described(Map<ImportField, List<Integer>> used) {
		Map<ImportField, String> described = new LinkedHashMap<>();
		used.forEach((field, indexes) -> described.put(field,
				indexes.stream().map(this.names::get).collect(Collectors.joining(" + "))));
		return described;
	}

	/** The named columns no field is read from. */
	List<String> ignoredColumns(Map<ImportField, List<Integer>> used) {
		Set<Integer> usedColumns = used.values().stream().flatMap(List::stream).collect(Collectors.toSet());
		List<String> ignored = new ArrayList<>();
		for (int column = 0; column < this.names.size(); column++) {
			if (!usedColumns.contains(column) && !this.names.get(column).isEmpty()) {
				ignored.add(this.names.get(column));
			}
		}
		return ignored;
	}

	private int mapped() {
		return this.columns.values().stream().mapToInt(List::size).sum();
	}

	private static @Nullable StatementHeader withDelimiter(String body, char delimiter,
			Map<ImportField, String> requested) {
		try (CSVParser parser = CSVParser.parse(new StringReader(body), format(delimiter))) {
			Iterator<CSVRecord> records = parser.iterator();
			for (long index = 0; index < SEARCH_LINES && records.hasNext(); index++) {
				CSVRecord record = records.next();
				StatementHeader header = mapColumns(delimiter, index, record.getCharacterPosition(), record.toList(),
						requested);
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
	private static @Nullable StatementHeader mapColumns(char delimiter, long index, long position, List<String> names,
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
		return new StatementHeader(delimiter, index, position, names, columns, requested.keySet());
	}

	private static String printable(char delimiter) {
		return delimiter == '\t' ? "tab" : String.valueOf(delimiter);
	}

}
