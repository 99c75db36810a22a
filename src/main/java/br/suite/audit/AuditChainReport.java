package br.suite.audit;

import java.util.List;

/** The result of re-checking the audit chain: intact, or where it was broken. */
record AuditChainReport(boolean intact, long checkedCount, long lastId, String lastHash, List<Problem> problems) {

	record Problem(long id, String problem) {
	}

}
