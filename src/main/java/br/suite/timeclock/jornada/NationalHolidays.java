package br.suite.timeclock.jornada;

import java.time.LocalDate;
import java.time.MonthDay;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The national holidays of any year (reference §4): the fixed ones of Lei 662/1949 (as
 * worded by Lei 10.607/2002), 12 October (Lei 6.802/1980), 20 November from 2024 on (Lei
 * 14.759/2023) and Good Friday, Easter − 2 days (Lei 9.093/1995; treated as national, a
 * choice: it is observed in every municipality). Carnaval and Corpus Christi are pontos
 * facultativos, not holidays under federal law, and are not listed.
 */
public final class NationalHolidays {

	/** A built-in holiday with the law that makes it one. */
	public record Holiday(LocalDate date, String name, String law) {
	}

	private record Fixed(MonthDay day, String name, String law) {
	}

	private static final String LEI_662 = "Lei 662/1949 art. 1";

	private static final List<Fixed> FIXED = List.of(
			new Fixed(MonthDay.of(1, 1), "Confraternização Universal", LEI_662 + " (redação da Lei 10.607/2002)"),
			new Fixed(MonthDay.of(4, 21), "Tiradentes", LEI_662),
			new Fixed(MonthDay.of(5, 1), "Dia do Trabalho", LEI_662),
			new Fixed(MonthDay.of(9, 7), "Independência do Brasil", LEI_662),
			new Fixed(MonthDay.of(10, 12), "Nossa Senhora Aparecida", "Lei 6.802/1980"),
			new Fixed(MonthDay.of(11, 2), "Finados", LEI_662),
			new Fixed(MonthDay.of(11, 15), "Proclamação da República", LEI_662),
			new Fixed(MonthDay.of(12, 25), "Natal", LEI_662));

	/** The first year with 20 November (Lei 14.759/2023, published on 2023-12-22). */
	static final int CONSCIENCIA_NEGRA_SINCE = 2024;

	private NationalHolidays() {
	}

	/** The national holidays of {@code year}, by date. */
	public static List<Holiday> of(int year) {
		List<Holiday> holidays = new ArrayList<>();
		for (Fixed fixed : FIXED) {
			holidays.add(new Holiday(fixed.day().atYear(year), fixed.name(), fixed.law()));
		}
		holidays.add(new Holiday(easter(year).minusDays(2), "Sexta-feira da Paixão", "Lei 9.093/1995 art. 2"));
		if (year >= CONSCIENCIA_NEGRA_SINCE) {
			holidays.add(new Holiday(LocalDate.of(year, 11, 20), "Dia Nacional de Zumbi e da Consciência Negra",
					"Lei 14.759/2023"));
		}
		holidays.sort(Comparator.comparing(Holiday::date));
		return holidays;
	}

	/** Gregorian Easter Sunday (the anonymous / Meeus algorithm). */
	public static LocalDate easter(int year) {
		int a = year % 19;
		int b = year / 100;
		int c = year % 100;
		int d = b / 4;
		int e = b % 4;
		int f = (b + 8) / 25;
		int g = (b - f + 1) / 3;
		int h = (19 * a + b - d - g + 15) % 30;
		int i = c / 4;
		int k = c % 4;
		int l = (32 + 2 * e + 2 * i - h - k) % 7;
		int m = (a + 11 * h + 22 * l) / 451;
		int month = (h + l - 7 * m + 114) / 31;
		int day = (h + l - 7 * m + 114) % 31 + 1;
		return LocalDate.of(year, month, day);
	}

}
