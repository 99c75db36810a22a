package br.suite.shared;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Reading a closed set's wire values, and the errors that name the field. */
class ClosedSetTests {

	enum Colour {

		DARK_RED, BLUE

	}

	@Test
	void wireValuesAreTheLowerCaseNamesAndAnUnknownOneListsThem() {
		assertThat(ClosedSet.wire(Colour.DARK_RED)).isEqualTo("dark_red");
		assertThat(ClosedSet.parse(Colour.class, "colour", "blue")).isEqualTo(Colour.BLUE);
		assertThatThrownBy(() -> ClosedSet.parse(Colour.class, "colour", "BLUE"))
			.isInstanceOfSatisfying(InvalidRequest.class, problem -> assertThat(problem.errors())
				.isEqualTo(Map.of("colour", List.of("must be one of: dark_red, blue (got \"BLUE\")"))));
	}

	@Test
	void requiredCollectsAMissingOrUnknownValueAndTakesTheValueAsSent() {
		InvalidRequest.Builder errors = InvalidRequest.builder();
		assertThat(ClosedSet.required(Colour.class, "a", null, errors)).isNull();
		assertThat(ClosedSet.required(Colour.class, "b", "", errors)).isNull();
		assertThat(ClosedSet.required(Colour.class, "c", " blue", errors)).isNull();
		assertThat(ClosedSet.required(Colour.class, "d", "dark_red", errors)).isEqualTo(Colour.DARK_RED);
		assertThat(errors.build().errors()).isEqualTo(Map.of("a", List.of("is required; one of: dark_red, blue"), "b",
				List.of("is required; one of: dark_red, blue"), "c",
				List.of("must be one of: dark_red, blue (got \" blue\")")));
	}

	@Test
	void requiredStrippedIgnoresSurroundingSpaceAndTakesABlankValueForAMissingOne() {
		InvalidRequest.Builder errors = InvalidRequest.builder();
		assertThat(ClosedSet.requiredStripped(Colour.class, "a", " blue\t", errors)).isEqualTo(Colour.BLUE);
		assertThat(ClosedSet.requiredStripped(Colour.class, "b", "  ", errors)).isNull();
		assertThat(ClosedSet.requiredStripped(Colour.class, "c", null, errors)).isNull();
		assertThat(ClosedSet.requiredStripped(Colour.class, "d", " green ", errors)).isNull();
		assertThat(errors.build().errors()).isEqualTo(Map.of("b", List.of("is required; one of: dark_red, blue"), "c",
				List.of("is required; one of: dark_red, blue"), "d",
				List.of("must be one of: dark_red, blue (got \"green\")")));
	}

}
