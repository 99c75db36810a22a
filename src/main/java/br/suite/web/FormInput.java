package br.suite.web;

import java.math.BigDecimal;
import java.time.DateTimeException;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.YearMonth;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.time.format.ResolverStyle;

import org.jspecify.annotations.Nullable;

import br.suite.shared.InvalidRequest;

/**
 * What people type into a form, read as a Brazilian writes it: dates dd/mm/aaaa, months
 * mm/aaaa, amounts 1.234,56, and a blank field as no value. A value that cannot be read
 * is refused as an {@link InvalidRequest} naming the field, with a key of the pages'
 * catalogue ({@code {form.day}}), which {@link FormErrors} shows next to the field in its
 * words.
 */
public final class FormInput {

	/** dd/MM/yyyy, strictly (no 31/02). */
	public static final DateTimeFormatter DAY = DateTimeFormatter.ofPattern("dd/MM/uuuu")
		.withResolverStyle(ResolverStyle.STRICT);

	private FormInput() {
	}

	/** The text without surrounding spaces, or {@code null} when blank. */
	public static @Nullable String blank(String value) {
		return value.isBlank() ? null : value.strip();
	}

	/** A date typed as dd/mm/aaaa, or {@code null} when blank. */
	public static @Nullable LocalDate day(String field, String value) {
		if (value.isBlank()) {
			return null;
		}
		try {
			return LocalDate.parse(value.strip(), DAY);
		}
		catch (DateTimeParseException ex) {
			throw InvalidRequest.of(field, "{form.day}");
		}
	}

	/** HH:mm, strictly (no 24:00). */
	public static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm")
		.withResolverStyle(ResolverStyle.STRICT);

	/**
	 * A moment typed as a day (dd/mm/aaaa) and a time (hh:mm) in two fields, or
	 * {@code null} when both are blank; refused at {@code field}.
	 */
	public static @Nullable LocalDateTime moment(String field, String day, String time) {
		if (day.isBlank() && time.isBlank()) {
			return null;
		}
		try {
			return LocalDateTime.of(LocalDate.parse(day.strip(), DAY), LocalTime.parse(time.strip(), TIME));
		}
		catch (DateTimeParseException ex) {
			throw InvalidRequest.of(field, "{form.moment}");
		}
	}

	/** MM/yyyy: how every page writes a month. */
	public static final DateTimeFormatter MONTH = DateTimeFormatter.ofPattern("MM/uuuu");

	/**
	 * A month typed as pages write it, mm/aaaa (03/2026, 3/2026), or as aaaa-mm;
	 * {@code null} when blank.
	 */
	public static @Nullable YearMonth month(String field, String value) {
		String text = value.strip();
		if (text.isEmpty()) {
			return null;
		}
		try {
			if (text.matches("\\d{1,2}/\\d{4}")) {
				int slash = text.indexOf('/');
				return YearMonth.of(Integer.parseInt(text.substring(slash + 1)),
						Integer.parseInt(text.substring(0, slash)));
			}
			return YearMonth.parse(text);
		}
		catch (DateTimeException ex) {
			throw InvalidRequest.of(field, "{form.month}");
		}
	}

	/** How a month is shown in a form field: mm/aaaa. */
	public static String monthText(YearMonth month) {
		return MONTH.format(month);
	}

	/** How a date is shown in a form field: dd/mm/aaaa, or empty. */
	public static String dayText(@Nullable LocalDate day) {
		return day == null ? "" : DAY.format(day);
	}

	/**
	 * An amount as a Brazilian types it in a form: 1.234,56 (R$ and spaces allowed);
	 * 1234.56 also works.
	 */
	public static @Nullable BigDecimal money(String field, String value) {
		String text = value.replace("R$", "").replaceAll("[\\s\\u00a0]", "");
		if (text.isEmpty()) {
			return null;
		}
		if (text.contains(",")) {
			text = text.replace(".", "").replace(',', '.');
		}
		else if (text.matches("\\d{1,3}(\\.\\d{3})+")) {
			text = text.replace(".", "");
		}
		if (!text.matches("-?\\d+(\\.\\d+)?")) {
			throw InvalidRequest.of(field, "{form.money}");
		}
		return new BigDecimal(text);
	}

	/** How an amount is shown in a form field: 1234,56. */
	public static String amountText(BigDecimal amount) {
		return amount.toPlainString().replace('.', ',');
	}

}
