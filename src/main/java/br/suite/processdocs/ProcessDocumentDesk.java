package br.suite.processdocs;

import java.time.LocalDate;
import java.util.List;

import jakarta.validation.Validator;

import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Service;

import br.suite.shared.BeanChecks;
import br.suite.shared.ClosedSet;
import br.suite.shared.CurrentUser;
import br.suite.shared.Paging;

/**
 * Process documents for callers inside the application (the web pages): the same service,
 * lifecycle rules and errors as {@code /api/process-documents/}, with the caller passed
 * in.
 */
@Service
public class ProcessDocumentDesk {

	private final ProcessDocumentService documents;

	private final Validator validator;

	ProcessDocumentDesk(ProcessDocumentService documents, Validator validator) {
		this.documents = documents;
		this.validator = validator;
	}

	/**
	 * A document as a list shows it; {@code nextStatuses} are the moves its lifecycle
	 * allows now.
	 */
	public record DocumentView(long id, String code, String title, String processArea, String category, String owner,
			String status, String version, @Nullable LocalDate nextReviewAt, @Nullable String approvedBy,
			@Nullable LocalDate approvedAt, boolean overdue,
			List<String> nextStatuses) implements java.io.Serializable {

		static DocumentView of(ProcessDocumentResponse d) {
			DocumentStatus status = ClosedSet.parse(DocumentStatus.class, "status", d.status());
			boolean overdue = status != DocumentStatus.OBSOLETE && d.nextReviewAt() != null
					&& d.nextReviewAt().isBefore(ProcessDocument.today());
			return new DocumentView(d.id(), d.code(), d.title(), d.processArea(), d.category(), d.owner(), d.status(),
					d.version(), d.nextReviewAt(), d.approvedBy(), d.approvedAt(), overdue,
					status.next().stream().sorted().map(ClosedSet::wire).toList());
		}

	}

	public record DocumentPage(List<DocumentView> documents, long total) {
	}

	public DocumentPage list(@Nullable String status, @Nullable String q, int limit, int offset) {
		ProcessDocumentService.Listing listing = this.documents.list(
				new ProcessDocumentService.Filter(status, null, null, null, null, q, null, null),
				new Paging(limit, offset));
		return new DocumentPage(listing.documents().stream().map(DocumentView::of).toList(), listing.total());
	}

	public DocumentView get(long id) {
		return DocumentView.of(ProcessDocumentResponse.from(this.documents.get(id)));
	}

	/**
	 * Documents not obsolete whose next review falls within the given days (overdue ones
	 * included).
	 */
	public long countDueForReview(int days) {
		return this.documents
			.list(new ProcessDocumentService.Filter(null, null, null, null, null, null, days, null), new Paging(1, 0))
			.total();
	}

	public DocumentView create(String title, String processArea, String category, String owner,
			@Nullable String version, @Nullable Integer reviewCycleDays, @Nullable String description,
			CurrentUser caller) {
		ProcessDocumentRequest request = new ProcessDocumentRequest(title, processArea, category, owner, null,
				version == null || version.isBlank() ? null : version, reviewCycleDays, null, null, description);
		BeanChecks.check(this.validator, request);
		return DocumentView.of(ProcessDocumentResponse.from(this.documents.create(request, caller)));
	}

	/**
	 * Moves a document along its lifecycle ({@code in_review}, {@code approved},
	 * {@code draft}, {@code obsolete}).
	 */
	public DocumentView moveTo(long id, String status, CurrentUser caller) {
		ProcessDocument moved = this.documents.update(id, document -> {
			ProcessDocumentRequest current = ProcessDocumentRequest.of(document);
			return new ProcessDocumentRequest(current.title(), current.processArea(), current.category(),
					current.owner(), status, current.version(), current.reviewCycleDays(), current.lastReviewAt(),
					current.tags(), current.description());
		}, null, caller);
		return DocumentView.of(ProcessDocumentResponse.from(moved));
	}

}
