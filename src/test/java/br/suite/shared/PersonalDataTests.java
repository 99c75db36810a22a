package br.suite.shared;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import br.suite.shared.documents.PersonalData;

/** What the audit log shows of personal data. */
class PersonalDataTests {

	@Test
	void taxIdsShowOnlyTheirMiddle() {
		assertThat(PersonalData.taxId("12345678909")).isEqualTo("***.456.789-**");
		assertThat(PersonalData.taxId("11222333000181")).isEqualTo("**.222.333/****-**");
		assertThat(PersonalData.taxId("12ABC34501DE35")).isEqualTo("**.ABC.345/****-**");
		assertThat(PersonalData.taxId("")).isEmpty();
		assertThat(PersonalData.taxId(null)).isNull();
		assertThat(PersonalData.taxId("123")).isEqualTo("***");
	}

	@Test
	void emailsShowTheFirstLetterAndTheDomain() {
		assertThat(PersonalData.email("ana.lima@example.com.br")).isEqualTo("a***@example.com.br");
		assertThat(PersonalData.email("not-an-address")).isEqualTo("***");
		assertThat(PersonalData.email("")).isEmpty();
	}

	@Test
	void phonesShowTheAreaCodeAndTheLastFourDigits() {
		assertThat(PersonalData.phone("+5521987654321")).isEqualTo("+5521*****4321");
		assertThat(PersonalData.phone("+552133334444")).isEqualTo("+5521****4444");
		// A number kept from before the E.164 form: only its end.
		assertThat(PersonalData.phone("21 3333-4444")).isEqualTo("********4444");
		assertThat(PersonalData.phone("")).isEmpty();
	}

}
