package br.suite.timeclock;

import io.swagger.v3.oas.annotations.media.Schema;
import org.jspecify.annotations.Nullable;

/** A manager's decision on a request: the comment is mandatory to refuse. */
record DecisionBody(@Schema(description = "up to 1000 characters; mandatory to refuse") @Nullable String comment) {

	DecisionBody {
		comment = comment == null ? "" : comment.strip();
	}

}
