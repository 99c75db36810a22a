package br.suite.finance.collection;

import java.time.Instant;
import java.util.List;

import io.swagger.v3.oas.annotations.media.Schema;
import org.jspecify.annotations.Nullable;

/** The régua de cobrança as clients read it. */
record PolicyResponse(boolean enabled,
		@Schema(example = "09:00",
				description = "HH:MM in America/Sao_Paulo: when the daily run sends") String sendTime,
		List<Step> steps, Templates templates, boolean receipt,
		@Schema(description = "Read-only. Whether SUITE_MAIL_HOST and SUITE_MAIL_FROM are set: without them "
				+ "messages are recorded as skipped (mail_not_configured)") boolean mailConfigured,
		@Schema(description = "Read-only. The placeholders the templates may use") List<String> placeholders,
		@Schema(description = "Read-only. Null until the policy is first saved") @Nullable Instant updatedAt) {

	record Step(int offsetDays) {
	}

	record Templates(Template before, Template due, Template after) {
	}

	record Template(String subject, String text) {
	}

}
