package br.suite.finance.collection;

import java.time.Instant;

import io.swagger.v3.oas.annotations.media.Schema;
import org.jspecify.annotations.Nullable;

/** A collection e-mail as clients read it. */
record MessageResponse(long id, long chargeId, @Schema(allowableValues = {
		"reminder", "receipt" }) String kind,
		@Schema(description = "The step: days after the due date (negative: before); null for a receipt") @Nullable Integer offsetDays,
		@Schema(description = "The address, masked", example = "jo***@example.com") String to, String subject,
		@Schema(allowableValues = { "pending", "sent", "failed", "skipped", "opted_out" },
				description = "pending: decided, not sent yet (a run is sending it, or one stopped: the next run "
						+ "sends it)") String status,
		@Schema(description = "Why it was skipped or failed: mail_not_configured, public_base_url_not_configured, "
				+ "charge_paid, charge_cancelled, charge_not_paid, superseded, or the SMTP server's error; empty "
				+ "when sent") String reason,
		int attempts, Instant decidedAt, @Nullable Instant sentAt){
}
