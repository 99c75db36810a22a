package br.suite.timeclock.closing;

import java.time.Instant;

import org.jspecify.annotations.Nullable;

import br.suite.timeclock.Timesheet;

/**
 * A closed month of the caller: the closing, the SHA-256 of the frozen PDF (what a
 * signature names), the signature if any and, for one month, the frozen espelho.
 */
record OwnTimesheetResponse(String month, long closingId, Instant closedAt, String pdfSha256,
		@Nullable SignatureResponse signature, @Nullable Timesheet timesheet) {
}
