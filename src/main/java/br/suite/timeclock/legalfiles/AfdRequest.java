package br.suite.timeclock.legalfiles;

import java.time.Instant;
import java.time.LocalDate;

import org.jspecify.annotations.Nullable;

/**
 * Which AFD to write: the establishment, the period of its punches' dates (either end
 * open, both inclusive), whether punches of employees without CPF may be left as they
 * are, and the generation time of an AFD this server wrote before (to get the same bytes
 * again), as {@code GET /api/timeclock/afd/} and its signature take them.
 */
record AfdRequest(@Nullable Long establishmentId, @Nullable LocalDate dateFrom, @Nullable LocalDate dateTo,
		boolean allowIncomplete, @Nullable Instant generatedAt) {

	/** The same AFD again, as generated at the instant. */
	AfdRequest generatedAt(Instant generatedAt) {
		return new AfdRequest(this.establishmentId, this.dateFrom, this.dateTo, this.allowIncomplete, generatedAt);
	}

}
