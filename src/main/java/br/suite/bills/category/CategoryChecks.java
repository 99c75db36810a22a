package br.suite.bills.category;

import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;

import br.suite.customers.FornecedorCategories;
import br.suite.shared.ClosedSet;

/**
 * Whether a category may classify new money: it exists, is active and is of the expected
 * kind. Used by bills and, as {@link FornecedorCategories}, for a supplier's default.
 */
@Component
public class CategoryChecks implements FornecedorCategories {

	private final JdbcClient jdbc;

	CategoryChecks(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	/** Why the category cannot take new money of that kind, or null when it can. */
	public @Nullable String refusal(long categoryId, CategoryKind kind) {
		record Row(String kind, boolean active) {
		}
		Row row = this.jdbc.sql("SELECT kind, active FROM bills_category WHERE id = ?")
			.param(categoryId)
			.query((rs, n) -> new Row(rs.getString("kind"), rs.getBoolean("active")))
			.optional()
			.orElse(null);
		if (row == null) {
			return "category " + categoryId + " does not exist";
		}
		if (!row.active()) {
			return "category " + categoryId + " is inactive";
		}
		if (!row.kind().equals(ClosedSet.wire(kind))) {
			return "category " + categoryId + " is a " + row.kind() + " category; this needs a " + ClosedSet.wire(kind)
					+ " category";
		}
		return null;
	}

	@Override
	public @Nullable String refusal(long categoryId) {
		return refusal(categoryId, CategoryKind.EXPENSE);
	}

	/** A category as a page offers it: its code and name, and how deep in the tree. */
	public record Choice(long id, String code, String name, boolean active) {

		public String label() {
			return this.code + " " + this.name;
		}

		/** 0 for a top category (code 4), 1 for 4.1, 2 for 4.1.01. */
		public int depth() {
			return (int) this.code.chars().filter(c -> c == '.').count();
		}

	}

	/** The chart in code order, of one kind or both, active ones only or all. */
	public java.util.List<Choice> choices(@Nullable CategoryKind kind, boolean activeOnly) {
		return this.jdbc.sql(
				"SELECT id, code, name, active FROM bills_category WHERE (CAST(:kind AS varchar) IS NULL OR kind = :kind) "
						+ "AND (active OR NOT :activeOnly) ORDER BY string_to_array(code, '.')::numeric[], id")
			.param("kind", kind == null ? null : ClosedSet.wire(kind))
			.param("activeOnly", activeOnly)
			.query((rs, n) -> new Choice(rs.getLong("id"), rs.getString("code"), rs.getString("name"),
					rs.getBoolean("active")))
			.list();
	}

	/** The active expense categories a supplier's default may be, labelled. */
	@Override
	public java.util.Map<Long, String> choices() {
		java.util.Map<Long, String> choices = new java.util.LinkedHashMap<>();
		choices(CategoryKind.EXPENSE, true).forEach(c -> choices.put(c.id(), c.label()));
		return choices;
	}

}
