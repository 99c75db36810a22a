package br.suite.audit;

import java.time.Instant;
import java.util.List;

import org.jspecify.annotations.Nullable;

/**
 * The result of re-checking the audit chain: intact, or where it was broken; and the
 * checkpoint the chain's tail was checked against (null before the first one).
 */
record AuditChainReport(boolean intact, long checkedCount, long lastId, String lastHash,
		@Nullable Checkpoint checkpoint, List<Problem> problems) {

	record Problem(long id, String problem) {
	}

	/** The latest signed checkpoint kept outside the database. */
	record Checkpoint(long lastId, String lastHash, Instant at) {
	}

}
