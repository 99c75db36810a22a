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

}
