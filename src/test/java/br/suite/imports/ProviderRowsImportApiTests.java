package br.suite.imports;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.UUID;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.transaction.support.TransactionTemplate;

import br.suite.Api.Response;
import br.suite.ApiTest;
import br.suite.finance.SyncFlow;
import br.suite.finance.TransactionImports;
import br.suite.finance.TransactionImports.Account;
import br.suite.finance.TransactionImports.RawTransaction;
import tools.jackson.databind.JsonNode;

import static br.suite.imports.ImportFixtures.confirmed;
import static br.suite.imports.ImportFixtures.prepared;
import static br.suite.imports.ImportFixtures.provider;
import static br.suite.imports.ImportFixtures.replacing;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * A statement file never erases or changes what a provider's Pix sync or webhook wrote
 * for the same provider and account: its month replacement deletes only rows a file
 * wrote, says in the preview how many provider rows it leaves, and a file row with a
 * provider row's key is skipped.
 */
class ProviderRowsImportApiTests extends ApiTest {

	@Autowired
	TransactionImports imports;

	@Autowired
	TransactionTemplate transactions;

	@Autowired
	JdbcClient jdbc;

	@Test
	void aFileImportReplacingTheMonthLeavesTheProvidersRowsAndTheirAllocations() {
		String provider = provider();
		Account account = this.imports.account(provider, "conta-1");
		// What the Pix sync wrote: a credit of 150.00 on 2026-03-04, and another whose
		// key a
		// file line below repeats with other data.
		written(account, SyncFlow.PROVIDER_SYNC,
				raw("E18236120202603041200s0000000001", LocalDate.of(2026, 3, 4), "150.00", "Pix recebido de Maria"));
		written(account, SyncFlow.WEBHOOK,
				raw("E18236120202603061200s0000000002", LocalDate.of(2026, 3, 6), "80.00", "Pix recebido de José"));
		long pix = this.jdbc.sql("SELECT id FROM finance_transaction WHERE provider = ? AND external_id = ?")
			.params(provider, "E18236120202603041200s0000000001")
			.query(Long.class)
			.single();
		Response charge = this.api.post("/api/finance/charges/", "{\"kind\":\"pix\",\"amount\":\"150.00\"}");
		assertThat(charge.status()).as(charge.toString()).isEqualTo(201);
		Response allocated = this.api.post("/api/finance/allocations/",
				"{\"transaction_id\":" + pix + ",\"charge_id\":" + charge.id() + "}");
		assertThat(allocated.status()).as(allocated.toString()).isEqualTo(201);
		assertThat(this.api.get("/api/finance/charges/" + charge.id() + "/").json().get("status").asString())
			.isEqualTo("paid");
		// A file row of an earlier import of the same account and month, absent from the
		// new file.
		written(account, SyncFlow.CSV_IMPORT, raw("file-old-1", LocalDate.of(2026, 3, 20), "10.00", "Antigo"));

		JsonNode prepared = prepared(this.api, Statements.bankExport1252(),
				"?provider=" + provider + "&account_id=conta-1");
		JsonNode march = prepared.get("preview").get(0);
		assertThat(march.get("would_delete").asInt()).as(march.toString()).isEqualTo(1);
		assertThat(march.get("kept_provider_rows").asInt()).as(march.toString()).isEqualTo(2);

		JsonNode result = confirmed(this.api, replacing(prepared, 2026, 3));
		assertThat(result.get("deleted_count").asInt()).as(result.toString()).isEqualTo(1);

		assertThat(sources(provider)).filteredOn(row -> !row.endsWith(" file"))
			.containsExactlyInAnyOrder("E18236120202603041200s0000000001 provider_sync",
					"E18236120202603061200s0000000002 webhook");
		assertThat(sources(provider)).hasSize(7).noneMatch(row -> row.startsWith("file-old-1 "));
		assertThat(this.jdbc.sql("SELECT count(*) FROM finance_allocation WHERE transaction_id = ?")
			.param(pix)
			.query(Integer.class)
			.single()).isEqualTo(1);
		assertThat(this.api.get("/api/finance/charges/" + charge.id() + "/").json().get("status").asString())
			.isEqualTo("paid");
	}

	@Test
	void aFileRowWithAProviderRowsKeyLeavesItAsTheProviderWroteIt() {
		String provider = provider();
		Account account = this.imports.account(provider, "");
		written(account, SyncFlow.PROVIDER_SYNC, raw("same-key", LocalDate.of(2026, 5, 2), "99.00", "Pix"));
		written(account, SyncFlow.CSV_IMPORT, raw("same-key", LocalDate.of(2026, 5, 2), "1.00", "Mudado"));
		assertThat(this.jdbc.sql("SELECT amount, description, source FROM finance_transaction WHERE provider = ?")
			.param(provider)
			.query((rs, n) -> rs.getBigDecimal(1).toPlainString() + " " + rs.getString(2) + " " + rs.getString(3))
			.single()).isEqualTo("99.00 Pix provider_sync");
		// A provider's write takes a file row over.
		written(account, SyncFlow.CSV_IMPORT, raw("file-key", LocalDate.of(2026, 5, 3), "5.00", "Arquivo"));
		written(account, SyncFlow.WEBHOOK, raw("file-key", LocalDate.of(2026, 5, 3), "5.00", "Pix confirmado"));
		assertThat(sources(provider)).containsExactlyInAnyOrder("same-key provider_sync", "file-key webhook");
	}

	private void written(Account account, SyncFlow flow, RawTransaction raw) {
		TransactionImports.ImportRow row = this.imports.check(account, raw).row();
		assertThat(row).isNotNull();
		this.transactions
			.executeWithoutResult(tx -> this.imports.apply(account, null, List.of(row), UUID.randomUUID(), flow, null));
	}

	private List<String> sources(String provider) {
		return this.jdbc.sql("SELECT external_id || ' ' || source FROM finance_transaction WHERE provider = ?")
			.param(provider)
			.query(String.class)
			.list();
	}

	private static RawTransaction raw(String externalId, LocalDate date, String amount, String description) {
		return new RawTransaction(externalId, date, Instant.parse(date + "T15:00:00Z"), new BigDecimal(amount),
				"credit", "settled", description, "", "", "", "", "", "");
	}

}
