package br.suite.timeclock.ledger;

import java.util.List;

import org.jspecify.annotations.Nullable;

/** The result of re-checking the punch ledger: intact, or where it was broken. */
record ChainReport(boolean intact, long establishmentId, long checkedCount, long lastNsr, String lastHash,
		List<Problem> problems) {

	record Problem(long nsr, @Nullable Long punchId, String problem) {
	}

}
