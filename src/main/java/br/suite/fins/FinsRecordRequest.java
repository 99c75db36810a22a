package br.suite.fins;

import java.time.LocalDate;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;

import io.swagger.v3.oas.annotations.media.Schema;
import org.jspecify.annotations.Nullable;

/** The writable fields of a fins record; absent optional fields take their defaults. */
record FinsRecordRequest(@NotNull @Schema(description = "Id of an existing customer", example = "1") Long cliente,
		@NotBlank @Size(max = 200) @Pattern(regexp = "[^\\x00]*",
				message = "must not contain the NUL character") @Schema(
						example = "Renovar contrato de manutenção") String titulo,
		@Size(max = 10000) @Pattern(regexp = "[^\\x00]*",
				message = "must not contain the NUL character") @Nullable String descricao,
		@Nullable @Schema(description = "Deadline: a date in America/Sao_Paulo (YYYY-MM-DD) between 1900-01-01 and "
				+ "9999-12-31, or null for none", example = "2026-12-15", nullable = true) LocalDate dataLimite,
		@Nullable @Schema(description = "Defaults to false") Boolean concluido) {

	FinsRecordRequest {
		titulo = titulo == null ? null : titulo.trim();
		descricao = descricao == null ? "" : descricao;
		concluido = concluido != null && concluido;
	}

	static FinsRecordRequest of(FinsRecord record) {
		return new FinsRecordRequest(record.clienteId, record.titulo, record.descricao, record.dataLimite,
				record.concluido);
	}

}
