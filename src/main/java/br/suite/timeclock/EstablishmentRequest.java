package br.suite.timeclock;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;

import io.swagger.v3.oas.annotations.media.Schema;
import org.jspecify.annotations.Nullable;

import br.suite.shared.DateTimes;

/**
 * The writable fields; {@code time_zone} defaults to America/Sao_Paulo, {@code active} to
 * true.
 */
record EstablishmentRequest(
		@Schema(description = "Razão social or the employer's name") @NotBlank @Size(max = 150) String name,
		@Schema(description = "CNPJ (14) or CPF (11), with or without punctuation; stored normalised") @NotBlank String employerDocument,
		@Schema(description = "CEI, CAEPF or CNO, up to 14 digits") @Nullable @Pattern(regexp = "\\d{0,14}",
				message = "must be up to 14 digits") String ceiCaepfCno,
		@Schema(description = "Address (local de prestação de serviços)") @Nullable @Size(max = 100) String address,
		@Schema(description = "IANA time zone, e.g. America/Manaus") @Nullable String timeZone,
		@Nullable Boolean active) {

	EstablishmentRequest {
		ceiCaepfCno = ceiCaepfCno == null ? "" : ceiCaepfCno.trim();
		address = address == null ? "" : address.trim();
		timeZone = timeZone == null ? DateTimes.BRAZIL_ZONE_ID : timeZone.trim();
		active = active == null || active;
		name = name == null ? null : name.trim();
	}

	static EstablishmentRequest of(Establishment e) {
		return new EstablishmentRequest(e.name(), e.employerDocument(), e.ceiCaepfCno(), e.address(),
				e.timeZone().getId(), e.active());
	}

}
