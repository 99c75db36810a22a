package br.suite.customers;

import java.time.Instant;

import io.swagger.v3.oas.annotations.media.Schema;
import org.jspecify.annotations.Nullable;

record FornecedorResponse(long id, String nome, String email, String telefone,
		@Schema(description = "Canonical CPF (11 digits) or CNPJ (14 characters, digits and upper-case letters), "
				+ "or \"\" when unknown", example = "12ABC34501DE35") String documento,
		boolean ativo, @Nullable Long defaultCategoryId, Instant createdAt, Instant updatedAt) {

	static FornecedorResponse from(Fornecedor fornecedor) {
		return new FornecedorResponse(fornecedor.id(), fornecedor.nome, fornecedor.email, fornecedor.telefone,
				fornecedor.documento, fornecedor.ativo, fornecedor.defaultCategoryId, fornecedor.createdAt,
				fornecedor.updatedAt);
	}

}
