package br.suite.timeclock.request;

import io.swagger.v3.oas.annotations.media.Schema;
import org.jspecify.annotations.Nullable;
import org.springframework.web.bind.annotation.BindParam;

/**
 * A manager's decision on a request: the comment is mandatory to refuse; approving a
 * request with a certificate names the SHA-256 of the certificate the manager read.
 */
record DecisionBody(@Schema(description = "up to 1000 characters; mandatory to refuse") @Nullable String comment,
		@Schema(description = "approve, when the request has a certificate: the certificate_sha256 of the file the "
				+ "manager read (required; 409 certificate_changed when the employee replaced it since)",
				nullable = true) @BindParam("certificate_sha256") @Nullable String certificateSha256) {

	DecisionBody {
		comment = comment == null ? "" : comment.strip();
		certificateSha256 = certificateSha256 == null || certificateSha256.isBlank() ? null
				: certificateSha256.strip().toLowerCase(java.util.Locale.ROOT);
	}

	DecisionBody(@Nullable String comment) {
		this(comment, null);
	}

}
