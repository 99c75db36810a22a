package br.suite.customers;

import java.time.Instant;

import io.swagger.v3.oas.annotations.media.Schema;

record ClienteResponse(long id, String nome, String email, String telefone,
		@Schema(description = "Canonical CPF (11 digits) or CNPJ (14 characters, digits and upper-case letters), "
				+ "or \"\" when unknown", example = "12ABC34501DE35") String documento,
		boolean ativo, Instant createdAt, Instant updatedAt) {

	static ClienteResponse from(Cliente cliente) {
		return new ClienteResponse(cliente.id(), cliente.nome, cliente.email, cliente.telefone, cliente.documento,
				cliente.ativo, cliente.createdAt, cliente.updatedAt);
	}

}
