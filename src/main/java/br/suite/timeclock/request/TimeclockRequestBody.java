package br.suite.timeclock.request;

import java.time.LocalDate;
import java.time.OffsetDateTime;

import io.swagger.v3.oas.annotations.media.Schema;
import org.jspecify.annotations.Nullable;

/**
 * An employee's request: {@code kind} names which of the other fields it uses. The
 * certificate of an absence is sent apart (PUT
 * /api/timeclock/me/requests/{id}/certificate/).
 */
record TimeclockRequestBody(@Schema(allowableValues = {
		"include_mark", "disregard_mark", "absence", "overtime" }) @Nullable String kind,
		@Schema(description = "include_mark: when the forgotten mark happened",
				example = "2026-11-10T13:00:00-03:00") @Nullable OffsetDateTime occurredAt,
		@Schema(description = "include_mark: entrada, saida, inicio_intervalo or fim_intervalo") @Nullable String eventType,
		@Schema(description = "disregard_mark: one of the caller's own punches") @Nullable Long punchId,
		@Schema(description = "absence: first date", example = "2026-11-12") @Nullable LocalDate dateFrom,
		@Schema(description = "absence: last date", example = "2026-11-13") @Nullable LocalDate dateTo,
		@Schema(description = "absence: atestado, ferias, licenca, folga or falta_justificada") @Nullable String absenceKind,
		@Schema(description = "overtime: the date", example = "2026-11-14") @Nullable LocalDate date,
		@Schema(description = "overtime: extra minutes asked for, 1 to 720") @Nullable Integer minutes,
		@Schema(description = "mandatory, up to 500 characters") @Nullable String reason){

	TimeclockRequestBody {
		kind = kind == null ? null : kind.strip();
		reason = reason == null ? "" : reason.strip();
	}

}
