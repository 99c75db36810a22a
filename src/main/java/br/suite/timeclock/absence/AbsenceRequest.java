package br.suite.timeclock.absence;

import java.time.LocalDate;

import io.swagger.v3.oas.annotations.media.Schema;
import org.jspecify.annotations.Nullable;

/** An absence of whole dates; the certificate file is sent apart (PUT …/certificate/). */
public record AbsenceRequest(@Nullable Long employeeId, @Schema(example = "2026-03-12") @Nullable LocalDate dateFrom,
		@Schema(example = "2026-03-13") @Nullable LocalDate dateTo,
		@Schema(description = "atestado, ferias, licenca, folga, falta_justificada or falta",
				example = "atestado") @Nullable String kind,
		@Schema(description = "up to 500 characters") @Nullable String note) {

	public AbsenceRequest {
		note = note == null ? "" : note.strip();
		kind = kind == null ? null : kind.strip();
	}

}
