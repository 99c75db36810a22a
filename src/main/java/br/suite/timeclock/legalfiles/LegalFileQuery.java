package br.suite.timeclock.legalfiles;

import java.time.LocalDate;
import java.time.OffsetDateTime;

import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Schema;
import org.jspecify.annotations.Nullable;
import org.springframework.web.bind.annotation.BindParam;

import br.suite.shared.InvalidRequest;

/**
 * The query parameters of the AFD, the AEJ and their signatures (API and page downloads),
 * bound once: which establishment, the period, whether employees without CPF may be left
 * as they are, and the generation time of a file this server wrote before.
 */
record LegalFileQuery(
		@Parameter(name = "establishment_id") @BindParam("establishment_id") @Nullable Long establishmentId,
		@Parameter(name = "date_from") @BindParam("date_from") @Nullable LocalDate dateFrom,
		@Parameter(name = "date_to") @BindParam("date_to") @Nullable LocalDate dateTo,
		@Parameter(name = "allow_incomplete",
				schema = @Schema(
						defaultValue = "false")) @BindParam("allow_incomplete") @Nullable Boolean allowIncomplete,
		@Parameter(name = "generated_at") @BindParam("generated_at") @Nullable OffsetDateTime generatedAt) {

	/** What the exports take. */
	AfdRequest request() {
		return new AfdRequest(this.establishmentId, this.dateFrom, this.dateTo,
				Boolean.TRUE.equals(this.allowIncomplete),
				this.generatedAt == null ? null : this.generatedAt.toInstant());
	}

	/**
	 * The same for a page's download link, which always names the establishment and a
	 * generation this server gave out: 400 for either missing.
	 */
	AfdRequest issued() {
		if (this.establishmentId == null) {
			throw InvalidRequest.of("establishment_id", "is required");
		}
		if (this.generatedAt == null) {
			throw InvalidRequest.of("generated_at", "is required");
		}
		return request();
	}

}
