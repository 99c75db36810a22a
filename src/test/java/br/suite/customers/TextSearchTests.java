package br.suite.customers;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class TextSearchTests {

	@Test
	void foldsCaseAndAccentsAsBrazilianNamesNeed() {
		assertThat(TextSearch.fold("João Ação ÇÉÜ Ñandú")).isEqualTo("joao acao ceu nandu");
		assertThat(TextSearch.fold("İstanbul")).isEqualTo("istanbul");
		assertThat(TextSearch.fold("ＡＢＣ ﬁm")).isEqualTo("abc fim");
		assertThat(TextSearch.fold("José 😀")).isEqualTo("jose 😀");
	}

}
