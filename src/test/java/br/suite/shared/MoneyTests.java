package br.suite.shared;

import java.math.BigDecimal;

import org.junit.jupiter.api.Test;

import tools.jackson.databind.annotation.JsonDeserialize;
import tools.jackson.databind.annotation.JsonSerialize;
import tools.jackson.databind.exc.MismatchedInputException;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class MoneyTests {

	record Priced(
			@JsonSerialize(using = Money.Writer.class) @JsonDeserialize(using = Money.Reader.class) BigDecimal amount) {
	}

	private final JsonMapper json = JsonMapper.builder().build();

	@Test
	void writesTwoDecimalStrings() {
		assertThat(this.json.writeValueAsString(new Priced(new BigDecimal("1234.5"))))
			.isEqualTo("{\"amount\":\"1234.50\"}");
		assertThat(this.json.writeValueAsString(new Priced(new BigDecimal("0")))).isEqualTo("{\"amount\":\"0.00\"}");
	}

	@Test
	void readsStringsAndNumbersExactly() {
		assertThat(read("\"1234.5\"")).isEqualByComparingTo("1234.50");
		assertThat(read("0.1")).isEqualTo(new BigDecimal("0.10"));
		assertThat(read("12")).isEqualTo(new BigDecimal("12.00"));
		assertThat(read("\" 7.25 \"")).isEqualTo(new BigDecimal("7.25"));
	}

	@Test
	void refusesMoreThanTwoDecimalsExponentsAndText() {
		for (String bad : new String[] { "\"1.234\"", "1.234", "1e3", "\"1e3\"", "\"NaN\"", "\"abc\"", "\"\"", "true",
				"\"1,50\"", "\"9999999999999.00\"", "\"Infinity\"", "\"0x10\"" }) {
			assertThatThrownBy(() -> read(bad)).as(bad).isInstanceOf(MismatchedInputException.class);
		}
	}

	private BigDecimal read(String value) {
		return this.json.readValue("{\"amount\":" + value + "}", Priced.class).amount();
	}

}
