package br.suite.bills.costcentre;

import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;

/** Whether a cost centre may take new money: it exists and is active. */
@Component
public class CostCentreChecks {

	private final JdbcClient jdbc;

	CostCentreChecks(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	/** Why the cost centre cannot take new money, or null when it can. */
	public @Nullable String refusal(long costCentreId) {
		Boolean active = this.jdbc.sql("SELECT active FROM bills_cost_centre WHERE id = ?")
			.param(costCentreId)
			.query(Boolean.class)
			.optional()
			.orElse(null);
		if (active == null) {
			return "cost centre " + costCentreId + " does not exist";
		}
		return active ? null : "cost centre " + costCentreId + " is inactive";
	}

	/** A cost centre as a page offers it. */
	public record Choice(long id, String code, String name, boolean active) {

		public String label() {
			return this.code + " " + this.name;
		}

	}

	/** The cost centres by code, active ones only or all. */
	public java.util.List<Choice> choices(boolean activeOnly) {
		return this.jdbc
			.sql("SELECT id, code, name, active FROM bills_cost_centre WHERE active OR NOT :activeOnly "
					+ "ORDER BY code, id")
			.param("activeOnly", activeOnly)
			.query((rs, n) -> new Choice(rs.getLong("id"), rs.getString("code"), rs.getString("name"),
					rs.getBoolean("active")))
			.list();
	}

}
