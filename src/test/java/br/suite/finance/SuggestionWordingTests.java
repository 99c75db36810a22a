package br.suite.finance;

import java.math.BigDecimal;
import java.util.Locale;

import org.junit.jupiter.api.Test;
import org.springframework.context.support.ResourceBundleMessageSource;

import br.suite.finance.reconciliation.ReconciliationViews.Why;
import br.suite.finance.reconciliation.SuggestionService;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The transaction page words a suggestion's reasons in Portuguese from the catalogue:
 * every explanation the API writes reads back into the catalogue's keys, and each key
 * reads without English.
 */
class SuggestionWordingTests {

	private final ResourceBundleMessageSource messages = new ResourceBundleMessageSource();

	SuggestionWordingTests() {
		this.messages.setBasename("messages");
		this.messages.setDefaultEncoding("UTF-8");
		this.messages.setFallbackToSystemLocale(false);
	}

	@Test
	void everyExplanationReadsBackInPortuguese() {
		Locale ptBr = Locale.forLanguageTag("pt-BR");
		for (String reference : new String[] { "due date", "issue date" }) {
			for (int days : new int[] { -3, -1, 0, 1, 12 }) {
				for (int[] counts : new int[][] { { 1, 1 }, { 2, 1 }, { 1, 3 }, { 4, 2 } }) {
					String english = SuggestionService.explanation(new BigDecimal("150.00"), days, reference, counts[0],
							counts[1]);
					Why why = Why.of(english);
					assertThat(why).as(english).isNotNull();
					assertThat(why.days()).isEqualTo(Math.abs(days));
					assertThat(why.forTransaction()).isEqualTo(counts[0]);
					assertThat(why.forTarget()).isEqualTo(counts[1]);
					String text = this.messages.getMessage(why.whenKey(), new Object[] { why.days() }, ptBr);
					assertThat(text).startsWith("Mesmo valor").doesNotContain("{", "due", "issue");
					if (days != 0) {
						assertThat(text).contains(Math.abs(days) == 1 ? " 1 dia " : " " + Math.abs(days) + " dias ")
							.contains(days > 0 ? "depois" : "antes")
							.contains(reference.equals("due date") ? "vencimento" : "emissão");
					}
				}
			}
		}
		assertThat(this.messages.getMessage("suggestion.why.manyTargets", new Object[] { 2 }, ptBr))
			.isEqualTo("Ambígua: há 2 candidatos para esta transação.");
		assertThat(Why.of("something else")).isNull();
	}

}
