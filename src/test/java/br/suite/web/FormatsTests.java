package br.suite.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.OffsetDateTime;

import org.junit.jupiter.api.Test;

/**
 * Times where they happened: a punch in Manaus reads in Manaus time, with its offset, one
 * in São Paulo without.
 */
class FormatsTests {

	private final Formats fmt = new Formats();

	@Test
	void aLocalTimeShowsItsOffsetOnlyWhenItIsNotBrasilias() {
		assertThat(this.fmt.localDateTime(OffsetDateTime.parse("2026-03-02T07:58:00-03:00")))
			.isEqualTo("02/03/2026 07:58:00");
		assertThat(this.fmt.localDateTime(OffsetDateTime.parse("2026-03-02T07:58:00-04:00")))
			.isEqualTo("02/03/2026 07:58:00 (UTC\u221204:00)");
		assertThat(this.fmt.localDateTime(OffsetDateTime.parse("2026-03-02T07:58:00-05:00")))
			.isEqualTo("02/03/2026 07:58:00 (UTC\u221205:00)");
		assertThat(this.fmt.localDateTime(OffsetDateTime.parse("2026-03-02T07:58:00Z")))
			.isEqualTo("02/03/2026 07:58:00 (UTC+00:00)");
		assertThat(this.fmt.localDateTime(null)).isEqualTo("—");
	}

	@Test
	void moneyNeverBreaksBetweenTheSignAndTheNumber() {
		assertThat(this.fmt.money(new java.math.BigDecimal("1234.56"))).isEqualTo("R$\u00a01.234,56");
		assertThat(this.fmt.money(new java.math.BigDecimal("389.90"), true)).isEqualTo("−R$\u00a0389,90");
		assertThat(this.fmt.money(null)).isEqualTo("—");
	}

	@Test
	void monthsAreWrittenOneWayAndReadEitherWay() {
		assertThat(this.fmt.month("2026-03")).isEqualTo("03/2026");
		assertThat(this.fmt.month(java.time.YearMonth.of(2026, 11))).isEqualTo("11/2026");
		assertThat(FormInput.month("month", "03/2026")).isEqualTo(java.time.YearMonth.of(2026, 3));
		assertThat(FormInput.month("month", " 3/2026")).isEqualTo(java.time.YearMonth.of(2026, 3));
		assertThat(FormInput.month("month", "2026-03")).isEqualTo(java.time.YearMonth.of(2026, 3));
		assertThat(FormInput.month("month", "")).isNull();
		assertThat(FormInput.monthText(java.time.YearMonth.of(2026, 3))).isEqualTo("03/2026");
		for (String wrong : new String[] { "13/2026", "março", "2026-13" }) {
			org.assertj.core.api.Assertions.assertThatExceptionOfType(br.suite.shared.InvalidRequest.class)
				.isThrownBy(() -> FormInput.month("month", wrong));
		}
	}

}
