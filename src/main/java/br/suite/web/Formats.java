package br.suite.web;

import java.math.BigDecimal;
import java.text.NumberFormat;
import java.time.Instant;
import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;

import br.suite.shared.DateTimes;

/**
 * How the pages write values for a Brazilian reader: dates dd/MM/yyyy, times in America/Sao_Paulo, money
 * {@code R$ 1.234,56}. Templates call it as {@code ${@fmt.date(x)}}.
 */
@Component("fmt")
class Formats {

	static final Locale BRAZIL = Locale.forLanguageTag("pt-BR");

	private static final DateTimeFormatter DATE = DateTimeFormatter.ofPattern("dd/MM/yyyy");

	private static final DateTimeFormatter DATE_TIME = DateTimeFormatter.ofPattern("dd/MM/yyyy HH:mm:ss")
		.withZone(DateTimes.BRAZIL);

	private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm:ss").withZone(DateTimes.BRAZIL);

	public String date(@Nullable LocalDate date) {
		return date == null ? "—" : DATE.format(date);
	}

	public String dateTime(@Nullable Instant instant) {
		return instant == null ? "—" : DATE_TIME.format(instant);
	}

	public String time(@Nullable Instant instant) {
		return instant == null ? "—" : TIME.format(instant);
	}

	/** {@code R$ 1.234,56}, with a minus sign for debits when {@code negative}. */
	public String money(@Nullable BigDecimal amount, boolean negative) {
		if (amount == null) {
			return "—";
		}
		NumberFormat format = NumberFormat.getCurrencyInstance(BRAZIL);
		String text = format.format(amount.abs()).replace('\u00a0', ' ');
		return negative ? "−" + text : text;
	}

	public String money(@Nullable BigDecimal amount) {
		return money(amount, false);
	}

	public String number(long value) {
		return NumberFormat.getIntegerInstance(BRAZIL).format(value);
	}

}
