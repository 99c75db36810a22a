package br.suite.bills.bill;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;

import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;

import br.suite.bills.BillsFields;
import br.suite.bills.bill.BillProblems.InstallmentSettled;
import br.suite.bills.bill.BillProblems.PartyFixedByPayments;
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
import br.suite.shared.InvalidRequest;
import br.suite.shared.Money;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * Checks what a client sends about a bill, field by field, before anything is written: a
 * new bill into a {@link Draft} (party, classification, installments, recurrence), a
 * PATCH into a {@link Change} of what is still open.
 */
@Component
class BillDrafts {

	/** At most this many installments in all per request (installments × recurrences). */
	static final int MAX_INSTALLMENTS_WRITTEN = 1200;

	static final int MAX_SPLITS = 50;

	private final JsonMapper json;

	private final CategoryChecks categories;

	private final CostCentreChecks costCentres;

	private final FornecedorDirectory fornecedores;

	private final ClienteDirectory clientes;

	BillDrafts(JsonMapper json, CategoryChecks categories, CostCentreChecks costCentres,
			FornecedorDirectory fornecedores, ClienteDirectory clientes) {
		this.json = json;
		this.categories = categories;
		this.costCentres = costCentres;
		this.fornecedores = fornecedores;
		this.clientes = clientes;
	}

	record Split(long categoryId, @Nullable Long costCentreId, BigDecimal amount) {
	}

	record Draft(BillDirection direction, @Nullable Long fornecedorId, @Nullable Long clienteId, String description,
			String documentNumber, LocalDate competenceDate, BigDecimal total, List<Split> splits,
			List<Planned> installments, int recurrences, String chargeKind) {
	}

	/**
	 * What a PATCH makes of a bill: its texts, total, splits and the changed
	 * installments.
	 */
	record Change(@Nullable Long fornecedorId, @Nullable Long clienteId, String description, String documentNumber,
			LocalDate competenceDate, BigDecimal total, List<Split> splits, Map<Integer, Planned> installments) {
	}

	/**
	 * A PATCH of what is still open: the party of its direction while nothing is paid,
	 * the texts, the competence date, the classification, and the due dates and amounts
	 * of installments not fully paid (an amount not below what was paid); the total
	 * follows the installments.
	 */
	Change change(BillResponse bill, ObjectNode patch) {
		InvalidRequest.Builder errors = InvalidRequest.builder();
		BillDirection direction = ClosedSet.parse(BillDirection.class, "direction", bill.direction());
		boolean payable = direction == BillDirection.PAYABLE;
		Long fornecedorId = bill.fornecedorId();
		Long clienteId = bill.clienteId();
		String other = payable ? "cliente_id" : "fornecedor_id";
		if (patch.has(other) && !patch.get(other).isNull()) {
			errors.add(other, payable ? "a payable bill is owed to a fornecedor, not a cliente: send fornecedor_id"
					: "a receivable bill is owed by a cliente, not a fornecedor: send cliente_id");
		}
		String own = payable ? "fornecedor_id" : "cliente_id";
		if (patch.has(own)) {
			Long party = BillJson.id(patch.get(own), own, errors);
			Long current = payable ? fornecedorId : clienteId;
			if (party != null && !party.equals(current)) {
				if (bill.paidAmount().signum() > 0) {
					throw new PartyFixedByPayments(bill.id(), own, bill.paidAmount());
				}
				if (payable ? !this.fornecedores.exists(party) : !this.clientes.exists(party)) {
					errors.add(own, (payable ? "fornecedor " : "cliente ") + party + " does not exist");
				}
				else if (payable) {
					fornecedorId = party;
				}
				else {
					clienteId = party;
				}
			}
		}
		String description = patch.has("description")
				? BillsFields.text(BillJson.text(patch, "description", errors), "description", 500, true, errors)
				: bill.description();
		String documentNumber = patch.has("document_number") ? BillsFields
			.text(BillJson.text(patch, "document_number", errors), "document_number", 60, false, errors)
				: bill.documentNumber();
		LocalDate competence = patch.has("competence_date")
				? BillJson.date(patch.get("competence_date"), "competence_date", errors) : bill.competenceDate();
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
					LocalDate due = item.has("due_date") ? BillJson.date(item.get("due_date"), at + ".due_date", errors)
							: old.dueDate();
					BigDecimal amount = item.has("amount") ? BillJson.money(item.get("amount"), at + ".amount", errors)
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
		CategoryKind kind = kind(direction);
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
		else if (bill.splits().isEmpty()) {
			// An uncategorised bill (imported from an NF-e) stays so until it is
			// classified.
			splits = List.of();
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
		return new Change(fornecedorId, clienteId, description, documentNumber, Objects.requireNonNull(competence),
				total, splits, changed);
	}

	/** The request's checks, field by field, into a draft. */
	Draft check(BillRequest request) {
		InvalidRequest.Builder errors = InvalidRequest.builder();
		BillDirection direction = ClosedSet.requiredStripped(BillDirection.class, "direction", request.direction(),
				errors);
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
		List<Planned> installments = total == null ? List.of()
				: BillJson.installments(request.installments(), total, errors);
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
	static String chargeDescription(Draft draft, int number) {
		String suffix = " (parcela " + number + "/" + draft.installments().size() + ")";
		String description = draft.description();
		return description.substring(0, Math.min(description.length(), 500 - suffix.length())) + suffix;
	}

	static CategoryKind kind(BillDirection direction) {
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

}
