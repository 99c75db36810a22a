package br.suite.customers;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

import org.jspecify.annotations.Nullable;
import org.springframework.data.annotation.Id;
import org.springframework.data.annotation.Version;
import org.springframework.data.relational.core.mapping.Table;

/**
 * A supplier: the counterpart of a {@link Cliente}, with the same rules for its fields.
 */
@Table("customers_fornecedor")
class Fornecedor {

	@Id
	@Nullable Long id;

	String nome;

	String email;

	String telefone;

	/** Canonical CPF or CNPJ (digits and upper-case letters), or "" when unknown. */
	String documento;

	boolean ativo;

	/** The category its bills usually take (a bills category id), or null. */
	@Nullable Long defaultCategoryId;

	String nomeBusca;

	String emailBusca;

	@Version
	@Nullable Long version;

	Instant createdAt;

	Instant updatedAt;

	Fornecedor(String nome, String email, String telefone, String documento, boolean ativo,
			@Nullable Long defaultCategoryId) {
		change(nome, email, telefone, documento, ativo, defaultCategoryId);
		this.createdAt = this.updatedAt;
	}

	void change(String nome, String email, String telefone, String documento, boolean ativo,
			@Nullable Long defaultCategoryId) {
		this.nome = nome;
		this.email = email;
		this.telefone = telefone;
		this.documento = documento;
		this.ativo = ativo;
		this.defaultCategoryId = defaultCategoryId;
		this.nomeBusca = TextSearch.fold(nome);
		this.emailBusca = TextSearch.fold(email);
		this.updatedAt = Instant.now().truncatedTo(ChronoUnit.MICROS);
	}

	long id() {
		return Objects.requireNonNull(this.id);
	}

	/** The fields the audit log compares, by their wire names (personal ones masked). */
	Map<String, @Nullable Object> audited() {
		Map<String, @Nullable Object> fields = new LinkedHashMap<>();
		fields.put("nome", this.nome);
		fields.put("email", this.email);
		fields.put("telefone", this.telefone);
		fields.put("documento", this.documento);
		fields.put("ativo", this.ativo);
		fields.put("default_category_id", this.defaultCategoryId);
		return fields;
	}

}
