package br.suite.timeclock.ledger;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Positive;

import io.swagger.v3.oas.annotations.media.Schema;
import org.jspecify.annotations.Nullable;

/** Op 3's body; {@code source} is optional (default {@code other}). */
public record PunchRequest(@Schema(allowableValues = {
		"entrada", "saida", "inicio_intervalo", "fim_intervalo" }) @NotBlank String eventType,
		@NotNull @Positive Long employeeId,
		@Schema(description = "Plain base64 or a data:image/…;base64, URL of a JPEG or PNG, up to 8 MiB decoded; "
				+ "optional: without it the punch is recorded with recognition_reason no_snapshot") @Nullable String snapshotBase64,
		@Schema(allowableValues = { "mobile_app", "browser", "desktop_app", "device",
				"other" }) @Nullable String source,
		@Schema(description = "The establishment (REP-P) recording the punch; default the employee's, else 1") @Nullable @Positive Long establishmentId,
		@Schema(description = "true for a punch a collector kept while it had no connection; then occurred_at is required") @Nullable Boolean offline,
		@Schema(description = "Offline punches only: the collector's time of the punch, at most 7 days back, never in the future") java.time.@Nullable OffsetDateTime occurredAt){

	public PunchRequest {
		source = source == null ? "other" : source;
		offline = offline != null && offline;
		snapshotBase64 = snapshotBase64 == null || snapshotBase64.isBlank() ? null : snapshotBase64;
	}

}
