package br.suite.finance.allocation;

import java.math.BigDecimal;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;

import org.jspecify.annotations.Nullable;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import br.suite.audit.AuditLog;
import br.suite.finance.AllocationRule;
import br.suite.finance.AllocationsCreated;
import br.suite.finance.FinanceFields;
import br.suite.finance.FinanceProblems.AllocationExceedsOpenAmount;
import br.suite.finance.FinanceProblems.AllocationExists;
import br.suite.finance.FinanceProblems.AllocationNotFound;
import br.suite.finance.FinanceProblems.ChargeCancelled;
import br.suite.finance.FinanceProblems.TransactionNotAllocatable;
import br.suite.finance.ReconciliationState;
import br.suite.shared.ApiProblem;
import br.suite.shared.ClosedSet;
import br.suite.shared.InvalidRequest;
import br.suite.shared.lists.ListQuery;
import br.suite.shared.Money;
import br.suite.shared.lists.Paging;

/**
 * Allocations: part of a credit transaction's amount tied to a charge or a fiscal
 * document. Every write locks the rows it sums, always in the same order (fiscal
 * documents, then transactions, then charges, each by id), so concurrent allocations of
 * the same money take turns and the second sees what the first took: the sums never
 * exceed a transaction's amount nor a target's open amount ({@link AllocationLocks}).
 */
@Service
public class AllocationService {

	private final AllocationRepository allocations;

	private final ReconciliationState state;

	private final AuditLog audit;

	private final ApplicationEventPublisher events;

	private final AllocationLocks locks;

	AllocationService(AllocationRepository allocations, ReconciliationState state, AuditLog audit,
			ApplicationEventPublisher events, AllocationLocks locks) {
		this.allocations = allocations;
		this.locks = locks;
		this.state = state;
		this.audit = audit;
		this.events = events;
	}

	/**
	 * One allocation to make: the target is a charge or a fiscal document; a null amount
	 * means "what is open".
	 */
	public record Item(long transactionId, @Nullable Long chargeId, @Nullable Long fiscalDocumentId,
			@Nullable BigDecimal amount) {
	}

	public record Filter(@Nullable Long transactionId, @Nullable Long chargeId, @Nullable Long fiscalDocumentId) {
	}

	@Transactional(readOnly = true)
	public ListQuery.Page<AllocationResponse> list(Filter filter, Paging paging) {
		return this.allocations.list(filter, paging);
	}

	@Transactional(readOnly = true)
	public AllocationResponse get(long id) {
		return this.allocations.find(id).orElseThrow(() -> new AllocationNotFound(id));
	}

	@Transactional
	AllocationResponse create(AllocationRequest request, long userId) {
		InvalidRequest.Builder errors = InvalidRequest.builder();
		if (request.transactionId() == null) {
			errors.add("transaction_id", "is required");
		}
		if ((request.chargeId() == null) == (request.fiscalDocumentId() == null)) {
			errors.add(request.chargeId() == null ? "charge_id" : "fiscal_document_id",
					"give exactly one of charge_id and fiscal_document_id");
		}
		BigDecimal amount = request.amount() == null ? null : FinanceFields.amount(request.amount(), "amount", errors);
		errors.throwIfAny();
		Item item = new Item(Objects.requireNonNull(request.transactionId()), request.chargeId(),
				request.fiscalDocumentId(), amount);
		long id = allocate(List.of(item), AllocationRule.MANUAL, List.of(BigDecimal.ONE), userId, "").get(0);
		return get(id);
	}

	/**
	 * Makes every allocation or none (the caller's transaction is rolled back by the
	 * exception): missing rows are a 400 naming the field ({@code prefix} +
	 * {@code transaction_id}…), a transaction that is not a settled or pending credit, a
	 * cancelled charge, an existing pair or an amount over what either side has open is a
	 * 409.
	 * @return the new allocations' ids, in the order of {@code items}
	 */
	@Transactional
	public List<Long> allocate(List<Item> items, AllocationRule rule, List<BigDecimal> scores, @Nullable Long userId,
			String prefix) {
		Set<Long> documentIds = new TreeSet<>();
		Set<Long> transactionIds = new TreeSet<>();
		Set<Long> chargeIds = new TreeSet<>();
		for (Item item : items) {
			transactionIds.add(item.transactionId());
			if (item.chargeId() != null) {
				chargeIds.add(item.chargeId());
			}
			if (item.fiscalDocumentId() != null) {
				documentIds.add(item.fiscalDocumentId());
			}
		}
		// The lock order every allocating path follows: documents, transactions, charges,
		// each by id.
		Map<Long, BigDecimal> documentOpen = this.locks.documents(documentIds);
		Map<Long, AllocationLocks.Side> transactions = this.locks.transactions(transactionIds);
		Map<Long, AllocationLocks.Side> charges = this.locks.charges(chargeIds);
		InvalidRequest.Builder errors = InvalidRequest.builder();
		for (int i = 0; i < items.size(); i++) {
			Item item = items.get(i);
			String at = items.size() == 1 && prefix.isEmpty() ? "" : prefix + "[" + i + "].";
			if (!transactions.containsKey(item.transactionId())) {
				errors.add(at + "transaction_id", "transaction " + item.transactionId() + " does not exist");
			}
			if (item.chargeId() != null && !charges.containsKey(item.chargeId())) {
				errors.add(at + "charge_id", "charge " + item.chargeId() + " does not exist");
			}
			if (item.fiscalDocumentId() != null && !documentOpen.containsKey(item.fiscalDocumentId())) {
				errors.add(at + "fiscal_document_id", "fiscal document " + item.fiscalDocumentId() + " does not exist");
			}
		}
		errors.throwIfAny();
		OffsetDateTime now = OffsetDateTime.now(ZoneOffset.UTC).truncatedTo(ChronoUnit.MICROS);
		List<Long> ids = new ArrayList<>();
		List<AllocationsCreated.Allocation> created = new ArrayList<>();
		for (int i = 0; i < items.size(); i++) {
			Item item = items.get(i);
			AllocationLocks.Side transaction = Objects.requireNonNull(transactions.get(item.transactionId()));
			if (!transaction.allocatable()) {
				throw new TransactionNotAllocatable(item.transactionId(), transaction.state());
			}
			String target;
			BigDecimal targetOpen;
			if (item.chargeId() != null) {
				AllocationLocks.Side charge = Objects.requireNonNull(charges.get(item.chargeId()));
				if (!charge.allocatable()) {
					throw new ChargeCancelled(item.chargeId());
				}
				target = "charge " + item.chargeId();
				targetOpen = charge.open();
			}
			else {
				target = "fiscal document " + item.fiscalDocumentId();
				targetOpen = Objects.requireNonNull(documentOpen.get(item.fiscalDocumentId()));
			}
			if (this.allocations.exists(item)) {
				throw new AllocationExists(item.transactionId(), target);
			}
			BigDecimal amount = item.amount() != null ? item.amount() : transaction.open().min(targetOpen);
			if (amount.signum() <= 0 || amount.compareTo(transaction.open()) > 0 || amount.compareTo(targetOpen) > 0) {
				throw new AllocationExceedsOpenAmount(item.transactionId(), transaction.open(), target, targetOpen,
						amount);
			}
			long id = this.allocations.insert(item, amount, ClosedSet.wire(rule), scores.get(i), userId, now);
			ids.add(id);
			created.add(new AllocationsCreated.Allocation(id, item.transactionId(), item.chargeId(),
					item.fiscalDocumentId(), amount, ClosedSet.wire(rule)));
			this.audit.record("finance.allocation.created", "allocation", id,
					AuditLog.Changes.of()
						.created("transaction_id", item.transactionId())
						.created("charge_id", item.chargeId())
						.created("fiscal_document_id", item.fiscalDocumentId())
						.created("amount", Money.format(amount))
						.created("rule", ClosedSet.wire(rule)));
			// Later items of the same request see what this one took.
			transactions.put(item.transactionId(), transaction.taking(amount));
			if (item.chargeId() != null) {
				charges.put(item.chargeId(), Objects.requireNonNull(charges.get(item.chargeId())).taking(amount));
			}
			else {
				documentOpen.put(item.fiscalDocumentId(), targetOpen.subtract(amount));
			}
		}
		this.state.refresh(transactionIds, chargeIds);
		this.events.publishEvent(new AllocationsCreated(created));
		return ids;
	}

	@Transactional
	void delete(long id) {
		AllocationResponse allocation = get(id);
		Long billPayment = this.allocations.billPayment(id).orElse(null);
		if (billPayment != null) {
			throw new ApiProblem.Conflict("Allocation " + id + " pays bill payment " + billPayment
					+ ": delete that payment (DELETE /api/finance/bills/…/payments/…/) instead.")
				.with("bill_payment_id", billPayment);
		}
		if (allocation.fiscalDocumentId() != null) {
			this.locks.documents(Set.of(allocation.fiscalDocumentId()));
		}
		this.locks.transactions(Set.of(allocation.transactionId()));
		if (allocation.chargeId() != null) {
			this.locks.charges(Set.of(allocation.chargeId()));
		}
		if (!this.allocations.delete(id)) {
			throw new AllocationNotFound(id);
		}
		this.audit.record("finance.allocation.deleted", "allocation", id,
				AuditLog.Changes.of()
					.put("transaction_id", allocation.transactionId(), null)
					.put("charge_id", allocation.chargeId(), null)
					.put("fiscal_document_id", allocation.fiscalDocumentId(), null)
					.put("amount", Money.format(allocation.amount()), null)
					.put("rule", allocation.rule(), null));
		this.state.refresh(List.of(allocation.transactionId()),
				allocation.chargeId() == null ? List.of() : List.of(allocation.chargeId()));
	}

	/**
	 * Makes {@code transactionIds} exactly the transactions allocated to a fiscal
	 * document (its {@code related_transaction_ids}), for a document the caller has
	 * locked: allocations of transactions no longer listed are removed; each newly listed
	 * transaction gets a manual allocation of what it and the document still have open,
	 * in id order.
	 */
	public void linkDocument(long documentId, List<Long> transactionIds, @Nullable Long userId) {
		List<Long> removed = this.allocations.unlinkDocumentExcept(documentId, transactionIds);
		List<Long> kept = this.allocations.documentTransactions(List.of(documentId))
			.getOrDefault(documentId, List.of());
		List<Item> added = transactionIds.stream()
			.filter(id -> !kept.contains(id))
			.sorted()
			.map(id -> new Item(id, null, documentId, null))
			.toList();
		if (!added.isEmpty()) {
			allocate(added, AllocationRule.MANUAL, added.stream().map(i -> BigDecimal.ONE).toList(), userId,
					"related_transaction_ids");
		}
		this.state.refresh(removed, List.of());
	}

	/** Transaction ids allocated to each document, ordered by id. */
	public Map<Long, List<Long>> documentTransactions(List<Long> documentIds) {
		return this.allocations.documentTransactions(documentIds);
	}

}
