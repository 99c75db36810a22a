package br.suite.bills.bill;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.YearMonth;
import java.util.ArrayList;
import java.util.List;

import org.jspecify.annotations.Nullable;

import br.suite.shared.ClosedSet;
import br.suite.shared.InvalidRequest;
import br.suite.web.FormInput;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * The new bill form as typed (a Brazilian's dates, months and amounts): the party, the
 * texts, the competence month, the classification as rows of the rateio (category, cost
 * centre and amount; one row with no amount is the whole total), the total and "parcelar
 * em N vezes" from a first due date, optionally repeated monthly up to a month. It
 * becomes the API's own {@link BillRequest} (always with {@code splits}), so the page is
 * checked by the same code; each input's id is the API's field name, where the refusals
 * land.
 */
record BillForm(String party, String description, String documentNumber, String competence,
		@Nullable List<SplitRow> splits, String total, String count, String firstDue, String chargeKind, String until) {

	/** The most rows of a rateio, as the API takes them. */
	static final int MAX_ROWS = BillDrafts.MAX_SPLITS;

	/** One row of the rateio as typed. */
	record SplitRow(String category, String costCentre, String amount) {

		SplitRow {
			category = text(category);
			costCentre = text(costCentre);
			amount = text(amount);
		}

		static SplitRow blank() {
			return new SplitRow("", "", "");
		}

		boolean filled() {
			return !this.category.isEmpty() || !this.costCentre.isEmpty() || !this.amount.isEmpty();
		}

	}

	BillForm {
		party = text(party);
		description = text(description);
		documentNumber = text(documentNumber);
		competence = text(competence);
		// Every row as bound, in its position (the binder walks splits[i] again after
		// constructing the form); rows() keeps the filled ones.
		splits = splits == null ? List.of() : splits.stream().map(row -> row == null ? SplitRow.blank() : row).toList();
		total = text(total);
		count = text(count);
		firstDue = text(firstDue);
		chargeKind = text(chargeKind);
		until = text(until);
	}

	/** The rows the form shows: the filled ones, then blanks up to {@code shown}. */
	List<SplitRow> rows(int shown) {
		List<SplitRow> rows = new ArrayList<>(rows());
		while (rows.size() < Math.min(shown, MAX_ROWS)) {
			rows.add(SplitRow.blank());
		}
		return rows;
	}

	/**
	 * The rows filled in, in the order typed: the rows the request numbers, so a refusal
	 * of {@code splits[i]} lands on the row shown i-th.
	 */
	List<SplitRow> rows() {
		return this.splits == null ? List.of() : this.splits.stream().filter(SplitRow::filled).toList();
	}

	/**
	 * An empty form: this month's competence, one installment, boleto for a receivable.
	 */
	static BillForm empty(LocalDate today) {
		return new BillForm("", "", "", FormInput.monthText(YearMonth.from(today)), List.of(), "", "1", "", "boleto",
				"");
	}

	/**
	 * The API's request for this form; a value that cannot be read is refused naming its
	 * field. The rateio always goes as {@code splits}: one row with no amount is the
	 * whole total (the amount typed as the total), no row at all a row with nothing
	 * chosen, for the API to ask for its category.
	 */
	BillRequest request(BillDirection direction) {
		Long party = id(this.party, direction == BillDirection.PAYABLE ? "fornecedor_id" : "cliente_id");
		YearMonth month = FormInput.month("competence_date", this.competence);
		BigDecimal amount = FormInput.money("total", this.total);
		YearMonth untilMonth = FormInput.month("recurrence.until", this.until);
		BillRequest.RecurrenceRequest recurrence = untilMonth == null ? null
				: new BillRequest.RecurrenceRequest("monthly", untilMonth.atDay(1));
		List<SplitRow> rows = rows().isEmpty() ? List.of(SplitRow.blank()) : rows();
		List<BillRequest.SplitRequest> splits = new ArrayList<>();
		for (int i = 0; i < rows.size(); i++) {
			SplitRow row = rows.get(i);
			String at = "splits[" + i + "].";
			BigDecimal share = rows.size() == 1 && row.amount().isEmpty() ? amount
					: FormInput.money(at + "amount", row.amount());
			splits.add(new BillRequest.SplitRequest(id(row.category(), at + "category_id"),
					id(row.costCentre(), at + "cost_centre_id"), share));
		}
		return new BillRequest(ClosedSet.wire(direction), direction == BillDirection.PAYABLE ? party : null,
				direction == BillDirection.RECEIVABLE ? party : null, this.description, this.documentNumber,
				month == null ? null : month.atDay(1), null, null, splits, amount, installments(), recurrence,
				direction == BillDirection.RECEIVABLE ? this.chargeKind : null);
	}

	/**
	 * What the rateio's rows add up to, when every row has an amount that reads (the sum
	 * a refusal of {@code splits} shows beside the total), else {@code null}.
	 */
	@Nullable BigDecimal rowsSum() {
		List<BigDecimal> amounts = new ArrayList<>();
		for (SplitRow row : rows()) {
			try {
				BigDecimal amount = FormInput.money("amount", row.amount());
				if (amount == null) {
					return null;
				}
				amounts.add(amount);
			}
			catch (InvalidRequest unreadable) {
				return null;
			}
		}
		return amounts.isEmpty() ? null : InstallmentPlan.sum(amounts);
	}

	/**
	 * "Parcelar em N vezes" as the API writes it: {@code {"count", "first_due_date"}}; a
	 * count that is not a whole number goes as typed, for the API to refuse.
	 */
	JsonNode installments() {
		ObjectNode plan = JsonNodeFactory.instance.objectNode();
		if (this.count.matches("\\d{1,6}")) {
			plan.put("count", Integer.parseInt(this.count));
		}
		else if (!this.count.isEmpty()) {
			plan.put("count", this.count);
		}
		LocalDate first = FormInput.day("installments.first_due_date", this.firstDue);
		if (first != null) {
			plan.put("first_due_date", first.toString());
		}
		return plan;
	}

	private static @Nullable Long id(String value, String field) {
		if (value.isEmpty()) {
			return null;
		}
		if (!value.matches("\\d{1,18}")) {
			throw InvalidRequest.of(field, "must be an id");
		}
		return Long.parseLong(value);
	}

	private static String text(@Nullable String value) {
		return value == null ? "" : value.strip();
	}

}
