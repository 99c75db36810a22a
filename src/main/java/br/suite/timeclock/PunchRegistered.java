package br.suite.timeclock;

import java.time.Instant;

/**
 * Published inside the transaction that recorded a punch; {@code needsReview} when
 * recognition failed.
 */
public record PunchRegistered(long punchId, long nsr, long employeeId, String eventType, Instant occurredAt,
		String source, boolean recognitionOk, boolean needsReview) {

	static PunchRegistered of(Punch punch) {
		return new PunchRegistered(punch.id(), punch.nsr(), punch.employeeId(), punch.eventType(), punch.occurredAt(),
				punch.source(), punch.recognitionOk(), punch.needsReview());
	}

}
