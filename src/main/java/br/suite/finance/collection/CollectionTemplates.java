package br.suite.finance.collection;

import java.math.BigDecimal;
import java.text.NumberFormat;
import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.jspecify.annotations.Nullable;
import org.springframework.web.util.HtmlUtils;

import br.suite.shared.InvalidRequest;

/**
 * The messages' words: the placeholders a template may use, the Portuguese defaults, the
 * check of a template (an unknown placeholder is a 400 naming the field) and the
 * rendering into the text and the HTML part. Pure: no Spring, no database.
 * <p>
 * Placeholders: {@code {{pagador}}} (payer's name), {@code {{valor}}} (open amount,
 * {@code R$ 1.234,50}), {@code {{vencimento}}} (due date, {@code dd/mm/aaaa}),
 * {@code {{descricao}}}, {@code {{link}}} (the payment page) and {@code {{pix}}} (Pix
 * copia e cola). A line whose placeholders all came out empty (no payment page, no Pix
 * code, no description) is left out, so the message never shows a label with nothing
 * after it. The HTML part is the same text with every value escaped, the link as a link
 * and the Pix code in a box to copy.
 */
final class CollectionTemplates {

	static final Set<String> PLACEHOLDERS = Set.of("pagador", "valor", "vencimento", "descricao", "link", "pix");

	private static final Pattern PLACEHOLDER = Pattern.compile("\\{\\{\\s*([^{}]*?)\\s*}}");

	static final int SUBJECT_MAX = 200;

	static final int TEXT_MAX = 5000;

	private static final Locale BRAZIL = Locale.forLanguageTag("pt-BR");

	private static final DateTimeFormatter DAY = DateTimeFormatter.ofPattern("dd/MM/yyyy");

	/** A message's subject and text, as the policy holds them. */
	record Template(String subject, String text) {
	}

	/** The three templates: before the due date, on it, after it. */
	record Templates(Template before, Template due, Template after) {

		Template forOffset(int offsetDays) {
			return offsetDays < 0 ? this.before : offsetDays == 0 ? this.due : this.after;
		}

	}

	static final Templates DEFAULTS = new Templates(new Template("Lembrete: {{valor}} vence em {{vencimento}}", """
			Olá, {{pagador}}.

			Este é um lembrete de que uma cobrança no valor de {{valor}} vence em {{vencimento}}.
			Referente a: {{descricao}}

			Pague pela página: {{link}}
			Pix copia e cola:
			{{pix}}

			Se você já pagou, por favor desconsidere esta mensagem."""), new Template("Vence hoje: {{valor}}", """
			Olá, {{pagador}}.

			A cobrança no valor de {{valor}} vence hoje, {{vencimento}}.
			Referente a: {{descricao}}

			Pague pela página: {{link}}
			Pix copia e cola:
			{{pix}}

			Se você já pagou, por favor desconsidere esta mensagem."""),
			new Template("Pagamento em atraso: {{valor}} venceu em {{vencimento}}", """
					Olá, {{pagador}}.

					Não identificamos o pagamento da cobrança no valor de {{valor}}, que venceu em {{vencimento}}.
					Referente a: {{descricao}}

					Pague pela página: {{link}}
					Pix copia e cola:
					{{pix}}

					Se você já pagou, por favor desconsidere esta mensagem."""));

	/** The receipt's words (not a template of the policy). */
	static final Template RECEIPT = new Template("Pagamento recebido: {{valor}}", """
			Olá, {{pagador}}.

			Recebemos o pagamento de {{valor}} da cobrança com vencimento em {{vencimento}}.
			Referente a: {{descricao}}

			Obrigado!""");

	/** What a charge puts into a message. */
	record Values(String payerName, BigDecimal amount, @Nullable LocalDate dueDate, String description,
			@Nullable String paymentUrl, @Nullable String pixCode) {

		Map<String, String> byPlaceholder() {
			Map<String, String> values = new LinkedHashMap<>();
			values.put("pagador", this.payerName.isBlank() ? "cliente" : this.payerName.strip());
			values.put("valor", money(this.amount));
			values.put("vencimento", this.dueDate == null ? "" : DAY.format(this.dueDate));
			values.put("descricao", this.description.strip());
			values.put("link", this.paymentUrl == null ? "" : this.paymentUrl);
			values.put("pix", this.pixCode == null ? "" : this.pixCode);
			return values;
		}

	}

	/** A message written: its subject, its text part and its HTML part. */
	record Rendered(String subject, String text, String html) {
	}

	private CollectionTemplates() {
	}

	/** {@code R$ 1.234,50}. */
	static String money(BigDecimal amount) {
		return NumberFormat.getCurrencyInstance(BRAZIL).format(amount).replace('\u00a0', ' ').replace('\u202f', ' ');
	}

	/**
	 * Checks a template: subject 1-200 on one line, text 1-5000, only known placeholders;
	 * errors under {@code field.subject} and {@code field.text}.
	 */
	static void check(Template template, String field, InvalidRequest.Builder errors) {
		String subject = template.subject();
		if (subject.isBlank()) {
			errors.add(field + ".subject", "is required");
		}
		else if (subject.length() > SUBJECT_MAX) {
			errors.add(field + ".subject", "must be at most " + SUBJECT_MAX + " characters");
		}
		else if (subject.chars().anyMatch(c -> c < 0x20 || c == 0x7f)) {
			errors.add(field + ".subject", "must be one line, without control characters");
		}
		unknown(subject, field + ".subject", errors);
		String text = template.text();
		if (text.isBlank()) {
			errors.add(field + ".text", "is required");
		}
		else if (text.length() > TEXT_MAX) {
			errors.add(field + ".text", "must be at most " + TEXT_MAX + " characters");
		}
		unknown(text, field + ".text", errors);
	}

	private static void unknown(String text, String field, InvalidRequest.Builder errors) {
		Matcher matcher = PLACEHOLDER.matcher(text);
		while (matcher.find()) {
			if (!PLACEHOLDERS.contains(matcher.group(1))) {
				errors.add(field, "unknown placeholder {{" + matcher.group(1)
						+ "}}: use {{pagador}}, {{valor}}, {{vencimento}}, {{descricao}}, {{link}} or {{pix}}");
				return;
			}
		}
	}

	/** The message for these values, with the unsubscribe link at the foot. */
	static Rendered render(Template template, Values values, String unsubscribeUrl) {
		Map<String, String> byPlaceholder = values.byPlaceholder();
		String subject = fill(template.subject(), byPlaceholder, false).replaceAll("[\\r\\n\\t]+", " ").strip();
		StringBuilder text = new StringBuilder();
		StringBuilder html = new StringBuilder(
				"<!DOCTYPE html><html lang=\"pt-BR\"><head><meta charset=\"UTF-8\"><title>")
			.append(escape(subject))
			.append("</title></head><body style=\"font-family:sans-serif;line-height:1.5\">\n");
		for (String line : template.text().replace("\r\n", "\n").split("\n", -1)) {
			if (dropped(line, byPlaceholder)) {
				continue;
			}
			text.append(fill(line, byPlaceholder, false)).append('\n');
			html.append(htmlLine(line, byPlaceholder)).append('\n');
		}
		String foot = "Para não receber mais estes lembretes, descadastre-se: " + unsubscribeUrl;
		text.append("\n--\n").append(foot).append('\n');
		html.append("<hr><p style=\"font-size:small;color:#555\">Para não receber mais estes lembretes, <a href=\"")
			.append(escape(unsubscribeUrl))
			.append("\">descadastre-se</a>.</p>\n</body></html>\n");
		return new Rendered(subject, text.toString(), html.toString());
	}

	/** A line with placeholders that all came out empty. */
	private static boolean dropped(String line, Map<String, String> values) {
		Matcher matcher = PLACEHOLDER.matcher(line);
		boolean any = false;
		while (matcher.find()) {
			any = true;
			if (!values.getOrDefault(matcher.group(1), "").isEmpty()) {
				return false;
			}
		}
		return any;
	}

	private static String fill(String text, Map<String, String> values, boolean html) {
		Matcher matcher = PLACEHOLDER.matcher(text);
		StringBuilder out = new StringBuilder();
		int last = 0;
		while (matcher.find()) {
			String literal = text.substring(last, matcher.start());
			out.append(html ? escape(literal) : literal);
			String value = values.getOrDefault(matcher.group(1), "");
			out.append(html ? htmlValue(matcher.group(1), value) : value);
			last = matcher.end();
		}
		String rest = text.substring(last);
		out.append(html ? escape(rest) : rest);
		return out.toString();
	}

	private static String htmlLine(String line, Map<String, String> values) {
		if (line.isBlank()) {
			return "<br>";
		}
		return "<div>" + fill(line, values, true) + "</div>";
	}

	/** Only what HTML needs escaped ({@code < > & " '}): the text stays UTF-8. */
	static String escape(String text) {
		return HtmlUtils.htmlEscape(text, "UTF-8");
	}

	private static String htmlValue(String placeholder, String value) {
		String escaped = escape(value);
		if (placeholder.equals("link")) {
			return "<a href=\"" + escaped + "\">" + escaped + "</a>";
		}
		if (placeholder.equals("pix")) {
			return "<code style=\"display:block;word-break:break-all;padding:8px;border:1px solid #ccc\">" + escaped
					+ "</code>";
		}
		return escaped;
	}

}
