package br.suite.bills.bill;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;

import org.jspecify.annotations.Nullable;

import br.suite.bills.BillsFields;
import br.suite.bills.bill.InstallmentPlan.Planned;
import br.suite.shared.InvalidRequest;
import br.suite.shared.Money;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Reads the values of a bill's JSON that are not bound to a record (generated or explicit
 * installments, a PATCH), each refusal naming its field.
 */
final class BillJson {

	private BillJson() {
	}

	static @Nullable LocalDate date(@Nullable JsonNode node, String field, InvalidRequest.Builder errors) {
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

	static @Nullable BigDecimal money(@Nullable JsonNode node, String field, InvalidRequest.Builder errors) {
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

	/**
	 * A positive id, as a JSON integer (or a string of digits); {@code null} is refused
	 * as required.
	 */
	static @Nullable Long id(@Nullable JsonNode node, String field, InvalidRequest.Builder errors) {
		if (node == null || node.isNull()) {
			errors.add(field, "is required");
			return null;
		}
		String text = node.isIntegralNumber() || node.isString() ? node.asString().strip() : "";
		if (!text.matches("[1-9][0-9]{0,17}")) {
			errors.add(field, "must be an id (a positive integer)");
			return null;
		}
		return Long.parseLong(text);
	}

	static @Nullable String text(ObjectNode patch, String field, InvalidRequest.Builder errors) {
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

	/** Explicit installments summing to the total, or a generated plan. */
	static List<Planned> installments(@Nullable JsonNode node, BigDecimal total, InvalidRequest.Builder errors) {
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

}
