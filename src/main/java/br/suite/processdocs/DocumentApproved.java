package br.suite.processdocs;

import java.time.LocalDate;

/** Published inside the transaction that approved a process document. */
public record DocumentApproved(long documentId, String code, String title, String version, long approvedById,
		String approvedBy, LocalDate approvedAt) {
}
