package br.suite.customers;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import java.util.function.ToLongFunction;

import org.jspecify.annotations.Nullable;

import br.suite.audit.AuditLog.Changes;
import br.suite.shared.InvalidRequest;
import br.suite.shared.documents.PersonalData;
import br.suite.shared.documents.InvalidTaxId;
import br.suite.shared.lists.ListQuery;
import br.suite.shared.documents.PhoneNumber;
import br.suite.shared.documents.TaxId;

/**
 * The rules customers and suppliers share for the fields that identify and reach a party:
 * the documento's canonical form and the telefone's E.164 form.
 */
final class PartyFields {

	private PartyFields() {
	}

	/** The canonical CPF/CNPJ (digits and upper-case letters); empty stays empty. */
	static String documento(@Nullable String documento) {
		if (documento == null || documento.isEmpty()) {
			return "";
		}
		try {
			return TaxId.parse(documento).value();
		}
		catch (InvalidTaxId ex) {
			throw InvalidRequest.of("documento", ex.getMessage());
		}
	}

	/**
	 * The E.164 form of a phone number ({@link PhoneNumber}); empty stays empty. A number
	 * stored before the E.164 form that could not be converted is kept while the request
	 * leaves it unchanged.
	 */
	static String telefone(@Nullable String telefone, @Nullable String stored) {
		if (telefone == null || telefone.isEmpty()) {
			return "";
		}
		if (telefone.equals(stored)) {
			return stored;
		}
		try {
			return PhoneNumber.canonical(telefone);
		}
		catch (PhoneNumber.Invalid ex) {
			throw InvalidRequest.of("telefone", ex.getMessage());
		}
	}

	/**
	 * What refers to a party before it is deleted: each module's count of referring
	 * records, summed by the kind it names; empty when nothing refers to it.
	 */
	static <M> Map<String, Long> referring(List<M> modules, Function<M, String> kind, ToLongFunction<M> count) {
		Map<String, Long> referring = new LinkedHashMap<>();
		for (M module : modules) {
			long n = count.applyAsLong(module);
			if (n > 0) {
				referring.merge(kind.apply(module), n, Long::sum);
			}
		}
		return referring;
	}

	/**
	 * E-mail, telefone and documento are personal data (LGPD): the audit event says they
	 * changed and shows them only masked.
	 */
	static Changes personal(Changes changes) {
		return changes.mask("email", PersonalData::email)
			.mask("telefone", PersonalData::phone)
			.mask("documento", PersonalData::taxId);
	}

	/**
	 * A list's {@code q}: part of the name or e-mail (ignoring case and accents, on the
	 * folded {@code nome_busca}/{@code email_busca} columns) or of the documento with or
	 * without its mask.
	 */
	static void search(ListQuery query, @Nullable String text) {
		String q = text == null ? "" : text.trim();
		if (q.indexOf('\0') >= 0) {
			// PostgreSQL text cannot hold it, so nothing could match; say so instead of
			// failing.
			throw InvalidRequest.of("q", "must not contain the NUL character");
		}
		if (q.isEmpty()) {
			return;
		}
		// A document is stored without its mask, so "12.345" must find 12345…: drop the
		// mask from q too.
		String documento = q.replaceAll("[.\\-/\\s]", "").toUpperCase(Locale.ROOT);
		query
			.where(documento.isEmpty() ? "(nome_busca LIKE :q OR email_busca LIKE :q)"
					: "(nome_busca LIKE :q OR email_busca LIKE :q OR documento LIKE :documento)")
			.param("q", ListQuery.containing(TextSearch.fold(q)));
		if (!documento.isEmpty()) {
			query.param("documento", ListQuery.containing(documento));
		}
	}

}
