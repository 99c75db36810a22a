package br.suite.processdocs;

import java.util.EnumSet;
import java.util.Set;

/**
 * The lifecycle of a controlled document. Only approved documents are in use; a revision
 * sends an approved document back to review, and an obsolete one stays on record but can
 * never come back.
 */
enum DocumentStatus {

	DRAFT, IN_REVIEW, APPROVED, OBSOLETE;

	/** Where a document in this status may go next. */
	Set<DocumentStatus> next() {
		return switch (this) {
			case DRAFT -> EnumSet.of(IN_REVIEW);
			case IN_REVIEW -> EnumSet.of(APPROVED, DRAFT);
			case APPROVED -> EnumSet.of(OBSOLETE, IN_REVIEW);
			case OBSOLETE -> EnumSet.noneOf(DocumentStatus.class);
		};
	}

	boolean canMoveTo(DocumentStatus target) {
		return next().contains(target);
	}

	/**
	 * Approved and obsolete documents are what readers rely on: their content changes
	 * only by revision.
	 */
	boolean isContentLocked() {
		return this == APPROVED || this == OBSOLETE;
	}

}
