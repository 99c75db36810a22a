package br.suite.finance;

import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.Collection;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;

/**
 * Keeps the derived columns of charges in step with what is allocated to them, in the caller's database
 * transaction. Set-based: one statement per refresh, whatever the number of rows.
 */
@Component
class ReconciliationState {

	private final JdbcClient jdbc;

	ReconciliationState(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	/** Recomputes {@code status} from the amounts of the given charges; bumps the version of those that change. */
	void refreshCharges(Collection<Long> chargeIds) {
		if (chargeIds.isEmpty()) {
			return;
		}
		this.jdbc.sql("""
				UPDATE finance_charge c SET status = s.status, version = c.version + 1, updated_at = :now
				FROM (SELECT id, CASE WHEN status = 'cancelled' THEN 'cancelled'
				                      WHEN paid_amount = 0 THEN 'open'
				                      WHEN paid_amount < amount THEN 'partially_paid'
				                      ELSE 'paid' END AS status
				      FROM finance_charge WHERE id = ANY (:ids)) s
				WHERE c.id = s.id AND c.status <> s.status""")
			.param("ids", chargeIds.toArray(new Long[0]))
			.param("now", OffsetDateTime.now(ZoneOffset.UTC).truncatedTo(ChronoUnit.MICROS))
			.update();
	}

}
