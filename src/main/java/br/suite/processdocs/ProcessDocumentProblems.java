package br.suite.processdocs;

import java.util.Collection;
import java.util.List;

import org.springframework.http.HttpStatus;

import br.suite.shared.ApiProblem;
import br.suite.shared.ClosedSet;

/** What can go wrong with process documents, each named for what happened. */
final class ProcessDocumentProblems {

	private ProcessDocumentProblems() {
	}

	static final class DocumentNotFound extends ApiProblem.NotFound {

		DocumentNotFound(long id) {
			super("Process document", id);
		}

	}

	static final class FileNotFound extends ApiProblem {

		FileNotFound(long id) {
			super(HttpStatus.NOT_FOUND, "Process document " + id + " has no file attached.");
		}

	}

	static final class TransitionRefused extends ApiProblem.Conflict {

		TransitionRefused(DocumentStatus current, DocumentStatus requested) {
			super("A process document cannot go from " + ClosedSet.wire(current) + " to " + ClosedSet.wire(requested)
					+ (current.next().isEmpty() ? "; " + ClosedSet.wire(current) + " is final."
							: "; from " + ClosedSet.wire(current) + " it may go to " + wire(current.next()) + "."));
			with("current_status", ClosedSet.wire(current)).with("requested_status", ClosedSet.wire(requested))
				.with("allowed_statuses", current.next().stream().map(ClosedSet::wire).toList());
		}

	}

	static final class ContentLocked extends ApiProblem.Conflict {

		ContentLocked(DocumentStatus status, Collection<String> fields) {
			super("The document is " + ClosedSet.wire(status) + ": " + String.join(", ", fields)
					+ (status == DocumentStatus.APPROVED
							? " can change only in a revision (move it to in_review first)."
							: " can no longer change."));
			with("status", ClosedSet.wire(status)).with("fields", List.copyOf(fields));
		}

	}

	static final class NotADraft extends ApiProblem.Conflict {

		NotADraft(DocumentStatus status) {
			super("Only drafts can be deleted; this document is " + ClosedSet.wire(status) + switch (status) {
				case IN_REVIEW -> ". Send it back to draft first.";
				case APPROVED -> ". Make it obsolete instead: it stays on record, marked as no longer in use.";
				default -> " and stays on record.";
			});
			with("status", ClosedSet.wire(status));
		}

	}

	static final class ApprovalNotGranted extends ApiProblem.Forbidden {

		ApprovalNotGranted() {
			super("Approving a process document needs the permission processdocs.documents.approve "
					+ "in addition to processdocs.documents.change.");
			with("permission", ProcessDocumentService.APPROVE);
		}

	}

	/** Separation of duties: an approval is someone else's check of the document. */
	static final class SelfApproval extends ApiProblem.Conflict {

		static final String RULE = "no_self_approval";

		private SelfApproval(String detail, String relation) {
			super(detail + " Another user with " + ProcessDocumentService.APPROVE + " must approve it.");
			with("rule", RULE).with("relation", relation);
		}

		static SelfApproval owner(String owner) {
			return new SelfApproval(
					"Nobody approves a process document they own: the owner \"" + owner + "\" is the caller.", "owner");
		}

		static SelfApproval lastEditor() {
			return new SelfApproval("Nobody approves a process document they last edited: the caller made its "
					+ "last content change.", "last_editor");
		}

	}

	static final class FileTooLarge extends ApiProblem {

		FileTooLarge(long limit) {
			super(HttpStatus.CONTENT_TOO_LARGE, "The file is larger than the limit of " + limit + " bytes (8 MiB).");
		}

	}

	private static String wire(Collection<DocumentStatus> statuses) {
		return String.join(" or ", statuses.stream().map(ClosedSet::wire).toList());
	}

}
