package br.suite.bills.bill;

import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Collectors;

import org.jspecify.annotations.Nullable;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import br.suite.audit.AuditLog;
import br.suite.bills.BillCreated;
import br.suite.bills.BillsFields;
import br.suite.bills.bill.BillDrafts.Change;
import br.suite.bills.bill.BillDrafts.Draft;
import br.suite.bills.bill.BillProblems.BillCancelled;
import br.suite.bills.bill.BillProblems.BillHasPayments;
import br.suite.bills.bill.BillResponse.InstallmentResponse;
import br.suite.bills.bill.InstallmentPlan.Planned;
import br.suite.customers.ClienteDirectory;
import br.suite.finance.BillCharges;
import br.suite.shared.ClosedSet;
import br.suite.shared.DateTimes;
import br.suite.shared.ExpectedVersion;
import br.suite.shared.InvalidRequest;
import br.suite.shared.lists.ListQuery;
import br.suite.shared.Money;
import br.suite.shared.lists.Paging;
import br.suite.shared.Versioned;
import tools.jackson.databind.node.ObjectNode;

/**
 * Bills: a create checks the request into a draft ({@link BillDrafts}) and writes one
 * bill per month of its recurrence, each receivable installment with its charge; a PATCH
 * writes what is still open; a cancel calls off a bill with nothing paid. The SQL is
 * {@link BillRepository}'s.
 */
@Service
class BillService {

	private final BillRepository rows;

	private final BillDrafts drafts;

	private final ClienteDirectory clientes;

	private final AuditLog audit;

	private final BillStatuses statuses;

	private final BillCharges charges;

	private final ApplicationEventPublisher events;

	BillService(BillRepository rows, BillDrafts drafts, ClienteDirectory clientes, AuditLog audit,
			BillStatuses statuses, BillCharges charges, ApplicationEventPublisher events) {
		this.events = events;
		this.rows = rows;
		this.drafts = drafts;
		this.clientes = clientes;
		this.audit = audit;
		this.statuses = statuses;
		this.charges = charges;
	}

	/**
	 * The NF-e a payable was imported from and the fiscal document registered with it.
	 */
	record NfeLink(String accessKey, long fiscalDocumentId) {
	}

	record Filter(@Nullable String direction, @Nullable String status, @Nullable Boolean overdue,
			@Nullable LocalDate dueFrom, @Nullable LocalDate dueTo, @Nullable LocalDate competenceFrom,
			@Nullable LocalDate competenceTo, @Nullable Long fornecedorId, @Nullable Long clienteId,
			@Nullable Long categoryId, @Nullable Long costCentreId, @Nullable Long recurrenceId, @Nullable String q,
			@Nullable Boolean uncategorised) {
	}

	@Transactional(readOnly = true)
	ListQuery.Page<BillResponse> list(Filter filter, Paging paging) {
		range(filter.dueFrom(), filter.dueTo(), "due_from", "due_to");
		range(filter.competenceFrom(), filter.competenceTo(), "competence_from", "competence_to");
		LocalDate today = LocalDate.now(DateTimes.BRAZIL);
		String overdue = "(status <> 'cancelled' AND EXISTS (SELECT 1 FROM bills_installment i WHERE i.bill_id = "
				+ "bills_bill.id AND i.paid_amount < i.amount AND i.due_date < :today))";
		ListQuery query = this.rows.query()
			.where("direction = :direction", "direction",
					filter.direction() == null ? null
							: ClosedSet.wire(ClosedSet.parse(BillDirection.class, "direction", filter.direction())))
			.where("status = :status", "status",
					filter.status() == null ? null
							: ClosedSet.wire(ClosedSet.parse(BillStatus.class, "status", filter.status())))
			.where("competence_date >= :competenceFrom", "competenceFrom", filter.competenceFrom())
			.where("competence_date <= :competenceTo", "competenceTo", filter.competenceTo())
			.where("fornecedor_id = :fornecedorId", "fornecedorId", filter.fornecedorId())
			.where("cliente_id = :clienteId", "clienteId", filter.clienteId())
			.where("recurrence_id = :recurrenceId", "recurrenceId", filter.recurrenceId())
			.where("EXISTS (SELECT 1 FROM bills_split s WHERE s.bill_id = bills_bill.id AND s.category_id = "
					+ ":categoryId)", "categoryId", filter.categoryId())
			.where("EXISTS (SELECT 1 FROM bills_split s WHERE s.bill_id = bills_bill.id AND s.cost_centre_id = "
					+ ":costCentreId)", "costCentreId", filter.costCentreId())
			.orderBy("(SELECT min(i.due_date) FROM bills_installment i WHERE i.bill_id = bills_bill.id), id");
		if (filter.uncategorised() != null) {
			query.where((filter.uncategorised() ? "NOT EXISTS" : "EXISTS")
					+ " (SELECT 1 FROM bills_split s WHERE s.bill_id = bills_bill.id)");
		}
		if (filter.overdue() != null) {
			query.where(filter.overdue() ? overdue : "NOT " + overdue).param("today", today);
		}
		if (filter.dueFrom() != null || filter.dueTo() != null) {
			query.where("EXISTS (SELECT 1 FROM bills_installment i WHERE i.bill_id = bills_bill.id"
					+ (filter.dueFrom() == null ? "" : " AND i.due_date >= :dueFrom")
					+ (filter.dueTo() == null ? "" : " AND i.due_date <= :dueTo") + ")");
			if (filter.dueFrom() != null) {
				query.param("dueFrom", filter.dueFrom());
			}
			if (filter.dueTo() != null) {
				query.param("dueTo", filter.dueTo());
			}
		}
		String q = BillsFields.parameter(filter.q(), "q");
		if (!q.isEmpty()) {
			query.where("(description ILIKE :q OR document_number ILIKE :q)").param("q", ListQuery.containing(q));
		}
		return this.rows.page(query, paging, today);
	}

	@Transactional(readOnly = true)
	Versioned<BillResponse> get(long id) {
		return find(id, false);
	}

	/**
	 * Creates the bill, and with a monthly recurrence one more per month up to its
	 * {@code until}: each with its competence and due dates that many months later (the
	 * last day of a shorter month). Answers the first.
	 */
	@Transactional
	Versioned<BillResponse> create(BillRequest request) {
		return write(this.drafts.check(request), null);
	}

	/**
	 * Writes a checked draft ({@link #create}, or the NF-e import's, which passes the
	 * document it came from): the bills, their splits and installments, audited and
	 * announced; answers the first.
	 */
	Versioned<BillResponse> write(Draft draft, @Nullable NfeLink nfe) {
		OffsetDateTime now = BillsFields.now();
		Long first = null;
		Versioned<BillResponse> firstRead = null;
		ClienteDirectory.Payer payer = draft.clienteId() == null ? null
				: this.clientes.payer(draft.clienteId()).orElse(null);
		for (int k = 0; k < draft.recurrences(); k++) {
			long id = this.rows.insertBill(draft, InstallmentPlan.monthsAfter(draft.competenceDate(), k), first, now);
			if (nfe != null) {
				this.rows.linkNfe(id, nfe.accessKey(), nfe.fiscalDocumentId());
			}
			if (k == 0) {
				first = id;
				if (draft.recurrences() > 1) {
					this.rows.headsItsRecurrence(id);
				}
			}
			this.rows.writeSplits(id, draft.splits());
			List<BillRepository.NewInstallment> installments = new ArrayList<>();
			for (Planned planned : draft.installments()) {
				LocalDate due = InstallmentPlan.monthsAfter(planned.dueDate(), k);
				Long charge = payer == null ? null
						: this.charges.open(draft.chargeKind(), payer.nome(), payer.documento(), planned.amount(), due,
								BillDrafts.chargeDescription(draft, planned.number()));
				installments.add(new BillRepository.NewInstallment(planned.number(), due, planned.amount(), charge));
			}
			this.rows.insertInstallments(id, installments);
			Versioned<BillResponse> read = find(id, false);
			if (k == 0) {
				firstRead = read;
			}
			BillResponse written = read.body();
			this.audit.record("finance.bill.created", "bill", id, AuditLog.Changes.created(audited(written)));
			this.events.publishEvent(new BillCreated(id, written.direction(), written.fornecedorId(),
					written.clienteId(), written.description(), written.documentNumber(), written.competenceDate(),
					written.total(), written.installments().size(), written.recurrenceId()));
		}
		// One bill: what was read back to audit it is the answer; with a recurrence, the
		// first is read again once all are written.
		return draft.recurrences() == 1 ? Objects.requireNonNull(firstRead)
				: find(Objects.requireNonNull(first), false);
	}

	/**
	 * PATCH of what is still open ({@link BillDrafts#change}); the total follows the
	 * installments, a changed installment's charge follows it, and a receivable's new
	 * cliente becomes its charges' payer. The direction does not change.
	 */
	@Transactional
	Versioned<BillResponse> update(long id, ObjectNode patch, ExpectedVersion expected) {
		Versioned<BillResponse> current = find(id, true);
		expected.check(current.version());
		BillResponse bill = current.body();
		if (bill.status().equals(ClosedSet.wire(BillStatus.CANCELLED))) {
			throw new BillCancelled(id);
		}
		Change change = this.drafts.change(bill, patch);
		this.rows.updateHead(id, change);
		this.rows.replaceSplits(id, change.splits());
		if (change.clienteId() != null && !change.clienteId().equals(bill.clienteId())) {
			ClienteDirectory.Payer payer = this.clientes.payer(change.clienteId())
				.orElseThrow(
						() -> InvalidRequest.of("cliente_id", "cliente " + change.clienteId() + " does not exist"));
			for (InstallmentResponse installment : bill.installments()) {
				if (installment.chargeId() != null) {
					this.charges.payer(installment.chargeId(), payer.nome(), payer.documento());
				}
			}
		}
		Map<Integer, InstallmentResponse> byNumber = bill.installments()
			.stream()
			.collect(Collectors.toMap(InstallmentResponse::number, i -> i));
		for (Planned planned : change.installments().values()) {
			this.rows.updateInstallment(id, planned.number(), planned.dueDate(), planned.amount());
			Long charge = byNumber.get(planned.number()).chargeId();
			if (charge != null) {
				this.charges.change(charge, planned.amount(), planned.dueDate());
			}
		}
		refreshStatus(id);
		Versioned<BillResponse> updated = find(id, false);
		AuditLog.Changes changes = AuditLog.Changes.between(audited(bill), audited(updated.body()));
		if (!changes.isEmpty()) {
			this.audit.record("finance.bill.updated", "bill", id, changes);
		}
		return updated;
	}

	/** Calls a bill off while nothing is paid; cancelling twice changes nothing. */
	@Transactional
	Versioned<BillResponse> cancel(long id, ExpectedVersion expected) {
		Versioned<BillResponse> current = find(id, true);
		expected.check(current.version());
		BillResponse bill = current.body();
		if (bill.status().equals(ClosedSet.wire(BillStatus.CANCELLED))) {
			return current;
		}
		if (bill.paidAmount().signum() > 0) {
			throw new BillHasPayments(id, bill.paidAmount());
		}
		for (InstallmentResponse installment : bill.installments()) {
			if (installment.chargeId() != null) {
				this.charges.cancel(installment.chargeId());
			}
		}
		this.rows.markCancelled(id);
		this.audit.record("finance.bill.cancelled", "bill", id,
				AuditLog.Changes.of().put("status", bill.status(), ClosedSet.wire(BillStatus.CANCELLED)));
		return find(id, false);
	}

	/** Writes the bill's status as its installments now stand (cancelled stays). */
	void refreshStatus(long id) {
		this.statuses.refresh(List.of(id));
	}

	Versioned<BillResponse> find(long id, boolean forUpdate) {
		return this.rows.find(id, forUpdate);
	}

	/** The fields of a bill the audit log compares (wire names, money as text). */
	private static Map<String, @Nullable Object> audited(BillResponse bill) {
		Map<String, @Nullable Object> fields = new LinkedHashMap<>();
		fields.put("direction", bill.direction());
		fields.put("fornecedor_id", bill.fornecedorId());
		fields.put("cliente_id", bill.clienteId());
		fields.put("description", bill.description());
		fields.put("document_number", bill.documentNumber());
		fields.put("competence_date", bill.competenceDate().toString());
		fields.put("total", Money.format(bill.total()));
		fields.put("splits",
				bill.splits()
					.stream()
					.map(s -> s.categoryId() + (s.costCentreId() == null ? "" : "/" + s.costCentreId()) + ": "
							+ Money.format(s.amount()))
					.collect(Collectors.joining("; ")));
		fields.put("installments",
				bill.installments()
					.stream()
					.map(i -> i.number() + ": " + i.dueDate() + " " + Money.format(i.amount()))
					.collect(Collectors.joining("; ")));
		fields.put("recurrence_id", bill.recurrenceId());
		fields.put("nfe_access_key", bill.nfeAccessKey());
		fields.put("fiscal_document_id", bill.fiscalDocumentId());
		return fields;
	}

	private static void range(@Nullable LocalDate from, @Nullable LocalDate to, String fromName, String toName) {
		if (from != null && to != null && to.isBefore(from)) {
			throw InvalidRequest.of(toName, "must not be before " + fromName);
		}
	}

}
