package br.suite.bills.bill;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.YearMonth;

import org.jspecify.annotations.Nullable;

import br.suite.shared.ClosedSet;
import br.suite.shared.InvalidRequest;
import br.suite.web.FormInput;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * The new bill form as typed (a Brazilian's dates, months and amounts): the party, the
 * texts, the competence month, one category and cost centre, the total and "parcelar em N
 * vezes" from a first due date, optionally repeated monthly up to a month. It becomes the
 * API's own {@link BillRequest}, so the page is checked by the same code; each input's id
 * is the API's field name, where the refusals land.
 */
record BillForm(String party, String description, String documentNumber, String competence, String category,
		String costCentre, String total, String count, String firstDue, String chargeKind, String until) {

	BillForm {
		party = text(party);
		description = text(description);
		documentNumber = text(documentNumber);
		competence = text(competence);
		category = text(category);
		costCentre = text(costCentre);
		total = text(total);
		count = text(count);
		firstDue = text(firstDue);
		chargeKind = text(chargeKind);
		until = text(until);
	}

	/**
	 * An empty form: this month's competence, one installment, boleto for a receivable.
	 */
	static BillForm empty(LocalDate today) {
		return new BillForm("", "", "", FormInput.monthText(YearMonth.from(today)), "", "", "", "1", "", "boleto", "");
	}

	/**
	 * The API's request for this form; a value that cannot be read is refused naming its
	 * field.
	 */
	BillRequest request(BillDirection direction) {
		Long party = id(this.party, direction == BillDirection.PAYABLE ? "fornecedor_id" : "cliente_id");
		YearMonth month = FormInput.month("competence_date", this.competence);
		BigDecimal amount = FormInput.money("total", this.total);
		YearMonth untilMonth = FormInput.month("recurrence.until", this.until);
		BillRequest.RecurrenceRequest recurrence = untilMonth == null ? null
				: new BillRequest.RecurrenceRequest("monthly", untilMonth.atDay(1));
		return new BillRequest(ClosedSet.wire(direction), direction == BillDirection.PAYABLE ? party : null,
				direction == BillDirection.RECEIVABLE ? party : null, this.description, this.documentNumber,
				month == null ? null : month.atDay(1), id(this.category, "category_id"),
				id(this.costCentre, "cost_centre_id"), null, amount, installments(), recurrence,
				direction == BillDirection.RECEIVABLE ? this.chargeKind : null);
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
