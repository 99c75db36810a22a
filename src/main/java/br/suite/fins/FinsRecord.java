package br.suite.fins;

import java.time.Instant;
import java.time.LocalDate;
import java.time.temporal.ChronoUnit;
import java.util.Objects;

import org.jspecify.annotations.Nullable;
import org.springframework.data.annotation.Id;
import org.springframework.data.annotation.Version;
import org.springframework.data.relational.core.mapping.Table;

@Table("fins_record")
class FinsRecord {

	@Id
	@Nullable Long id;

	long clienteId;

	String titulo;

	String descricao;

	@Nullable LocalDate dataLimite;

	boolean concluido;

	@Version
	@Nullable Long version;

	Instant createdAt;

	Instant updatedAt;

	FinsRecord(long clienteId, String titulo, String descricao, @Nullable LocalDate dataLimite, boolean concluido) {
		this.clienteId = clienteId;
		this.titulo = titulo;
		this.descricao = descricao;
		this.dataLimite = dataLimite;
		this.concluido = concluido;
		this.createdAt = Instant.now().truncatedTo(ChronoUnit.MICROS);
		this.updatedAt = this.createdAt;
	}

	void change(long clienteId, String titulo, String descricao, @Nullable LocalDate dataLimite, boolean concluido) {
		this.clienteId = clienteId;
		this.titulo = titulo;
		this.descricao = descricao;
		this.dataLimite = dataLimite;
		this.concluido = concluido;
		this.updatedAt = Instant.now().truncatedTo(ChronoUnit.MICROS);
	}

	long id() {
		return Objects.requireNonNull(this.id);
	}

}
