package br.suite.customers;

import java.sql.Timestamp;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

import org.jspecify.annotations.Nullable;
import org.springframework.data.annotation.Id;
import org.springframework.data.annotation.Version;

/**
 * What a customer ({@link Cliente}) and a supplier ({@link Fornecedor}) both are: a named
 * party with its contacts and documento, active or not; each kind has its own table with
 * these columns.
 */
abstract class Party {

	@Id
	@Nullable Long id;

	String nome;

	String email;

	String telefone;

	/** Canonical CPF or CNPJ (digits and upper-case letters), or "" when unknown. */
	String documento;

	boolean ativo;

	// Derived from nome and email whenever they change; never written by clients.
	String nomeBusca;

	String emailBusca;

	@Version
	@Nullable Long version;

	Instant createdAt;

	Instant updatedAt;

	Party(String nome, String email, String telefone, String documento, boolean ativo) {
		changeParty(nome, email, telefone, documento, ativo);
		this.createdAt = this.updatedAt;
	}

	final void changeParty(String nome, String email, String telefone, String documento, boolean ativo) {
		this.nome = nome;
		this.email = email;
		this.telefone = telefone;
		this.documento = documento;
		this.ativo = ativo;
		this.nomeBusca = TextSearch.fold(nome);
		this.emailBusca = TextSearch.fold(email);
		this.updatedAt = Instant.now().truncatedTo(ChronoUnit.MICROS);
	}

	long id() {
		return Objects.requireNonNull(this.id);
	}

	/**
	 * The fields the audit log compares, by their wire names. The service masks the
	 * personal ones (e-mail, telefone, documento) before they are recorded.
	 */
	Map<String, @Nullable Object> audited() {
		Map<String, @Nullable Object> fields = new LinkedHashMap<>();
		fields.put("nome", this.nome);
		fields.put("email", this.email);
		fields.put("telefone", this.telefone);
		fields.put("documento", this.documento);
		fields.put("ativo", this.ativo);
		return fields;
	}

	/** The values of the columns every kind's insert writes, by parameter name. */
	Map<String, @Nullable Object> insertParams() {
		Map<String, @Nullable Object> params = new HashMap<>();
		params.put("nome", this.nome);
		params.put("email", this.email);
		params.put("telefone", this.telefone);
		params.put("documento", this.documento);
		params.put("ativo", this.ativo);
		params.put("nomeBusca", this.nomeBusca);
		params.put("emailBusca", this.emailBusca);
		params.put("version", this.version);
		params.put("createdAt", Timestamp.from(this.createdAt));
		params.put("updatedAt", Timestamp.from(this.updatedAt));
		return params;
	}

}
