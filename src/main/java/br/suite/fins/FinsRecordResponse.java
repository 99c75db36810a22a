package br.suite.fins;

import java.time.Instant;
import java.time.LocalDate;

import io.swagger.v3.oas.annotations.media.Schema;
import org.jspecify.annotations.Nullable;

record FinsRecordResponse(long id, @Schema(description = "Id of the customer") long cliente, String titulo,
		String descricao, @Schema(nullable = true) @Nullable LocalDate dataLimite, boolean concluido, Instant createdAt,
		Instant updatedAt) {

	static FinsRecordResponse from(FinsRecord record) {
		return new FinsRecordResponse(record.id(), record.clienteId, record.titulo, record.descricao, record.dataLimite,
				record.concluido, record.createdAt, record.updatedAt);
	}

}
