package br.suite.imports.csv;

import java.util.UUID;

import org.springframework.http.HttpStatus;

import br.suite.shared.ApiProblem;

/** What can go wrong with an import as a whole, each named for what happened. */
final class ImportProblems {

	private ImportProblems() {
	}

	static final class FileTooLarge extends ApiProblem {

		FileTooLarge(long limit) {
			super(HttpStatus.CONTENT_TOO_LARGE, "The file is larger than the limit of " + limit + " bytes (8 MiB).");
		}

	}

	/** 409: an Idempotency-Key already answered a different confirmation. */
	static final class IdempotencyKeyReused extends ApiProblem.Conflict {

		IdempotencyKeyReused(String key, UUID importId) {
			super("The Idempotency-Key \"" + key + "\" was already used for a different confirmation (import "
					+ importId + "); send this one with a new key.");
			with("field", "Idempotency-Key").with("import_id", importId.toString());
		}

	}

}
