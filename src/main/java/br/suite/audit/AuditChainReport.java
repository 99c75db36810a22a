package br.suite.audit;

import java.time.Instant;
import java.util.List;

import org.jspecify.annotations.Nullable;

/**
 * The result of re-checking the audit chain: intact, or where it was broken; the sealed
 * prefix checked (through chain position {@code sealedThrough}, ending with event
 * {@code lastId}), the events not sealed yet, and the checkpoint the chain's tail was
 * checked against (null before the first one).
 */
record AuditChainReport(boolean intact, long checkedCount, long lastId, String lastHash, long sealedThrough,
		long unsealedCount, @Nullable Instant oldestUnsealedAt, @Nullable Checkpoint checkpoint,
		List<Problem> problems) {

	record Problem(long id, String problem) {
	}

	/** The latest signed checkpoint kept outside the database. */
	record Checkpoint(long lastId, String lastHash, Instant at) {
	}

}
