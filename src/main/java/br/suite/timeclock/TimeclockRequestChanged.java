package br.suite.timeclock;

import java.time.Instant;

import org.jspecify.annotations.Nullable;

/**
 * Published inside the transaction that created, approved or refused an employee's
 * request ({@code action} {@code created}, {@code approved} or {@code refused}). It
 * carries no free text (the reason may hold health data): a subscriber reads the request
 * at {@code /api/timeclock/requests/{requestId}/}.
 */
public record TimeclockRequestChanged(long requestId, long employeeId, String kind, String status, String action,
		@Nullable Long decidedBy, Instant at) {
}
