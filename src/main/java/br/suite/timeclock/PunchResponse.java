package br.suite.timeclock;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneId;

import org.jspecify.annotations.Nullable;

/**
 * A punch on the wire: the spec's fields, then the ledger's (NSR, hash, review flag, why the face check
 * came out as it did, and where the snapshot is while it is kept).
 */
record PunchResponse(long id, String eventType, long employeeId, String employeeName, Instant occurredAt,
		OffsetDateTime occurredAtBrt, boolean recognitionOk, @Nullable Double recognitionDistance, String source,
		long nsr, String recognitionReason, double recognitionThreshold, boolean needsReview, boolean disregarded,
		String snapshotSha256, @Nullable String snapshotUrl, String hash) {

	static final ZoneId SAO_PAULO = ZoneId.of("America/Sao_Paulo");

	static PunchResponse from(Punch p) {
		return new PunchResponse(p.id(), p.eventType(), p.employeeId(), p.employeeName(), p.occurredAt(),
				p.occurredAt().atZone(SAO_PAULO).toOffsetDateTime(), p.recognitionOk(), p.recognitionDistance(),
				p.source(), p.nsr(), p.recognitionReason(), p.recognitionThreshold(), p.needsReview(), p.disregarded(),
				p.snapshotSha256(), p.snapshotPurgedAt() == null ? "/api/timeclock/punches/" + p.id() + "/snapshot/" : null,
				p.hash());
	}

}
