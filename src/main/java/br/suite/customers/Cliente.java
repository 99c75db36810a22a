package br.suite.customers;

import org.springframework.data.relational.core.mapping.Table;

@Table("customers_cliente")
class Cliente extends Party {

	Cliente(String nome, String email, String telefone, String documento, boolean ativo) {
		super(nome, email, telefone, documento, ativo);
	}

	void change(String nome, String email, String telefone, String documento, boolean ativo) {
		changeParty(nome, email, telefone, documento, ativo);
	}

}
