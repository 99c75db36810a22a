package br.suite.timeclock.closing;

import io.swagger.v3.oas.annotations.media.Schema;
import org.jspecify.annotations.Nullable;

/**
 * The employee's signature of a closed espelho: the SHA-256 of the PDF they were served
 * and read, and optionally what they disagree with (part of the signature).
 */
record SignatureRequest(
		@Schema(description = "hex SHA-256 of the PDF served by GET /api/timeclock/me/timesheets/?month= "
				+ "(Accept: application/pdf)") @Nullable String pdfSha256,
		@Schema(description = "optional, up to 2000 characters: the employee's disagreement") @Nullable String disagreement) {

	SignatureRequest {
		disagreement = disagreement == null || disagreement.isBlank() ? null : disagreement.strip();
		pdfSha256 = pdfSha256 == null ? null : pdfSha256.strip();
	}

}
