package br.suite.timeclock;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Positive;

import io.swagger.v3.oas.annotations.media.Schema;
import org.jspecify.annotations.Nullable;

/** Op 3's body; {@code source} is optional (default {@code other}). */
record PunchRequest(
		@Schema(allowableValues = { "entrada", "saida", "inicio_intervalo", "fim_intervalo" }) @NotBlank String eventType,
		@NotNull @Positive Long employeeId,
		@Schema(description = "Plain base64 or a data:image/…;base64, URL of a JPEG or PNG, up to 8 MiB decoded") @NotBlank String snapshotBase64,
		@Schema(allowableValues = { "mobile_app", "browser", "desktop_app", "device", "other" }) @Nullable String source,
		@Schema(description = "The establishment (REP-P) recording the punch; default the employee's, else 1") @Nullable @Positive Long establishmentId) {

	PunchRequest {
		source = source == null ? "other" : source;
	}

}
