package br.suite.finance.fiscal;

import java.math.BigDecimal;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.LocalDate;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.UnaryOperator;
import java.util.stream.Collectors;

import org.jspecify.annotations.Nullable;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import br.suite.audit.AuditLog;
import br.suite.audit.AuditLog.Changes;
import br.suite.finance.FinanceFields;
import br.suite.finance.FinanceProblems;
import br.suite.finance.FinanceProblems.AccessKeyTaken;
import br.suite.finance.FinanceProblems.FiscalDocumentNotFound;
import br.suite.finance.FinanceProblems.ForbiddenTransition;
import br.suite.finance.FinanceProblems.IssuedDocumentKept;
import br.suite.finance.FinanceProblems.IssuedDocumentLocked;
import br.suite.finance.FinanceProblems.TransactionsMatchedElsewhere;
import br.suite.finance.FiscalDocumentStatusChanged;
import br.suite.finance.allocation.AllocationLocks;
import br.suite.finance.allocation.AllocationService;
import br.suite.shared.ClosedSet;
import br.suite.shared.CurrentUser;
import br.suite.shared.ExpectedVersion;
import br.suite.shared.InvalidRequest;
import br.suite.shared.lists.ListQuery;
import br.suite.shared.OptimisticRetry;
import br.suite.shared.lists.Paging;
import br.suite.shared.Versioned;

/**
 * Fiscal documents and their link to transactions. The link is an allocation (rule
 * manual): a document's {@code related_transaction_ids} are the transactions allocated to
 * it, written in the same database transaction as the document.
 */
@Service
public class FiscalDocumentService {

	/** The provider of documents entered through the API. */
	static final String MANUAL = "manual";

	private final FiscalDocumentRepository documents;

	private final JdbcClient jdbc;

	private final OptimisticRetry retry;

	private final AllocationService allocations;

	private final AllocationLocks locks;

	private final AuditLog audit;

	private final ApplicationEventPublisher events;

	FiscalDocumentService(FiscalDocumentRepository documents, JdbcClient jdbc, OptimisticRetry retry,
			AllocationService allocations, AllocationLocks locks, AuditLog audit, ApplicationEventPublisher events) {
		this.allocations = allocations;
		this.locks = locks;
		this.audit = audit;
		this.events = events;
		this.documents = documents;
		this.jdbc = jdbc;
		this.retry = retry;
	}

	record Filter(@Nullable String type, @Nullable String status, @Nullable String provider,
			@Nullable LocalDate dateFrom, @Nullable LocalDate dateTo, @Nullable String customerDocument,
			@Nullable String q) {
	}

	@Transactional(readOnly = true)
	ListQuery.Page<FiscalDocumentResponse> list(Filter filter, Paging paging) {
		if (filter.dateFrom() != null && filter.dateTo() != null && filter.dateTo().isBefore(filter.dateFrom())) {
			throw InvalidRequest.of("date_to", "must not be before date_from");
		}
		ListQuery query = ListQuery.of(this.jdbc, LIST_COLUMNS, "finance_fiscal_document")
			.where("type = :type", "type",
					filter.type() == null ? null
							: ClosedSet.wire(ClosedSet.parse(FiscalDocumentType.class, "type", filter.type())))
			.where("status = :status", "status",
					filter.status() == null ? null
							: ClosedSet.wire(ClosedSet.parse(FiscalDocumentStatus.class, "status", filter.status())))
			.where("provider = :provider", "provider",
					filter.provider() == null ? null : FinanceFields.providerParameter(filter.provider()))
			.where("issue_date >= :dateFrom", "dateFrom", filter.dateFrom())
			.where("issue_date <= :dateTo", "dateTo", filter.dateTo())
			.orderBy("issue_date DESC NULLS FIRST, id DESC");
		if (filter.customerDocument() != null) {
			InvalidRequest.Builder errors = InvalidRequest.builder();
			String document = FinanceFields.taxId(filter.customerDocument(), "customer_document", errors);
			errors.throwIfAny();
			query.where("customer_document = :customerDocument", "customerDocument", document);
		}
		String q = filter.q() == null ? "" : FinanceFields.parameter(filter.q(), "q");
		ListQuery.Page<FiscalDocumentResponse> page = query
			.search("number ILIKE :q OR customer_name ILIKE :q OR customer_document ILIKE :q OR access_key ILIKE :q", q,
					"customer_document")
			.page(paging, FiscalDocumentService::listed);
		// Which transactions match each document is the allocations' to say: one look-up
		// for the page.
		Map<Long, List<Long>> links = linkedTransactions(
				page.items().stream().map(FiscalDocumentResponse::id).toList());
		return new ListQuery.Page<>(page.items()
			.stream()
			.map(d -> d.withRelatedTransactionIds(links.getOrDefault(d.id(), List.of())))
			.toList(), page.total());
	}

	private static final String LIST_COLUMNS = "id, provider, type, number, amount, customer_name, series, access_key, "
			+ "issue_date, customer_document, related_charge_ids, status, file_url, created_at, updated_at";

	private static FiscalDocumentResponse listed(ResultSet rs, int n) throws SQLException {
		return new FiscalDocumentResponse(rs.getLong("id"), rs.getString("provider"), rs.getString("type"),
				rs.getString("number"), rs.getBigDecimal("amount"), rs.getString("customer_name"),
				rs.getString("series"), rs.getString("access_key"), rs.getObject("issue_date", LocalDate.class),
				rs.getString("customer_document"), List.of((Long[]) rs.getArray("related_charge_ids").getArray()),
				List.of(), rs.getString("status"), rs.getString("file_url"), rs.getTimestamp("created_at").toInstant(),
				rs.getTimestamp("updated_at").toInstant());
	}

	@Transactional(readOnly = true)
	public Versioned<FiscalDocumentResponse> get(long id) {
		return describe(this.documents.findById(id).orElseThrow(() -> new FiscalDocumentNotFound(id)));
	}

	@Transactional
	public Versioned<FiscalDocumentResponse> create(FiscalDocumentRequest request) {
		return create(request, MANUAL);
	}

	/**
	 * A document from {@code provider} (another module's import:
	 * {@link ReceivedInvoiceRegistry}).
	 */
	@Transactional
	Versioned<FiscalDocumentResponse> create(FiscalDocumentRequest request, String provider) {
		InvalidRequest.Builder errors = InvalidRequest.builder();
		FiscalDocumentContent content = FiscalDocumentContent.of(request, errors);
		Map<Long, BigDecimal> transactions = lockTransactions(content.relatedTransactionIds(), errors);
		errors.throwIfAny();
		checkAccessKeyFree(content.accessKey(), null);
		checkMatchedElsewhere(transactions, null);
		FiscalDocument document = new FiscalDocument(provider);
		content.applyTo(document);
		document = this.documents.save(document);
		link(document.id(), content.relatedTransactionIds());
		Map<String, @Nullable Object> created = document.audited(content.relatedTransactionIds());
		created.put("status", document.status);
		this.audit.record("finance.fiscal_document.created", "fiscal_document", document.id(),
				Changes.created(created));
		return describe(document);
	}

	/**
	 * PUT passes the request; PATCH the current state with the sent fields laid over it.
	 */
	public Versioned<FiscalDocumentResponse> update(long id, UnaryOperator<FiscalDocumentRequest> changes,
			ExpectedVersion expected) {
		return this.retry.run(() -> {
			FiscalDocument document = this.documents.findForUpdate(id)
				.orElseThrow(() -> new FiscalDocumentNotFound(id));
			expected.check(Objects.requireNonNull(document.version));
			FiscalDocumentRequest request = changes
				.apply(FiscalDocumentRequest.of(document, linkedTransactions(List.of(id)).getOrDefault(id, List.of())));
			InvalidRequest.Builder errors = InvalidRequest.builder();
			FiscalDocumentContent content = FiscalDocumentContent.of(request, errors);
			Map<Long, BigDecimal> transactions = lockTransactions(content.relatedTransactionIds(), errors);
			errors.throwIfAny();
			FiscalDocumentStatus current = ClosedSet.parse(FiscalDocumentStatus.class, "status", document.status);
			if (!current.mayBecome(content.status())) {
				throw new ForbiddenTransition(document.status, ClosedSet.wire(content.status()),
						current.next().stream().map(ClosedSet::wire).collect(Collectors.joining(", ")));
			}
			if (!current.isEditable()) {
				List<String> changed = content.changedFrom(document);
				if (!changed.isEmpty()) {
					throw new IssuedDocumentLocked(id, document.status, changed);
				}
			}
			checkAccessKeyFree(content.accessKey(), id);
			checkMatchedElsewhere(transactions, id);
			Map<String, @Nullable Object> before = document
				.audited(linkedTransactions(List.of(id)).getOrDefault(id, List.of()));
			String statusBefore = document.status;
			content.applyTo(document);
			document.touch();
			FiscalDocument saved = this.documents.save(document);
			link(id, content.relatedTransactionIds());
			BigDecimal open = this.locks.documents(Set.of(id)).get(id);
			if (open != null && open.signum() < 0) {
				throw new FinanceProblems.DocumentOverAllocated(id, content.amount(), content.amount().subtract(open));
			}
			Changes audited = Changes.between(before, saved.audited(content.relatedTransactionIds()));
			if (!audited.isEmpty()) {
				this.audit.record("finance.fiscal_document.updated", "fiscal_document", id, audited);
			}
			if (!statusBefore.equals(saved.status)) {
				this.audit.record("finance.fiscal_document.status_changed", "fiscal_document", id,
						Changes.of().put("status", statusBefore, saved.status));
				this.events.publishEvent(new FiscalDocumentStatusChanged(id, saved.type, saved.number, saved.series,
						statusBefore, saved.status));
			}
			return describe(saved);
		});
	}

	@Transactional
	void delete(long id) {
		FiscalDocument document = this.documents.findForUpdate(id).orElseThrow(() -> new FiscalDocumentNotFound(id));
		if (!ClosedSet.parse(FiscalDocumentStatus.class, "status", document.status).isEditable()) {
			throw new IssuedDocumentKept(id, document.status);
		}
		Map<String, @Nullable Object> before = document
			.audited(linkedTransactions(List.of(id)).getOrDefault(id, List.of()));
		before.put("status", document.status);
		link(id, List.of());
		this.documents.delete(document);
		this.audit.record("finance.fiscal_document.deleted", "fiscal_document", id, Changes.removed(before));
	}

	private void checkAccessKeyFree(String accessKey, @Nullable Long exceptId) {
		if (accessKey.isEmpty()) {
			return;
		}
		this.documents.findByAccessKey(accessKey)
			.filter(existing -> !Objects.equals(existing.id, exceptId))
			.ifPresent(existing -> {
				throw new AccessKeyTaken(accessKey, existing.id());
			});
	}

	/**
	 * Locks the listed transactions for the rest of the request (after the document: the
	 * allocation lock order); ids that do not exist are named in
	 * {@code related_transaction_ids}.
	 * @return transaction id → what it has left to allocate
	 */
	private Map<Long, BigDecimal> lockTransactions(List<Long> ids, InvalidRequest.Builder errors) {
		Map<Long, BigDecimal> found = new LinkedHashMap<>();
		if (ids.isEmpty() || ids.stream().anyMatch(Objects::isNull)) {
			return found;
		}
		this.locks.transactions(new TreeSet<>(ids)).forEach((id, side) -> found.put(id, side.open()));
		List<Long> missing = ids.stream().filter(id -> !found.containsKey(id)).toList();
		if (!missing.isEmpty()) {
			errors.add("related_transaction_ids",
					(missing.size() == 1 ? "transaction " : "transactions ")
							+ missing.stream().map(String::valueOf).collect(Collectors.joining(", "))
							+ (missing.size() == 1 ? " does not exist" : " do not exist"));
		}
		return found;
	}

	/**
	 * Newly listed transactions must have money left: one already fully allocated
	 * elsewhere is a 409.
	 */
	private void checkMatchedElsewhere(Map<Long, BigDecimal> transactions, @Nullable Long documentId) {
		List<Long> already = documentId == null ? List.of()
				: linkedTransactions(List.of(documentId)).getOrDefault(documentId, List.of());
		List<Long> spent = transactions.entrySet()
			.stream()
			.filter(e -> !already.contains(e.getKey()) && e.getValue().signum() <= 0)
			.map(Map.Entry::getKey)
			.sorted()
			.toList();
		if (!spent.isEmpty()) {
			List<Long> holders = this.jdbc
				.sql("SELECT DISTINCT fiscal_document_id FROM finance_allocation "
						+ "WHERE transaction_id = ANY (?) AND fiscal_document_id IS NOT NULL ORDER BY 1")
				.param(spent.toArray(new Long[0]))
				.query(Long.class)
				.list();
			throw new TransactionsMatchedElsewhere(spent, holders);
		}
	}

	/**
	 * Makes exactly {@code transactionIds} allocated to the document, and nothing else.
	 */
	private void link(long documentId, List<Long> transactionIds) {
		this.allocations.linkDocument(documentId, transactionIds, CurrentUser.get().id());
	}

	private Map<Long, List<Long>> linkedTransactions(List<Long> documentIds) {
		return this.allocations.documentTransactions(documentIds);
	}

	private Versioned<FiscalDocumentResponse> describe(FiscalDocument document) {
		List<Long> links = linkedTransactions(List.of(document.id())).getOrDefault(document.id(), List.of());
		return new Versioned<>(FiscalDocumentResponse.from(document, links), Objects.requireNonNull(document.version));
	}

}
