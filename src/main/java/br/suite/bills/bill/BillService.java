package br.suite.bills.bill;

import java.math.BigDecimal;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;

import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import br.suite.audit.AuditLog;
import br.suite.bills.BillsFields;
import br.suite.bills.bill.BillProblems.BillCancelled;
import br.suite.bills.bill.BillProblems.BillHasPayments;
import br.suite.bills.bill.BillProblems.BillNotFound;
import br.suite.bills.bill.BillProblems.InstallmentSettled;
import br.suite.bills.bill.BillResponse.InstallmentResponse;
import br.suite.bills.bill.BillResponse.SplitResponse;
import br.suite.bills.bill.InstallmentPlan.Planned;
import br.suite.bills.category.CategoryChecks;
import br.suite.bills.category.CategoryKind;
import br.suite.bills.costcentre.CostCentreChecks;
import br.suite.customers.ClienteDirectory;
import br.suite.customers.FornecedorDirectory;
import br.suite.finance.BillCharges;
import br.suite.shared.ClosedSet;
import br.suite.shared.DateTimes;
import br.suite.shared.ExpectedVersion;
import br.suite.shared.InvalidRequest;
import br.suite.shared.ListQuery;
import br.suite.shared.Money;
import br.suite.shared.Paging;
import br.suite.shared.Versioned;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * Bills: a create checks the request into a draft (party, classification, installments,
 * recurrence) and writes one bill per month of its recurrence; reads assemble a bill with
 * its splits and installments, the money derived by {@link InstallmentPlan}.
 */
@Service
class BillService {

	private static final String COLUMNS = "id, direction, fornecedor_id, cliente_id, description, document_number, "
			+ "competence_date, total, status, recurrence_id, charge_kind, version, created_at, updated_at";

	/** At most this many installments in all per request (installments × recurrences). */
	static final int MAX_INSTALLMENTS_WRITTEN = 1200;

	static final int MAX_SPLITS = 50;

	private final JdbcClient jdbc;

	private final JsonMapper json;

	private final CategoryChecks categories;

	private final CostCentreChecks costCentres;

	private final FornecedorDirectory fornecedores;

	private final ClienteDirectory clientes;

	private final AuditLog audit;

	private final BillStatuses statuses;

	private final BillCharges charges;

	BillService(JdbcClient jdbc, JsonMapper json, CategoryChecks categories, CostCentreChecks costCentres,
			FornecedorDirectory fornecedores, ClienteDirectory clientes, AuditLog audit, BillStatuses statuses,
			BillCharges charges) {
		this.statuses = statuses;
		this.charges = charges;
		this.jdbc = jdbc;
		this.json = json;
		this.categories = categories;
		this.costCentres = costCentres;
		this.fornecedores = fornecedores;
		this.clientes = clientes;
		this.audit = audit;
	}

	record Filter(@Nullable String direction, @Nullable String status, @Nullable Boolean overdue,
			@Nullable LocalDate dueFrom, @Nullable LocalDate dueTo, @Nullable LocalDate competenceFrom,
			@Nullable LocalDate competenceTo, @Nullable Long fornecedorId, @Nullable Long clienteId,
			@Nullable Long categoryId, @Nullable Long costCentreId, @Nullable Long recurrenceId, @Nullable String q) {
	}

	record Split(long categoryId, @Nullable Long costCentreId, BigDecimal amount) {
	}

	private record Draft(BillDirection direction, @Nullable Long fornecedorId, @Nullable Long clienteId,
			String description, String documentNumber, LocalDate competenceDate, BigDecimal total, List<Split> splits,
			List<Planned> installments, int recurrences, String chargeKind) {
	}

	/** A bill's row before its splits and installments are attached. */
	private record Head(long id, String direction, @Nullable Long fornecedorId, @Nullable Long clienteId,
			String description, String documentNumber, LocalDate competenceDate, BigDecimal total, String status,
			@Nullable Long recurrenceId, String chargeKind, long version, OffsetDateTime createdAt,
			OffsetDateTime updatedAt) {
	}

	private record InstallmentRow(long billId, long id, int number, LocalDate dueDate, BigDecimal amount,
			BigDecimal paidAmount, @Nullable LocalDate paidOn, @Nullable Long chargeId) {
	}

	@Transactional(readOnly = true)
	ListQuery.Page<BillResponse> list(Filter filter, Paging paging) {
		range(filter.dueFrom(), filter.dueTo(), "due_from", "due_to");
		range(filter.competenceFrom(), filter.competenceTo(), "competence_from", "competence_to");
		LocalDate today = LocalDate.now(DateTimes.BRAZIL);
		String overdue = "(status <> 'cancelled' AND EXISTS (SELECT 1 FROM bills_installment i WHERE i.bill_id = "
				+ "bills_bill.id AND i.paid_amount < i.amount AND i.due_date < :today))";
		ListQuery query = ListQuery.of(this.jdbc, COLUMNS, "bills_bill")
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
		ListQuery.Page<Head> heads = query.page(paging, (rs, n) -> head(rs));
		return new ListQuery.Page<>(assemble(heads.items(), today), heads.total());
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
		Draft draft = check(request);
		OffsetDateTime now = BillsFields.now();
		Long first = null;
		for (int k = 0; k < draft.recurrences(); k++) {
			long id = this.jdbc.sql("""
					INSERT INTO bills_bill (direction, fornecedor_id, cliente_id, description, document_number,
					    competence_date, total, status, recurrence_id, charge_kind, version, created_at, updated_at)
					VALUES (:direction, :fornecedorId, :clienteId, :description, :documentNumber, :competenceDate,
					    :total, 'open', :recurrenceId, :chargeKind, 0, :now, :now)
					RETURNING id""")
				.param("direction", ClosedSet.wire(draft.direction()))
				.param("fornecedorId", draft.fornecedorId())
				.param("clienteId", draft.clienteId())
				.param("description", draft.description())
				.param("documentNumber", draft.documentNumber())
				.param("competenceDate", InstallmentPlan.monthsAfter(draft.competenceDate(), k))
				.param("total", draft.total())
				.param("recurrenceId", first)
				.param("chargeKind", draft.chargeKind())
				.param("now", now)
				.query(Long.class)
				.single();
			if (k == 0) {
				first = id;
				if (draft.recurrences() > 1) {
					this.jdbc.sql("UPDATE bills_bill SET recurrence_id = id WHERE id = ?").param(id).update();
				}
			}
			writeSplits(id, draft.splits());
			ClienteDirectory.Payer payer = draft.clienteId() == null ? null
					: this.clientes.payer(draft.clienteId()).orElse(null);
			for (Planned planned : draft.installments()) {
				LocalDate due = InstallmentPlan.monthsAfter(planned.dueDate(), k);
				Long charge = payer == null ? null : this.charges.open(draft.chargeKind(), payer.nome(),
						payer.documento(), planned.amount(), due, chargeDescription(draft, planned.number()));
				this.jdbc.sql("""
						INSERT INTO bills_installment (bill_id, number, due_date, amount, charge_id)
						VALUES (?, ?, ?, ?, ?)""").params(id, planned.number(), due, planned.amount(), charge).update();
			}
			this.audit.record("finance.bill.created", "bill", id,
					AuditLog.Changes.created(audited(find(id, false).body())));
		}
		return find(Objects.requireNonNull(first), false);
	}

	/**
	 * PATCH of what is still open: the texts, the competence date, the classification,
	 * and the due dates and amounts of installments not fully paid (an amount not below
	 * what was paid); the total follows the installments. Party and direction do not
	 * change.
	 */
	@Transactional
	Versioned<BillResponse> update(long id, ObjectNode patch, ExpectedVersion expected) {
		Versioned<BillResponse> current = find(id, true);
		expected.check(current.version());
		BillResponse bill = current.body();
		if (bill.status().equals(ClosedSet.wire(BillStatus.CANCELLED))) {
			throw new BillCancelled(id);
		}
		InvalidRequest.Builder errors = InvalidRequest.builder();
		String description = patch.has("description")
				? BillsFields.text(textOf(patch, "description", errors), "description", 500, true, errors)
				: bill.description();
		String documentNumber = patch.has("document_number")
				? BillsFields.text(textOf(patch, "document_number", errors), "document_number", 60, false, errors)
				: bill.documentNumber();
		LocalDate competence = patch.has("competence_date")
				? date(patch.get("competence_date"), "competence_date", errors) : bill.competenceDate();
		if (competence == null && !errors.has("competence_date")) {
			errors.add("competence_date", "is required");
		}
		Map<Integer, InstallmentResponse> byNumber = bill.installments()
			.stream()
			.collect(Collectors.toMap(InstallmentResponse::number, i -> i));
		Map<Integer, Planned> changed = new LinkedHashMap<>();
		JsonNode installments = patch.get("installments");
		if (installments != null && !installments.isNull()) {
			if (!installments.isArray()) {
				errors.add("installments", "must be a list of {\"number\", \"due_date\", \"amount\"}");
			}
			else {
				for (int i = 0; i < installments.size(); i++) {
					JsonNode item = installments.get(i);
					String at = "installments[" + i + "]";
					JsonNode number = item.get("number");
					if (number == null || !number.isIntegralNumber() || !byNumber.containsKey(number.asInt())) {
						errors.add(at + ".number", "must be the number of one of the bill's installments");
						continue;
					}
					InstallmentResponse old = byNumber.get(number.asInt());
					LocalDate due = item.has("due_date") ? date(item.get("due_date"), at + ".due_date", errors)
							: old.dueDate();
					BigDecimal amount = item.has("amount") ? money(item.get("amount"), at + ".amount", errors)
							: old.amount();
					if (due == null || amount == null) {
						continue;
					}
					if (due.equals(old.dueDate()) && amount.compareTo(old.amount()) == 0) {
						continue;
					}
					if (old.status().equals(ClosedSet.wire(BillStatus.PAID))) {
						throw new InstallmentSettled(old.number(), "paid");
					}
					if (amount.compareTo(old.paidAmount()) < 0) {
						errors.add(at + ".amount",
								"must not be below what was paid (" + Money.format(old.paidAmount()) + ")");
						continue;
					}
					changed.put(old.number(), new Planned(old.number(), due, amount));
				}
			}
		}
		BigDecimal total = InstallmentPlan.sum(bill.installments()
			.stream()
			.map(i -> changed.containsKey(i.number()) ? changed.get(i.number()).amount() : i.amount())
			.toList());
		CategoryKind kind = kind(ClosedSet.parse(BillDirection.class, "direction", bill.direction()));
		List<Split> splits;
		boolean classified = patch.has("splits") && patch.get("splits").isArray() && !patch.get("splits").isEmpty()
				|| patch.has("category_id") && !patch.get("category_id").isNull() || patch.has("cost_centre_id");
		if (classified) {
			ObjectNode classification = this.json.createObjectNode();
			classification.set("category_id",
					patch.has("category_id") ? patch.get("category_id") : this.json.valueToTree(bill.categoryId()));
			classification.set("cost_centre_id", patch.has("cost_centre_id") ? patch.get("cost_centre_id")
					: this.json.valueToTree(bill.costCentreId()));
			if (patch.has("splits")) {
				classification.set("splits", patch.get("splits"));
			}
			BillRequest read = readClassification(classification, errors);
			splits = read == null ? List.of()
					: splits(read, total, kind,
							new Kept(bill.splits().stream().map(SplitResponse::categoryId).collect(Collectors.toSet()),
									bill.splits()
										.stream()
										.map(SplitResponse::costCentreId)
										.filter(Objects::nonNull)
										.collect(Collectors.toSet())),
							errors);
		}
		else if (bill.splits().size() == 1) {
			SplitResponse only = bill.splits().get(0);
			splits = List.of(new Split(only.categoryId(), only.costCentreId(), total));
		}
		else {
			splits = bill.splits().stream().map(s -> new Split(s.categoryId(), s.costCentreId(), s.amount())).toList();
			if (InstallmentPlan.sum(splits.stream().map(Split::amount).toList()).compareTo(total) != 0) {
				errors.add("splits", "must be sent again summing exactly to the new total " + Money.format(total));
			}
		}
		errors.throwIfAny();
		this.jdbc.sql("""
				UPDATE bills_bill SET description = ?, document_number = ?, competence_date = ?, total = ?,
				    version = version + 1, updated_at = ?
				WHERE id = ?""").params(description, documentNumber, competence, total, BillsFields.now(), id).update();
		this.jdbc.sql("DELETE FROM bills_split WHERE bill_id = ?").param(id).update();
		writeSplits(id, splits);
		for (Planned planned : changed.values()) {
			this.jdbc.sql("UPDATE bills_installment SET due_date = ?, amount = ? WHERE bill_id = ? AND number = ?")
				.params(planned.dueDate(), planned.amount(), id, planned.number())
				.update();
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
		this.jdbc.sql("UPDATE bills_bill SET status = 'cancelled', version = version + 1, updated_at = ? WHERE id = ?")
			.params(BillsFields.now(), id)
			.update();
		this.audit.record("finance.bill.cancelled", "bill", id,
				AuditLog.Changes.of().put("status", bill.status(), ClosedSet.wire(BillStatus.CANCELLED)));
		return find(id, false);
	}

	/** Writes the bill's status as its installments now stand (cancelled stays). */
	void refreshStatus(long id) {
		this.statuses.refresh(List.of(id));
	}

	Versioned<BillResponse> find(long id, boolean forUpdate) {
		Head head = this.jdbc
			.sql("SELECT " + COLUMNS + " FROM bills_bill WHERE id = ?" + (forUpdate ? " FOR UPDATE" : ""))
			.param(id)
			.query((rs, n) -> head(rs))
			.optional()
			.orElseThrow(() -> new BillNotFound(id));
		return new Versioned<>(assemble(List.of(head), LocalDate.now(DateTimes.BRAZIL)).get(0), head.version());
	}

	// The request's checks, field by field, into a draft.

	private Draft check(BillRequest request) {
		InvalidRequest.Builder errors = InvalidRequest.builder();
		BillDirection direction = BillsFields.closed(BillDirection.class, request.direction(), "direction", errors);
		Long fornecedorId = request.fornecedorId();
		Long clienteId = request.clienteId();
		if (direction == BillDirection.PAYABLE) {
			if (clienteId != null) {
				errors.add("cliente_id", "a payable bill is owed to a fornecedor, not a cliente: send fornecedor_id");
			}
			if (fornecedorId == null) {
				errors.add("fornecedor_id", "is required for a payable bill");
			}
			else if (!this.fornecedores.exists(fornecedorId)) {
				errors.add("fornecedor_id", "fornecedor " + fornecedorId + " does not exist");
			}
		}
		else if (direction == BillDirection.RECEIVABLE) {
			if (fornecedorId != null) {
				errors.add("fornecedor_id",
						"a receivable bill is owed by a cliente, not a fornecedor: send cliente_id");
			}
			if (clienteId == null) {
				errors.add("cliente_id", "is required for a receivable bill");
			}
			else if (!this.clientes.exists(clienteId)) {
				errors.add("cliente_id", "cliente " + clienteId + " does not exist");
			}
		}
		String description = BillsFields.text(request.description(), "description", 500, true, errors);
		String documentNumber = BillsFields.text(request.documentNumber(), "document_number", 60, false, errors);
		if (request.competenceDate() == null) {
			errors.add("competence_date", "is required");
		}
		BigDecimal total = BillsFields.amount(request.total(), "total", false, errors);
		List<Planned> installments = total == null ? List.of() : installments(request.installments(), total, errors);
		List<Split> splits = direction == null || total == null ? List.of()
				: splits(request, total, kind(direction), new Kept(Set.of(), Set.of()), errors);
		int recurrences = 1;
		BillRequest.RecurrenceRequest recurrence = request.recurrence();
		if (recurrence != null) {
			if (!"monthly".equals(recurrence.frequency())) {
				errors.add("recurrence.frequency", "must be monthly");
			}
			if (recurrence.until() == null) {
				errors.add("recurrence.until", "is required");
			}
			else if (request.competenceDate() != null) {
				if (recurrence.until().isBefore(request.competenceDate())) {
					errors.add("recurrence.until", "must not be before competence_date");
				}
				recurrences = InstallmentPlan.recurrences(request.competenceDate(), recurrence.until());
				if (recurrences > InstallmentPlan.MAX) {
					errors.add("recurrence.until", "makes more than " + InstallmentPlan.MAX + " bills");
				}
				else if (recurrences * installments.size() > MAX_INSTALLMENTS_WRITTEN) {
					errors.add("recurrence.until", "makes more than " + MAX_INSTALLMENTS_WRITTEN
							+ " installments in all; send fewer months at a time");
				}
			}
		}
		String chargeKind = "";
		if (direction == BillDirection.RECEIVABLE) {
			chargeKind = request.chargeKind() == null || request.chargeKind().isBlank() ? "boleto"
					: request.chargeKind().strip();
			if (!BillCharges.isKind(chargeKind)) {
				errors.add("charge_kind", "must be one of: " + BillCharges.kinds() + " (got \"" + chargeKind + "\")");
			}
		}
		errors.throwIfAny();
		return new Draft(Objects.requireNonNull(direction), fornecedorId, clienteId, description, documentNumber,
				Objects.requireNonNull(request.competenceDate()), total, splits, installments, Math.max(1, recurrences),
				chargeKind);
	}

	/**
	 * The charge's description: the bill's and which installment (charges take 500
	 * characters).
	 */
	private static String chargeDescription(Draft draft, int number) {
		String suffix = " (parcela " + number + "/" + draft.installments().size() + ")";
		String description = draft.description();
		return description.substring(0, Math.min(description.length(), 500 - suffix.length())) + suffix;
	}

	private static CategoryKind kind(BillDirection direction) {
		return direction == BillDirection.PAYABLE ? CategoryKind.EXPENSE : CategoryKind.REVENUE;
	}

	/**
	 * {@code splits} when given (summing exactly to the total), else one split of the
	 * whole total with {@code category_id} and {@code cost_centre_id}; categories of the
	 * bill's kind (expense for a payable, revenue for a receivable), active, like the
	 * cost centres.
	 */
	private List<Split> splits(BillRequest request, BigDecimal total, CategoryKind kind, Kept kept,
			InvalidRequest.Builder errors) {
		List<BillRequest.SplitRequest> given = request.splits();
		if (given == null || given.isEmpty()) {
			if (request.categoryId() == null) {
				errors.add("category_id", "is required (or splits)");
				return List.of();
			}
			classification(request.categoryId(), request.costCentreId(), kind, kept, "", errors);
			return List.of(new Split(request.categoryId(), request.costCentreId(), total));
		}
		if (given.size() > MAX_SPLITS) {
			errors.add("splits", "must have at most " + MAX_SPLITS + " parts");
			return List.of();
		}
		List<Split> splits = new ArrayList<>();
		for (int i = 0; i < given.size(); i++) {
			BillRequest.SplitRequest split = given.get(i);
			String at = "splits[" + i + "].";
			BigDecimal amount = BillsFields.amount(split.amount(), at + "amount", false, errors);
			if (split.categoryId() == null) {
				errors.add(at + "category_id", "is required");
			}
			else {
				classification(split.categoryId(), split.costCentreId(), kind, kept, at, errors);
			}
			if (amount != null && split.categoryId() != null) {
				splits.add(new Split(split.categoryId(), split.costCentreId(), amount));
			}
		}
		if (splits.size() == given.size()) {
			BigDecimal sum = InstallmentPlan.sum(splits.stream().map(Split::amount).toList());
			if (sum.compareTo(total) != 0) {
				errors.add("splits", "must sum exactly to the total " + Money.format(total) + " (they sum to "
						+ Money.format(sum) + ")");
			}
		}
		return splits;
	}

	/**
	 * The categories and cost centres a bill already has: kept by a PATCH even after they
	 * were deactivated.
	 */
	private record Kept(Set<Long> categories, Set<Long> centres) {
	}

	private void classification(long categoryId, @Nullable Long costCentreId, CategoryKind kind, Kept kept, String at,
			InvalidRequest.Builder errors) {
		String category = kept.categories().contains(categoryId) ? null : this.categories.refusal(categoryId, kind);
		if (category != null) {
			errors.add(at + "category_id", category);
		}
		if (costCentreId != null && !kept.centres().contains(costCentreId)) {
			String centre = this.costCentres.refusal(costCentreId);
			if (centre != null) {
				errors.add(at + "cost_centre_id", centre);
			}
		}
	}

	/** Explicit installments summing to the total, or a generated plan. */
	private List<Planned> installments(@Nullable JsonNode node, BigDecimal total, InvalidRequest.Builder errors) {
		if (node == null || node.isNull()) {
			errors.add("installments",
					"is required: a list of {\"due_date\", \"amount\"} or {\"count\", " + "\"first_due_date\"}");
			return List.of();
		}
		if (node.isObject()) {
			JsonNode count = node.get("count");
			LocalDate first = date(node.get("first_due_date"), "installments.first_due_date", errors);
			if (count == null || !count.isIntegralNumber() || count.asLong() < 1
					|| count.asLong() > InstallmentPlan.MAX) {
				errors.add("installments.count", "must be a whole number from 1 to " + InstallmentPlan.MAX);
				return List.of();
			}
			if (first == null) {
				return List.of();
			}
			if (total.compareTo(BigDecimal.valueOf(count.asLong(), 2)) < 0) {
				errors.add("installments.count", "must leave every installment at least 0.01");
				return List.of();
			}
			return InstallmentPlan.generate(total, count.asInt(), first);
		}
		if (!node.isArray() || node.isEmpty() || node.size() > InstallmentPlan.MAX) {
			errors.add("installments", "must be a list of 1 to " + InstallmentPlan.MAX + " {\"due_date\", "
					+ "\"amount\"} or {\"count\", \"first_due_date\"}");
			return List.of();
		}
		List<Planned> plan = new ArrayList<>();
		for (int i = 0; i < node.size(); i++) {
			String at = "installments[" + i + "]";
			JsonNode item = node.get(i);
			if (!item.isObject()) {
				errors.add(at, "must be an object {\"due_date\", \"amount\"}");
				continue;
			}
			LocalDate due = date(item.get("due_date"), at + ".due_date", errors);
			BigDecimal amount = money(item.get("amount"), at + ".amount", errors);
			if (due != null && amount != null) {
				plan.add(new Planned(i + 1, due, amount));
			}
		}
		if (plan.size() == node.size()) {
			BigDecimal sum = InstallmentPlan.sum(plan.stream().map(Planned::amount).toList());
			if (sum.compareTo(total) != 0) {
				errors.add("installments", "must sum exactly to the total " + Money.format(total) + " (they sum to "
						+ Money.format(sum) + ")");
			}
		}
		return plan;
	}

	private static @Nullable LocalDate date(@Nullable JsonNode node, String field, InvalidRequest.Builder errors) {
		if (node == null || node.isNull()) {
			errors.add(field, "is required");
			return null;
		}
		if (!node.isString()) {
			errors.add(field, "must be a date YYYY-MM-DD");
			return null;
		}
		try {
			return LocalDate.parse(node.asString());
		}
		catch (DateTimeParseException ex) {
			errors.add(field, "must be a date YYYY-MM-DD (got \"" + node.asString() + "\")");
			return null;
		}
	}

	private static @Nullable BigDecimal money(@Nullable JsonNode node, String field, InvalidRequest.Builder errors) {
		if (node == null || node.isNull()) {
			errors.add(field, "is required");
			return null;
		}
		BigDecimal amount = node.isString() || node.isNumber() ? Money.parseOrNull(node.asString()) : null;
		if (amount == null) {
			errors.add(field, Money.MESSAGE);
			return null;
		}
		return BillsFields.amount(amount, field, false, errors);
	}

	private static @Nullable String textOf(ObjectNode patch, String field, InvalidRequest.Builder errors) {
		JsonNode node = patch.get(field);
		if (node == null || node.isNull()) {
			return null;
		}
		if (!node.isString()) {
			errors.add(field, "must be a string");
			return null;
		}
		return node.asString();
	}

	private @Nullable BillRequest readClassification(ObjectNode classification, InvalidRequest.Builder errors) {
		try {
			return this.json.treeToValue(classification, BillRequest.class);
		}
		catch (tools.jackson.core.JacksonException ex) {
			errors.add("splits", "must be a list of {\"category_id\", \"cost_centre_id\", \"amount\"}; category_id "
					+ "and cost_centre_id ids");
			return null;
		}
	}

	private void writeSplits(long billId, List<Split> splits) {
		for (int i = 0; i < splits.size(); i++) {
			Split split = splits.get(i);
			this.jdbc.sql("""
					INSERT INTO bills_split (bill_id, position, category_id, cost_centre_id, amount)
					VALUES (?, ?, ?, ?, ?)""")
				.params(billId, i + 1, split.categoryId(), split.costCentreId(), split.amount())
				.update();
		}
	}

	// Reading: one look-up of splits and one of installments for all the bills of a page.

	private List<BillResponse> assemble(List<Head> heads, LocalDate today) {
		if (heads.isEmpty()) {
			return List.of();
		}
		List<Long> ids = heads.stream().map(Head::id).toList();
		Map<Long, List<SplitResponse>> splits = new HashMap<>();
		this.jdbc
			.sql("SELECT bill_id, category_id, cost_centre_id, amount FROM bills_split WHERE bill_id IN (:ids) "
					+ "ORDER BY bill_id, position")
			.param("ids", ids)
			.query((rs, n) -> Map.entry(rs.getLong("bill_id"),
					new SplitResponse(rs.getLong("category_id"), rs.getObject("cost_centre_id", Long.class),
							rs.getBigDecimal("amount"))))
			.list()
			.forEach(e -> splits.computeIfAbsent(e.getKey(), k -> new ArrayList<>()).add(e.getValue()));
		Map<Long, List<InstallmentRow>> installments = installments(ids).stream()
			.collect(Collectors.groupingBy(InstallmentRow::billId));
		List<BillResponse> bills = new ArrayList<>();
		for (Head head : heads) {
			boolean cancelled = head.status().equals(ClosedSet.wire(BillStatus.CANCELLED));
			List<InstallmentResponse> rows = new ArrayList<>();
			boolean overdue = false;
			for (InstallmentRow row : installments.getOrDefault(head.id(), List.of())) {
				BigDecimal open = cancelled ? BigDecimal.ZERO.setScale(2) : row.amount().subtract(row.paidAmount());
				rows.add(new InstallmentResponse(row.id(), row.number(), row.dueDate(), row.amount(), row.paidAmount(),
						open,
						ClosedSet.wire(InstallmentPlan.installmentStatus(row.amount(), row.paidAmount(), cancelled)),
						row.paidOn(), row.chargeId()));
				overdue |= InstallmentPlan.overdue(row.amount(), row.paidAmount(), cancelled, row.dueDate(), today);
			}
			BigDecimal paid = InstallmentPlan.sum(rows.stream().map(InstallmentResponse::paidAmount).toList());
			BigDecimal open = InstallmentPlan.sum(rows.stream().map(InstallmentResponse::openAmount).toList());
			List<SplitResponse> parts = splits.getOrDefault(head.id(), List.of());
			SplitResponse only = parts.size() == 1 ? parts.get(0) : null;
			bills.add(new BillResponse(head.id(), head.direction(), head.fornecedorId(), head.clienteId(),
					head.description(), head.documentNumber(), head.competenceDate(),
					only == null ? null : only.categoryId(), only == null ? null : only.costCentreId(), parts,
					head.total(), head.status(), overdue, paid, open, head.recurrenceId(), head.chargeKind(), rows,
					head.createdAt().toInstant(), head.updatedAt().toInstant()));
		}
		return bills;
	}

	private List<InstallmentRow> installments(Collection<Long> billIds) {
		return this.jdbc.sql("""
				SELECT bill_id, id, number, due_date, amount, paid_amount, paid_on, charge_id
				FROM bills_installment WHERE bill_id IN (:ids) ORDER BY bill_id, number""")
			.param("ids", billIds)
			.query((rs, n) -> new InstallmentRow(rs.getLong("bill_id"), rs.getLong("id"), rs.getInt("number"),
					rs.getObject("due_date", LocalDate.class), rs.getBigDecimal("amount"),
					rs.getBigDecimal("paid_amount"), rs.getObject("paid_on", LocalDate.class),
					rs.getObject("charge_id", Long.class)))
			.list();
	}

	private static Head head(ResultSet rs) throws SQLException {
		return new Head(rs.getLong("id"), rs.getString("direction"), rs.getObject("fornecedor_id", Long.class),
				rs.getObject("cliente_id", Long.class), rs.getString("description"), rs.getString("document_number"),
				rs.getObject("competence_date", LocalDate.class), rs.getBigDecimal("total"), rs.getString("status"),
				rs.getObject("recurrence_id", Long.class), rs.getString("charge_kind"), rs.getLong("version"),
				rs.getObject("created_at", OffsetDateTime.class), rs.getObject("updated_at", OffsetDateTime.class));
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
		return fields;
	}

	private static void range(@Nullable LocalDate from, @Nullable LocalDate to, String fromName, String toName) {
		if (from != null && to != null && to.isBefore(from)) {
			throw InvalidRequest.of(toName, "must not be before " + fromName);
		}
	}

}
