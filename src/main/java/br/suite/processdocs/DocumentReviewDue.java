package br.suite.processdocs;

import java.time.LocalDate;

/**
 * Published by the daily reminder job, once per document and day, for a review due within
 * the notice window.
 */
public record DocumentReviewDue(long documentId, String code, String title, String owner, LocalDate nextReviewAt,
		boolean overdue) {
}
