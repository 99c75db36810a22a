package br.suite.finance;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class NossoNumerosTests {

	private static String printed(String slug, String text) {
		return NossoNumeros.ofPrinted(NossoNumeros.byProvider("cnab_" + slug), text);
	}

	@Test
	void eachBanksPrintedExampleIsStoredAsDocumented() {
		for (NossoNumeros.Bank bank : NossoNumeros.BANKS) {
			assertThat(NossoNumeros.ofPrinted(bank, bank.printed())).as(bank.name()).isEqualTo(bank.stored());
			assertThat(NossoNumeros.ofPrinted(bank, bank.stored())).as(bank.name() + " again").isEqualTo(bank.stored());
		}
	}

	@Test
	void theDigitsAloneAreReadByTheirCount() {
		assertThat(printed("itau", "109000004567")).isEqualTo("456");
		assertThat(printed("itau", "10900000456")).isEqualTo("456");
		assertThat(printed("bradesco", "0900000000789P")).isEqualTo("789");
		assertThat(printed("caixa", "140000000000003219")).isEqualTo("14000000000000321");
		assertThat(printed("caixa", "14000000000000321")).isEqualTo("14000000000000321");
		assertThat(printed("santander", "0000000000987")).isEqualTo("98");
		assertThat(printed("sicoob", "00012345")).isEqualTo("1234");
		assertThat(printed("bb", "3294860.0000000196")).isEqualTo("32948600000000196");
	}

	@Test
	void theFilesFormMatchesThePrintedOne() {
		assertThat(NossoNumeros.ofFile("32948600000000196   ", false)).isEqualTo(printed("bb", "3294860.0000000196"));
		assertThat(NossoNumeros.ofFile("00000000789P", true)).isEqualTo(printed("bradesco", "09/00000000789-P"));
		assertThat(NossoNumeros.ofFile("0000000000987", true)).isEqualTo(printed("santander", "000000000098-7"));
	}

	@Test
	void aNumberThatCannotBeTheBanksIsRefused() {
		assertThatThrownBy(() -> printed("sicoob", "14/000000000000321-9")).hasMessageContaining("Sicoob");
		assertThatThrownBy(() -> printed("itau", "ABC")).hasMessageContaining("109/00000456-7");
		assertThatThrownBy(() -> printed("bb", "000")).isInstanceOf(IllegalArgumentException.class);
	}

}
