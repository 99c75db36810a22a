package br.suite.shared;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.NullAndEmptySource;
import org.junit.jupiter.params.provider.ValueSource;

import br.suite.shared.documents.InvalidEndToEndId;
import br.suite.shared.documents.PixEndToEndId;

class PixEndToEndIdTests {

	@ParameterizedTest
	@ValueSource(strings = { "E12345678202009091221abcde123456", "E00038166202601311459A1b2C3d4E5f",
			"E1A2B3C4D202612312359zzzzzzzzzzz", // alphanumeric ISPB, allowed since 2025
			"E60746948202507011200ABCDEFGHIJK", })
	void acceptsStrictIds(String input) {
		PixEndToEndId id = PixEndToEndId.parse(input);

		assertThat(id.isStrict()).isTrue();
		assertThat(id.value()).isEqualTo(input);
		assertThat(PixEndToEndId.isValid(input)).isTrue();
	}

	@ParameterizedTest
	@ValueSource(strings = { "D12345678202009091000abcde123456", // rtrId of a devolução:
																	// D, not E
			"e12345678202009091221abcde123456", // lower-case prefix
			"E12345678202013091221abcde123456", // month 13
			"E12345678202009001221abcde123456", // day 00
			"E12345678202009092421abcde123456", // hour 24
			"E12345678202009091260abcde123456", // minute 60
			"E1234567a202009091221abcde123456", // lower case in the ISPB
			"abcdefghijklmnopqrstuvwxyz012345", })
	void acceptsButFlagsIdsOutsideTheStrictLayout(String input) {
		PixEndToEndId id = PixEndToEndId.parse(input);

		assertThat(id.isStrict()).isFalse();
		assertThat(id.value()).isEqualTo(input);
	}

	@Test
	void keepsCaseAndTreatsCaseVariantsAsDifferentIds() {
		PixEndToEndId lower = PixEndToEndId.parse("E12345678202009091221abcde123456");
		PixEndToEndId upper = PixEndToEndId.parse("E12345678202009091221ABCDE123456");

		assertThat(lower.value()).endsWith("abcde123456");
		assertThat(lower).hasToString("E12345678202009091221abcde123456");
		assertThat(lower).isNotEqualTo(upper);
		assertThat(lower).isEqualTo(PixEndToEndId.parse("E12345678202009091221abcde123456"))
			.hasSameHashCodeAs(PixEndToEndId.parse("E12345678202009091221abcde123456"));
	}

	@ParameterizedTest
	@CsvSource({
			// BCB's own documentation sample is 34 characters long.
			"E12345678202009091221ghijk78901234, but has 34", "E12345678202009091221abcde12345,    but has 31",
			"E12345678202009091221abcde12345-,   position 32", "E12345678202009091221abcdé123456,   position 26",
			"'E12345678202009091221abcde12345 ', position 32", "'E12345678202009091221 abcde123456', but has 33", })
	void rejectsAnythingThatIsNot32AsciiAlphanumerics(String input, String hint) {
		assertThatThrownBy(() -> PixEndToEndId.parse(input)).isInstanceOf(InvalidEndToEndId.class)
			.hasMessageContaining(hint);
		assertThat(PixEndToEndId.isValid(input)).isFalse();
	}

	@ParameterizedTest
	@NullAndEmptySource
	void rejectsMissingInput(String input) {
		assertThatThrownBy(() -> PixEndToEndId.parse(input)).isInstanceOf(InvalidEndToEndId.class)
			.hasMessageContaining("missing");
		assertThat(PixEndToEndId.isValid(input)).isFalse();
	}

	@Test
	void generatedStrictIdsAreStrictAndKeepTheirCase() {
		String alnum = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
		Property.forAll("generated strict endToEndId",
				random -> String.format("E%s%04d%02d%02d%02d%02d%s",
						Generators.randomChars(random, Reference.ALPHANUMERIC, 8), random.nextInt(10_000),
						1 + random.nextInt(12), 1 + random.nextInt(31), random.nextInt(24), random.nextInt(60),
						Generators.randomChars(random, alnum, 11)),
				value -> {
					PixEndToEndId id = PixEndToEndId.parse(value);
					assertThat(id.isStrict()).isTrue();
					assertThat(id.value()).isEqualTo(value);
				});
	}

	@Test
	void theRecordsConstructorChecksWhatParseChecks() {
		String id = "E12345678202009091221abcde123456";
		assertThat(new PixEndToEndId(id)).isEqualTo(PixEndToEndId.parse(id))
			.hasSameHashCodeAs(PixEndToEndId.parse(id))
			.hasToString(id);
		assertThat(new PixEndToEndId(id)).isNotEqualTo(PixEndToEndId.parse(id.toUpperCase()));
		assertThatThrownBy(() -> new PixEndToEndId(id.substring(1))).isInstanceOf(InvalidEndToEndId.class);
		assertThatThrownBy(() -> new PixEndToEndId(null)).isInstanceOf(InvalidEndToEndId.class);
	}

}
