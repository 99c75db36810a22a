package br.suite.finance;

/** How the data of a synchronisation arrived. */
public enum SyncFlow {

	CSV_IMPORT, PROVIDER_SYNC, WEBHOOK

}
