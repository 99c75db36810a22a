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
		for (PayableInstallments.Match match : PayableInstallments.Match.values()) {
			for (int days : new int[] { -3, -1, 0, 1, 12 }) {
				for (int[] counts : new int[][] { { 1, 1 }, { 2, 1 }, { 1, 3 }, { 4, 2 } }) {
					String english = SuggestionService.payableExplanation(new BigDecimal("300.00"), days, match,
							counts[0], counts[1]);
					Why why = Why.of(english);
					assertThat(why).as(english).isNotNull();
					assertThat(why.days()).isEqualTo(Math.abs(days));
					assertThat(why.forTransaction()).isEqualTo(counts[0]);
					assertThat(why.forTarget()).isEqualTo(counts[1]);
					assertThat(why.forTargetKey()).isEqualTo("suggestion.why.manyPayers");
					String text = this.messages.getMessage(why.whenKey(), new Object[] { why.days() }, ptBr);
					assertThat(text).startsWith("Mesmo valor e o CPF/CNPJ do fornecedor")
						.contains(match == PayableInstallments.Match.PAYER_DOCUMENT ? "no pagador" : "na descrição")
						.contains("vencimento")
						.doesNotContain("{", "due", "supplier", "payer", "document");
					if (days != 0) {
						assertThat(text).contains(Math.abs(days) == 1 ? " 1 dia " : " " + Math.abs(days) + " dias ")
							.contains(days > 0 ? "depois" : "antes");
					}
					else {
						assertThat(text).contains("no dia do vencimento");
					}
				}
			}
		}
		assertThat(Why.of("same amount 300.00; supplier document in payer document; paid 2 days after due date"))
			.isEqualTo(new Why("suggestion.why.supplier.payer.after.due", 2, 1, 1, "suggestion.why.manyPayers"));
		assertThat(this.messages.getMessage("suggestion.why.supplier.payer.after.due", new Object[] { 2 }, ptBr))
			.isEqualTo("Mesmo valor e o CPF/CNPJ do fornecedor no pagador da transação; pago 2 dias depois do "
					+ "vencimento.");
		assertThat(this.messages.getMessage("suggestion.why.manyPayers", new Object[] { 2 }, ptBr))
			.isEqualTo("Ambígua: 2 transações poderiam pagar esta parcela.");
		// A credit's explanation keeps its own words for the other transactions.
		assertThat(Why.of(SuggestionService.explanation(new BigDecimal("1.00"), 0, "due date", 1, 2)).forTargetKey())
			.isEqualTo("suggestion.why.manyTransactions");
		// Forms the API never writes do not read back (and fall to suggestion.why.other).
		assertThat(Why.of("same amount 1.00; supplier document in payer document; paid on the issue date")).isNull();
		assertThat(Why.of("same amount 1.00; payer document equal; paid on the due date; ambiguous: 2 transactions "
				+ "could pay this installment"))
			.isNull();
		assertThat(this.messages.getMessage("suggestion.why.manyTargets", new Object[] { 2 }, ptBr))
			.isEqualTo("Ambígua: há 2 candidatos para esta transação.");
		assertThat(Why.of("something else")).isNull();
	}

}
