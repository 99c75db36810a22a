package br.suite.finance;

import java.io.IOException;
import java.io.InputStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

import br.suite.finance.ingest.TransactionWriter;
import br.suite.ApiTest;

import static br.suite.finance.FinanceFixtures.importId;
import static br.suite.finance.FinanceFixtures.provider;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The data part of migration V2026_11_26_1301 (today's links become manual allocations),
 * run again on links written the old way, inside a transaction that is rolled back.
 */
class LinkMigrationTests extends ApiTest {

	@Autowired
	JdbcClient jdbc;

	@Autowired
	TransactionWriter ledger;

	@Autowired
	PlatformTransactionManager transactionManager;

	@Test
	void linksBecomeManualAllocationsUpToWhatTheDocumentHasOpen() throws IOException {
		String provider = provider();
		List<TransactionRow> rows = new ArrayList<>();
		for (String id : new String[] { "a", "b", "c" }) {
			rows.add(new TransactionRow(provider, "", id, LocalDate.of(2026, 2, 1), null, new BigDecimal("10.00"),
					"credit", null, "", "", "", "", "", "", ""));
		}
		this.ledger.upsert(importId(), rows);
		List<Long> ids = this.jdbc.sql("SELECT id FROM finance_transaction WHERE provider = ? ORDER BY id")
			.param(provider)
			.query(Long.class)
			.list();
		long document = this.api
			.post("/api/finance/fiscal-documents/",
					"{\"type\":\"nfse\",\"number\":\"1\",\"amount\":\"15\",\"customer_name\":\"C\"}")
			.id();
		String migration;
		try (InputStream in = getClass()
			.getResourceAsStream("/db/migration/finance/V2026_11_26_1301__finance_allocations.sql")) {
			migration = new String(in.readAllBytes(), StandardCharsets.UTF_8);
		}
		String data = migration.substring(migration.indexOf("-- Today's links"));
		TransactionTemplate rolledBack = new TransactionTemplate(this.transactionManager);
		rolledBack.executeWithoutResult(status -> {
			status.setRollbackOnly();
			// Only these three links exist, written the way the previous version wrote
			// them.
			this.jdbc.sql("DELETE FROM finance_allocation").update();
			this.jdbc
				.sql("UPDATE finance_transaction SET matched_document_id = NULL, allocated_amount = 0 "
						+ "WHERE matched_document_id IS NOT NULL OR allocated_amount > 0")
				.update();
			this.jdbc.sql("UPDATE finance_transaction SET matched_document_id = ? WHERE id = ANY (?)")
				.params(document, ids.toArray(new Long[0]))
				.update();
			for (String statement : data.split(";\\s*\\n")) {
				if (!statement.isBlank()) {
					this.jdbc.sql(statement).update();
				}
			}
			List<String> allocations = this.jdbc
				.sql("SELECT transaction_id || ' ' || amount || ' ' || rule "
						+ "FROM finance_allocation WHERE fiscal_document_id = ? ORDER BY transaction_id")
				.param(document)
				.query(String.class)
				.list();
			assertThat(allocations).containsExactly(ids.get(0) + " 10.00 manual", ids.get(1) + " 5.00 manual");
			List<String> transactions = this.jdbc.sql("SELECT allocated_amount || ' ' || "
					+ "COALESCE(matched_document_id::text, '-') FROM finance_transaction WHERE id = ANY (?) ORDER BY id")
				.param(ids.toArray(new Long[0]))
				.query(String.class)
				.list();
			assertThat(transactions).containsExactly("10.00 " + document, "5.00 " + document, "0.00 -");
		});
		assertThat(
				this.api.get("/api/finance/fiscal-documents/" + document + "/").json().get("related_transaction_ids"))
			.as("rolled back")
			.isEmpty();
	}

}
