package br.suite.customers;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/** What other modules may know about suppliers. */
@Service
public class FornecedorDirectory {

	private final JdbcClient jdbc;

	FornecedorDirectory(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	/**
	 * Whether the supplier exists. Inside the caller's transaction it also keeps the
	 * supplier from being deleted until that transaction ends (a key-share lock), as
	 * {@link ClienteDirectory#exists(long)} does for customers.
	 */
	@Transactional
	public boolean exists(long fornecedorId) {
		return this.jdbc.sql("SELECT id FROM customers_fornecedor WHERE id = :id FOR KEY SHARE")
			.param("id", fornecedorId)
			.query(Long.class)
			.optional()
			.isPresent();
	}

	/**
	 * The names by id, in name order (ignoring case and accents), of the active ones or
	 * all: the choices of a page's form or filter (at most 1000).
	 */
	@Transactional(readOnly = true)
	public java.util.Map<Long, String> choices(boolean activeOnly) {
		java.util.Map<Long, String> choices = new java.util.LinkedHashMap<>();
		this.jdbc.sql(
				"SELECT id, nome FROM customers_fornecedor WHERE ativo OR NOT :activeOnly ORDER BY nome_busca, id LIMIT 1000")
			.param("activeOnly", activeOnly)
			.query((rs, n) -> choices.put(rs.getLong("id"), rs.getString("nome")))
			.list();
		return choices;
	}

	/** The names of the suppliers that exist among {@code ids}, by id. */
	@Transactional(readOnly = true)
	public java.util.Map<Long, String> names(java.util.Collection<Long> ids) {
		java.util.Map<Long, String> names = new java.util.HashMap<>();
		if (ids.isEmpty()) {
			return names;
		}
		this.jdbc.sql("SELECT id, nome FROM customers_fornecedor WHERE id IN (:ids)")
			.param("ids", java.util.Set.copyOf(ids))
			.query((rs, n) -> names.put(rs.getLong("id"), rs.getString("nome")))
			.list();
		return names;
	}

}
