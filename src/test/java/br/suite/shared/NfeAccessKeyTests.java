package br.suite.shared;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import br.suite.shared.documents.InvalidAccessKey;
import br.suite.shared.documents.InvalidAccessKey.Reason;
import br.suite.shared.documents.NfeAccessKey;
import br.suite.shared.documents.TaxId;
import java.time.YearMonth;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.NullAndEmptySource;
import org.junit.jupiter.params.provider.ValueSource;

class NfeAccessKeyTests {

	private static final String NFCE_AM = "13181017921427000125650010000000309887251170";

	private static final String NFE_RJ = "33150308370779000149550010001100931002410775";

	@Test
	void decodesTheNfceVector() {
		NfeAccessKey key = NfeAccessKey.parse(NFCE_AM);

		assertThat(key.value()).isEqualTo(NFCE_AM);
		assertThat(key.ufCode()).isEqualTo(13);
		assertThat(key.yearMonth()).isEqualTo(YearMonth.of(2018, 10));
		assertThat(key.issuerId()).isEqualTo("17921427000125");
		assertThat(key.model()).isEqualTo(65);
		assertThat(key.series()).isEqualTo(1);
		assertThat(key.number()).isEqualTo(30L);
		assertThat(key.emissionType()).isEqualTo(9);
		assertThat(key.randomCode()).isEqualTo("88725117");
		assertThat(key.checkDigit()).isZero();
		assertThat(key).hasToString(NFCE_AM);
	}

	@Test
	void decodesTheNfeVector() {
		NfeAccessKey key = NfeAccessKey.parse(NFE_RJ);

		assertThat(key.ufCode()).isEqualTo(33);
		assertThat(key.yearMonth()).isEqualTo(YearMonth.of(2015, 3));
		assertThat(key.issuerId()).isEqualTo("08370779000149");
		assertThat(key.model()).isEqualTo(55);
		assertThat(key.series()).isEqualTo(1);
		assertThat(key.number()).isEqualTo(110093L);
		assertThat(key.emissionType()).isEqualTo(1);
		assertThat(key.randomCode()).isEqualTo("00241077");
		assertThat(key.checkDigit()).isEqualTo(5);
	}

	@Test
	void computesTheCheckDigitOfBothVectors() {
		assertThat(NfeAccessKey.computeCheckDigit(NFCE_AM.substring(0, 43))).isZero();
		assertThat(NfeAccessKey.computeCheckDigit(NFE_RJ.substring(0, 43))).isEqualTo(5);
		assertThat(Reference.isValidAccessKey(NFCE_AM)).isTrue();
		assertThat(Reference.isValidAccessKey(NFE_RJ)).isTrue();
	}

	@Test
	void removesWhitespaceAsPrintedOnTheDanfe() {
		String grouped = NFE_RJ.replaceAll("(.{4})", "$1 ").trim();
		assertThat(grouped).contains(" ");
		assertThat(NfeAccessKey.parse(grouped)).isEqualTo(NfeAccessKey.parse(NFE_RJ));
		assertThat(NfeAccessKey.parse("\t" + NFE_RJ + "\n").value()).isEqualTo(NFE_RJ);
	}

	@Test
	void acceptsAnAlphanumericIssuerCnpj() {
		String first43 = "35" + "2607" + "12ABC34501DE35" + "55" + "001" + "000000123" + "1" + "12345678";
		assertThat(first43).hasSize(43);
		String key = first43 + NfeAccessKey.computeCheckDigit(first43);

		NfeAccessKey parsed = NfeAccessKey.parse(key);

		assertThat(parsed.issuerId()).isEqualTo("12ABC34501DE35");
		assertThat(TaxId.parse(parsed.issuerId()).formatted()).isEqualTo("12.ABC.345/01DE-35");
		assertThat(parsed.yearMonth()).isEqualTo(YearMonth.of(2026, 7));
	}

	@ParameterizedTest
	@CsvSource({
			// one digit short / long
			"1318101792142700012565001000000030988725117,   LENGTH,      but has 43",
			"131810179214270001256500100000003098872511700, LENGTH,      but has 45",
			// letters outside the CNPJ root, lower case, punctuation
			"13181017921427000125650010000000309887251A70,  CHARACTERS,  position 42",
			"1318101792a427000125650010000000309887251170,  CHARACTERS,  position 11",
			"13181017921427000125-50010000000309887251170,  CHARACTERS,  position 21",
			"1318101792142700012A650010000000309887251170,  CHARACTERS,  position 20",
			// unknown state codes
			"10181017921427000125650010000000309887251170,  UF_CODE,     10",
			"34181017921427000125650010000000309887251170,  UF_CODE,     34",
			"99181017921427000125650010000000309887251170,  UF_CODE,     99",
			// months 00 and 13
			"13180017921427000125650010000000309887251170,  MONTH,       month 00",
			"13181317921427000125650010000000309887251170,  MONTH,       month 13",
			// wrong check digit
			"13181017921427000125650010000000309887251171,  CHECK_DIGIT, check digit 1",
			"33150308370779000149550010001100931002410770,  CHECK_DIGIT, check digit 0", })
	void rejectsWithAReasonAndAMessageThatSaysWhatIsWrong(String input, Reason reason, String hint) {
		assertThatThrownBy(() -> NfeAccessKey.parse(input)).isInstanceOf(InvalidAccessKey.class)
			.hasMessageContaining(hint)
			.extracting(e -> ((InvalidAccessKey) e).reason())
			.isEqualTo(reason);
		assertThat(NfeAccessKey.isValid(input)).isFalse();
	}

	@ParameterizedTest
	@NullAndEmptySource
	@ValueSource(strings = { "   ", "\t\n" })
	void rejectsMissingInput(String input) {
		assertThatThrownBy(() -> NfeAccessKey.parse(input)).isInstanceOf(InvalidAccessKey.class)
			.extracting(e -> ((InvalidAccessKey) e).reason())
			.isEqualTo(Reason.EMPTY);
	}

	@Test
	void checkDigitHelperRejectsWrongInput() {
		assertThatThrownBy(() -> NfeAccessKey.computeCheckDigit(NFE_RJ)).isInstanceOf(IllegalArgumentException.class);
		assertThatThrownBy(() -> NfeAccessKey.computeCheckDigit(NFE_RJ.substring(0, 42) + "a"))
			.isInstanceOf(IllegalArgumentException.class);
	}

	@Test
	void equalityIsByValue() {
		assertThat(NfeAccessKey.parse(NFE_RJ)).isEqualTo(NfeAccessKey.parse(" " + NFE_RJ))
			.hasSameHashCodeAs(NfeAccessKey.parse(NFE_RJ))
			.isNotEqualTo(NfeAccessKey.parse(NFCE_AM));
	}

	@Test
	void cannotDetectAnIssuerCharacterSwappedForOneCongruentMod11() {
		// Same limit as the alphanumeric CNPJ: v('0') = 0 and v('F') = 22.
		String swapped = NFE_RJ.substring(0, 6) + "F" + NFE_RJ.substring(7);
		assertThat(NfeAccessKey.isValid(swapped)).isTrue();
	}

	@Test
	void theRecordsConstructorChecksWhatParseChecks() {
		assertThat(new NfeAccessKey(NFE_RJ)).isEqualTo(NfeAccessKey.parse(NFE_RJ))
			.hasSameHashCodeAs(NfeAccessKey.parse(" " + NFE_RJ))
			.hasToString(NFE_RJ);
		String wrongDigit = NFE_RJ.substring(0, 43) + "6";
		assertThatThrownBy(() -> new NfeAccessKey(wrongDigit)).isInstanceOfSatisfying(InvalidAccessKey.class,
				ex -> assertThat(ex.reason()).isEqualTo(Reason.CHECK_DIGIT));
		assertThatThrownBy(() -> new NfeAccessKey(null)).isInstanceOf(InvalidAccessKey.class);
	}

}
