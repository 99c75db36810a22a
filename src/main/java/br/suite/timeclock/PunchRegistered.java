package br.suite.timeclock;

import java.time.Instant;

/**
 * Published inside the transaction that recorded a punch; {@code needsReview} when
 * recognition failed.
 */
public record PunchRegistered(long punchId, long nsr, long employeeId, String eventType, Instant occurredAt,
		String source, boolean recognitionOk, boolean needsReview) {

}
