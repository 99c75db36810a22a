package br.suite.imports;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

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
import static br.suite.imports.ImportFixtures.prepareMultipart;
import static br.suite.imports.ImportFixtures.prepared;
import static br.suite.imports.ImportFixtures.provider;
import static br.suite.imports.ImportFixtures.replacing;
import static br.suite.imports.ImportFixtures.syncLogs;
import static br.suite.imports.ImportFixtures.transactions;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Prepare a real statement file, read the preview, confirm it, and see what op 8 and the
 * sync logs show.
 */
class CsvImportApiTests extends ApiTest {

	static final String DATE_TIME = "\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z";

	@Test
	void preparesABrazilianBankExportConfirmsItAndReconfirmingSkipsEveryRow() {
		String provider = provider();
		byte[] file = Statements.bankExport1252();
		Response response = prepare(this.api, file,
				"?provider=" + provider.toUpperCase() + "&account_id=0001-67890&file_name=extrato-mar%C3%A7o.csv");
		assertThat(response.status()).as(response.toString()).isEqualTo(200);
		assertThat(response.contentType()).startsWith("application/json");
		JsonNode prepared = response.json();
		assertThat(prepared.propertyNames()).containsExactly("groups", "import_metadata", "delete_period",
				"generate_logs", "preview", "errors", "ignored_rows", "format");

		JsonNode groups = prepared.get("groups");
		assertThat(groups.propertyNames()).containsExactly("2026-03");
		JsonNode march = groups.get("2026-03");
		assertThat(march).hasSize(5);
		JsonNode pix = march.get(0);
		assertThat(pix.propertyNames()).containsExactly("external_id", "transaction_date", "posted_at", "amount",
				"direction", "status", "description", "payer_name", "payer_document", "end_to_end_id",
				"bank_reference_id", "correlation_id", "charge_external_id", "line");
		assertThat(pix.get("external_id").asString()).matches("csv-[0-9a-f]{32}");
		assertThat(pix.get("transaction_date").asString()).isEqualTo("2026-03-02");
		assertThat(pix.get("posted_at").isNull()).isTrue();
		assertThat(pix.get("amount").isString()).isTrue();
		assertThat(pix.get("amount").asString()).isEqualTo("1234.56");
		assertThat(pix.get("direction").asString()).isEqualTo("credit");
		assertThat(pix.get("status").asString()).isEqualTo("settled");
		assertThat(pix.get("description").asString()).isEqualTo("Pix recebido - Padaria Pão Quente Ltda");
		assertThat(pix.get("payer_name").asString()).isEmpty();
		assertThat(pix.get("payer_document").asString()).isEmpty();
		assertThat(pix.get("end_to_end_id").asString()).isEmpty();
		assertThat(pix.get("bank_reference_id").asString()).isEqualTo("123456");
		assertThat(pix.get("correlation_id").asString()).isEmpty();
		assertThat(pix.get("charge_external_id").asString()).isEmpty();
		assertThat(pix.get("line").asInt()).isEqualTo(6);
		List<String> amounts = new ArrayList<>();
		march.forEach(row -> amounts.add(row.get("direction").asString() + " " + row.get("amount").asString()));
		assertThat(amounts).containsExactly("credit 1234.56", "debit 389.90", "debit 45.00", "debit 45.00",
				"credit 12500.00");
		assertThat(march.get(1).get("description").asString()).isEqualTo("Pagamento de boleto - Energia Elétrica S/A");
		assertThat(march.get(4).get("description").asString()).isEqualTo("TED recebida - Construção; Reforma & Cia");

		JsonNode metadata = prepared.get("import_metadata");
		assertThat(metadata.propertyNames()).containsExactly("provider", "account_id", "file_name", "file_sha256",
				"row_count");
		assertThat(metadata.get("provider").asString()).isEqualTo(provider);
		assertThat(metadata.get("account_id").asString()).isEqualTo("0001-67890");
		assertThat(metadata.get("file_name").asString()).isEqualTo("extrato-março.csv");
		assertThat(metadata.get("file_sha256").asString()).isEqualTo(ImportFixtures.sha256(file));
		assertThat(metadata.get("row_count").asInt()).isEqualTo(5);
		assertThat(prepared.get("delete_period").toString()).isEqualTo("{\"enabled\":false,\"year\":2026,\"month\":3}");
		assertThat(prepared.get("generate_logs").asBoolean()).isTrue();
		assertThat(prepared.get("preview").toString()).isEqualTo("[{\"month\":\"2026-03\",\"rows\":5,"
				+ "\"would_insert\":5,\"would_update\":0,\"would_skip\":0,\"would_delete\":0,"
				+ "\"delete_refused\":\"\",\"kept_provider_rows\":0}]");
		assertThat(prepared.get("errors")).isEmpty();
		assertThat(prepared.get("ignored_rows")).hasSize(2);
		assertThat(prepared.get("ignored_rows").get(0).get("row").asInt()).isEqualTo(5);
		assertThat(prepared.get("ignored_rows").get(0).get("reason").asString()).contains("Saldo Anterior");
		assertThat(prepared.get("ignored_rows").get(1).get("row").asInt()).isEqualTo(11);
		JsonNode format = prepared.get("format");
		assertThat(format.get("encoding").asString()).isEqualTo("windows-1252");
		assertThat(format.get("delimiter").asString()).isEqualTo(";");
		assertThat(format.get("decimal_separator").asString()).isEqualTo("comma");
		assertThat(format.get("date_formats").toString()).isEqualTo("[\"dd/MM/yyyy\"]");
		assertThat(format.get("header_row").asInt()).isEqualTo(4);
		assertThat(format.get("columns").toString()).isEqualTo("{\"transaction_date\":\"Data\","
				+ "\"amount\":\"Valor (R$)\",\"description\":\"Histórico + Descrição\","
				+ "\"bank_reference_id\":\"Documento\"}");
		assertThat(format.get("ignored_columns").toString()).isEqualTo("[\"Saldo (R$)\"]");
		assertThat(transactions(this.api, provider)).as("prepare writes nothing").isEmpty();
		assertThat(syncLogs(this.api, provider)).isEmpty();

		// The prepared answer is the body to confirm, as it is.
		Response first = confirm(this.api, prepared);
		assertThat(first.status()).as(first.toString()).isEqualTo(200);
		assertThat(first.json().propertyNames()).containsExactly("success", "inserted_count", "updated_count",
				"skipped_count", "deleted_count", "logs_generated", "errors");
		assertThat(counts(first.json())).isEqualTo(counts(5, 0, 0, 0, 1));
		assertThat(first.json().get("errors").isArray()).isTrue();
		assertThat(first.json().get("errors")).isEmpty();

		JsonNode listed = transactions(this.api, provider);
		assertThat(listed).hasSize(5);
		JsonNode ted = listed.get(0);
		assertThat(ted.get("external_id").asString()).isEqualTo(march.get(4).get("external_id").asString());
		assertThat(ted.get("provider").asString()).isEqualTo(provider);
		assertThat(ted.get("account_id").asString()).isEqualTo("0001-67890");
		assertThat(ted.get("transaction_date").asString()).isEqualTo("2026-03-10");
		assertThat(ted.get("posted_at").isNull()).isTrue();
		assertThat(ted.get("amount").asString()).isEqualTo("12500.00");
		assertThat(ted.get("direction").asString()).isEqualTo("credit");
		assertThat(ted.get("status").asString()).isEqualTo("settled");
		assertThat(ted.get("description").asString()).isEqualTo("TED recebida - Construção; Reforma & Cia");
		assertThat(ted.get("bank_reference_id").asString()).isEqualTo("777");
		assertThat(ted.get("matched_document_id").isNull()).isTrue();
		List<String> listedAmounts = new ArrayList<>();
		listed.forEach(t -> listedAmounts.add(t.get("transaction_date").asString() + " " + t.get("direction").asString()
				+ " " + t.get("amount").asString()));
		assertThat(listedAmounts).containsExactlyInAnyOrder("2026-03-02 credit 1234.56", "2026-03-03 debit 389.90",
				"2026-03-05 debit 45.00", "2026-03-05 debit 45.00", "2026-03-10 credit 12500.00");

		JsonNode logs = syncLogs(this.api, provider);
		assertThat(logs).hasSize(1);
		JsonNode log = this.api.get("/api/finance/sync-logs/" + logs.get(0).get("id").asLong() + "/").json();
		assertThat(log.get("provider").asString()).isEqualTo(provider);
		assertThat(log.get("flow").asString()).isEqualTo("csv_import");
		assertThat(log.get("status").asString()).isEqualTo("success");
		assertThat(log.get("imported_count").asInt()).isEqualTo(5);
		assertThat(log.get("updated_count").asInt()).isZero();
		assertThat(log.get("started_at").asString()).matches(DATE_TIME);
		assertThat(log.get("finished_at").asString()).matches(DATE_TIME);
		assertThat(log.get("message").asString())
			.startsWith("CSV import of extrato-março.csv into account 0001-67890 (SHA-256 "
					+ ImportFixtures.sha256(file).substring(0, 12))
			.contains("5 row(s), 5 inserted, 0 updated, 0 unchanged");

		// Re-confirming the same import changes nothing.
		assertThat(counts(confirmed(this.api, prepared))).isEqualTo(counts(0, 0, 5, 0, 1));
		assertThat(transactions(this.api, provider)).isEqualTo(listed);
		assertThat(syncLogs(this.api, provider)).hasSize(2);
		// And preparing the same file again says so before anything is written.
		JsonNode again = prepared(this.api, file, "?provider=" + provider + "&account_id=0001-67890");
		assertThat(again.get("preview").toString()).isEqualTo("[{\"month\":\"2026-03\",\"rows\":5,\"would_insert\":0,"
				+ "\"would_update\":0,\"would_skip\":5,\"would_delete\":0,\"delete_refused\":\"\",\"kept_provider_rows\":0}]");
		assertThat(again.get("groups")).isEqualTo(groups);
		assertThat(transactions(this.api, provider)).isEqualTo(listed);
	}

	@Test
	void preparesAUtf8CommaUploadWithOptionsAsFormFields() {
		String provider = provider();
		Response response = prepareMultipart(this.api, Statements.fintechUtf8(), "C:\\Users\\ana\\extrato.csv",
				Map.of("provider", provider, "account_id", "nubank-1"));
		assertThat(response.status()).as(response.toString()).isEqualTo(200);
		JsonNode prepared = response.json();
		assertThat(prepared.get("groups").propertyNames()).containsExactly("2026-04", "2026-05");
		assertThat(prepared.get("import_metadata").get("file_name").asString()).isEqualTo("extrato.csv");
		assertThat(prepared.get("import_metadata").get("account_id").asString()).isEqualTo("nubank-1");
		assertThat(prepared.get("delete_period").toString())
			.isEqualTo("{\"enabled\":false,\"year\":null,\"month\":null}");
		assertThat(prepared.get("format").get("encoding").asString()).isEqualTo("utf-8");
		assertThat(prepared.get("format").get("delimiter").asString()).isEqualTo(",");
		assertThat(prepared.get("format").get("decimal_separator").asString()).isEqualTo("point");
		assertThat(prepared.get("format").get("date_formats").toString()).isEqualTo("[\"yyyy-MM-dd\"]");
		assertThat(prepared.get("preview")).hasSize(2);
		JsonNode april = prepared.get("groups").get("2026-04");
		assertThat(april.get(0).get("external_id").asString()).isEqualTo("6f1c0b9e-0001");
		assertThat(april.get(0).get("description").asString()).isEqualTo("Transferência recebida - Maria, José");
		assertThat(april.get(0).get("payer_document").asString()).isEqualTo("123.456.789-09");
		assertThat(april.get(1).get("description").asString()).isEqualTo("Compra no débito - Café Ação");
		assertThat(april.get(1).get("amount").asString()).isEqualTo("12.34");
		assertThat(april.get(1).get("direction").asString()).isEqualTo("debit");

		ObjectNode body = (ObjectNode) prepared.deepCopy();
		body.remove("generate_logs");
		assertThat(counts(confirmed(this.api, body))).isEqualTo(counts(3, 0, 0, 0, 0));
		assertThat(syncLogs(this.api, provider)).as("no generate_logs, no log").isEmpty();
		JsonNode listed = transactions(this.api, provider);
		assertThat(listed).hasSize(3);
		assertThat(listed.get(0).get("external_id").asString()).isEqualTo("6f1c0b9e-0003");
		assertThat(listed.get(0).get("amount").asString()).isEqualTo("250.50");
		assertThat(listed.get(0).get("payer_document").asString()).isEqualTo("11222333000181");
		assertThat(listed.get(2).get("payer_document").asString()).isEqualTo("12345678909");
		assertThat(listed.get(2).get("description").asString()).isEqualTo("Transferência recebida - Maria, José");
	}

	@Test
	void reportsBadLinesWithTheirLineAndColumnAndImportsTheRest() {
		String provider = provider();
		JsonNode prepared = prepared(this.api, Statements.withBadRows(), "?provider=" + provider + "&account_id=a");
		List<String> errors = new ArrayList<>();
		prepared.get("errors").forEach(error -> {
			assertThat(error.propertyNames()).containsExactly("row", "column", "message");
			errors.add(error.get("row").asInt() + " " + error.get("column").asString());
		});
		assertThat(errors).containsExactly("3 Data", "4 Valor", "6 CPF/CNPJ", "7 Valor", "8 Valor");
		assertThat(prepared.get("errors").get(0).get("message").asString()).contains("31/02/2026");
		assertThat(prepared.get("errors").get(2).get("message").asString()).contains("check digit");
		assertThat(prepared.get("groups").get("2026-03")).hasSize(2);
		assertThat(prepared.get("groups").get("2026-03").get(0).get("line").asInt()).isEqualTo(2);
		assertThat(prepared.get("groups").get("2026-03").get(1).get("line").asInt()).isEqualTo(5);
		assertThat(prepared.get("import_metadata").get("row_count").asInt()).isEqualTo(7);
		assertThat(prepared.get("preview").get(0).get("rows").asInt()).isEqualTo(2);

		// The client edits rows before confirming: any invalid one and nothing is
		// written.
		ObjectNode edited = (ObjectNode) prepared.deepCopy();
		ArrayNode march = (ArrayNode) edited.get("groups").get("2026-03");
		((ObjectNode) march.get(0)).put("amount", "12,50");
		((ObjectNode) march.get(1)).put("direction", "sideways");
		((ObjectNode) march.get(1)).put("payer_document", "111.111.111-11");
		ObjectNode added = march.addObject();
		added.put("external_id", "typed-by-hand");
		added.put("transaction_date", "2026-04-01");
		added.put("amount", 10);
		added.put("direction", "credit");
		Response refused = confirm(this.api, edited);
		assertThat(refused.status()).as(refused.toString()).isEqualTo(200);
		JsonNode result = refused.json();
		assertThat(result.get("success").asBoolean()).isFalse();
		assertThat(counts(result).values()).containsExactly(false, 0, 0, 0, 0, 0);
		List<String> messages = new ArrayList<>();
		result.get("errors").forEach(message -> messages.add(message.asString()));
		assertThat(messages).hasSize(4);
		assertThat(messages.get(0)).isEqualTo("group 2026-03, row 1 (line 2), amount: must be a decimal amount with at "
				+ "most two decimals, e.g. \"1234.50\" (got \"12,50\")");
		assertThat(messages.get(1)).isEqualTo(
				"group 2026-03, row 2 (line 5), direction: must be one of: credit, debit " + "(got \"sideways\")");
		assertThat(messages.get(2)).startsWith("group 2026-03, row 2 (line 5), payer_document: ");
		assertThat(messages.get(3))
			.isEqualTo("group 2026-03, row 3, transaction_date: 2026-04-01 is outside the " + "group's month 2026-03");
		assertThat(transactions(this.api, provider)).isEmpty();
		assertThat(syncLogs(this.api, provider)).as("generate_logs, but nothing was written").isEmpty();

		assertThat(counts(confirmed(this.api, prepared))).isEqualTo(counts(2, 0, 0, 0, 1));
		assertThat(transactions(this.api, provider)).hasSize(2);
	}

	@Test
	void replacingAMonthDeletesItAndWritesTheNewRowsOfThatAccountOnly() {
		String provider = provider();
		String query = "?provider=" + provider + "&account_id=conta-1";
		confirmed(this.api, prepared(this.api, Statements.bankExport1252(), query));
		// Another month of the same account and the same month of another account stay as
		// they are.
		confirmed(this.api, prepared(this.api, Statements.fintechUtf8(), query));
		confirmed(this.api,
				prepared(this.api, Statements.bankExport1252(), "?provider=" + provider + "&account_id=conta-2"));
		assertThat(transactions(this.api, provider)).hasSize(13);

		JsonNode revised = prepared(this.api, Statements.bankExport1252Revised(), query);
		assertThat(revised.get("preview").toString()).isEqualTo("[{\"month\":\"2026-03\",\"rows\":4,\"would_insert\":2,"
				+ "\"would_update\":0,\"would_skip\":2,\"would_delete\":3,\"delete_refused\":\"\",\"kept_provider_rows\":0}]");
		JsonNode result = confirmed(this.api, replacing(revised, 2026, 3));
		// The two lines the file still holds are kept in place (same ids); the three it
		// lost are deleted.
		assertThat(counts(result)).isEqualTo(counts(2, 0, 2, 3, 1));

		List<String> account1 = new ArrayList<>();
		List<String> account2March = new ArrayList<>();
		transactions(this.api, provider).forEach(t -> {
			String line = t.get("transaction_date").asString() + " " + t.get("amount").asString();
			if (t.get("account_id").asString().equals("conta-1")) {
				account1.add(line);
			}
			else {
				account2March.add(line);
			}
		});
		assertThat(account1).containsExactly("2026-05-02 250.50", "2026-04-15 12.34", "2026-04-01 1500.00",
				"2026-03-20 150.00", "2026-03-10 12600.00", "2026-03-05 45.00", "2026-03-02 1234.56");
		assertThat(account2March).hasSize(5);
		JsonNode log = syncLogs(this.api, provider).get(0);
		assertThat(log.get("message").asString()).contains("2026-03 replaced: 3 deleted");
		assertThat(log.get("imported_count").asInt()).isEqualTo(2);
	}

	@Test
	void acceptsExactlyWhatTheBenchmarkSends() {
		String provider = provider();
		byte[] file = Statements.benchStyle(500, provider);
		JsonNode prepared = prepared(this.api, file, "?provider=" + provider + "&account_id=bench-small");
		assertThat(prepared.get("errors")).isEmpty();
		assertThat(prepared.get("groups").get("2026-09")).hasSize(500);
		assertThat(prepared.get("groups").get("2026-09").get(0).get("external_id").asString())
			.isEqualTo("B" + provider + "-0000000");
		ObjectNode body = Api.JSON.createObjectNode();
		body.set("groups", prepared.get("groups"));
		body.set("import_metadata", prepared.get("import_metadata"));
		body.putObject("delete_period").put("enabled", false);
		body.put("generate_logs", true);
		assertThat(confirmed(this.api, body).get("inserted_count").asInt()).isEqualTo(500);
		Response total = this.api.get("/api/finance/transactions/?provider=" + provider + "&limit=1");
		assertThat(total.header("X-Total-Count")).contains("500");
	}

	@Test
	void servesBothPathsWithAndWithoutTheTrailingSlash() {
		String provider = provider();
		Response prepared = this.api.sendBytes("POST", "/api/prepare-csv-import/?provider=" + provider,
				Statements.fintechUtf8(), "text/csv");
		assertThat(prepared.status()).as(prepared.toString()).isEqualTo(200);
		Response confirmed = this.api.send("POST", "/api/confirm-csv-import/", prepared.body(), "application/json");
		assertThat(confirmed.status()).as(confirmed.toString()).isEqualTo(200);
		assertThat(confirmed.json().get("inserted_count").asInt()).isEqualTo(3);
		assertThat(transactions(this.api, provider).get(0).get("account_id").asString()).as("default account")
			.isEmpty();
	}

}
