package br.suite.finance.transaction;

import br.suite.finance.TransactionCategories;

import java.util.Objects;

import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import br.suite.audit.AuditLog;
import br.suite.finance.FinanceProblems.TransactionNotFound;
import br.suite.shared.ExpectedVersion;
import br.suite.shared.InvalidRequest;
import br.suite.shared.Versioned;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The one change a client makes to a bank transaction: its classification,
 * {@code category_id} and {@code cost_centre_id} (checked through
 * {@link TransactionCategories}); every other field of the body is ignored.
 */
@Service
class TransactionClassifier {

	private final JdbcClient jdbc;

	private final TransactionService transactions;

	private final ObjectProvider<TransactionCategories> categories;

	private final AuditLog audit;

	TransactionClassifier(JdbcClient jdbc, TransactionService transactions,
			ObjectProvider<TransactionCategories> categories, AuditLog audit) {
		this.jdbc = jdbc;
		this.transactions = transactions;
		this.categories = categories;
		this.audit = audit;
	}

	@Transactional
	Versioned<TransactionResponse> classify(long id, ObjectNode patch, ExpectedVersion expected) {
		record Row(String direction, @Nullable Long categoryId, @Nullable Long costCentreId, long version) {
		}
		Row row = this.jdbc
			.sql("SELECT direction, category_id, cost_centre_id, version FROM finance_transaction WHERE id = ? "
					+ "FOR UPDATE")
			.param(id)
			.query((rs, n) -> new Row(rs.getString(1), rs.getObject(2, Long.class), rs.getObject(3, Long.class),
					rs.getLong(4)))
			.optional()
			.orElseThrow(() -> new TransactionNotFound(id));
		expected.check(row.version());
		InvalidRequest.Builder errors = InvalidRequest.builder();
		Long category = patch.has("category_id") ? id(patch.get("category_id"), "category_id", errors)
				: row.categoryId();
		Long centre = patch.has("cost_centre_id") ? id(patch.get("cost_centre_id"), "cost_centre_id", errors)
				: row.costCentreId();
		TransactionCategories port = this.categories.getIfAvailable();
		if (category != null && !category.equals(row.categoryId())) {
			String refusal = port == null ? "category " + category + " does not exist"
					: port.categoryRefusal(category, "credit".equals(row.direction()));
			if (refusal != null) {
				errors.add("category_id", refusal);
			}
		}
		if (centre != null && !centre.equals(row.costCentreId())) {
			String refusal = port == null ? "cost centre " + centre + " does not exist"
					: port.costCentreRefusal(centre);
			if (refusal != null) {
				errors.add("cost_centre_id", refusal);
			}
		}
		errors.throwIfAny();
		if (Objects.equals(category, row.categoryId()) && Objects.equals(centre, row.costCentreId())) {
			return this.transactions.get(id);
		}
		this.jdbc.sql("""
				UPDATE finance_transaction SET category_id = ?, cost_centre_id = ?, version = version + 1,
				    updated_at = now()
				WHERE id = ?""").params(category, centre, id).update();
		this.audit.record("finance.transaction.classified", "transaction", id,
				AuditLog.Changes.of()
					.diff("category_id", row.categoryId(), category)
					.diff("cost_centre_id", row.costCentreId(), centre));
		return this.transactions.get(id);
	}

	static @Nullable Long id(@Nullable JsonNode node, String field, InvalidRequest.Builder errors) {
		if (node == null || node.isNull()) {
			return null;
		}
		if (!node.isIntegralNumber() || node.asLong() < 1) {
			errors.add(field, "must be the id of one, or null");
			return null;
		}
		return node.asLong();
	}

}
