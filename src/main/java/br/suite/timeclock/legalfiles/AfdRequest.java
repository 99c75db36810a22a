package br.suite.timeclock.legalfiles;

import java.time.Instant;
import java.time.LocalDate;

import org.jspecify.annotations.Nullable;

/**
 * Which AFD or AEJ to write: the establishment, the period (the AFD's ends may be open,
 * both inclusive), whether employees without CPF may be left as they are, and the
 * generation time of a file this server wrote before (to get the same bytes again), as
 * {@link LegalFileQuery} binds them.
 */
record AfdRequest(@Nullable Long establishmentId, @Nullable LocalDate dateFrom, @Nullable LocalDate dateTo,
		boolean allowIncomplete, @Nullable Instant generatedAt) {

	/** The same AFD again, as generated at the instant. */
	AfdRequest generatedAt(Instant generatedAt) {
		return new AfdRequest(this.establishmentId, this.dateFrom, this.dateTo, this.allowIncomplete, generatedAt);
	}

}
