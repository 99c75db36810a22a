package br.suite.timeclock.closing;

import java.time.Instant;
import java.util.List;

import org.jspecify.annotations.Nullable;

/**
 * A month closing of an establishment: {@code status} {@code closed} while in force,
 * {@code reopened} after a reopening (kept as the history of the signatures it carried).
 * {@code employees} is listed by {@code GET {id}/} only.
 */
record ClosingResponse(long id, long establishmentId, String month, String status, long closedBy, Instant closedAt,
		@Nullable Long reopenedBy, @Nullable Instant reopenedAt, long employeeCount, long signedCount,
		@Nullable List<Employee> employees) {

	/** An employee's frozen espelho in the closing, with the signature if any. */
	record Employee(long employeeId, String employeeName, long workedMinutes, String pdfSha256,
			@Nullable SignatureResponse signature) {
	}

}
