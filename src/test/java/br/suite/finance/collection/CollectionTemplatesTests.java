package br.suite.finance.collection;

import java.math.BigDecimal;
import java.time.LocalDate;

import org.junit.jupiter.api.Test;

import br.suite.finance.collection.CollectionTemplates.Rendered;
import br.suite.finance.collection.CollectionTemplates.Template;
import br.suite.finance.collection.CollectionTemplates.Values;
import br.suite.shared.InvalidRequest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The messages' words, exactly: placeholders, lines left out, escaping, money, masks. */
class CollectionTemplatesTests {

	static final Values VALUES = new Values("Ana <b>&</b> Filhos", new BigDecimal("1234.50"), LocalDate.of(2026, 12, 5),
			"Mensalidade", "https://suite.example.com/pagar/abc", "000201PIX");

	@Test
	void fillsEveryPlaceholderInTextAndEscapesThemInHtml() {
		Template template = new Template("{{valor}} até {{vencimento}}",
				"Olá, {{pagador}}.\nValor: {{valor}}\nRef.: {{descricao}}\nLink: {{link}}\nPix: {{pix}}");
		Rendered rendered = CollectionTemplates.render(template, VALUES, "https://suite.example.com/descadastrar/t");
		assertThat(rendered.subject()).isEqualTo("R$ 1.234,50 até 05/12/2026");
		assertThat(rendered.text()).isEqualTo("""
				Olá, Ana <b>&</b> Filhos.
				Valor: R$ 1.234,50
				Ref.: Mensalidade
				Link: https://suite.example.com/pagar/abc
				Pix: 000201PIX

				--
				Para não receber mais estes lembretes, descadastre-se: https://suite.example.com/descadastrar/t
				""");
		assertThat(rendered.html()).contains("<div>Olá, Ana &lt;b&gt;&amp;&lt;/b&gt; Filhos.</div>")
			.doesNotContain("<b>&</b>")
			.contains("<a href=\"https://suite.example.com/pagar/abc\">https://suite.example.com/pagar/abc</a>")
			.contains(">000201PIX</code>")
			.contains("<a href=\"https://suite.example.com/descadastrar/t\">descadastre-se</a>");
	}

	@Test
	void aLineWhosePlaceholdersAreAllEmptyIsLeftOut() {
		Values bare = new Values("", new BigDecimal("10.00"), null, "", null, null);
		Rendered rendered = CollectionTemplates.render(new Template("s",
				"Olá, {{pagador}}.\nLink: {{link}}\n" + "Pix:\n{{pix}}\nRef.: {{descricao}} {{link}}\nFim {{valor}}"),
				bare, "u");
		assertThat(rendered.text()).startsWith("Olá, cliente.\nPix:\nFim R$ 10,00\n");
	}

	@Test
	void theDefaultsUseOnlyKnownPlaceholdersAndReadInPortuguese() {
		InvalidRequest.Builder errors = InvalidRequest.builder();
		CollectionTemplates.check(CollectionTemplates.DEFAULTS.before(), "templates.before", errors);
		CollectionTemplates.check(CollectionTemplates.DEFAULTS.due(), "templates.due", errors);
		CollectionTemplates.check(CollectionTemplates.DEFAULTS.after(), "templates.after", errors);
		errors.throwIfAny();
		Rendered due = CollectionTemplates.render(CollectionTemplates.DEFAULTS.forOffset(0), VALUES, "u");
		assertThat(due.subject()).isEqualTo("Vence hoje: R$ 1.234,50");
		assertThat(CollectionTemplates.render(CollectionTemplates.DEFAULTS.forOffset(-3), VALUES, "u").subject())
			.isEqualTo("Lembrete: R$ 1.234,50 vence em 05/12/2026");
		assertThat(CollectionTemplates.render(CollectionTemplates.DEFAULTS.forOffset(10), VALUES, "u").subject())
			.isEqualTo("Pagamento em atraso: R$ 1.234,50 venceu em 05/12/2026");
	}

	@Test
	void anUnknownPlaceholderIsRefusedNamingTheField() {
		InvalidRequest.Builder errors = InvalidRequest.builder();
		CollectionTemplates.check(new Template("Oi {{nome}}", "Texto {{ valor }} {{cpf}}"), "templates.due", errors);
		assertThatThrownBy(errors::throwIfAny).isInstanceOfSatisfying(InvalidRequest.class, invalid -> {
			assertThat(invalid.errors()).containsOnlyKeys("templates.due.subject", "templates.due.text");
			assertThat(invalid.errors().get("templates.due.subject").get(0)).contains("{{nome}}");
			assertThat(invalid.errors().get("templates.due.text").get(0)).contains("{{cpf}}");
		});
	}

	@Test
	void moneyAndMasks() {
		assertThat(CollectionTemplates.money(new BigDecimal("0.05"))).isEqualTo("R$ 0,05");
		assertThat(CollectionTemplates.money(new BigDecimal("1000000.00"))).isEqualTo("R$ 1.000.000,00");
		assertThat(MessageMasks.email("joana@example.com")).isEqualTo("jo***@example.com");
		assertThat(MessageMasks.email("jo@example.com")).isEqualTo("j***@example.com");
		assertThat(MessageMasks.email("x")).isEqualTo("***");
	}

}
