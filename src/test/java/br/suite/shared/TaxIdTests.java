package br.suite.shared;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import br.suite.shared.documents.InvalidTaxId;
import br.suite.shared.documents.InvalidTaxId.Reason;
import br.suite.shared.documents.TaxId;
import br.suite.shared.documents.TaxId.Kind;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.NullAndEmptySource;
import org.junit.jupiter.params.provider.ValueSource;

class TaxIdTests {

	@ParameterizedTest
	@CsvSource({ "123.456.789-09,     12345678909,    CPF,  123.456.789-09",
			"111.444.777-35,     11144477735,    CPF,  111.444.777-35",
			"11.222.333/0001-81, 11222333000181, CNPJ, 11.222.333/0001-81",
			"12.ABC.345/01DE-35, 12ABC34501DE35, CNPJ, 12.ABC.345/01DE-35",
			"Q2.GRO.WP7/0001-85, Q2GROWP7000185, CNPJ, Q2.GRO.WP7/0001-85",
			"6A3EDMWP000168,     6A3EDMWP000168, CNPJ, 6A.3ED.MWP/0001-68", })
	void acceptsOfficialVectors(String input, String value, Kind kind, String formatted) {
		TaxId id = TaxId.parse(input);

		assertThat(id.value()).isEqualTo(value);
		assertThat(id.kind()).isEqualTo(kind);
		assertThat(id.formatted()).isEqualTo(formatted);
		assertThat(id).hasToString(value);
		assertThat(TaxId.isValid(input)).isTrue();
	}

	@Test
	void referenceImplementationAgreesWithOfficialVectors() {
		assertThat(Reference.isValidCpf("12345678909")).isTrue();
		assertThat(Reference.isValidCpf("11144477735")).isTrue();
		assertThat(Reference.isValidCnpj("11222333000181")).isTrue();
		assertThat(Reference.isValidCnpj("12ABC34501DE35")).isTrue();
		assertThat(Reference.isValidCnpj("Q2GROWP7000185")).isTrue();
		assertThat(Reference.isValidCnpj("6A3EDMWP000168")).isTrue();
	}

	@ParameterizedTest
	@CsvSource({ "12.abc.345/01de-35, 12ABC34501DE35", "q2.gro.wp7/0001-85, Q2GROWP7000185",
			"6a3edmwp000168,     6A3EDMWP000168", "'  12 AbC 345 01dE 35 ', 12ABC34501DE35", })
	void acceptsLowerCaseAndNormalisesToUpperCase(String input, String value) {
		assertThat(TaxId.parse(input).value()).isEqualTo(value);
	}

	@ParameterizedTest
	@ValueSource(strings = { "123 456 789 09", " 123.456.789-09 ", "123456789-09", "123.456.789/09",
			"123\t456\u00A0789-09" })
	void ignoresPunctuationAndWhitespace(String input) {
		assertThat(TaxId.parse(input).value()).isEqualTo("12345678909");
	}

	@Test
	void rejectsEveryRepeatedDigitCpfAndCnpj() {
		for (char d = '0'; d <= '9'; d++) {
			String cpf = String.valueOf(d).repeat(11);
			String cnpj = String.valueOf(d).repeat(14);
			assertThatThrownBy(() -> TaxId.parse(cpf)).isInstanceOf(InvalidTaxId.class)
				.hasMessageContaining("repeated")
				.extracting(e -> ((InvalidTaxId) e).reason())
				.isEqualTo(Reason.REPEATED_DIGITS);
			assertThatThrownBy(() -> TaxId.parse(cnpj)).isInstanceOf(InvalidTaxId.class)
				.hasMessageContaining("repeated")
				.extracting(e -> ((InvalidTaxId) e).reason())
				.isEqualTo(Reason.REPEATED_DIGITS);
		}
		assertThat(TaxId.isValid("000.000.000-00")).isFalse();
		assertThat(TaxId.isValid("00.000.000/0000-00")).isFalse();
	}

	@Test
	void repeatedDigitStringsWouldOtherwisePassTheCheckDigits() {
		// Documents why the explicit rule exists: the formula alone accepts these.
		assertThat(TaxId.cpfCheckDigits("111111111")).isEqualTo("11");
		assertThat(TaxId.cnpjCheckDigits("000000000000")).isEqualTo("00");
	}

	@ParameterizedTest
	@CsvSource({ "123.456.789-0A, CHARACTERS, position 11", "12345678A09,    CHARACTERS, position 9",
			"1234567890,     LENGTH,     but has 10", "123456789012,   LENGTH,     but has 12",
			"123456789012345,LENGTH,     but has 15", "123.456.789-08, CHECK_DIGITS, check digits 08",
			"111.444.777-53, CHECK_DIGITS, check digits 53", "12.ABC.345/01DE-3A, CHARACTERS, position 14",
			"12.ABC.345/01DE-36, CHECK_DIGITS, check digits 36", "11.222.333/0001-82, CHECK_DIGITS, check digits 82",
			"12.ÁBC.345/01DE-35, CHARACTERS, position 3", "12_ABC_345_01DE_35, LENGTH,     but has 18",
			"12.AB*.345/01DE-35, CHARACTERS, '*'", })
	void rejectsWithAReasonAndAMessageThatSaysWhatIsWrong(String input, Reason reason, String hint) {
		assertThatThrownBy(() -> TaxId.parse(input)).isInstanceOf(InvalidTaxId.class)
			.hasMessageContaining(hint)
			.extracting(e -> ((InvalidTaxId) e).reason())
			.isEqualTo(reason);
		assertThat(TaxId.isValid(input)).isFalse();
	}

	@Test
	void cpfIsNumericOnlyEvenWhenTheLettersWouldFitTheCnpjRule() {
		assertThatThrownBy(() -> TaxId.parse("1234567890A")).isInstanceOf(InvalidTaxId.class)
			.hasMessageContaining("CPF must contain only digits");
	}

	@Test
	void doesNotLetLocaleSensitiveLettersThrough() {
		// 'ß'.toUpperCase() is "SS" and would change the length; 'ı' upper-cases to 'I'.
		assertThat(TaxId.isValid("12ABC3450ßDE35")).isFalse();
		assertThat(TaxId.isValid("12ABC34501DE35".replace('A', 'ı'))).isFalse();
	}

	@ParameterizedTest
	@NullAndEmptySource
	@ValueSource(strings = { "   ", ".-/", " . - / " })
	void rejectsMissingInput(String input) {
		assertThatThrownBy(() -> TaxId.parse(input)).isInstanceOf(InvalidTaxId.class)
			.extracting(e -> ((InvalidTaxId) e).reason())
			.isEqualTo(Reason.EMPTY);
		assertThat(TaxId.isValid(input)).isFalse();
	}

	@Test
	void equalityIsByCanonicalValue() {
		assertThat(TaxId.parse("111.444.777-35")).isEqualTo(TaxId.parse("11144477735"));
		assertThat(TaxId.parse("12.abc.345/01de-35")).isEqualTo(TaxId.parse("12ABC34501DE35"))
			.hasSameHashCodeAs(TaxId.parse("12ABC34501DE35"));
		assertThat(TaxId.parse("11144477735")).isNotEqualTo(TaxId.parse("12345678909"));
	}

	@Test
	void checkDigitHelpersMatchOfficialVectors() {
		assertThat(TaxId.cpfCheckDigits("123456789")).isEqualTo("09");
		assertThat(TaxId.cnpjCheckDigits("12ABC34501DE")).isEqualTo("35");
		assertThatThrownBy(() -> TaxId.cnpjCheckDigits("12abc34501de")).isInstanceOf(IllegalArgumentException.class);
		assertThatThrownBy(() -> TaxId.cpfCheckDigits("12345678")).isInstanceOf(IllegalArgumentException.class);
	}

	/*
	 * The official algorithms cannot catch every single-character typo. These tests pin
	 * the limits so nobody "fixes" the validator into disagreeing with Receita Federal.
	 */

	@Test
	void alphanumericCnpjCannotDetectSwapsOfCharactersCongruentMod11() {
		// v('0') = 0 and v('F') = 22, v('1') = 1 and v('G') = 18: same remainder mod 11.
		assertThat(TaxId.isValid("12.ABC.345/F1DE-35")).isTrue();
		assertThat(TaxId.isValid("G2.ABC.345/01DE-35")).isTrue();
		assertThat(TaxId.isValid("12.ABC.345/0GDE-35")).isTrue();
	}

	@Test
	void numericIdsHaveRareUndetectedSubstitutionsWhereTheRemainderFoldsFrom1To0() {
		// r < 2 maps both remainders 0 and 1 to digit 0, so one substitution can keep
		// both DVs.
		assertThat(TaxId.isValid("700.570.382-01")).isTrue();
		assertThat(TaxId.isValid("600.570.382-01")).isTrue();
	}

	@Test
	void theRecordsConstructorChecksWhatParseChecks() {
		assertThat(new TaxId("11144477735", Kind.CPF)).isEqualTo(TaxId.parse("111.444.777-35"))
			.hasSameHashCodeAs(TaxId.parse("11144477735"))
			.hasToString("11144477735");
		assertThatThrownBy(() -> new TaxId("11144477736", Kind.CPF)).isInstanceOfSatisfying(InvalidTaxId.class,
				ex -> assertThat(ex.reason()).isEqualTo(Reason.CHECK_DIGITS));
		assertThatThrownBy(() -> new TaxId("111.444.777-35", Kind.CPF)).isInstanceOf(InvalidTaxId.class);
		assertThatThrownBy(() -> new TaxId("11144477735", Kind.CNPJ)).isInstanceOf(InvalidTaxId.class);
		assertThatThrownBy(() -> new TaxId(null, Kind.CPF)).isInstanceOfSatisfying(InvalidTaxId.class,
				ex -> assertThat(ex.reason()).isEqualTo(Reason.EMPTY));
	}

}
