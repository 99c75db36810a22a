package br.suite.imports;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;

import org.junit.jupiter.api.Test;

import br.suite.imports.reader.StatementValues;
import br.suite.imports.reader.StatementValues.CellProblem;
import br.suite.imports.reader.StatementValues.Decimal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class StatementValuesTests {

	@Test
	void readsBrazilianAmountsWithTheirSigns() {
		assertAmount("1.234,56", Decimal.COMMA, "1234.56", null);
		assertAmount("-1.234,56", Decimal.COMMA, "-1234.56", null);
		assertAmount("1.234,56-", Decimal.COMMA, "-1234.56", null);
		assertAmount("(1.234,56)", Decimal.COMMA, "-1234.56", null);
		assertAmount("R$ 1.234.567,8", Decimal.COMMA, "1234567.8", null);
		assertAmount("-R$ 5,00", Decimal.COMMA, "-5.00", null);
		assertAmount("R$ -5,00", Decimal.COMMA, "-5.00", null);
		assertAmount("1.234,56 D", Decimal.COMMA, "1234.56", "debit");
		assertAmount("1.234,56C", Decimal.COMMA, "1234.56", "credit");
		assertAmount("1.234", Decimal.COMMA, "1234", null);
		assertAmount("10", Decimal.COMMA, "10", null);
		assertAmount("\u00a01.000,00\u00a0", Decimal.COMMA, "1000.00", null);
		assertAmount("1,234.56", Decimal.POINT, "1234.56", null);
		assertAmount("-12.34", Decimal.POINT, "-12.34", null);
		assertAmount("250.5", Decimal.POINT, "250.5", null);
		assertAmount("1,500", Decimal.COMMA, "1.500", null);
	}

	@Test
	void refusesAmountsThatAreNotWhereTheirSeparatorsSay() {
		for (String bad : new String[] { "12,3,4", "1.23", "1.2345,00", "abc", "1,234.56", "R$", "--" }) {
			assertThatThrownBy(() -> StatementValues.amount(bad, Decimal.COMMA)).as(bad)
				.isInstanceOf(CellProblem.class)
				.hasMessageContaining("1.234,56");
		}
		assertThatThrownBy(() -> StatementValues.amount("1,239", Decimal.COMMA)).hasMessageContaining("two decimals");
		assertThatThrownBy(() -> StatementValues.amount("1,234", Decimal.COMMA)).hasMessageContaining("two decimals");
		assertThatThrownBy(() -> StatementValues.amount("-5,00 C", Decimal.COMMA)).hasMessageContaining("marked C");
		assertThatThrownBy(() -> StatementValues.amount("1.234,56", Decimal.POINT)).hasMessageContaining("1,234.56");
	}

	@Test
	void tellsTheDecimalSeparatorOnlyWhenACellShowsIt() {
		assertThat(StatementValues.decimalShownBy("1.234,56")).isEqualTo(Decimal.COMMA);
		assertThat(StatementValues.decimalShownBy("-10,5")).isEqualTo(Decimal.COMMA);
		assertThat(StatementValues.decimalShownBy("R$ 1,234.56")).isEqualTo(Decimal.POINT);
		assertThat(StatementValues.decimalShownBy("10.50")).isEqualTo(Decimal.POINT);
		assertThat(StatementValues.decimalShownBy("1.234")).isNull();
		assertThat(StatementValues.decimalShownBy("100")).isNull();
	}

	@Test
	void readsDayFirstAndIsoDatesWithOptionalTimesInSaoPaulo() {
		assertThat(StatementValues.date("05/03/2026").date()).isEqualTo(LocalDate.of(2026, 3, 5));
		assertThat(StatementValues.date("5/3/26").date()).isEqualTo(LocalDate.of(2026, 3, 5));
		assertThat(StatementValues.date("05-03-2026").format()).isEqualTo("dd-MM-yyyy");
		assertThat(StatementValues.date("05.03.2026").date()).isEqualTo(LocalDate.of(2026, 3, 5));
		assertThat(StatementValues.date("2026-03-05").format()).isEqualTo("yyyy-MM-dd");
		StatementValues.DateValue withTime = StatementValues.date("05/03/2026 14:30");
		assertThat(withTime.instant()).isEqualTo(Instant.parse("2026-03-05T17:30:00Z"));
		// 2019-01-10 was summer time in São Paulo: 09:00 there was 11:00 UTC.
		assertThat(StatementValues.date("10/01/2019 09:00:00").instant())
			.isEqualTo(Instant.parse("2019-01-10T11:00:00Z"));
		StatementValues.DateValue late = StatementValues.date("2026-03-06T01:30:00Z");
		assertThat(late.date()).as("the calendar day in São Paulo").isEqualTo(LocalDate.of(2026, 3, 5));
		assertThat(StatementValues.date("2026-03-05T10:00:00-0300").instant())
			.isEqualTo(Instant.parse("2026-03-05T13:00:00Z"));
		for (String bad : new String[] { "31/02/2026", "2026-02-30", "13/13/2026", "03/15/2026", "ontem", "",
				"05/03/1800" }) {
			assertThatThrownBy(() -> StatementValues.date(bad)).as(bad).isInstanceOf(CellProblem.class);
		}
	}

	@Test
	void readsDirectionAndStatusWords() {
		for (String credit : new String[] { "C", "c", "Crédito", "CREDITO", "Entrada", "+", "credit" }) {
			assertThat(StatementValues.direction(credit)).as(credit).isEqualTo("credit");
		}
		for (String debit : new String[] { "D", "Débito", "Saída", "SAIDA", "-", "debit" }) {
			assertThat(StatementValues.direction(debit)).as(debit).isEqualTo("debit");
		}
		assertThat(StatementValues.direction("PIX")).isNull();
		assertThat(StatementValues.status("Efetivado")).isEqualTo("settled");
		assertThat(StatementValues.status("")).isEqualTo("settled");
		assertThat(StatementValues.status("Agendado")).isEqualTo("pending");
		assertThat(StatementValues.status("ESTORNADO")).isEqualTo("reversed");
		assertThat(StatementValues.status("Cancelada")).isEqualTo("cancelled");
		assertThat(StatementValues.status("talvez")).isNull();
		assertThat(StatementValues.time("9:05")).isEqualTo(LocalTime.of(9, 5));
	}

	@Test
	void comparesHeadersWithoutAccentsCaseOrPunctuation() {
		assertThat(StatementValues.key("Descrição")).isEqualTo("descricao");
		assertThat(StatementValues.key("Valor (R$)")).isEqualTo("valorr");
		assertThat(StatementValues.key("Nº Documento")).isEqualTo("nodocumento");
		assertThat(StatementValues.key(" D/C ")).isEqualTo("dc");
		assertThat(StatementValues.isBalanceLine("S A L D O")).isTrue();
		assertThat(StatementValues.isBalanceLine("Saldo Anterior")).isTrue();
		assertThat(StatementValues.isBalanceLine("Saldo devedor - juros")).isFalse();
	}

	private static void assertAmount(String cell, Decimal decimal, String value, String marker) {
		StatementValues.Amount amount = StatementValues.amount(cell, decimal);
		assertThat(amount.value()).as(cell).isEqualByComparingTo(new BigDecimal(value));
		assertThat(amount.marker()).as(cell).isEqualTo(marker);
	}

}
