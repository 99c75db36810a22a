package br.suite.shared;

import org.junit.jupiter.api.Test;

import br.suite.shared.documents.PhoneNumber;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

class PhoneNumberTests {

	@Test
	void brazilianNumbersWithOrWithoutMasksBecomeE164() {
		String[][] cases = { { "(21) 3333-4444", "+552133334444" }, { "21 3333 4444", "+552133334444" },
				{ "21.3333.4444", "+552133334444" }, { "2133334444", "+552133334444" },
				{ "+55 (21) 3333-4444", "+552133334444" }, { "55 21 3333-4444", "+552133334444" },
				{ "552133334444", "+552133334444" }, { "+552133334444", "+552133334444" },
				{ "(021) 3333-4444", "+552133334444" }, { " (11) 98765-4321 ", "+5511987654321" },
				{ "11987654321", "+5511987654321" }, { "+5511987654321", "+5511987654321" },
				{ "5511987654321", "+5511987654321" }, { "(55) 3222-1111", "+555532221111" },
				{ "5532221111", "+555532221111" } };
		for (String[] c : cases) {
			assertThat(PhoneNumber.canonical(c[0])).as(c[0]).isEqualTo(c[1]);
		}
	}

	@Test
	void otherCountriesKeepTheirDigits() {
		assertThat(PhoneNumber.canonical("+1 (415) 555-0123")).isEqualTo("+14155550123");
		assertThat(PhoneNumber.canonical("+351 21 123 4567")).isEqualTo("+351211234567");
		assertThat(PhoneNumber.canonical("+44 20 7946 0958")).isEqualTo("+442079460958");
	}

	@Test
	void refusesWhatIsNoPhoneNumber() {
		for (String input : new String[] { "", "   ", "abc", "1234567", "98765432", "3333-4444", "(10) 3333-4444",
				"(20) 3333-4444", "(21) 1333-4444", "(11) 88765-4321", "119876543210", "+55 11 8765-432",
				"+55 1198765432100", "55+11987654321", "+1 555", "+1234567890123456", "+0 1234 5678",
				"21 3333-4444 ramal 2", "(21) 3333_4444", "+ 55", "08001234567" }) {
			assertThatExceptionOfType(PhoneNumber.Invalid.class).as(input)
				.isThrownBy(() -> PhoneNumber.canonical(input));
		}
		assertThatExceptionOfType(PhoneNumber.Invalid.class).isThrownBy(() -> PhoneNumber.canonical(null));
	}

}
