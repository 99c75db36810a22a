package br.suite.timeclock.closing;

import java.time.Instant;

import org.jspecify.annotations.Nullable;

/**
 * Who signed which closed espelho, when, the SHA-256 of the PDF signed and the
 * disagreement if any; {@code valid} false once the closing was reopened.
 */
record SignatureResponse(long id, long closingId, String month, long employeeId, long signedBy, Instant signedAt,
		String pdfSha256, @Nullable String disagreement, boolean valid, @Nullable Instant invalidatedAt) {
}
