package br.suite.customers;

import java.util.Map;

import org.jspecify.annotations.Nullable;
import org.springframework.data.relational.core.mapping.Table;

/**
 * A supplier: the counterpart of a {@link Cliente}, with the same rules for its fields.
 */
@Table("customers_fornecedor")
class Fornecedor extends Party {

	/** The category its bills usually take (a bills category id), or null. */
	@Nullable Long defaultCategoryId;

	Fornecedor(String nome, String email, String telefone, String documento, boolean ativo,
			@Nullable Long defaultCategoryId) {
		super(nome, email, telefone, documento, ativo);
		this.defaultCategoryId = defaultCategoryId;
	}

	void change(String nome, String email, String telefone, String documento, boolean ativo,
			@Nullable Long defaultCategoryId) {
		changeParty(nome, email, telefone, documento, ativo);
		this.defaultCategoryId = defaultCategoryId;
	}

	@Override
	Map<String, @Nullable Object> audited() {
		Map<String, @Nullable Object> fields = super.audited();
		fields.put("default_category_id", this.defaultCategoryId);
		return fields;
	}

	@Override
	Map<String, @Nullable Object> insertParams() {
		Map<String, @Nullable Object> params = super.insertParams();
		params.put("defaultCategoryId", this.defaultCategoryId);
		return params;
	}

}
