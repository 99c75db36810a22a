package br.suite.customers;

import java.util.Collection;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/** What other modules may know about customers. */
@Service
public class ClienteDirectory {

	private final JdbcClient jdbc;

	ClienteDirectory(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	/**
	 * Whether the customer exists. Called inside the caller's transaction it also keeps
	 * the customer from being deleted until that transaction ends (a key-share lock on
	 * its row), so a record that refers to it cannot be left pointing at nothing;
	 * ordinary updates of the customer are not blocked.
	 */
	@Transactional
	public boolean exists(long clienteId) {
		return this.jdbc.sql("SELECT id FROM customers_cliente WHERE id = :id FOR KEY SHARE")
			.param("id", clienteId)
			.query(Long.class)
			.optional()
			.isPresent();
	}

	/** The names of the customers that exist among {@code ids}, by id. */
	@Transactional(readOnly = true)
	public Map<Long, String> names(Collection<Long> ids) {
		if (ids.isEmpty()) {
			return Map.of();
		}
		return this.jdbc.sql("SELECT id, nome FROM customers_cliente WHERE id IN (:ids)")
			.param("ids", Set.copyOf(ids))
			.query((rs, n) -> Map.entry(rs.getLong("id"), rs.getString("nome")))
			.list()
			.stream()
			.collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue));
	}

	/**
	 * A customer as the payer of a charge: its name and canonical CPF/CNPJ ("" when
	 * unknown).
	 */
	public record Payer(String nome, String documento) {
	}

	/** The customer as a payer, when it exists. */
	@Transactional(readOnly = true)
	public java.util.Optional<Payer> payer(long clienteId) {
		return this.jdbc.sql("SELECT nome, documento FROM customers_cliente WHERE id = :id")
			.param("id", clienteId)
			.query((rs, n) -> new Payer(rs.getString("nome"), rs.getString("documento")))
			.optional();
	}

	/**
	 * The names by id, in name order (ignoring case and accents), of the active ones or
	 * all: the choices of a page's form or filter (at most 1000).
	 */
	@Transactional(readOnly = true)
	public java.util.Map<Long, String> choices(boolean activeOnly) {
		java.util.Map<Long, String> choices = new java.util.LinkedHashMap<>();
		this.jdbc.sql(
				"SELECT id, nome FROM customers_cliente WHERE ativo OR NOT :activeOnly ORDER BY nome_busca, id LIMIT 1000")
			.param("activeOnly", activeOnly)
			.query((rs, n) -> choices.put(rs.getLong("id"), rs.getString("nome")))
			.list();
		return choices;
	}

	/**
	 * The e-mail of the customer with each canonical CPF/CNPJ, for those that have one
	 * (the active customer's first when several share a document).
	 */
	@Transactional(readOnly = true)
	public Map<String, String> emails(Collection<String> documentos) {
		if (documentos.isEmpty()) {
			return Map.of();
		}
		Map<String, String> emails = new java.util.HashMap<>();
		this.jdbc
			.sql("SELECT documento, email FROM customers_cliente WHERE documento IN (:documentos) "
					+ "AND email <> '' ORDER BY ativo DESC, id")
			.param("documentos", Set.copyOf(documentos))
			.query((rs, n) -> emails.putIfAbsent(rs.getString("documento"), rs.getString("email")))
			.list();
		return emails;
	}

	/** The customer's CPF/CNPJ and e-mail ("" when unknown), when it exists. */
	@Transactional(readOnly = true)
	public java.util.Optional<Map.Entry<String, String>> documentAndEmail(long clienteId) {
		return this.jdbc.sql("SELECT documento, email FROM customers_cliente WHERE id = :id")
			.param("id", clienteId)
			.query((rs, n) -> Map.entry(rs.getString("documento"), rs.getString("email")))
			.optional();
	}

}
