package br.suite.finance.ingest;

import java.util.UUID;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;
import org.springframework.transaction.annotation.Propagation;
import org.springframework.transaction.annotation.Transactional;

/**
 * The category rules at work: what every import applies to the rows it wrote (the rules
 * themselves are kept by {@code transaction.CategoryRuleService}).
 */
@Component
class CategoryRules {

	private final JdbcClient jdbc;

	CategoryRules(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	/**
	 * Classifies the rows the import {@code importId} wrote that have no category: each
	 * takes the category and cost centre of the first active rule (priority, then id) of
	 * its direction whose description part (ignoring case) and payer document both hold.
	 * @return how many rows it classified
	 */
	@Transactional(propagation = Propagation.MANDATORY)
	int apply(UUID importId) {
		return this.jdbc.sql("""
				UPDATE finance_transaction t SET category_id = m.category_id, cost_centre_id = m.cost_centre_id
				FROM (SELECT DISTINCT ON (x.id) x.id, r.category_id, r.cost_centre_id
				      FROM finance_transaction x
				      JOIN finance_category_rule r ON r.active AND r.direction = x.direction
				       AND (r.description_contains = ''
				            OR strpos(lower(x.description), lower(r.description_contains)) > 0)
				       AND (r.payer_document = '' OR r.payer_document = x.payer_document)
				      WHERE x.import_id = :importId AND x.category_id IS NULL
				      ORDER BY x.id, r.priority, r.id) m
				WHERE t.id = m.id""").param("importId", importId).update();
	}

}
