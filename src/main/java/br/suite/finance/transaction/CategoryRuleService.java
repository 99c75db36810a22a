package br.suite.finance.transaction;

import br.suite.finance.TransactionDirection;
import br.suite.finance.FinanceFields;

import br.suite.finance.TransactionCategories;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;

import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Propagation;
import org.springframework.transaction.annotation.Transactional;

import br.suite.audit.AuditLog;
import br.suite.shared.ApiProblem;
import br.suite.shared.ClosedSet;
import br.suite.shared.ExpectedVersion;
import br.suite.shared.InvalidRequest;
import br.suite.shared.lists.ListQuery;
import br.suite.shared.lists.Paging;
import br.suite.shared.json.PartialUpdates;
import br.suite.shared.Versioned;
import tools.jackson.databind.node.ObjectNode;

/**
 * Category rules: a direction and a description part or a payer document → a category
 * (and cost centre). Applied in priority order, then id, to the rows an import writes
 * that have no category yet ({@link #apply}), in one statement.
 */
@Service
class CategoryRuleService {

	private static final String COLUMNS = "id, direction, description_contains, payer_document, category_id, "
			+ "cost_centre_id, priority, active, version, created_at, updated_at";

	private final JdbcClient jdbc;

	private final PartialUpdates partialUpdates;

	private final AuditLog audit;

	private final ObjectProvider<TransactionCategories> categories;

	CategoryRuleService(JdbcClient jdbc, PartialUpdates partialUpdates, AuditLog audit,
			ObjectProvider<TransactionCategories> categories) {
		this.jdbc = jdbc;
		this.partialUpdates = partialUpdates;
		this.audit = audit;
		this.categories = categories;
	}

	static final class CategoryRuleNotFound extends ApiProblem.NotFound {

		CategoryRuleNotFound(long id) {
			super("Category rule", id);
		}

	}

	private record Content(String direction, String descriptionContains, String payerDocument, long categoryId,
			@Nullable Long costCentreId, int priority, boolean active) {

		Map<String, @Nullable Object> audited() {
			Map<String, @Nullable Object> fields = new LinkedHashMap<>();
			fields.put("direction", this.direction);
			fields.put("description_contains", this.descriptionContains);
			fields.put("payer_document", this.payerDocument);
			fields.put("category_id", this.categoryId);
			fields.put("cost_centre_id", this.costCentreId);
			fields.put("priority", this.priority);
			fields.put("active", this.active);
			return fields;
		}

	}

	@Transactional(readOnly = true)
	ListQuery.Page<CategoryRuleResponse> list(@Nullable String direction, @Nullable Boolean active,
			@Nullable Long categoryId, Paging paging) {
		return ListQuery.of(this.jdbc, COLUMNS, "finance_category_rule")
			.where("direction = :direction", "direction",
					direction == null ? null
							: ClosedSet.wire(ClosedSet.parse(TransactionDirection.class, "direction", direction)))
			.where("active = :active", "active", active)
			.where("category_id = :categoryId", "categoryId", categoryId)
			.orderBy("priority, id")
			.page(paging, (rs, n) -> map(rs));
	}

	@Transactional(readOnly = true)
	Versioned<CategoryRuleResponse> get(long id) {
		return find(id, false);
	}

	@Transactional
	Versioned<CategoryRuleResponse> create(CategoryRuleRequest request) {
		Content content = check(request, null);
		long id = this.jdbc.sql("""
				INSERT INTO finance_category_rule (direction, description_contains, payer_document, category_id,
				    cost_centre_id, priority, active, version, created_at, updated_at)
				VALUES (?, ?, ?, ?, ?, ?, ?, 0, now(), now())
				RETURNING id""")
			.params(content.direction(), content.descriptionContains(), content.payerDocument(), content.categoryId(),
					content.costCentreId(), content.priority(), content.active())
			.query(Long.class)
			.single();
		this.audit.record("finance.category_rule.created", "category_rule", id,
				AuditLog.Changes.created(content.audited()));
		return find(id, false);
	}

	@Transactional
	Versioned<CategoryRuleResponse> update(long id, ObjectNode patch, ExpectedVersion expected) {
		Versioned<CategoryRuleResponse> current = find(id, true);
		expected.check(current.version());
		Content before = check(CategoryRuleRequest.of(current.body()), before(current.body()));
		Content content = check(
				this.partialUpdates.merge(CategoryRuleRequest.of(current.body()), patch, CategoryRuleRequest.class),
				before);
		AuditLog.Changes changes = AuditLog.Changes.between(before.audited(), content.audited());
		if (changes.isEmpty()) {
			return current;
		}
		this.jdbc.sql("""
				UPDATE finance_category_rule SET direction = ?, description_contains = ?, payer_document = ?,
				    category_id = ?, cost_centre_id = ?, priority = ?, active = ?, version = version + 1,
				    updated_at = now()
				WHERE id = ?""")
			.params(content.direction(), content.descriptionContains(), content.payerDocument(), content.categoryId(),
					content.costCentreId(), content.priority(), content.active(), id)
			.update();
		this.audit.record("finance.category_rule.updated", "category_rule", id, changes);
		return find(id, false);
	}

	@Transactional
	void delete(long id) {
		Content before = before(find(id, true).body());
		this.jdbc.sql("DELETE FROM finance_category_rule WHERE id = ?").param(id).update();
		this.audit.record("finance.category_rule.deleted", "category_rule", id,
				AuditLog.Changes.removed(before.audited()));
	}

	/** The values a rule has: kept by a PATCH even after they were deactivated. */
	private static Content before(CategoryRuleResponse rule) {
		return new Content(rule.direction(), rule.descriptionContains(), rule.payerDocument(), rule.categoryId(),
				rule.costCentreId(), rule.priority(), rule.active());
	}

	private Content check(CategoryRuleRequest request, @Nullable Content kept) {
		InvalidRequest.Builder errors = InvalidRequest.builder();
		TransactionDirection direction = ClosedSet.required(TransactionDirection.class, "direction",
				request.direction(), errors);
		String contains = FinanceFields.text(request.descriptionContains(), "description_contains", 200, false, errors);
		String document = FinanceFields.taxId(request.payerDocument(), "payer_document", errors);
		if (contains.isEmpty() && document.isEmpty() && !errors.has("payer_document")) {
			errors.add("description_contains", "is required unless payer_document is given: a rule on the "
					+ "direction alone would classify every transaction");
		}
		Long category = request.categoryId();
		TransactionCategories port = this.categories.getIfAvailable();
		if (category == null) {
			errors.add("category_id", "is required");
		}
		else if (direction != null && (kept == null || category != kept.categoryId()
				|| !ClosedSet.wire(direction).equals(kept.direction()))) {
			String refusal = port == null ? "category " + category + " does not exist"
					: port.categoryRefusal(category, direction == TransactionDirection.CREDIT);
			if (refusal != null) {
				errors.add("category_id", refusal);
			}
		}
		Long centre = request.costCentreId();
		if (centre != null && (kept == null || !centre.equals(kept.costCentreId()))) {
			String refusal = port == null ? "cost centre " + centre + " does not exist"
					: port.costCentreRefusal(centre);
			if (refusal != null) {
				errors.add("cost_centre_id", refusal);
			}
		}
		int priority = request.priority() == null ? 100 : request.priority();
		if (priority < 0 || priority > 1_000_000) {
			errors.add("priority", "must be from 0 to 1000000");
		}
		errors.throwIfAny();
		return new Content(ClosedSet.wire(Objects.requireNonNull(direction)), contains, document,
				Objects.requireNonNull(category), centre, priority, !Boolean.FALSE.equals(request.active()));
	}

	private Versioned<CategoryRuleResponse> find(long id, boolean forUpdate) {
		return this.jdbc
			.sql("SELECT " + COLUMNS + " FROM finance_category_rule WHERE id = ?" + (forUpdate ? " FOR UPDATE" : ""))
			.param(id)
			.query((rs, n) -> new Versioned<>(map(rs), rs.getLong("version")))
			.optional()
			.orElseThrow(() -> new CategoryRuleNotFound(id));
	}

	private static CategoryRuleResponse map(ResultSet rs) throws SQLException {
		return new CategoryRuleResponse(rs.getLong("id"), rs.getString("direction"),
				rs.getString("description_contains"), rs.getString("payer_document"), rs.getLong("category_id"),
				rs.getObject("cost_centre_id", Long.class), rs.getInt("priority"), rs.getBoolean("active"),
				Objects.requireNonNull(TransactionService.instant(rs, "created_at")),
				Objects.requireNonNull(TransactionService.instant(rs, "updated_at")));
	}

}
