package br.suite.imports.reader;

import java.math.BigDecimal;
import java.text.Normalizer;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.jspecify.annotations.Nullable;

import br.suite.shared.DateTimes;

/**
 * How Brazilian bank statements write one cell: amounts with decimal comma and thousands
 * dots ({@code -1.234,56}, {@code R$ 1.234,56 D}, {@code (1.234,56)}), day-first dates,
 * C/D and status words. Each reader returns the value or throws {@link CellProblem} with
 * the message a row error shows.
 */
public final class StatementValues {

	static final String CREDIT = "credit";

	static final String DEBIT = "debit";

	/** How a file writes the decimal part of money. */
	public enum Decimal {

		COMMA(',', "1.234,56"), POINT('.', "1,234.56");

		final char separator;

		final String example;

		Decimal(char separator, String example) {
			this.separator = separator;
			this.example = example;
		}

	}

	/** A cell that cannot be read; the message completes "column X: …". */
	public static final class CellProblem extends RuntimeException {

		CellProblem(String message) {
			super(message, null, false, false);
		}

	}

	/**
	 * A signed amount as the cell wrote it, and the direction a trailing
	 * {@code C}/{@code D} marker gave, if any.
	 */
	public record Amount(BigDecimal value, @Nullable String marker) {
	}

	/**
	 * A calendar date in São Paulo and, when the cell also had a time, the instant it
	 * names.
	 */
	public record DateValue(LocalDate date, @Nullable Instant instant, String format) {
	}

	private static final Pattern COMMA_AMOUNT = Pattern.compile("(\\d{1,3}(?:\\.\\d{3})+|\\d+)(?:,(\\d*))?");

	private static final Pattern POINT_AMOUNT = Pattern.compile("(\\d{1,3}(?:,\\d{3})+|\\d+)(?:\\.(\\d*))?");

	private static final Pattern COMMA_EVIDENCE = Pattern.compile("[\\d.]*\\d,\\d{1,2}");

	private static final Pattern POINT_EVIDENCE = Pattern.compile("[\\d,]*\\d\\.\\d{1,2}");

	private static final Pattern ISO_DATE = Pattern.compile("(\\d{4})-(\\d{2})-(\\d{2})");

	private static final Pattern ISO_DATE_TIME = Pattern
		.compile("(\\d{4}-\\d{2}-\\d{2})[T ](\\d{2}:\\d{2}(?::\\d{2}(?:\\.\\d{1,9})?)?)(Z|[+-]\\d{2}(?::?\\d{2})?)?");

	private static final Pattern DAY_FIRST = Pattern
		.compile("(\\d{1,2})([/.-])(\\d{1,2})\\2(\\d{4}|\\d{2})(?:[ T]+(\\d{1,2}:\\d{2}(?::\\d{2})?))?");

	private static final Pattern TIME = Pattern.compile("(\\d{1,2}):(\\d{2})(?::(\\d{2}))?");

	private static final Map<String, String> DIRECTIONS = Map.ofEntries(Map.entry("c", CREDIT), Map.entry("cr", CREDIT),
			Map.entry("cred", CREDIT), Map.entry("credito", CREDIT), Map.entry("creditos", CREDIT),
			Map.entry("credit", CREDIT), Map.entry("entrada", CREDIT), Map.entry("entradas", CREDIT),
			Map.entry("receita", CREDIT), Map.entry("recebimento", CREDIT), Map.entry("d", DEBIT),
			Map.entry("db", DEBIT), Map.entry("dr", DEBIT), Map.entry("deb", DEBIT), Map.entry("debito", DEBIT),
			Map.entry("debitos", DEBIT), Map.entry("debit", DEBIT), Map.entry("saida", DEBIT),
			Map.entry("saidas", DEBIT), Map.entry("despesa", DEBIT), Map.entry("pagamento", DEBIT));

	private static final Map<String, String> STATUSES = Map.ofEntries(Map.entry("settled", "settled"),
			Map.entry("efetivado", "settled"), Map.entry("efetivada", "settled"), Map.entry("efetuado", "settled"),
			Map.entry("efetuada", "settled"), Map.entry("liquidado", "settled"), Map.entry("liquidada", "settled"),
			Map.entry("compensado", "settled"), Map.entry("compensada", "settled"), Map.entry("concluido", "settled"),
			Map.entry("concluida", "settled"), Map.entry("realizado", "settled"), Map.entry("realizada", "settled"),
			Map.entry("confirmado", "settled"), Map.entry("confirmada", "settled"), Map.entry("pago", "settled"),
			Map.entry("paga", "settled"), Map.entry("posted", "settled"), Map.entry("pending", "pending"),
			Map.entry("pendente", "pending"), Map.entry("agendado", "pending"), Map.entry("agendada", "pending"),
			Map.entry("previsto", "pending"), Map.entry("prevista", "pending"), Map.entry("emprocessamento", "pending"),
			Map.entry("processando", "pending"), Map.entry("aguardando", "pending"), Map.entry("scheduled", "pending"),
			Map.entry("cancelled", "cancelled"), Map.entry("canceled", "cancelled"),
			Map.entry("cancelado", "cancelled"), Map.entry("cancelada", "cancelled"), Map.entry("reversed", "reversed"),
			Map.entry("estornado", "reversed"), Map.entry("estornada", "reversed"), Map.entry("estorno", "reversed"),
			Map.entry("devolvido", "reversed"), Map.entry("devolvida", "reversed"), Map.entry("devolucao", "reversed"),
			Map.entry("refunded", "reversed"));

	/**
	 * Lines that state a balance, not a movement: banks put them between and after the
	 * transactions.
	 */
	private static final Set<String> BALANCE_LINES = Set.of("saldo", "saldoanterior", "saldododia", "saldodia",
			"saldofinal", "saldoatual", "saldoinicial", "saldodisponivel", "saldototal", "saldoemconta", "total",
			"totais", "totalgeral");

	private StatementValues() {
	}

	/**
	 * The comparable form of a header or a word: without accents, case, spaces and
	 * punctuation ({@code "Valor (R$)"} → {@code "valorr"}, {@code "Nº Documento"} →
	 * {@code "nodocumento"}).
	 */
	public static String key(String text) {
		String plain = Normalizer.normalize(text, Normalizer.Form.NFKD)
			.replaceAll("\\p{M}", "")
			.toLowerCase(Locale.ROOT);
		StringBuilder key = new StringBuilder(plain.length());
		for (int i = 0; i < plain.length(); i++) {
			char c = plain.charAt(i);
			if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')) {
				key.append(c);
			}
		}
		return key.toString();
	}

	/**
	 * Reads a signed amount. A minus sign (before or after the number), parentheses or a
	 * trailing {@code D} make it a debit; {@code R$} and spaces are ignored; thousands
	 * separators must be in their places.
	 */
	public static Amount amount(String cell, Decimal decimal) {
		String text = cell.replace('\u00a0', ' ').strip();
		String marker = null;
		if (text.length() > 1) {
			char last = Character.toUpperCase(text.charAt(text.length() - 1));
			String before = text.substring(0, text.length() - 1).stripTrailing();
			if ((last == 'C' || last == 'D') && !before.isEmpty()
					&& (Character.isDigit(before.charAt(before.length() - 1)) || before.endsWith(")"))) {
				marker = last == 'C' ? CREDIT : DEBIT;
				text = before;
			}
		}
		boolean negative = false;
		if (text.startsWith("(") && text.endsWith(")")) {
			negative = true;
			text = text.substring(1, text.length() - 1).strip();
		}
		boolean changed = true;
		while (changed) {
			changed = false;
			String upper = text.toUpperCase(Locale.ROOT);
			if (upper.startsWith("R$") || upper.startsWith("BRL")) {
				text = text.substring(upper.startsWith("R$") ? 2 : 3).strip();
				changed = true;
			}
			else if (text.startsWith("-") || text.startsWith("+")) {
				negative |= text.charAt(0) == '-';
				text = text.substring(1).strip();
				changed = true;
			}
			else if (text.endsWith("-") || text.endsWith("+")) {
				negative |= text.charAt(text.length() - 1) == '-';
				text = text.substring(0, text.length() - 1).strip();
				changed = true;
			}
		}
		Matcher number = (decimal == Decimal.COMMA ? COMMA_AMOUNT : POINT_AMOUNT).matcher(text);
		if (!number.matches()) {
			throw new CellProblem(
					"is not an amount written like " + decimal.example + " (got \"" + cell.strip() + "\")");
		}
		String integer = number.group(1).replace(decimal == Decimal.COMMA ? "." : ",", "");
		String fraction = number.group(2) == null ? "" : number.group(2);
		if (fraction.length() > 2 && !fraction.substring(2).chars().allMatch(c -> c == '0')) {
			throw new CellProblem("has more than two decimals (got \"" + cell.strip() + "\")");
		}
		if (negative && CREDIT.equals(marker)) {
			throw new CellProblem("is negative but marked C (credit) (got \"" + cell.strip() + "\")");
		}
		BigDecimal value = new BigDecimal(fraction.isEmpty() ? integer : integer + "." + fraction);
		return new Amount(negative ? value.negate() : value, marker);
	}

	/**
	 * Which decimal separator a cell shows beyond doubt: {@code 1.234,56} or {@code 10,5}
	 * say comma, {@code 1,234.56} or {@code 10.50} say point; {@code 1.234} or
	 * {@code 100} say nothing.
	 */
	public static @Nullable Decimal decimalShownBy(String cell) {
		StringBuilder core = new StringBuilder(cell.length());
		for (int i = 0; i < cell.length(); i++) {
			char c = cell.charAt(i);
			if (Character.isDigit(c) || c == ',' || c == '.') {
				core.append(c);
			}
		}
		if (COMMA_EVIDENCE.matcher(core).matches()) {
			return Decimal.COMMA;
		}
		return POINT_EVIDENCE.matcher(core).matches() ? Decimal.POINT : null;
	}

	/**
	 * The decimal separator a file's amount cells show most, or when they tie, the one
	 * that goes with the delimiter (point for {@code ,}, comma otherwise).
	 */
	static Decimal decimalOf(Iterable<String> amountCells, char delimiter) {
		int comma = 0;
		int point = 0;
		for (String cell : amountCells) {
			Decimal shown = decimalShownBy(cell);
			if (shown == Decimal.COMMA) {
				comma++;
			}
			else if (shown == Decimal.POINT) {
				point++;
			}
		}
		if (comma != point) {
			return comma > point ? Decimal.COMMA : Decimal.POINT;
		}
		return delimiter == ',' ? Decimal.POINT : Decimal.COMMA;
	}

	/**
	 * Reads a date: ISO ({@code 2026-03-05}, also with a time and offset) or day first,
	 * as Brazil writes it ({@code 05/03/2026}, {@code 5/3/26}, {@code 05-03-2026},
	 * {@code 05.03.2026}, optionally followed by {@code HH:mm[:ss]} in São Paulo time).
	 */
	public static DateValue date(String cell) {
		String text = cell.strip();
		try {
			Matcher iso = ISO_DATE.matcher(text);
			if (iso.matches()) {
				return new DateValue(checked(Integer.parseInt(iso.group(1)), Integer.parseInt(iso.group(2)),
						Integer.parseInt(iso.group(3))), null, "yyyy-MM-dd");
			}
			Matcher dateTime = ISO_DATE_TIME.matcher(text);
			if (dateTime.matches()) {
				Instant instant = isoInstant(dateTime.group(1), dateTime.group(2), dateTime.group(3));
				LocalDate date = instant.atZone(DateTimes.BRAZIL).toLocalDate();
				checked(date.getYear(), date.getMonthValue(), date.getDayOfMonth());
				return new DateValue(date, instant, "ISO 8601 date-time");
			}
			Matcher dayFirst = DAY_FIRST.matcher(text);
			if (dayFirst.matches()) {
				String year = dayFirst.group(4);
				String separator = dayFirst.group(2);
				LocalDate date = checked(year.length() == 2 ? 2000 + Integer.parseInt(year) : Integer.parseInt(year),
						Integer.parseInt(dayFirst.group(3)), Integer.parseInt(dayFirst.group(1)));
				String format = "dd" + separator + "MM" + separator + (year.length() == 2 ? "yy" : "yyyy");
				if (dayFirst.group(5) == null) {
					return new DateValue(date, null, format);
				}
				LocalTime time = time(dayFirst.group(5));
				return new DateValue(date, date.atTime(time).atZone(DateTimes.BRAZIL).toInstant(),
						format + (dayFirst.group(5).length() > 5 ? " HH:mm:ss" : " HH:mm"));
			}
		}
		catch (DateTimeException | CellProblem ex) {
			throw new CellProblem("is not a valid date (got \"" + text + "\")");
		}
		throw new CellProblem("is not a date written like 31/12/2026 or 2026-12-31 (got \"" + text + "\")");
	}

	/** Reads a time of day in São Paulo, {@code HH:mm} or {@code HH:mm:ss}. */
	public static LocalTime time(String cell) {
		Matcher time = TIME.matcher(cell.strip());
		if (!time.matches()) {
			throw new CellProblem("is not a time written like 14:30 or 14:30:15 (got \"" + cell.strip() + "\")");
		}
		try {
			return LocalTime.of(Integer.parseInt(time.group(1)), Integer.parseInt(time.group(2)),
					time.group(3) == null ? 0 : Integer.parseInt(time.group(3)));
		}
		catch (DateTimeException ex) {
			throw new CellProblem("is not a valid time (got \"" + cell.strip() + "\")");
		}
	}

	/**
	 * {@code credit} or {@code debit} for the words statements use (C, D, Crédito,
	 * Débito, Entrada, Saída…).
	 */
	public static @Nullable String direction(String cell) {
		String text = cell.strip();
		if (text.equals("+")) {
			return CREDIT;
		}
		if (text.equals("-")) {
			return DEBIT;
		}
		return DIRECTIONS.get(key(text));
	}

	/**
	 * A transaction status for the words statements use (Efetivado, Agendado,
	 * Estornado…); blank is settled.
	 */
	public static @Nullable String status(String cell) {
		String key = key(cell);
		return key.isEmpty() ? "settled" : STATUSES.get(key);
	}

	/**
	 * Whether a line states a balance ("Saldo anterior", "S A L D O", "Total") rather
	 * than a movement.
	 */
	public static boolean isBalanceLine(String description) {
		return BALANCE_LINES.contains(key(description));
	}

	private static LocalDate checked(int year, int month, int day) {
		if (year < 1900 || year > 2999) {
			throw new CellProblem("year out of range");
		}
		return LocalDate.of(year, month, day);
	}

	private static Instant isoInstant(String date, String time, @Nullable String offset) {
		try {
			if (offset == null) {
				return LocalDateTime.parse(date + "T" + time).atZone(DateTimes.BRAZIL).toInstant();
			}
			String zone = offset;
			if (zone.length() == 5) {
				zone = zone.substring(0, 3) + ":" + zone.substring(3);
			}
			else if (zone.length() == 3) {
				zone = zone + ":00";
			}
			return OffsetDateTime.parse(date + "T" + time + zone).toInstant();
		}
		catch (DateTimeParseException ex) {
			throw new CellProblem("invalid date-time");
		}
	}

}
