package br.suite.imports;

import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.function.Supplier;

import com.zaxxer.hikari.HikariDataSource;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;

import br.suite.Api;
import br.suite.Api.Response;
import br.suite.ApiTest;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

import static br.suite.imports.ImportFixtures.confirm;
import static br.suite.imports.ImportFixtures.confirmed;
import static br.suite.imports.ImportFixtures.counts;
import static br.suite.imports.ImportFixtures.prepare;
import static br.suite.imports.ImportFixtures.prepared;
import static br.suite.imports.ImportFixtures.provider;
import static br.suite.imports.ImportFixtures.replacing;
import static br.suite.imports.ImportFixtures.syncLogs;
import static br.suite.imports.ImportFixtures.transactions;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Op 7's guarantees: all or nothing, retries answered once, one confirmation of a month
 * at a time, 400s and 409s.
 */
class CsvImportConfirmTests extends ApiTest {

	@Autowired
	JdbcClient jdbc;

	@Autowired
	HikariDataSource pool;

	@Test
	void problemsOfContentAreAnsweredInTheResultObjectAndWriteNothing() {
		String provider = provider();
		JsonNode prepared = prepared(this.api, Statements.bankExport1252(), "?provider=" + provider + "&account_id=x");
		assertFailed(replacing(prepared, 2026, 13), "delete_period.month: must be between 1 and 12");
		assertFailed(replacing(prepared, 2026, 0), "delete_period.month: must be between 1 and 12");
		assertFailed(replacing(prepared, 1899, 3), "delete_period.year: must be between 1900 and 2999");
		ObjectNode noMonth = replacing(prepared, 2026, 3);
		((ObjectNode) noMonth.get("delete_period")).remove("month");
		((ObjectNode) noMonth.get("delete_period")).putNull("year");
		JsonNode both = assertFailed(noMonth, "delete_period.month: is required when delete_period is enabled");
		assertThat(both.get("errors").toString())
			.contains("delete_period.year: is required when delete_period is enabled");
		ObjectNode noProvider = (ObjectNode) prepared.deepCopy();
		((ObjectNode) noProvider.get("import_metadata")).remove("provider");
		assertFailed(noProvider, "import_metadata.provider: is required");
		ObjectNode badProvider = (ObjectNode) prepared.deepCopy();
		((ObjectNode) badProvider.get("import_metadata")).put("provider", "Banco do Brasil");
		assertFailed(badProvider, "import_metadata.provider: must be a provider code");
		ObjectNode noAccount = (ObjectNode) prepared.deepCopy();
		((ObjectNode) noAccount.get("import_metadata")).putNull("account_id");
		assertFailed(noAccount, "import_metadata.account_id: is required");
		ObjectNode longAccount = (ObjectNode) prepared.deepCopy();
		((ObjectNode) longAccount.get("import_metadata")).put("account_id", "c".repeat(101));
		assertFailed(longAccount, "import_metadata.account_id: ");
		ObjectNode noMetadata = (ObjectNode) prepared.deepCopy();
		noMetadata.remove("import_metadata");
		assertFailed(noMetadata, "import_metadata: is required");
		ObjectNode noGroups = (ObjectNode) prepared.deepCopy();
		noGroups.remove("groups");
		assertFailed(noGroups, "groups: is required");
		ObjectNode badMonth = (ObjectNode) prepared.deepCopy();
		((ObjectNode) badMonth.get("groups")).set("2026-13", Api.JSON.createArrayNode());
		assertFailed(badMonth, "groups.2026-13: is not a month");
		ObjectNode badSha = (ObjectNode) prepared.deepCopy();
		((ObjectNode) badSha.get("import_metadata")).put("file_sha256", "abc");
		assertFailed(badSha, "import_metadata.file_sha256: must be empty or 64 hexadecimal digits");
		// Several problems at once: each is one string, the rows are still checked.
		ObjectNode many = (ObjectNode) noMetadata.deepCopy();
		((ObjectNode) many.get("groups").get("2026-03").get(0)).put("amount", "12,50");
		JsonNode result = assertFailed(many, "import_metadata: is required");
		assertThat(result.get("errors").toString()).contains("amount: ");
		assertThat(transactions(this.api, provider)).isEmpty();
		assertThat(syncLogs(this.api, provider)).isEmpty();
	}

	@Test
	void onlyABodyThatIsNotTheOperationsShapeIsA400() {
		String provider = provider();
		JsonNode prepared = prepared(this.api, Statements.bankExport1252(), "?provider=" + provider + "&account_id=x");
		ObjectNode wrongType = (ObjectNode) prepared.deepCopy();
		((ObjectNode) wrongType.get("groups").get("2026-03").get(0)).putObject("amount");
		assertThat(confirm(this.api, wrongType).status()).isEqualTo(400);
		for (String field : new String[] { "groups", "import_metadata", "delete_period", "generate_logs" }) {
			ObjectNode wrong = (ObjectNode) prepared.deepCopy();
			wrong.putArray(field).add(1);
			Response response = confirm(this.api, wrong);
			assertThat(response.status()).as(field + ": " + response).isEqualTo(400);
			assertThat(response.contentType()).startsWith("application/problem+json");
		}
		Response notJson = this.api.send("POST", "/api/confirm-csv-import", "{\"groups\":", "application/json");
		assertThat(notJson.status()).isEqualTo(400);
		Response notAnObject = this.api.send("POST", "/api/confirm-csv-import", "[]", "application/json");
		assertThat(notAnObject.status()).isEqualTo(400);
		Response csv = this.api.sendBytes("POST", "/api/confirm-csv-import", Statements.fintechUtf8(), "text/csv");
		assertThat(csv.status()).isEqualTo(415);
		assertThat(transactions(this.api, provider)).isEmpty();
		assertThat(syncLogs(this.api, provider)).isEmpty();
	}

	/**
	 * Prepare's preview is computed with SELECTs: not a single INSERT, UPDATE or DELETE
	 * statement runs, not even one rolled back. A statement trigger bumps a sequence
	 * (sequences ignore rollbacks) on every write statement against the tables an import
	 * touches, and PostgreSQL's own statistics (which count rolled-back rows too) must
	 * not move. A backend flushes its statistics asynchronously (up to 10 s after it goes
	 * idle) unless asked to flush at once: before each reading, every idle connection of
	 * the service asks its backend to.
	 */
	@Test
	void prepareWritesNothingNotEvenARolledBackStatement() throws Exception {
		String provider = provider();
		String query = "?provider=" + provider + "&account_id=leitura";
		confirmed(this.api, prepared(this.api, Statements.bankExport1252(), query));
		String probe = "imports_test_writes_" + Long.toString(System.nanoTime(), 36);
		String[] tables = { "finance_transaction", "finance_sync_log", "imports_confirmation" };
		this.jdbc.sql("CREATE SEQUENCE " + probe).update();
		this.jdbc
			.sql("CREATE FUNCTION " + probe + "() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN " + "PERFORM nextval('"
					+ probe + "'); RETURN NULL; END $$")
			.update();
		try {
			for (String table : tables) {
				this.jdbc
					.sql("CREATE TRIGGER " + probe + " AFTER INSERT OR UPDATE OR DELETE ON " + table
							+ " FOR EACH STATEMENT EXECUTE FUNCTION " + probe + "()")
					.update();
			}
			statisticsFlushed();
			String before = statistics(tables);
			long rows = rowCount(tables);

			JsonNode revised = prepared(this.api, Statements.bankExport1252Revised(), query);
			assertThat(revised.get("preview").toString()).as("the preview still counts what confirming would do")
				.isEqualTo("[{\"month\":\"2026-03\",\"rows\":4,\"would_insert\":2,\"would_update\":0,"
						+ "\"would_skip\":2,\"would_delete\":3,\"delete_refused\":\"\",\"kept_provider_rows\":0}]");
			assertThat(this.jdbc.sql("SELECT is_called FROM " + probe).query(Boolean.class).single())
				.as("no write statement ran")
				.isFalse();
			assertThat(rowCount(tables)).isEqualTo(rows);
			statisticsFlushed();
			assertThat(statistics(tables)).as("n_tup_ins/upd/del").isEqualTo(before);

			// The probe itself works: a confirmation trips it.
			confirmed(this.api, revised);
			assertThat(this.jdbc.sql("SELECT is_called FROM " + probe).query(Boolean.class).single()).isTrue();
			// The statistics, read the same way, move with it (so each flush above is
			// real).
			statisticsFlushed();
			assertThat(statistics(tables)).as("n_tup_ins/upd/del after a confirmation").isNotEqualTo(before);
		}
		finally {
			for (String table : tables) {
				this.jdbc.sql("DROP TRIGGER IF EXISTS " + probe + " ON " + table).update();
			}
			this.jdbc.sql("DROP FUNCTION IF EXISTS " + probe + "()").update();
			this.jdbc.sql("DROP SEQUENCE IF EXISTS " + probe).update();
		}
	}

	/**
	 * The statistics of every statement run so far are in PostgreSQL's shared counters:
	 * each idle connection of the service's pool (the requests' among them) is taken and
	 * asked to flush its backend's pending counts, which the backend does as it goes idle
	 * after that statement (PostgreSQL would otherwise keep them up to 10 s). Twice, a
	 * moment apart: a connection a scheduled job held the first time is idle again the
	 * second.
	 */
	private void statisticsFlushed() throws SQLException, InterruptedException {
		idleConnectionsFlushed();
		Thread.sleep(300);
		idleConnectionsFlushed();
	}

	private void idleConnectionsFlushed() throws SQLException {
		int idle = Math.max(1, this.pool.getHikariPoolMXBean().getIdleConnections());
		List<Connection> held = new ArrayList<>();
		try {
			for (int i = 0; i < idle; i++) {
				Connection connection = this.pool.getConnection();
				held.add(connection);
				try (Statement flush = connection.createStatement()) {
					flush.execute("SELECT pg_stat_force_next_flush()");
				}
				if (!connection.getAutoCommit()) {
					connection.commit();
				}
			}
		}
		finally {
			for (Connection connection : held) {
				connection.close();
			}
		}
	}

	private String statistics(String... tables) {
		this.jdbc.sql("SELECT pg_stat_clear_snapshot()").query(Object.class).optional();
		return this.jdbc
			.sql("SELECT string_agg(relname || ':' || n_tup_ins || '/' || n_tup_upd || '/' || n_tup_del, "
					+ "' ' ORDER BY relname) FROM pg_stat_user_tables WHERE relname = ANY (?)")
			.param(tables)
			.query(String.class)
			.single();
	}

	private long rowCount(String... tables) {
		long total = 0;
		for (String table : tables) {
			total += this.jdbc.sql("SELECT count(*) FROM " + table).query(Long.class).single();
		}
		return total;
	}

	@Test
	void prepareRefusesWhatItCannotReadWith400sAnd413s() {
		Response empty = prepare(this.api, new byte[0], "");
		assertThat(empty.status()).isEqualTo(400);
		assertThat(empty.json().get("errors").get("file").get(0).asString()).startsWith("está vazio");
		Response noHeader = prepare(this.api, "a;b\n1;2\n".getBytes(StandardCharsets.UTF_8), "");
		assertThat(noHeader.status()).isEqualTo(400);
		assertThat(noHeader.json().get("errors").get("file").get(0).asString())
			.startsWith("não tem linha de cabeçalho");
		Response badProvider = prepare(this.api, Statements.fintechUtf8(), "?provider=Banco%20do%20Brasil");
		assertThat(badProvider.status()).isEqualTo(400);
		assertThat(badProvider.json().get("errors").has("provider")).isTrue();
		Response badOptions = prepare(this.api, Statements.fintechUtf8(),
				"?encoding=ebcdic&delimiter=x&decimal=comma-ish&columns=%7B%22valor%22%3A%22V%22%7D");
		assertThat(badOptions.status()).isEqualTo(400);
		assertThat(badOptions.json().get("errors").propertyNames()).containsExactly("encoding", "delimiter", "decimal",
				"columns.valor");
		Response unknownColumn = prepare(this.api, Statements.fintechUtf8(),
				"?columns=%7B%22amount%22%3A%22Quantia%22%7D");
		assertThat(unknownColumn.status()).isEqualTo(400);
		assertThat(unknownColumn.json().get("errors").has("columns")).isTrue();
		Response form = this.api.sendBytes("POST", "/api/prepare-csv-import", Statements.fintechUtf8(),
				"application/x-www-form-urlencoded");
		assertThat(form.status()).isEqualTo(415);
		assertThat(form.json().get("detail").asString()).contains("Content-Type: text/csv");
		byte[] tooLarge = new byte[8 * 1024 * 1024 + 1];
		Response large = prepare(this.api, tooLarge, "");
		assertThat(large.status()).isEqualTo(413);
		assertThat(large.contentType()).startsWith("application/problem+json");
		Response multipartWithoutFile = ImportFixtures.prepareMultipart(this.api, new byte[0], "", Map.of());
		assertThat(multipartWithoutFile.status()).isEqualTo(400);
	}

	@Test
	void aRetryWithTheSameIdempotencyKeyAnswersTheFirstResultWithoutApplyingTwice() {
		String provider = provider();
		JsonNode prepared = prepared(this.api, Statements.bankExport1252(), "?provider=" + provider + "&account_id=k");
		String key = "import-" + unique("k");
		Response first = confirm(this.api, prepared, "Idempotency-Key", key);
		assertThat(first.status()).as(first.toString()).isEqualTo(200);
		assertThat(first.header("Idempotent-Replayed")).isEmpty();
		assertThat(counts(first.json())).isEqualTo(counts(5, 0, 0, 0, 1));

		// The same confirmation again, even spelled differently (pretty-printed), is
		// answered from the record.
		Response retry = this.api.send("POST", "/api/confirm-csv-import", prepared.toPrettyString(), "application/json",
				"Idempotency-Key", key);
		assertThat(retry.status()).isEqualTo(200);
		assertThat(retry.header("Idempotent-Replayed")).contains("true");
		assertThat(retry.json()).isEqualTo(first.json());
		assertThat(transactions(this.api, provider)).hasSize(5);
		assertThat(syncLogs(this.api, provider)).as("applied once").hasSize(1);

		ObjectNode different = (ObjectNode) prepared.deepCopy();
		different.put("generate_logs", false);
		Response conflict = confirm(this.api, different, "Idempotency-Key", key);
		assertThat(conflict.status()).isEqualTo(409);
		assertThat(conflict.contentType()).startsWith("application/problem+json");
		assertThat(conflict.json().get("field").asString()).isEqualTo("Idempotency-Key");
		assertThat(syncLogs(this.api, provider)).hasSize(1);

		// Keys belong to their user: another user's identical key is a confirmation of
		// its own.
		Api other = this.api.signedInWith("imports.csv.confirm");
		Response theirs = confirm(other, prepared, "Idempotency-Key", key);
		assertThat(theirs.header("Idempotent-Replayed")).isEmpty();
		assertThat(counts(theirs.json())).isEqualTo(counts(0, 0, 5, 0, 1));

		for (String bad : new String[] { "with space", "x".repeat(256) }) {
			Response refused = confirm(this.api, prepared, "Idempotency-Key", bad);
			assertThat(refused.status()).as(bad).isEqualTo(400);
			assertThat(refused.json().get("errors").has("Idempotency-Key")).isTrue();
		}
		assertThat(syncLogs(this.api, provider)).hasSize(2);
	}

	@Test
	void aFailureAfterTheMonthWasDeletedAndTheRowsWrittenRollsEverythingBack() {
		String provider = provider();
		String query = "?provider=" + provider + "&account_id=falha";
		confirmed(this.api, prepared(this.api, Statements.bankExport1252(), query));
		JsonNode before = transactions(this.api, provider);
		assertThat(before).hasSize(5);
		String fileName = "falha-" + unique("f") + ".csv";
		ObjectNode replacement = replacing(
				prepared(this.api, Statements.bankExport1252Revised(), query + "&file_name=" + fileName), 2026, 3);
		String key = unique("retry");
		// The database refuses the confirmation's last write (its record): by then the
		// month was deleted, the new
		// rows upserted and the sync log written, all in the same transaction.
		String trigger = "imports_test_failure_" + Long.toString(System.nanoTime(), 36);
		this.jdbc
			.sql("CREATE FUNCTION " + trigger + "() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN "
					+ "IF NEW.file_name = '" + fileName + "' THEN RAISE EXCEPTION 'injected failure'; END IF; "
					+ "RETURN NEW; END $$")
			.update();
		try {
			this.jdbc
				.sql("CREATE TRIGGER " + trigger + " BEFORE INSERT ON imports_confirmation FOR EACH ROW "
						+ "EXECUTE FUNCTION " + trigger + "()")
				.update();
			Response failed = confirm(this.api, replacement, "Idempotency-Key", key);
			assertThat(failed.status()).as(failed.toString()).isEqualTo(500);
		}
		finally {
			this.jdbc.sql("DROP TRIGGER IF EXISTS " + trigger + " ON imports_confirmation").update();
			this.jdbc.sql("DROP FUNCTION IF EXISTS " + trigger + "()").update();
		}
		assertThat(transactions(this.api, provider)).as("the deleted month is back, the new rows are gone")
			.isEqualTo(before);
		assertThat(syncLogs(this.api, provider)).hasSize(1);

		// Nothing was kept of the failed attempt, its key included: the retry applies it.
		Response retry = confirm(this.api, replacement, "Idempotency-Key", key);
		assertThat(retry.header("Idempotent-Replayed")).isEmpty();
		assertThat(counts(retry.json())).isEqualTo(counts(2, 0, 2, 3, 1));
		assertThat(transactions(this.api, provider)).hasSize(4);
	}

	@Test
	void replacingAMonthKeepsTheAllocationsOfReimportedTransactionsAndReportsThoseThatGo() {
		String provider = provider();
		String query = "?provider=" + provider + "&account_id=conciliada";
		confirmed(this.api, prepared(this.api, Statements.bankExport1252(), query));
		JsonNode before = transactions(this.api, provider);
		long kept = idOf(before, "2026-03-02");
		long lost = idOf(before, "2026-03-10");
		Response document = this.api.post("/api/finance/fiscal-documents/", "{\"type\":\"nfse\",\"number\":\"77\","
				+ "\"amount\":\"12500\",\"customer_name\":\"Construção\",\"related_transaction_ids\":[" + lost + "]}");
		assertThat(document.status()).as(document.toString()).isEqualTo(201);
		Response charge = this.api.post("/api/finance/charges/", "{\"kind\":\"pix\",\"amount\":\"1234.56\"}");
		Response allocation = this.api.post("/api/finance/allocations/",
				"{\"transaction_id\":" + kept + ",\"charge_id\":" + charge.id() + "}");
		assertThat(allocation.status()).as(allocation.toString()).isEqualTo(201);

		JsonNode revised = prepared(this.api, Statements.bankExport1252Revised(), query);
		assertThat(revised.get("preview").get(0).get("would_delete").asInt()).isEqualTo(3);
		assertThat(revised.get("preview").get(0).get("delete_refused").asString()).isEmpty();
		JsonNode result = confirmed(this.api, replacing(revised, 2026, 3));
		assertThat(counts(result)).isEqualTo(counts(2, 0, 2, 3, 1));
		assertThat(result.get("errors")).hasSize(1);
		assertThat(result.get("errors").get(0).asString()).startsWith("information: transaction " + lost)
			.contains("deleted with its allocation of 12500.00 to fiscal document " + document.id());

		// The re-imported Pix keeps its id and its allocation; the TED that disappeared
		// released the document.
		JsonNode pix = this.api.get("/api/finance/transactions/" + kept + "/").json();
		assertThat(pix.get("matched_charge_id").asLong()).isEqualTo(charge.id());
		assertThat(this.api.get("/api/finance/charges/" + charge.id() + "/").json().get("status").asString())
			.isEqualTo("paid");
		assertThat(this.api.get("/api/finance/transactions/" + lost + "/").status()).isEqualTo(404);
		assertThat(this.api.get("/api/finance/fiscal-documents/" + document.id() + "/")
			.json()
			.get("related_transaction_ids")).isEmpty();
		assertThat(this.api.get("/api/finance/allocations/?fiscal_document_id=" + document.id()).json()).isEmpty();
	}

	@Test
	void aReimportThatBreaksAnAllocationRemovesItAndSaysSo() {
		String provider = provider();
		ObjectNode body = Api.JSON.createObjectNode();
		body.putObject("groups")
			.putArray("2026-03")
			.addObject()
			.put("external_id", "x-1")
			.put("transaction_date", "2026-03-03")
			.put("amount", "100.00")
			.put("direction", "credit");
		body.putObject("import_metadata").put("provider", provider).put("account_id", "");
		confirmed(this.api, body);
		long id = transactions(this.api, provider).get(0).get("id").asLong();
		Response charge = this.api.post("/api/finance/charges/", "{\"kind\":\"pix\",\"amount\":\"100\"}");
		this.api.post("/api/finance/allocations/", "{\"transaction_id\":" + id + ",\"charge_id\":" + charge.id() + "}");
		((ObjectNode) body.get("groups").get("2026-03").get(0)).put("amount", "60.00");
		JsonNode result = confirmed(this.api, body);
		assertThat(counts(result)).isEqualTo(counts(0, 1, 0, 0, 0));
		assertThat(result.get("errors").get(0).asString()).contains("transaction " + id)
			.contains("allocation of 100.00 to charge " + charge.id())
			.contains("removed");
		assertThat(this.api.get("/api/finance/charges/" + charge.id() + "/").json().get("status").asString())
			.isEqualTo("open");
		assertThat(this.api.get("/api/finance/transactions/" + id + "/").json().get("allocated_amount").asString())
			.isEqualTo("0.00");
	}

	private static long idOf(JsonNode transactions, String date) {
		for (JsonNode t : transactions) {
			if (t.get("transaction_date").asString().equals(date)) {
				return t.get("id").asLong();
			}
		}
		throw new AssertionError("no transaction on " + date);
	}

	@Test
	void twoConfirmationsOfTheSameMonthNeverInterleave() throws Exception {
		String provider = provider();
		JsonNode a = monthOf(provider, "conta", "A", 300);
		JsonNode b = monthOf(provider, "conta", "B", 300);
		CountDownLatch start = new CountDownLatch(1);
		CompletableFuture<Response> first = CompletableFuture
			.supplyAsync(() -> after(start, () -> confirm(this.api, a)));
		CompletableFuture<Response> second = CompletableFuture
			.supplyAsync(() -> after(start, () -> confirm(this.api, b)));
		start.countDown();
		List<JsonNode> results = List.of(first.get().json(), second.get().json());
		Set<String> prefixes = new HashSet<>();
		transactions(this.api, provider).forEach(t -> prefixes.add(t.get("external_id").asString().substring(0, 1)));
		assertThat(prefixes).as("one confirmation replaced the other's month entirely").hasSize(1);
		assertThat(transactions(this.api, provider)).hasSize(300);
		List<Integer> deleted = new ArrayList<>();
		results.forEach(result -> {
			assertThat(result.get("success").asBoolean()).as(result.toString()).isTrue();
			assertThat(result.get("inserted_count").asInt()).isEqualTo(300);
			deleted.add(result.get("deleted_count").asInt());
		});
		assertThat(deleted).containsExactlyInAnyOrder(0, 300);
	}

	@Test
	void eachOperationNeedsItsOwnPermission() {
		Api preparer = this.api.signedInWith("imports.csv.prepare");
		Api confirmer = this.api.signedInWith("imports.csv.confirm");
		String provider = provider();
		Response prepared = prepare(preparer, Statements.fintechUtf8(), "?provider=" + provider);
		assertThat(prepared.status()).isEqualTo(200);
		assertThat(prepare(confirmer, Statements.fintechUtf8(), "?provider=" + provider).status()).isEqualTo(403);
		assertThat(ImportFixtures.prepareMultipart(confirmer, Statements.fintechUtf8(), "x.csv", Map.of()).status())
			.isEqualTo(403);
		Response denied = confirm(preparer, prepared.json());
		assertThat(denied.status()).isEqualTo(403);
		assertThat(denied.contentType()).startsWith("application/problem+json");
		assertThat(transactions(this.api, provider)).isEmpty();
		assertThat(confirm(confirmer, prepared.json()).status()).isEqualTo(200);
		assertThat(prepare(this.api.as(null), Statements.fintechUtf8(), "").status()).isEqualTo(401);
		assertThat(confirm(this.api.as(null), prepared.json()).status()).isEqualTo(401);
	}

	@Test
	void theOpenApiDescriptionShowsBothOperationsTheirShapesAndPermissions() {
		JsonNode openApi = this.api.as(null).get("/api/schema/").json();
		JsonNode prepare = openApi.at("/paths/~1api~1prepare-csv-import/post");
		assertThat(prepare.get("x-permission").asString()).isEqualTo("imports.csv.prepare");
		assertThat(prepare.at("/requestBody/content").propertyNames()).contains("multipart/form-data", "text/csv");
		JsonNode confirm = openApi.at("/paths/~1api~1confirm-csv-import/post");
		assertThat(confirm.get("x-permission").asString()).isEqualTo("imports.csv.confirm");
		JsonNode schemas = openApi.at("/components/schemas");
		assertThat(schemas.at("/CsvImportConfirmRequest/properties").propertyNames())
			.containsExactlyInAnyOrder("groups", "import_metadata", "delete_period", "generate_logs");
		assertThat(schemas.at("/CsvImportResult/properties").propertyNames()).containsExactlyInAnyOrder("success",
				"inserted_count", "updated_count", "skipped_count", "deleted_count", "logs_generated", "errors");
		assertThat(schemas.at("/CsvImportMetadata/properties").propertyNames()).containsExactlyInAnyOrder("provider",
				"account_id", "file_name", "file_sha256", "row_count");
		assertThat(schemas.at("/CsvImportRow/properties").propertyNames()).contains("external_id", "transaction_date",
				"amount", "direction", "line");
		assertThat(schemas.at("/CsvImportRowError/properties").propertyNames()).containsExactlyInAnyOrder("row",
				"column", "message");
		assertThat(schemas.at("/CsvImportPreparation/properties").propertyNames()).contains("groups", "import_metadata",
				"preview", "errors");
	}

	/**
	 * A confirmation replacing 2026-03 of the account with {@code count} rows whose ids
	 * start with the prefix.
	 */
	private JsonNode monthOf(String provider, String account, String prefix, int count) {
		ObjectNode body = Api.JSON.createObjectNode();
		ArrayNode rows = body.putObject("groups").putArray("2026-03");
		for (int i = 0; i < count; i++) {
			ObjectNode row = rows.addObject();
			row.put("external_id", prefix + "-" + i);
			row.put("transaction_date", "2026-03-" + String.format("%02d", 1 + i % 28));
			row.put("amount", "1" + i + ".00");
			row.put("direction", i % 2 == 0 ? "credit" : "debit");
			row.put("description", "Linha " + prefix + i);
		}
		body.putObject("import_metadata").put("provider", provider).put("account_id", account);
		body.putObject("delete_period").put("enabled", true).put("year", 2026).put("month", 3);
		return body;
	}

	private static Response after(CountDownLatch start, Supplier<Response> call) {
		try {
			start.await();
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
		return call.get();
	}

	/**
	 * A confirmation answered 200 with success false, no counts and an errors string
	 * starting with the text.
	 */
	private JsonNode assertFailed(JsonNode body, String error) {
		Response response = confirm(this.api, body);
		assertThat(response.status()).as(response.toString()).isEqualTo(200);
		assertThat(response.contentType()).startsWith("application/json");
		JsonNode result = response.json();
		assertThat(result.get("success").asBoolean()).as(response.toString()).isFalse();
		Map<String, Object> nothing = counts(0, 0, 0, 0, 0);
		nothing.put("success", false);
		assertThat(counts(result)).isEqualTo(nothing);
		List<String> errors = new ArrayList<>();
		result.get("errors").forEach(e -> errors.add(e.asString()));
		assertThat(errors).as(response.toString()).anyMatch(e -> e.startsWith(error));
		return result;
	}

}
