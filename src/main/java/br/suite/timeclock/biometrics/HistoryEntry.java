package br.suite.timeclock.biometrics;

import java.time.Instant;

import org.jspecify.annotations.Nullable;

/** An enrolment or a removal, as kept forever (never the photo). */
record HistoryEntry(long id, long userId, String action, String reason, @Nullable String photoSha256,
		@Nullable String legalBasis, @Nullable Instant consentAt, @Nullable String noticeVersion,
		@Nullable Long actorId, Instant at) {
}
