package br.suite.web;

import java.math.BigDecimal;
import java.text.NumberFormat;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;

import br.suite.shared.DateTimes;

/**
 * How the pages write values for a Brazilian reader: dates dd/MM/yyyy, times in
 * America/Sao_Paulo, money {@code R$ 1.234,56}. Templates call it as
 * {@code ${@fmt.date(x)}}.
 */
@Component("fmt")
public class Formats {

	public static final Locale BRAZIL = Locale.forLanguageTag("pt-BR");

	private static final DateTimeFormatter DATE = DateTimeFormatter.ofPattern("dd/MM/yyyy");

	private static final DateTimeFormatter DATE_TIME = DateTimeFormatter.ofPattern("dd/MM/yyyy HH:mm:ss")
		.withZone(DateTimes.BRAZIL);

	private static final DateTimeFormatter LOCAL_DATE_TIME = DateTimeFormatter.ofPattern("dd/MM/yyyy HH:mm:ss");

	private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm:ss").withZone(DateTimes.BRAZIL);

	public String date(@Nullable LocalDate date) {
		return date == null ? "—" : DATE.format(date);
	}

	public String dateTime(@Nullable Instant instant) {
		return instant == null ? "—" : DATE_TIME.format(instant);
	}

	/**
	 * A time where it happened (a punch in its establishment's zone):
	 * {@code dd/MM/yyyy HH:mm:ss}, followed by the offset when it is not Brasília's at
	 * that instant, e.g. {@code 02/03/2026 07:58:00 (UTC−04:00)}.
	 */
	public String localDateTime(@Nullable OffsetDateTime time) {
		if (time == null) {
			return "—";
		}
		String text = LOCAL_DATE_TIME.format(time);
		ZoneOffset brasilia = DateTimes.BRAZIL.getRules().getOffset(time.toInstant());
		return time.getOffset().equals(brasilia) ? text : text + " (UTC"
				+ (time.getOffset().equals(ZoneOffset.UTC) ? "+00:00" : time.getOffset().getId()).replace('-', '\u2212')
				+ ")";
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
