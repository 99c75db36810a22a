package br.suite.customers;

import java.text.Normalizer;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Case- and accent-insensitive matching done in Java rather than with PostgreSQL's
 * {@code unaccent}: the folded text is stored beside the original, so it can be indexed
 * and behaves the same on every server, whatever extensions or collations it has.
 */
final class TextSearch {

	private static final Pattern MARKS = Pattern.compile("\\p{M}+");

	private TextSearch() {
	}

	/**
	 * "Ação Çedilha" → "acao cedilha"; compatibility forms too ("ﬁ" → "fi", full-width
	 * letters).
	 */
	static String fold(String text) {
		String decomposed = Normalizer.normalize(text, Normalizer.Form.NFKD);
		return MARKS.matcher(decomposed).replaceAll("").toLowerCase(Locale.ROOT);
	}

}
