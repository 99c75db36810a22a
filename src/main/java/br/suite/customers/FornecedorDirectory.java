package br.suite.customers;

import java.util.Optional;

import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/** What other modules may know about suppliers. */
@Service
public class FornecedorDirectory {

	private final JdbcClient jdbc;

	private final FornecedorService service;

	FornecedorDirectory(JdbcClient jdbc, FornecedorService service) {
		this.jdbc = jdbc;
		this.service = service;
	}

	/** A supplier as an import needs it: who, and the category its bills usually take. */
	public record Supplier(long id, String nome, String documento, boolean ativo, @Nullable Long defaultCategoryId) {
	}

	/** A supplier and whether {@link #findOrCreate} created it. */
	public record Found(Supplier supplier, boolean created) {
	}

	/**
	 * The supplier holding {@code documento} (a CPF/CNPJ in canonical form: digits and
	 * upper-case letters), locked against deletion until the caller's transaction ends.
	 */
	@Transactional
	public Optional<Supplier> byDocumento(String documento) {
		if (documento.isEmpty()) {
			return Optional.empty();
		}
		return this.jdbc.sql("""
				SELECT id, nome, documento, ativo, default_category_id FROM customers_fornecedor
				WHERE documento = :documento FOR KEY SHARE""")
			.param("documento", documento)
			.query((rs, n) -> new Supplier(rs.getLong("id"), rs.getString("nome"), rs.getString("documento"),
					rs.getBoolean("ativo"), rs.getObject("default_category_id", Long.class)))
			.optional();
	}

	/**
	 * The suppliers among {@code ids} that exist, by id (documento and default category
	 * included).
	 */
	@Transactional(readOnly = true)
	public java.util.Map<Long, Supplier> suppliers(java.util.Collection<Long> ids) {
		java.util.Map<Long, Supplier> found = new java.util.HashMap<>();
		if (ids.isEmpty()) {
			return found;
		}
		this.jdbc
			.sql("SELECT id, nome, documento, ativo, default_category_id FROM customers_fornecedor WHERE id IN (:ids)")
			.param("ids", java.util.Set.copyOf(ids))
			.query((rs, n) -> found.put(rs.getLong("id"),
					new Supplier(rs.getLong("id"), rs.getString("nome"), rs.getString("documento"),
							rs.getBoolean("ativo"), rs.getObject("default_category_id", Long.class))))
			.list();
		return found;
	}

	/**
	 * The supplier holding {@code documento}, or a new active one with that name and
	 * document (created, checked and audited as {@code POST /api/fornecedores/} creates
	 * it), in the caller's transaction.
	 */
	@Transactional
	public Found findOrCreate(String nome, String documento) {
		Optional<Supplier> existing = byDocumento(documento);
		if (existing.isPresent()) {
			return new Found(existing.get(), false);
		}
		Fornecedor created = this.service.create(new FornecedorRequest(nome, null, null, documento, true, null));
		return new Found(new Supplier(created.id(), created.nome, created.documento, created.ativo, null), true);
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
