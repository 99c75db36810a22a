package br.suite.finance.collection;

import java.util.List;

import io.swagger.v3.oas.annotations.media.Schema;
import org.jspecify.annotations.Nullable;

/**
 * The régua de cobrança as a client writes it ({@code PUT}): every field optional, an
 * absent one takes its default (disabled, 09:00, steps −3, 0, 3 and 10, the Portuguese
 * templates, no receipt).
 */
@Schema(description = "The collection policy (régua de cobrança) as written by a client")
record PolicyRequest(@Schema(description = "Default false") @Nullable Boolean enabled,
		@Schema(description = "HH:MM in America/Sao_Paulo, default 09:00", example = "09:00") @Nullable String sendTime,
		@Schema(description = "1 to 10 steps, distinct offset_days between -60 and 120 (days after the due date; "
				+ "negative: before it)") @Nullable List<@Nullable Step> steps,
		@Nullable Templates templates,
		@Schema(description = "A receipt when a charge becomes paid; default " + "false") @Nullable Boolean receipt) {

	record Step(@Schema(example = "-3") @Nullable Integer offsetDays) {
	}

	record Templates(@Schema(description = "Steps before the due date") @Nullable Template before,
			@Schema(description = "The step on the due date") @Nullable Template due,
			@Schema(description = "Steps after the due date") @Nullable Template after) {
	}

	@Schema(description = "Subject (one line, ≤ 200) and text (≤ 5000) with the placeholders {{pagador}}, "
			+ "{{valor}}, {{vencimento}}, {{descricao}}, {{link}} and {{pix}}; an unknown one is a 400. Absent: "
			+ "the default Portuguese template")
	record Template(@Nullable String subject, @Nullable String text) {
	}

}
