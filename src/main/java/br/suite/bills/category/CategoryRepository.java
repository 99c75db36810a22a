package br.suite.bills.category;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

import br.suite.bills.BillsFields;
import br.suite.bills.category.CategoryService.Content;
import br.suite.shared.ClosedSet;
import br.suite.shared.Versioned;
import br.suite.shared.lists.ListQuery;
import br.suite.shared.lists.Paging;

/**
 * The chart of accounts' storage ({@code bills_category}), in the caller's transaction:
 * {@link CategoryService} checks the fields and the tree, and audits.
 */
@Repository
class CategoryRepository {

	private static final String COLUMNS = "id, code, name, kind, parent_id, dre_line, active, version, created_at, "
			+ "updated_at";

	private final JdbcClient jdbc;

	CategoryRepository(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	/**
	 * A page of categories in the order of their codes (4.2 before 4.10); {@code q},
	 * already stripped, is matched in the code and the name, empty for all.
	 */
	ListQuery.Page<CategoryResponse> list(@Nullable CategoryKind kind, @Nullable Boolean active,
			@Nullable Long parentId, String q, Paging paging) {
		ListQuery query = ListQuery.of(this.jdbc, COLUMNS, "bills_category")
			.where("kind = :kind", "kind", kind == null ? null : ClosedSet.wire(kind))
			.where("active = :active", "active", active)
			.where("parent_id = :parentId", "parentId", parentId)
			.orderBy("string_to_array(code, '.')::numeric[], id");
		if (!q.isEmpty()) {
			query.where("(code LIKE :q OR name ILIKE :q)").param("q", ListQuery.containing(q));
		}
		return query.page(paging, (rs, n) -> map(rs));
	}

	/** The category, locked for the rest of the transaction when {@code forUpdate}. */
	Optional<Versioned<CategoryResponse>> find(long id, boolean forUpdate) {
		return this.jdbc
			.sql("SELECT " + COLUMNS + " FROM bills_category WHERE id = ?" + (forUpdate ? " FOR UPDATE" : ""))
			.param(id)
			.query((rs, n) -> new Versioned<>(map(rs), rs.getLong("version")))
			.optional();
	}

	/** The new category's id; empty when its code is taken. */
	Optional<Long> insert(Content content, OffsetDateTime now) {
		return this.jdbc.sql("""
				INSERT INTO bills_category (code, name, kind, parent_id, dre_line, active, version, created_at,
				    updated_at)
				VALUES (:code, :name, :kind, :parentId, :dreLine, :active, 0, :now, :now)
				ON CONFLICT (code) DO NOTHING
				RETURNING id""").params(params(content)).param("now", now).query(Long.class).optional();
	}

	void update(long id, Content content, OffsetDateTime now) {
		this.jdbc.sql("""
				UPDATE bills_category SET code = :code, name = :name, kind = :kind, parent_id = :parentId,
				    dre_line = :dreLine, active = :active, version = version + 1, updated_at = :now
				WHERE id = :id""").params(params(content)).param("now", now).param("id", id).update();
	}

	/** The id of the category with that code (codes are unique). */
	Optional<Long> idOfCode(String code) {
		return this.jdbc.sql("SELECT id FROM bills_category WHERE code = ?").param(code).query(Long.class).optional();
	}

	/** Whether a sub-category or a split of a bill uses the category. */
	boolean inUse(long id) {
		return this.jdbc.sql("""
				SELECT EXISTS (SELECT 1 FROM bills_category WHERE parent_id = :id)
				    OR EXISTS (SELECT 1 FROM bills_split WHERE category_id = :id)""")
			.param("id", id)
			.query(Boolean.class)
			.single();
	}

	/** The category's kind as stored ({@code income}, {@code expense}). */
	Optional<String> kindOf(long id) {
		return this.jdbc.sql("SELECT kind FROM bills_category WHERE id = ?").param(id).query(String.class).optional();
	}

	/** Whether {@code candidate} is the category {@code id} or one below it. */
	boolean isSelfOrDescendant(long candidate, long id) {
		return this.jdbc.sql("""
				WITH RECURSIVE below AS (SELECT id FROM bills_category WHERE id = :id
				                         UNION SELECT c.id FROM bills_category c JOIN below b ON c.parent_id = b.id)
				SELECT EXISTS (SELECT 1 FROM below WHERE id = :candidate)""")
			.param("id", id)
			.param("candidate", candidate)
			.query(Boolean.class)
			.single();
	}

	private static Map<String, Object> params(Content content) {
		Map<String, Object> params = new HashMap<>();
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
