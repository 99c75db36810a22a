package br.suite.timeclock.ledger;

import java.time.Instant;
import java.time.OffsetDateTime;

import org.jspecify.annotations.Nullable;

import br.suite.shared.CurrentUser;
import br.suite.shared.DateTimes;

/**
 * A punch on the wire: the spec's fields, then the ledger's (NSR, hash, review flag, why
 * the face check came out as it did, and where the snapshot is while it is kept).
 * {@code afd_hash} is the punch's AFD type-7 SHA-256, printed on its comprovante.
 */
record PunchResponse(long id, String eventType, long employeeId, String employeeName, Instant occurredAt,
		OffsetDateTime occurredAtBrt, boolean recognitionOk, @Nullable Double recognitionDistance, String source,
		long nsr, String recognitionReason, double recognitionThreshold, boolean needsReview, boolean disregarded,
		@Nullable String snapshotSha256, @Nullable String snapshotUrl, @Nullable String hash, long establishmentId,
		OffsetDateTime occurredAtLocal, boolean offline, Instant recordedAt, @Nullable String afdHash) {

	static PunchResponse from(Punch p) {
		return new PunchResponse(p.id(), p.eventType(), p.employeeId(), p.employeeName(), p.occurredAt(),
				p.occurredAt().atZone(DateTimes.BRAZIL).toOffsetDateTime(), p.recognitionOk(), p.recognitionDistance(),
				p.source(), p.nsr(), p.recognitionReason(), p.recognitionThreshold(), p.needsReview(), p.disregarded(),
				p.snapshotSha256(),
				p.snapshotPurgedAt() == null && p.snapshotSha256() != null
						? "/api/timeclock/punches/" + p.id() + "/snapshot/" : null,
				p.hash(), p.establishmentId(), p.occurredAtLocal(), p.offline(), p.recordedAt(), p.afdHash());
	}

	/** The permission that sees the recognition distance and the ledger hash. */
	static final String VIEW = "timeclock.punches.view";

	/**
	 * The punch as a caller who may only register punches sees it (a kiosk): no
	 * recognition distance, or a stolen kiosk token would tell how close a forged photo
	 * came, and no ledger hash. Both stay in the response as null; whoever holds
	 * {@code timeclock.punches.view} reads them on the punch.
	 */
	static PunchResponse forCaller(Punch p, CurrentUser caller) {
		PunchResponse full = from(p);
		if (caller.holds(VIEW)) {
			return full;
		}
		return new PunchResponse(full.id, full.eventType, full.employeeId, full.employeeName, full.occurredAt,
				full.occurredAtBrt, full.recognitionOk, null, full.source, full.nsr, full.recognitionReason,
				full.recognitionThreshold, full.needsReview, full.disregarded, full.snapshotSha256, full.snapshotUrl,
				null, full.establishmentId, full.occurredAtLocal, full.offline, full.recordedAt, null);
	}

}
