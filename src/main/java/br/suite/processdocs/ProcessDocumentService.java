package br.suite.processdocs;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;

import org.jspecify.annotations.Nullable;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import tools.jackson.databind.node.ObjectNode;

import br.suite.access.AccessDirectory;
import br.suite.audit.AuditLog;
import br.suite.processdocs.DocumentHistory.Action;
import br.suite.processdocs.ProcessDocumentProblems.ApprovalNotGranted;
import br.suite.processdocs.ProcessDocumentProblems.ContentLocked;
import br.suite.processdocs.ProcessDocumentProblems.DocumentNotFound;
import br.suite.processdocs.ProcessDocumentProblems.NotADraft;
import br.suite.processdocs.ProcessDocumentProblems.SelfApproval;
import br.suite.processdocs.ProcessDocumentProblems.TransitionRefused;
import br.suite.shared.ClosedSet;
import br.suite.shared.CurrentUser;
import br.suite.shared.ExpectedVersion;
import br.suite.shared.InvalidRequest;
import br.suite.shared.OptimisticRetry;
import br.suite.shared.lists.Paging;
import br.suite.shared.SeparationOfDuties;

@Service
class ProcessDocumentService {

	/**
	 * The permission an approval needs beyond the change permission (checked here, not
	 * per endpoint).
	 */
	static final String APPROVE = "processdocs.documents.approve";

	/**
	 * What an approved document keeps until it is revised: the content readers rely on.
	 */
	static final Set<String> CONTROLLED_FIELDS = Set.of("title", "process_area", "category", "version", "description");

	static final int MAX_TAG_LENGTH = 50;

	static final LocalDate EARLIEST_REVIEW = LocalDate.of(1900, 1, 1);

	static final LocalDate LATEST_REVIEW = LocalDate.of(2999, 12, 31);

	private final ProcessDocumentRepository documents;

	private final DocumentHistory history;

	private final JdbcClient jdbc;

	private final OptimisticRetry retry;

	private final SeparationOfDuties duties;

	private final AccessDirectory users;

	private final AuditLog audit;

	private final ApplicationEventPublisher events;

	ProcessDocumentService(ProcessDocumentRepository documents, DocumentHistory history, JdbcClient jdbc,
			OptimisticRetry retry, SeparationOfDuties duties, AccessDirectory users, AuditLog audit,
			ApplicationEventPublisher events) {
		this.audit = audit;
		this.events = events;
		this.documents = documents;
		this.history = history;
		this.jdbc = jdbc;
		this.retry = retry;
		this.duties = duties;
		this.users = users;
	}

	@Transactional(readOnly = true)
	ProcessDocument get(long id) {
		return this.documents.findById(id).orElseThrow(() -> new DocumentNotFound(id));
	}

	@Transactional(readOnly = true)
	List<ProcessDocumentHistoryEntry> history(long id, Paging paging) {
		get(id);
		return this.history.list(id, paging);
	}

	@Transactional(readOnly = true)
	long historySize(long id) {
		return this.history.count(id);
	}

	@Transactional
	ProcessDocument create(ProcessDocumentRequest request, CurrentUser caller) {
		Checked checked = check(request);
		DocumentStatus target = checked.status() == null ? DocumentStatus.DRAFT : checked.status();
		// A document is born a draft; asking for another status is asking for the move
		// from draft.
		if (target != DocumentStatus.DRAFT) {
			checkTransition(DocumentStatus.DRAFT, target, caller);
		}
		long number = nextCodeNumber();
		ProcessDocument document = new ProcessDocument(number, ProcessDocument.code(number), request.title(),
				request.processArea(), request.category(), request.owner(), ClosedSet.wire(DocumentStatus.DRAFT),
				request.version(), checked.tags(), request.description());
		document.schedule(request.reviewCycleDays(), request.lastReviewAt());
		moveTo(document, DocumentStatus.DRAFT, target, caller);
		ProcessDocument saved = this.documents.save(document);
		this.history.record(saved.id(), Action.CREATED, this.history.diff(null, this.history.snapshot(saved)), caller);
		auditStatusMove(saved, DocumentStatus.DRAFT, target);
		return saved;
	}

	ProcessDocument update(long id, Function<ProcessDocument, ProcessDocumentRequest> changes, ExpectedVersion expected,
			CurrentUser caller) {
		return this.retry.run(() -> {
			ProcessDocument document = this.documents.findForUpdate(id).orElseThrow(() -> new DocumentNotFound(id));
			expected.check(document.rowVersion());
			ProcessDocumentRequest request = changes.apply(document);
			Checked checked = check(request);
			DocumentStatus current = document.status();
			DocumentStatus target = checked.status() == null ? current : checked.status();
			if (target != current) {
				checkTransition(current, target, caller);
			}
			ObjectNode before = this.history.snapshot(document);
			String ownerBefore = document.owner;
			document.title = request.title();
			document.processArea = request.processArea();
			document.category = request.category();
			document.owner = request.owner();
			document.version = request.version();
			document.tags = checked.tags();
			document.description = request.description();
			document.schedule(request.reviewCycleDays(), request.lastReviewAt());
			moveTo(document, current, target, caller);
			ObjectNode changed = this.history.diff(before, this.history.snapshot(document));
			if (changed.isEmpty()) {
				return document;
			}
			checkControlledContent(current, target, changed);
			if (target == DocumentStatus.APPROVED && current != DocumentStatus.APPROVED) {
				checkNotSelfApproval(document, ownerBefore, changed, caller);
			}
			document.touch();
			ProcessDocument saved = this.documents.save(document);
			this.history.record(saved.id(), Action.UPDATED, changed, caller);
			auditStatusMove(saved, current, target);
			return saved;
		});
	}

	@Transactional
	void delete(long id) {
		ProcessDocument document = this.documents.findForUpdate(id).orElseThrow(() -> new DocumentNotFound(id));
		if (document.status() != DocumentStatus.DRAFT) {
			throw new NotADraft(document.status());
		}
		this.documents.delete(document);
	}

	/**
	 * Approvals and other status moves go to the audit log too (the document history
	 * keeps every edit).
	 */
	private void auditStatusMove(ProcessDocument document, DocumentStatus current, DocumentStatus target) {
		if (target == current) {
			return;
		}
		this.audit.record(
				target == DocumentStatus.APPROVED
						? "processdocs.document.approved" : "processdocs.document.status_changed",
				"process_document", document.id(),
				AuditLog.Changes.of()
					.put("code", document.code, document.code)
					.put("status", ClosedSet.wire(current), ClosedSet.wire(target)));
		if (target == DocumentStatus.APPROVED) {
			this.events.publishEvent(new DocumentApproved(document.id(), document.code, document.title,
					document.version, Objects.requireNonNull(document.approvedById),
					Objects.requireNonNull(document.approvedBy), Objects.requireNonNull(document.approvedAt)));
		}
	}

	/** The next code number; the counter row stays locked until this transaction ends. */
	private long nextCodeNumber() {
		return this.jdbc.sql("UPDATE processdocs_code_counter SET last_number = last_number + 1 RETURNING last_number")
			.query(Long.class)
			.single();
	}

	private void checkTransition(DocumentStatus current, DocumentStatus target, CurrentUser caller) {
		if (!current.canMoveTo(target)) {
			throw new TransitionRefused(current, target);
		}
		if (target == DocumentStatus.APPROVED && !caller.holds(APPROVE)) {
			throw new ApprovalNotGranted();
		}
	}

	/**
	 * Separation of duties: the approver is neither the document's owner (the owner text
	 * naming the caller's username or full name, before or after this request) nor the
	 * user who made its last content change (this request's own edits included).
	 */
	private void checkNotSelfApproval(ProcessDocument document, String ownerBefore, ObjectNode changed,
			CurrentUser caller) {
		if (!this.duties.enforced()) {
			return;
		}
		Set<String> names = new HashSet<>();
		names.add(caller.username().strip().toLowerCase(Locale.ROOT));
		this.users.find(caller.id())
			.filter(user -> !user.fullName().isBlank())
			.ifPresent(user -> names.add(user.fullName().strip().toLowerCase(Locale.ROOT)));
		for (String owner : List.of(ownerBefore, document.owner)) {
			if (names.contains(owner.strip().toLowerCase(Locale.ROOT))) {
				throw SelfApproval.owner(owner);
			}
		}
		boolean editsNow = changed.propertyNames().stream().anyMatch(CONTROLLED_FIELDS::contains);
		if (editsNow || this.history.lastContentEditor(document.id()).orElse(-1L) == caller.id()) {
			throw SelfApproval.lastEditor();
		}
	}

	/**
	 * Approval records who and when, and starts the review clock when it was not running;
	 * a revision (back to review) withdraws the approval, which stays in the history. An
	 * obsolete document keeps the approval it had.
	 */
	private static void moveTo(ProcessDocument document, DocumentStatus current, DocumentStatus target,
			CurrentUser caller) {
		if (target == current) {
			return;
		}
		document.status = ClosedSet.wire(target);
		if (target == DocumentStatus.APPROVED) {
			document.approve(caller.id(), caller.username());
			if (document.lastReviewAt == null) {
				document.schedule(document.reviewCycleDays, document.approvedAt);
			}
		}
		else if (current == DocumentStatus.APPROVED && target == DocumentStatus.IN_REVIEW) {
			document.withdrawApproval();
		}
	}

	/**
	 * Controlled content changes only while the document is a draft or in review, before
	 * or after the request: a revision may start with its edits, an approval may carry
	 * the approver's last ones.
	 */
	static void checkControlledContent(DocumentStatus current, DocumentStatus target, ObjectNode changed) {
		if (!current.isContentLocked() || !target.isContentLocked()) {
			return;
		}
		List<String> locked = new ArrayList<>();
		changed.propertyNames().forEach(field -> {
			if (CONTROLLED_FIELDS.contains(field)) {
				locked.add(field);
			}
		});
		if (!locked.isEmpty()) {
			throw new ContentLocked(current, locked);
		}
	}

	record Checked(@Nullable DocumentStatus status, List<String> tags) {
	}

	/** The rules Bean Validation cannot say, all reported at once. */
	private static Checked check(ProcessDocumentRequest request) {
		InvalidRequest.Builder errors = InvalidRequest.builder();
		DocumentStatus status = null;
		if (request.status() != null) {
			try {
				status = ClosedSet.parse(DocumentStatus.class, "status", request.status());
			}
			catch (InvalidRequest ex) {
				ex.errors().forEach((field, messages) -> messages.forEach(m -> errors.add(field, m)));
			}
		}
		List<String> tags = tags(request.tags(), errors);
		LocalDate lastReviewAt = request.lastReviewAt();
		if (lastReviewAt != null && (lastReviewAt.isBefore(EARLIEST_REVIEW) || lastReviewAt.isAfter(LATEST_REVIEW))) {
			errors.add("last_review_at", "must be between " + EARLIEST_REVIEW + " and " + LATEST_REVIEW);
		}
		errors.throwIfAny();
		return new Checked(status, tags);
	}

	/** Tags are trimmed and kept once each (ignoring case), in the order first given. */
	static List<String> tags(List<@Nullable String> given, InvalidRequest.Builder errors) {
		Map<String, String> kept = new LinkedHashMap<>();
		for (int i = 0; i < given.size(); i++) {
			String tag = given.get(i);
			String field = "tags[" + i + "]";
			if (tag == null) {
				errors.add(field, "must be a string");
				continue;
			}
			String trimmed = tag.strip();
			if (trimmed.isEmpty()) {
				errors.add(field, "must not be blank");
			}
			else if (trimmed.length() > MAX_TAG_LENGTH) {
				errors.add(field, "must be at most " + MAX_TAG_LENGTH + " characters");
			}
			else if (!trimmed.matches(ProcessDocumentRequest.ONE_LINE)) {
				errors.add(field, ProcessDocumentRequest.ONE_LINE_MESSAGE);
			}
			else {
				kept.putIfAbsent(trimmed.toLowerCase(Locale.ROOT), trimmed);
			}
		}
		return List.copyOf(kept.values());
	}

}
