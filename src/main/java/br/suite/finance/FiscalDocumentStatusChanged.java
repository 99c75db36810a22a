package br.suite.finance;

/** Published inside the transaction that moved a fiscal document to another status. */
public record FiscalDocumentStatusChanged(long documentId, String type, String number, String series,
		String statusBefore, String statusAfter) {
}
