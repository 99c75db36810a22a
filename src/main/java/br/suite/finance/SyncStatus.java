package br.suite.finance;

/** The outcome of a synchronisation; only {@code running} has no {@code finished_at}. */
public enum SyncStatus {

	RUNNING,

	SUCCESS,

	/** Finished, but some items were skipped or refused (the message says which). */
	PARTIAL,

	FAILED

}
