package br.suite.finance;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import br.suite.finance.ingest.SyncLogWriter;
import br.suite.finance.ingest.TransactionWriter;
import br.suite.Api.Response;
import br.suite.ApiTest;
import br.suite.finance.ingest.SyncLogWriter.SyncLogEntry;
import tools.jackson.databind.JsonNode;

import static br.suite.finance.FinanceFixtures.END_TO_END_ID;
import static br.suite.finance.FinanceFixtures.fullRow;
import static br.suite.finance.FinanceFixtures.importId;
import static br.suite.finance.FinanceFixtures.provider;
import static br.suite.finance.FinanceFixtures.row;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Transactions and sync logs: written by the system through the ledger, read by clients.
 */
class TransactionApiTests extends ApiTest {

	@Autowired
	TransactionWriter ledger;

	@Autowired
	SyncLogWriter syncLogs;

	List<String> externalIds(String query) {
		Response list = this.api.get("/api/finance/transactions/" + query);
		assertThat(list.status()).as(list.toString()).isEqualTo(200);
		assertThat(list.json().isArray()).isTrue();
		return list.json().valueStream().map(t -> t.get("external_id").asString()).toList();
	}

	long idOf(String provider, String externalId) {
		return this.api.get("/api/finance/transactions/?provider=" + provider)
			.json()
			.valueStream()
			.filter(t -> t.get("external_id").asString().equals(externalId))
			.findFirst()
			.orElseThrow()
			.get("id")
			.asLong();
	}

	@Test
	void listsNewestTransactionDateFirstThenNewestId() {
		String provider = provider();
		this.ledger.upsert(importId(),
				List.of(row(provider, "", "mid-1", LocalDate.of(2026, 3, 15), "1", "credit"),
						row(provider, "", "old", LocalDate.of(2026, 3, 1), "1", "credit"),
						row(provider, "", "new", LocalDate.of(2026, 3, 31), "1", "credit"),
						row(provider, "", "mid-2", LocalDate.of(2026, 3, 15), "1", "credit")));
		Response list = this.api.get("/api/finance/transactions/?provider=" + provider);
		assertThat(list.header("X-Total-Count")).isEmpty();
		assertThat(externalIds("?provider=" + provider)).containsExactly("new", "mid-2", "mid-1", "old");
		assertThat(externalIds("?provider=" + provider + "&limit=2&offset=1")).containsExactly("mid-2", "mid-1");
		assertThat(this.api.get("/api/finance/transactions/?provider=" + provider + "&limit=2&offset=1")
			.header("X-Total-Count")).contains("4");
		assertThat(this.api.get("/api/finance/transactions?provider=" + provider).json()).isEqualTo(list.json());
	}

	@Test
	void readsOneTransactionFieldByFieldWithItsETag() {
		String provider = provider();
		this.ledger.upsert(importId(), List.of(fullRow(provider, "acc", "e-1", LocalDate.of(2026, 11, 20))));
		long id = idOf(provider, "e-1");
		Response read = this.api.get("/api/finance/transactions/" + id + "/");
		assertThat(read.status()).isEqualTo(200);
		assertThat(read.header("ETag")).contains("\"0\"");
		JsonNode transaction = read.json();
		assertThat(transaction.get("id").asLong()).isEqualTo(id);
		assertThat(transaction.get("external_id").asString()).isEqualTo("e-1");
		assertThat(transaction.get("provider").asString()).isEqualTo(provider);
		assertThat(transaction.get("account_id").asString()).isEqualTo("acc");
		assertThat(transaction.get("transaction_date").asString()).isEqualTo("2026-11-20");
		assertThat(transaction.get("posted_at").asString()).isEqualTo("2026-11-20T13:10:00.123Z");
		assertThat(transaction.get("amount").asString()).isEqualTo("1234.50");
		assertThat(transaction.get("direction").asString()).isEqualTo("credit");
		assertThat(transaction.get("status").asString()).isEqualTo("settled");
		assertThat(transaction.get("description").asString()).isEqualTo("PIX RECEBIDO Padaria");
		assertThat(transaction.get("payer_name").asString()).isEqualTo("Padaria Pão Quente Ltda");
		assertThat(transaction.get("payer_document").asString()).isEqualTo("11222333000181");
		assertThat(transaction.get("correlation_id").asString()).isEqualTo("corr-1");
		assertThat(transaction.get("bank_reference_id").asString()).isEqualTo("bank-ref-1");
		assertThat(transaction.get("end_to_end_id").asString()).isEqualTo(END_TO_END_ID);
		assertThat(transaction.get("charge_external_id").asString()).isEqualTo("pay_123");
		assertThat(transaction.get("matched_charge_id").isNull()).as("derived from allocations, none yet").isTrue();
		assertThat(transaction.get("matched_document_id").isNull()).isTrue();
		assertThat(transaction.get("created_at").asString()).matches(FinanceFixtures.DATE_TIME);
		assertThat(transaction.get("updated_at").asString()).matches(FinanceFixtures.DATE_TIME);
		assertThat(transaction.get("category_id").isNull()).as("unclassified until a PATCH or a rule").isTrue();
		assertThat(transaction.get("cost_centre_id").isNull()).isTrue();
		assertThat(transaction.size()).isEqualTo(24);

		this.ledger.upsert(importId(), List.of(row(provider, "", "bare", LocalDate.of(2026, 1, 1), "0.1", "debit")));
		JsonNode bare = this.api.get("/api/finance/transactions/" + idOf(provider, "bare") + "/").json();
		assertThat(bare.get("posted_at").isNull()).isTrue();
		assertThat(bare.get("amount").asString()).isEqualTo("0.10");
		assertThat(bare.get("payer_name").asString()).isEmpty();
		assertThat(bare.get("end_to_end_id").asString()).isEmpty();
		assertThat(bare.get("matched_charge_id").isNull()).isTrue();

		assertThat(this.api.get("/api/finance/transactions/999999999/").status()).isEqualTo(404);
		assertThat(this.api.get("/api/finance/transactions/abc/").status()).isEqualTo(404);
	}

	@Test
	void filtersByDateStatusDirectionProviderAccountAndMatched() {
		String provider = provider();
		this.ledger.upsert(importId(),
				List.of(new TransactionRow(provider, "a", "pending-credit", LocalDate.of(2026, 4, 1), null,
						BigDecimal.ONE, "credit", "pending", "", "", "", "", "", "", ""),
						new TransactionRow(provider, "a", "settled-debit", LocalDate.of(2026, 4, 10), null,
								BigDecimal.ONE, "debit", "settled", "", "", "", "", "", "", ""),
						new TransactionRow(provider, "b", "reversed-credit", LocalDate.of(2026, 4, 20), null,
								BigDecimal.ONE, "credit", "reversed", "", "", "", "", "", "", ""),
						new TransactionRow(provider, "b", "cancelled-debit", LocalDate.of(2026, 4, 30), null,
								BigDecimal.ONE, "debit", "cancelled", "", "", "", "", "", "", "")));
		String p = "?provider=" + provider;
		assertThat(externalIds(p + "&date_from=2026-04-10")).containsExactly("cancelled-debit", "reversed-credit",
				"settled-debit");
		assertThat(externalIds(p + "&date_to=2026-04-10")).containsExactly("settled-debit", "pending-credit");
		assertThat(externalIds(p + "&date_from=2026-04-10&date_to=2026-04-20")).containsExactly("reversed-credit",
				"settled-debit");
		assertThat(externalIds(p + "&status=pending")).containsExactly("pending-credit");
		assertThat(externalIds(p + "&status=reversed")).containsExactly("reversed-credit");
		assertThat(externalIds(p + "&direction=debit")).containsExactly("cancelled-debit", "settled-debit");
		assertThat(externalIds(p + "&account_id=a")).containsExactly("settled-debit", "pending-credit");
		assertThat(externalIds("?provider=" + provider.toUpperCase() + "&account_id=b&direction=credit"))
			.containsExactly("reversed-credit");
		assertThat(externalIds("?provider=" + provider + "x")).isEmpty();

		long pending = idOf(provider, "pending-credit");
		Response document = this.api.post("/api/finance/fiscal-documents/", "{\"type\":\"nfse\",\"number\":\"1\","
				+ "\"amount\":\"1\",\"customer_name\":\"C\",\"related_transaction_ids\":[" + pending + "]}");
		assertThat(document.status()).as(document.toString()).isEqualTo(201);
		assertThat(externalIds(p + "&matched=true")).containsExactly("pending-credit");
		assertThat(externalIds(p + "&matched=false")).containsExactly("cancelled-debit", "reversed-credit",
				"settled-debit");
	}

	@Test
	void searchesDescriptionPayerDocumentAndEndToEndId() {
		String provider = provider();
		this.ledger.upsert(importId(),
				List.of(fullRow(provider, "", "full", LocalDate.of(2026, 5, 1)),
						new TransactionRow(provider, "", "cpf", LocalDate.of(2026, 5, 2), null, BigDecimal.TEN, "debit",
								null, "Tarifa 100% bancária", "José da Silva", "123.456.789-09", "", "", "", "")));
		String p = "?provider=" + provider + "&q=";
		assertThat(externalIds(p + "padaria")).containsExactly("full");
		assertThat(externalIds(p + "PÃO%20QUENTE")).containsExactly("full");
		assertThat(externalIds(p + "aBcDeF")).containsExactly("full");
		assertThat(externalIds(p + "11222333")).containsExactly("full");
		assertThat(externalIds(p + "11.222.333%2F0001-81")).containsExactly("full");
		assertThat(externalIds(p + "123.456.789-09")).containsExactly("cpf");
		assertThat(externalIds(p + "100%25")).containsExactly("cpf");
		assertThat(externalIds(p + "10_%25")).isEmpty();
		assertThat(externalIds(p + "jos%C3%A9")).containsExactly("cpf");
		assertThat(externalIds(p + "%20%20")).containsExactly("cpf", "full");
		assertThat(externalIds(p + "nothing-like-this")).isEmpty();
	}

	@Test
	void refusesUnknownFilterValuesListingTheAllowedOnes() {
		Response status = this.api.get("/api/finance/transactions/?status=paid");
		assertThat(status.status()).isEqualTo(400);
		assertThat(status.contentType()).startsWith("application/problem+json");
		assertThat(status.json().get("errors").get("status").get(0).asString())
			.contains("pending, settled, reversed, cancelled");
		assertThat(this.api.get("/api/finance/transactions/?direction=in")
			.json()
			.get("errors")
			.get("direction")
			.get(0)
			.asString()).contains("credit, debit");
		assertThat(
				this.api.get("/api/finance/transactions/?date_from=2026-02-30").json().get("errors").has("date_from"))
			.isTrue();
		assertThat(this.api.get("/api/finance/transactions/?date_from=2026-03-02&date_to=2026-03-01")
			.json()
			.get("errors")
			.has("date_to")).isTrue();
		assertThat(this.api.get("/api/finance/transactions/?matched=maybe").status()).isEqualTo(400);
		assertThat(this.api.get("/api/finance/transactions/?limit=0").status()).isEqualTo(400);
		assertThat(this.api.get("/api/finance/transactions/?limit=1001").status()).isEqualTo(400);
		assertThat(this.api.get("/api/finance/transactions/?offset=-1").status()).isEqualTo(400);
		assertThat(this.api.get("/api/finance/transactions/?q=a%00b").status()).isEqualTo(400);
		assertThat(this.api.get("/api/finance/transactions/?account_id=%00").status()).isEqualTo(400);
	}

	@Test
	void clientsCannotWriteTransactionsOrSyncLogs() {
		assertThat(this.api.post("/api/finance/transactions/", "{}").status()).isEqualTo(405);
		assertThat(this.api.put("/api/finance/transactions/1/", "{}").status()).isEqualTo(405);
		assertThat(this.api.delete("/api/finance/transactions/1/").status()).isEqualTo(405);
		assertThat(this.api.post("/api/finance/sync-logs/", "{}").status()).isEqualTo(405);
		assertThat(this.api.delete("/api/finance/sync-logs/1/").status()).isEqualTo(405);
	}

	@Test
	void listsSyncLogsNewestFirstWithFilters() {
		String provider = provider();
		Instant base = Instant.parse("2026-10-01T10:00:00Z");
		long csv = this.syncLogs.recordSync(new SyncLogEntry(provider, "", SyncFlow.CSV_IMPORT, SyncStatus.SUCCESS,
				base, base.plusSeconds(5), 10, 2, "10 inserted", null));
		long sync = this.syncLogs.recordSync(new SyncLogEntry(provider, "", SyncFlow.PROVIDER_SYNC, SyncStatus.FAILED,
				base.plusSeconds(60), base.plusSeconds(61), 0, 0, "401", null));
		long hook = this.syncLogs.recordSync(new SyncLogEntry(provider, "", SyncFlow.WEBHOOK, SyncStatus.RUNNING,
				base.plusSeconds(120), null, 0, 0, "", null));
		assertThat(logIds("?provider=" + provider)).containsExactly(hook, sync, csv);
		assertThat(logIds("?provider=" + provider + "&flow=csv_import")).containsExactly(csv);
		assertThat(logIds("?provider=" + provider + "&status=failed")).containsExactly(sync);
		assertThat(logIds("?provider=" + provider.toUpperCase() + "&flow=webhook&status=running"))
			.containsExactly(hook);
		Response page = this.api.get("/api/finance/sync-logs/?provider=" + provider + "&limit=1&offset=2");
		assertThat(page.header("X-Total-Count")).contains("3");
		assertThat(page.json().get(0).get("id").asLong()).isEqualTo(csv);

		JsonNode running = this.api.get("/api/finance/sync-logs/" + hook).json();
		assertThat(running.get("finished_at").isNull()).isTrue();
		assertThat(running.get("message").asString()).isEmpty();

		assertThat(this.api.get("/api/finance/sync-logs/?flow=cron").json().get("errors").get("flow").get(0).asString())
			.contains("csv_import, provider_sync, webhook");
		assertThat(
				this.api.get("/api/finance/sync-logs/?status=ok").json().get("errors").get("status").get(0).asString())
			.contains("running, success, partial, failed");
		assertThat(this.api.get("/api/finance/sync-logs/999999999/").status()).isEqualTo(404);
	}

	private List<Long> logIds(String query) {
		Response list = this.api.get("/api/finance/sync-logs/" + query);
		assertThat(list.status()).as(list.toString()).isEqualTo(200);
		return list.json().valueStream().map(l -> l.get("id").asLong()).toList();
	}

}
