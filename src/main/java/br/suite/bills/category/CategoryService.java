package br.suite.bills.category;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Pattern;

import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import br.suite.audit.AuditLog;
import br.suite.bills.BillsFields;
import br.suite.bills.category.CategoryProblems.CategoryCodeTaken;
import br.suite.bills.category.CategoryProblems.CategoryKindInUse;
import br.suite.bills.category.CategoryProblems.CategoryNotFound;
import br.suite.shared.ClosedSet;
import br.suite.shared.ExpectedVersion;
import br.suite.shared.InvalidRequest;
import br.suite.shared.lists.ListQuery;
import br.suite.shared.lists.Paging;
import br.suite.shared.json.PartialUpdates;
import br.suite.shared.Versioned;
import tools.jackson.databind.node.ObjectNode;

/**
 * The management chart of accounts: categories are created and changed, never deleted.
 */
@Service
class CategoryService {

	private static final String COLUMNS = "id, code, name, kind, parent_id, dre_line, active, version, created_at, "
			+ "updated_at";

	private static final Pattern CODE = Pattern.compile("[0-9]+(\\.[0-9]+)*");

	private final JdbcClient jdbc;

	private final PartialUpdates partialUpdates;

	private final AuditLog audit;

	CategoryService(JdbcClient jdbc, PartialUpdates partialUpdates, AuditLog audit) {
		this.jdbc = jdbc;
		this.partialUpdates = partialUpdates;
		this.audit = audit;
	}

	record Filter(@Nullable String kind, @Nullable Boolean active, @Nullable Long parentId, @Nullable String q) {
	}

	private record Content(String code, String name, CategoryKind kind, @Nullable Long parentId, DreLine dreLine,
			boolean active) {

		Map<String, @Nullable Object> audited() {
			Map<String, @Nullable Object> fields = new LinkedHashMap<>();
			fields.put("code", this.code);
			fields.put("name", this.name);
			fields.put("kind", ClosedSet.wire(this.kind));
			fields.put("parent_id", this.parentId);
			fields.put("dre_line", ClosedSet.wire(this.dreLine));
			fields.put("active", this.active);
			return fields;
		}

	}

	@Transactional(readOnly = true)
	ListQuery.Page<CategoryResponse> list(Filter filter, Paging paging) {
		String q = BillsFields.parameter(filter.q(), "q");
		ListQuery query = ListQuery.of(this.jdbc, COLUMNS, "bills_category")
			.where("kind = :kind", "kind",
					filter.kind() == null ? null
							: ClosedSet.wire(ClosedSet.parse(CategoryKind.class, "kind", filter.kind())))
			.where("active = :active", "active", filter.active())
			.where("parent_id = :parentId", "parentId", filter.parentId())
			.orderBy("string_to_array(code, '.')::numeric[], id");
		if (!q.isEmpty()) {
			query.where("(code LIKE :q OR name ILIKE :q)").param("q", ListQuery.containing(q));
		}
		return query.page(paging, (rs, n) -> map(rs));
	}

	@Transactional(readOnly = true)
	Versioned<CategoryResponse> get(long id) {
		return find(id, false);
	}

	@Transactional
	Versioned<CategoryResponse> create(CategoryRequest request) {
		Content content = check(request, null);
		var now = BillsFields.now();
		Long id = this.jdbc.sql("""
				INSERT INTO bills_category (code, name, kind, parent_id, dre_line, active, version, created_at,
				    updated_at)
				VALUES (:code, :name, :kind, :parentId, :dreLine, :active, 0, :now, :now)
				ON CONFLICT (code) DO NOTHING
				RETURNING id""")
			.params(params(content))
			.param("now", now)
			.query(Long.class)
			.optional()
			.orElseThrow(() -> codeTaken(content.code()));
		this.audit.record("finance.category.created", "category", id, AuditLog.Changes.created(content.audited()));
		return find(id, false);
	}

	@Transactional
	Versioned<CategoryResponse> update(long id, ObjectNode patch, ExpectedVersion expected) {
		Versioned<CategoryResponse> current = find(id, true);
		expected.check(current.version());
		CategoryRequest merged = this.partialUpdates.merge(CategoryRequest.of(current.body()), patch,
				CategoryRequest.class);
		Content before = check(CategoryRequest.of(current.body()), null);
		Content content = check(merged, id);
		if (content.kind() != before.kind() && inUse(id)) {
			throw new CategoryKindInUse(id);
		}
		if (!content.code().equals(before.code())) {
			this.jdbc.sql("SELECT id FROM bills_category WHERE code = ? AND id <> ?")
				.params(content.code(), id)
				.query(Long.class)
				.optional()
				.ifPresent(existing -> {
					throw new CategoryCodeTaken(content.code(), existing);
				});
		}
		AuditLog.Changes changes = AuditLog.Changes.between(before.audited(), content.audited());
		if (changes.isEmpty()) {
			return current;
		}
		this.jdbc.sql("""
				UPDATE bills_category SET code = :code, name = :name, kind = :kind, parent_id = :parentId,
				    dre_line = :dreLine, active = :active, version = version + 1, updated_at = :now
				WHERE id = :id""").params(params(content)).param("now", BillsFields.now()).param("id", id).update();
		this.audit.record("finance.category.updated", "category", id, changes);
		return find(id, false);
	}

	private boolean inUse(long id) {
		return this.jdbc.sql("""
				SELECT EXISTS (SELECT 1 FROM bills_category WHERE parent_id = :id)
				    OR EXISTS (SELECT 1 FROM bills_split WHERE category_id = :id)""")
			.param("id", id)
			.query(Boolean.class)
			.single();
	}

	private Content check(CategoryRequest request, @Nullable Long id) {
		InvalidRequest.Builder errors = InvalidRequest.builder();
		String code = BillsFields.text(request.code(), "code", 20, true, errors);
		if (!code.isEmpty() && !CODE.matcher(code).matches()) {
			errors.add("code", "must be numbers separated by dots, e.g. 4.2.05");
		}
		String name = BillsFields.text(request.name(), "name", 200, true, errors);
		CategoryKind kind = ClosedSet.requiredStripped(CategoryKind.class, "kind", request.kind(), errors);
		DreLine dreLine = ClosedSet.requiredStripped(DreLine.class, "dre_line", request.dreLine(), errors);
		if (kind != null && dreLine != null && !dreLine.fits(kind)) {
			errors.add("dre_line", "a " + ClosedSet.wire(kind) + " category cannot fall on " + ClosedSet.wire(dreLine)
					+ " in the DRE");
		}
		Long parentId = request.parentId();
		if (parentId != null) {
			String parentKind = this.jdbc.sql("SELECT kind FROM bills_category WHERE id = ?")
				.param(parentId)
				.query(String.class)
				.optional()
				.orElse(null);
			if (parentKind == null) {
				errors.add("parent_id", "category " + parentId + " does not exist");
			}
			else if (kind != null && !parentKind.equals(ClosedSet.wire(kind))) {
				errors.add("parent_id", "category " + parentId + " is a " + parentKind + " category");
			}
			else if (id != null && isSelfOrDescendant(parentId, id)) {
				errors.add("parent_id", "must not be the category itself or one of its sub-categories");
			}
		}
		errors.throwIfAny();
		return new Content(code, name, Objects.requireNonNull(kind), parentId, Objects.requireNonNull(dreLine),
				!Boolean.FALSE.equals(request.active()));
	}

	private boolean isSelfOrDescendant(long candidate, long id) {
		return this.jdbc.sql("""
				WITH RECURSIVE below AS (SELECT id FROM bills_category WHERE id = :id
				                         UNION SELECT c.id FROM bills_category c JOIN below b ON c.parent_id = b.id)
				SELECT EXISTS (SELECT 1 FROM below WHERE id = :candidate)""")
			.param("id", id)
			.param("candidate", candidate)
			.query(Boolean.class)
			.single();
	}

	private CategoryCodeTaken codeTaken(String code) {
		long existing = this.jdbc.sql("SELECT id FROM bills_category WHERE code = ?")
			.param(code)
			.query(Long.class)
			.optional()
			.orElse(0L);
		return new CategoryCodeTaken(code, existing);
	}

	private Versioned<CategoryResponse> find(long id, boolean forUpdate) {
		return this.jdbc
			.sql("SELECT " + COLUMNS + " FROM bills_category WHERE id = ?" + (forUpdate ? " FOR UPDATE" : ""))
			.param(id)
			.query((rs, n) -> new Versioned<>(map(rs), rs.getLong("version")))
			.optional()
			.orElseThrow(() -> new CategoryNotFound(id));
	}

	private static Map<String, Object> params(Content content) {
		Map<String, Object> params = new java.util.HashMap<>();
		params.put("code", content.code());
		params.put("name", content.name());
		params.put("kind", ClosedSet.wire(content.kind()));
		params.put("parentId", content.parentId());
		params.put("dreLine", ClosedSet.wire(content.dreLine()));
		params.put("active", content.active());
		return params;
	}

	private static CategoryResponse map(ResultSet rs) throws SQLException {
		return new CategoryResponse(rs.getLong("id"), rs.getString("code"), rs.getString("name"), rs.getString("kind"),
				rs.getObject("parent_id", Long.class), rs.getString("dre_line"), rs.getBoolean("active"),
				BillsFields.instant(rs, "created_at"), BillsFields.instant(rs, "updated_at"));
	}

}
