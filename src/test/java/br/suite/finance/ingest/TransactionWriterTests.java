package br.suite.finance.ingest;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.YearMonth;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.transaction.IllegalTransactionStateException;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

import br.suite.finance.FinanceFixtures;
import br.suite.finance.ingest.SyncLogWriter.SyncLogEntry;
import br.suite.finance.ingest.TransactionWriter.UpsertResult;
import br.suite.finance.SyncFlow;
import br.suite.finance.SyncStatus;
import br.suite.finance.TransactionRow;
import br.suite.Api.Response;
import br.suite.ApiTest;
import br.suite.shared.InvalidRequest;
import tools.jackson.databind.JsonNode;

import static br.suite.finance.FinanceFixtures.END_TO_END_ID;
import static br.suite.finance.FinanceFixtures.fullRow;
import static br.suite.finance.FinanceFixtures.importId;
import static br.suite.finance.FinanceFixtures.provider;
import static br.suite.finance.FinanceFixtures.row;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The public write facade the import module calls. It has no HTTP route: it is called
 * directly, and what it wrote is read back through the API as a client would.
 */
class TransactionWriterTests extends ApiTest {

	@Autowired
	TransactionWriter ledger;

	@Autowired
	TransactionRemovals removals;

	@Autowired
	SyncLogWriter syncLogs;

	@Autowired
	JdbcClient jdbc;

	@Autowired
	PlatformTransactionManager transactionManager;

	JsonNode transactions(String provider) {
		Response list = this.api.get("/api/finance/transactions/?provider=" + provider);
		assertThat(list.status()).as(list.toString()).isEqualTo(200);
		return list.json();
	}

	@Test
	void upsertInsertsThenUpdatesOnlyWhatChangedKeyedByProviderAccountAndExternalId() {
		String provider = provider();
		LocalDate day = LocalDate.of(2026, 3, 10);
		UUID first = importId();
		UpsertResult inserted = this.ledger.upsert(first, List.of(row(provider, "acc", "a", day, "10.00", "credit"),
				row(provider, "acc", "b", day, "20.00", "debit"), row(provider, "other", "a", day, "30.00", "credit")));
		assertThat(inserted).isEqualTo(new UpsertResult(3, 0, 0));
		assertThat(transactions(provider)).hasSize(3);
		JsonNode unchangedBefore = transactionWithExternalId(provider, "acc", "b");

		UUID second = importId();
		UpsertResult again = this.ledger.upsert(second, List.of(row(provider, "acc", "a", day, "10.50", "credit"),
				row(provider, "acc", "b", day, "20.00", "debit"), row(provider, "acc", "c", day, "5", "credit")));
		assertThat(again).isEqualTo(new UpsertResult(1, 1, 1));
		assertThat(again.written()).isEqualTo(2);
		assertThat(transactions(provider)).hasSize(4);
		assertThat(transactionWithExternalId(provider, "acc", "a").get("amount").asString()).isEqualTo("10.50");
		assertThat(transactionWithExternalId(provider, "acc", "b")).isEqualTo(unchangedBefore);
		assertThat(importIdOf(provider, "acc", "a")).isEqualTo(second);
		assertThat(importIdOf(provider, "acc", "b")).isEqualTo(first);
		assertThat(importIdOf(provider, "acc", "c")).isEqualTo(second);
		assertThat(importIdOf(provider, "other", "a")).isEqualTo(first);
	}

	@Test
	void aKeyRepeatedInOneBatchIsWrittenOnceAndUpdatedInOrder() {
		String provider = provider();
		LocalDate day = LocalDate.of(2026, 3, 10);
		UpsertResult result = this.ledger.upsert(importId(), List.of(row(provider, "", "x", day, "1.00", "credit"),
				row(provider, "", "x", day, "1.00", "credit"), row(provider, "", "x", day, "2.00", "credit")));
		assertThat(result).isEqualTo(new UpsertResult(1, 1, 1));
		JsonNode list = transactions(provider);
		assertThat(list).hasSize(1);
		assertThat(list.get(0).get("amount").asString()).isEqualTo("2.00");
		assertThat(list.get(0).get("account_id").asString()).isEmpty();
	}

	@Test
	void writesEveryFieldNormalisedAndTheApiReadsItBack() {
		String provider = provider();
		TransactionRow full = fullRow(provider.toUpperCase() + " ", " acc-1 ", " e-1 ", LocalDate.of(2026, 11, 20));
		assertThat(this.ledger.validate(full)).isEmpty();
		this.ledger.upsert(importId(), List.of(full));
		JsonNode transaction = transactions(provider).get(0);
		assertThat(transaction.get("id").asLong()).isPositive();
		assertThat(transaction.get("external_id").asString()).isEqualTo("e-1");
		assertThat(transaction.get("provider").asString()).isEqualTo(provider);
		assertThat(transaction.get("account_id").asString()).isEqualTo("acc-1");
		assertThat(transaction.get("transaction_date").asString()).isEqualTo("2026-11-20");
		assertThat(transaction.get("posted_at").asString()).isEqualTo("2026-11-20T13:10:00.123Z");
		assertThat(transaction.get("amount").isString()).isTrue();
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
		assertThat(transaction.get("updated_at").asString()).isEqualTo(transaction.get("created_at").asString());
		assertThat(transaction.get("category_id").isNull()).isTrue();
		assertThat(transaction.get("cost_centre_id").isNull()).isTrue();
		assertThat(transaction.size()).isEqualTo(24);
	}

	@Test
	void validateNamesEveryBadFieldWithItsWireName() {
		TransactionRow bad = new TransactionRow("Banco do Brasil", "a".repeat(101), " ", null, null,
				new BigDecimal("10.005"), "in", "paid", "", "", "123.456.789-00", "", "", "E123", "");
		Map<String, List<String>> errors = this.ledger.validate(bad);
		assertThat(errors.keySet()).containsExactly("provider", "account_id", "external_id", "transaction_date",
				"amount", "direction", "status", "payer_document", "end_to_end_id");
		assertThat(errors.get("amount").get(0)).contains("two decimals");
		assertThat(errors.get("direction").get(0)).contains("credit, debit");
		assertThat(errors.get("status").get(0)).contains("pending, settled, reversed, cancelled");
		assertThat(errors.get("payer_document").get(0)).contains("check digits");
		assertThat(errors.get("end_to_end_id").get(0)).contains("32 characters");

		assertThat(this.ledger.validate(row("csv", "", "1", LocalDate.now(), "-5.00", "debit")).get("amount").get(0))
			.contains("greater than 0");
		assertThat(this.ledger.validate(row("csv", "", "1", LocalDate.now(), "0", "debit"))).containsKey("amount");
		assertThat(this.ledger.validate(row("csv", "", "1", LocalDate.now(), "1000000000000", "debit")))
			.containsKey("amount");
		assertThat(this.ledger.validate(row("csv", "", "1", LocalDate.now(), "999999999999.99", "debit"))).isEmpty();
		assertThat(this.ledger.validate(row("csv", "", "1", LocalDate.now(), "1.500", "debit"))).isEmpty();
		TransactionRow lowerCaseEndToEnd = new TransactionRow("csv", "", "1", LocalDate.now(), null, BigDecimal.ONE,
				"credit", "pending", "", "", "", "", "", END_TO_END_ID.toLowerCase(), "");
		assertThat(this.ledger.validate(lowerCaseEndToEnd)).isEmpty();
	}

	@Test
	void payerDocumentsAcceptTheReferenceVectorsIncludingAlphanumericCnpj() {
		String provider = provider();
		String[] valid = { "123.456.789-09", "111.444.777-35", "11.222.333/0001-81", "12.ABC.345/01DE-35",
				"Q2.GRO.WP7/0001-85", "6A3EDMWP000168", "12abc34501de35" };
		List<TransactionRow> rows = new ArrayList<>();
		for (int i = 0; i < valid.length; i++) {
			TransactionRow row = new TransactionRow(provider, "", "d" + i, LocalDate.of(2026, 1, 1 + i), null,
					BigDecimal.TEN, "credit", null, "", "", valid[i], "", "", "", "");
			assertThat(this.ledger.validate(row)).as(valid[i]).isEmpty();
			rows.add(row);
		}
		this.ledger.upsert(null, rows);
		List<String> stored = new ArrayList<>();
		transactions(provider).forEach(t -> stored.add(t.get("payer_document").asString()));
		assertThat(stored).containsExactly("12ABC34501DE35", "6A3EDMWP000168", "Q2GROWP7000185", "12ABC34501DE35",
				"11222333000181", "11144477735", "12345678909");
		for (String invalid : new String[] { "123.456.789-00", "11.222.333/0001-82", "12.ABC.345/01DE-36",
				"111.111.111-11", "1234" }) {
			TransactionRow row = new TransactionRow(provider, "", "x", LocalDate.now(), null, BigDecimal.TEN, "credit",
					null, "", "", invalid, "", "", "", "");
			assertThat(this.ledger.validate(row)).as(invalid).containsKey("payer_document");
		}
	}

	@Test
	void anInvalidRowRefusesTheWholeBatchAndWritesNothing() {
		String provider = provider();
		List<TransactionRow> rows = List.of(row(provider, "", "good", LocalDate.of(2026, 2, 1), "1.00", "credit"),
				row(provider, "", "bad", LocalDate.of(2026, 2, 1), "1.001", "credit"),
				row(provider, "", "", LocalDate.of(2026, 2, 1), "1.00", "sideways"));
		assertThatThrownBy(() -> this.ledger.upsert(importId(), rows)).isInstanceOfSatisfying(InvalidRequest.class,
				ex -> assertThat(ex.errors().keySet()).containsExactly("rows[1].amount", "rows[2].external_id",
						"rows[2].direction"));
		assertThat(transactions(provider)).isEmpty();
	}

	@Test
	void deleteMonthDeletesOneCalendarMonthOfOneAccountInsideTheCallersTransaction() {
		String provider = provider();
		this.ledger.upsert(importId(),
				List.of(row(provider, "acc", "feb-last", LocalDate.of(2026, 2, 28), "1", "credit"),
						row(provider, "acc", "mar-first", LocalDate.of(2026, 3, 1), "1", "credit"),
						row(provider, "acc", "mar-last", LocalDate.of(2026, 3, 31), "1", "credit"),
						row(provider, "acc", "apr-first", LocalDate.of(2026, 4, 1), "1", "credit"),
						row(provider, "other", "mar-other", LocalDate.of(2026, 3, 15), "1", "credit")));
		assertThatThrownBy(() -> this.removals.deleteMonth(provider, "acc", YearMonth.of(2026, 3)))
			.isInstanceOf(IllegalTransactionStateException.class);

		Integer deleted = inTransaction(
				() -> this.removals.deleteMonth(provider.toUpperCase(), "acc", YearMonth.of(2026, 3)));
		assertThat(deleted).isEqualTo(2);
		List<String> left = new ArrayList<>();
		transactions(provider).forEach(t -> left.add(t.get("external_id").asString()));
		assertThat(left).containsExactly("apr-first", "mar-other", "feb-last");
		assertThat(inTransaction(() -> this.removals.deleteMonth(provider, "acc", YearMonth.of(2026, 3)))).isZero();
	}

	@Test
	void deleteUpsertAndLogAreOneAtomicUnitWithTheCaller() {
		String provider = provider();
		LocalDate day = LocalDate.of(2026, 5, 5);
		this.ledger.upsert(importId(), List.of(row(provider, "", "old", day, "1.00", "credit")));
		TransactionTemplate template = new TransactionTemplate(this.transactionManager);
		assertThatThrownBy(() -> template.executeWithoutResult(status -> {
			assertThat(this.removals.deleteMonth(provider, "", YearMonth.of(2026, 5))).isEqualTo(1);
			this.ledger.upsert(importId(), List.of(row(provider, "", "new", day, "2.00", "credit")));
			this.syncLogs.recordSync(new SyncLogEntry(provider, "", SyncFlow.CSV_IMPORT, SyncStatus.SUCCESS,
					Instant.now(), Instant.now(), 1, 0, "", null));
			throw new IllegalStateException("the import fails after writing");
		})).hasMessageContaining("the import fails");
		JsonNode left = transactions(provider);
		assertThat(left).hasSize(1);
		assertThat(left.get(0).get("external_id").asString()).isEqualTo("old");
		assertThat(this.api.get("/api/finance/sync-logs/?provider=" + provider).json()).isEmpty();
	}

	@Test
	void replaceMonthKeepsTheTransactionsStillImportedAndDeletesTheOthersWithTheirAllocations() {
		String provider = provider();
		this.ledger.upsert(importId(), List.of(row(provider, "", "linked", LocalDate.of(2026, 6, 2), "10", "credit"),
				row(provider, "", "kept", LocalDate.of(2026, 6, 3), "10", "credit")));
		long linked = transactionWithExternalId(provider, "", "linked").get("id").asLong();
		long kept = transactionWithExternalId(provider, "", "kept").get("id").asLong();
		Response document = this.api.post("/api/finance/fiscal-documents/",
				"{\"type\":\"nfse\",\"number\":\"7\","
						+ "\"amount\":\"20\",\"customer_name\":\"Cliente\",\"related_transaction_ids\":[" + linked + ","
						+ kept + "]}");
		assertThat(document.status()).as(document.toString()).isEqualTo(201);

		TransactionRemovals.Replaced replaced = inTransaction(
				() -> this.removals.replaceMonth(provider, "", YearMonth.of(2026, 6), List.of("kept")));
		assertThat(replaced.deleted()).isEqualTo(1);
		assertThat(replaced.notes()).singleElement()
			.asString()
			.contains("transaction " + linked)
			.contains("fiscal document " + document.id());
		assertThat(transactions(provider)).hasSize(1);
		assertThat(this.api.get("/api/finance/fiscal-documents/" + document.id() + "/")
			.json()
			.get("related_transaction_ids")
			.toString()).isEqualTo("[" + kept + "]");

		// Re-importing over the kept one keeps its link: upserts never touch allocations.
		UpsertResult result = this.ledger.upsert(importId(),
				List.of(row(provider, "", "kept", LocalDate.of(2026, 6, 3), "11", "credit")));
		assertThat(result.updated()).isEqualTo(1);
		JsonNode updated = this.api.get("/api/finance/transactions/" + kept + "/").json();
		assertThat(updated.get("amount").asString()).isEqualTo("11.00");
		assertThat(updated.get("matched_document_id").asLong()).isEqualTo(document.id());
	}

	@Test
	void recordSyncWritesALogAndMovesTheConnectionsLastSyncOnSuccessOnly() {
		String provider = provider();
		Response connection = this.api.post("/api/finance/connections/",
				"{\"provider\":\"" + provider + "\",\"account_id\":\"acc\"}");
		assertThat(connection.json().get("last_sync_at").isNull()).isTrue();
		Instant started = Instant.parse("2026-11-25T12:00:00.123Z");
		Instant finished = Instant.parse("2026-11-25T12:00:07.456Z");
		long id = this.syncLogs.recordSync(new SyncLogEntry(provider, "acc", SyncFlow.CSV_IMPORT, SyncStatus.PARTIAL,
				started, finished, 12, 3, "2 rows skipped: line 4 amount; line 9 direction", importId()));

		JsonNode log = this.api.get("/api/finance/sync-logs/" + id + "/").json();
		assertThat(log.get("id").asLong()).isEqualTo(id);
		assertThat(log.get("provider").asString()).isEqualTo(provider);
		assertThat(log.get("flow").asString()).isEqualTo("csv_import");
		assertThat(log.get("status").asString()).isEqualTo("partial");
		assertThat(log.get("started_at").asString()).isEqualTo("2026-11-25T12:00:00.123Z");
		assertThat(log.get("finished_at").asString()).isEqualTo("2026-11-25T12:00:07.456Z");
		assertThat(log.get("imported_count").asInt()).isEqualTo(12);
		assertThat(log.get("updated_count").asInt()).isEqualTo(3);
		assertThat(log.get("message").asString()).isEqualTo("2 rows skipped: line 4 amount; line 9 direction");
		assertThat(log.get("created_at").asString()).matches(FinanceFixtures.DATE_TIME);
		assertThat(log.size()).isEqualTo(10);
		assertThat(
				this.api.get("/api/finance/connections/" + connection.id() + "/").json().get("last_sync_at").asString())
			.isEqualTo("2026-11-25T12:00:07.456Z");

		this.syncLogs.recordSync(new SyncLogEntry(provider, "acc", SyncFlow.PROVIDER_SYNC, SyncStatus.FAILED,
				Instant.now(), Instant.now(), 0, 0, "401 from the provider", null));
		this.syncLogs.recordSync(new SyncLogEntry(provider, "acc", SyncFlow.WEBHOOK, SyncStatus.RUNNING, Instant.now(),
				null, 0, 0, null, null));
		this.syncLogs.recordSync(new SyncLogEntry(provider, "acc", SyncFlow.PROVIDER_SYNC, SyncStatus.SUCCESS,
				Instant.parse("2026-01-01T00:00:00Z"), Instant.parse("2026-01-01T00:00:01Z"), 0, 0, "", null));
		assertThat(
				this.api.get("/api/finance/connections/" + connection.id() + "/").json().get("last_sync_at").asString())
			.as("an older run does not move it back")
			.isEqualTo("2026-11-25T12:00:07.456Z");
		assertThat(this.api.get("/api/finance/sync-logs/?provider=" + provider).json()).hasSize(4);
	}

	@Test
	void recordSyncRefusesInconsistentEntries() {
		String provider = provider();
		Instant now = Instant.now();
		assertThatThrownBy(() -> this.syncLogs
			.recordSync(new SyncLogEntry(provider, "", SyncFlow.WEBHOOK, SyncStatus.RUNNING, now, now, 0, 0, "", null)))
			.isInstanceOfSatisfying(InvalidRequest.class, ex -> assertThat(ex.errors()).containsKey("finished_at"));
		assertThatThrownBy(() -> this.syncLogs.recordSync(new SyncLogEntry(provider, "", SyncFlow.WEBHOOK,
				SyncStatus.SUCCESS, now, now.minusSeconds(1), -1, -2, "", null)))
			.isInstanceOfSatisfying(InvalidRequest.class, ex -> assertThat(ex.errors().keySet())
				.containsExactly("imported_count", "updated_count", "finished_at"));
		assertThatThrownBy(() -> this.syncLogs
			.recordSync(new SyncLogEntry("", "", SyncFlow.WEBHOOK, SyncStatus.FAILED, now, now, 0, 0, "", null)))
			.isInstanceOfSatisfying(InvalidRequest.class, ex -> assertThat(ex.errors()).containsKey("provider"));
		assertThat(this.api.get("/api/finance/sync-logs/?provider=" + provider).json()).isEmpty();
	}

	/**
	 * Fifty thousand rows in one upsert, then the same rows again: all inserted, then all
	 * unchanged. How fast is the benchmark's business (bench/run, the CSV 50 000-row
	 * scenario), not a timed test's.
	 */
	@Test
	void upsertsFiftyThousandRowsThenSkipsThemAllUnchanged() {
		String provider = provider();
		List<TransactionRow> rows = new ArrayList<>(50_000);
		for (int i = 0; i < 50_000; i++) {
			rows.add(new TransactionRow(provider, "big", "B-" + i, LocalDate.of(2025, 1 + i % 12, 1 + i % 28), null,
					new BigDecimal(i % 9000 + 1).movePointLeft(2), i % 3 == 0 ? "debit" : "credit", null,
					"PIX RECEBIDO CLIENTE " + i, "", "", "", "", "", ""));
		}
		assertThat(this.ledger.upsert(importId(), rows)).isEqualTo(new UpsertResult(50_000, 0, 0));
		assertThat(this.ledger.upsert(importId(), rows)).isEqualTo(new UpsertResult(0, 0, 50_000));
		assertThat(this.api.get("/api/finance/transactions/?provider=" + provider + "&limit=1").header("X-Total-Count"))
			.contains("50000");
	}

	private JsonNode transactionWithExternalId(String provider, String account, String externalId) {
		for (JsonNode transaction : transactions(provider)) {
			if (transaction.get("account_id").asString().equals(account)
					&& transaction.get("external_id").asString().equals(externalId)) {
				return transaction;
			}
		}
		throw new AssertionError("no transaction " + externalId);
	}

	private UUID importIdOf(String provider, String account, String externalId) {
		return this.jdbc
			.sql("SELECT import_id FROM finance_transaction WHERE provider = ? AND account_id = ? "
					+ "AND external_id = ?")
			.params(provider, account, externalId)
			.query(UUID.class)
			.single();
	}

	private <T> T inTransaction(java.util.function.Supplier<T> work) {
		return new TransactionTemplate(this.transactionManager).execute(status -> work.get());
	}

}
