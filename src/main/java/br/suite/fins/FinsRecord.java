package br.suite.fins;

import java.time.Instant;
import java.time.LocalDate;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.Map;
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

	/** The fields the audit log compares, by their wire names. */
	Map<String, @Nullable Object> audited() {
		Map<String, @Nullable Object> fields = new LinkedHashMap<>();
		fields.put("cliente", this.clienteId);
		fields.put("titulo", this.titulo);
		fields.put("descricao", this.descricao);
		fields.put("data_limite", this.dataLimite == null ? null : this.dataLimite.toString());
		fields.put("concluido", this.concluido);
		return fields;
	}

}
