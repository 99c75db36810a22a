package br.suite.imports;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import br.suite.Api.Response;
import br.suite.ApiTest;
import br.suite.finance.TransactionImports.ImportRow;
import br.suite.imports.csv.CsvImportConfirmRequest;
import br.suite.imports.csv.CsvImportConfirmationReader;
import br.suite.imports.csv.CsvImportConfirmationReader.Reading;
import tools.jackson.core.JsonParser;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import static br.suite.imports.ImportFixtures.counts;
import static br.suite.imports.ImportFixtures.provider;
import static br.suite.imports.ImportFixtures.syncLogs;
import static br.suite.imports.ImportFixtures.transactions;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Op 7's body is read row by row (never bound whole): the same rows, errors, order and
 * idempotency fingerprint as binding it, whatever the order of its parts, and the same
 * all-or-nothing rule and 400s.
 */
class CsvImportConfirmStreamTests extends ApiTest {

	@Autowired
	CsvImportConfirmationReader reader;

	@Autowired
	JsonMapper json;

	private static String row(String externalId, String date, String amount, String extra) {
		return "{\"external_id\":\"" + externalId + "\",\"transaction_date\":\"" + date + "\",\"amount\":\"" + amount
				+ "\",\"direction\":\"credit\",\"description\":\"PIX " + externalId + "\"" + extra + "}";
	}

	private static String metadata(String provider) {
		return "\"import_metadata\":{\"provider\":\"" + provider + "\",\"account_id\":\"s1\",\"file_name\":\"x.csv\","
				+ "\"file_sha256\":\"\",\"row_count\":3}";
	}

	/**
	 * Reading the body as a stream gives exactly what binding it and reading that gives.
	 */
	private Reading streamedAndBoundAlike(String body) {
		Reading streamed;
		try (JsonParser parser = this.json.createParser(body)) {
			streamed = this.reader.read(parser);
		}
		Reading bound = this.reader.read(this.json.readValue(body, CsvImportConfirmRequest.class));
		assertThat(streamed).isNotNull();
		assertThat(streamed.sha256()).as(body).isEqualTo(bound.sha256());
		assertThat(streamed.errors()).as(body).isEqualTo(bound.errors());
		assertThat(streamed.metadata()).isEqualTo(bound.metadata());
		assertThat(streamed.deleteMonth()).isEqualTo(bound.deleteMonth());
		assertThat(streamed.generateLogs()).isEqualTo(bound.generateLogs());
		assertThat(ids(streamed.rows())).isEqualTo(ids(bound.rows()));
		assertThat(streamed.account() == null).isEqualTo(bound.account() == null);
		return streamed;
	}

	private static List<String> ids(List<ImportRow> rows) {
		return rows.stream().map(r -> r.externalId() + "@" + r.transactionDate()).toList();
	}

	@Test
	void aStreamedConfirmationReadsAsTheBoundOneWhateverTheOrderOfItsParts() {
		String groups = "\"groups\":{\"2026-03\":[" + row("a1", "2026-03-02", "10.00", "") + ","
				+ row("a2", "2026-03-03", "11.50", ",\"line\":7") + "],\"2026-04\":["
				+ row("b1", "2026-04-01", "12", "") + "]}";
		String choices = "\"delete_period\":{\"enabled\":true,\"year\":2026,\"month\":3},\"generate_logs\":true";
		Reading groupsFirst = streamedAndBoundAlike("{" + groups + "," + metadata("csv") + "," + choices + "}");
		Reading metadataFirst = streamedAndBoundAlike(
				"{ " + choices + " ,\n  " + metadata("csv") + ",\"preview\":[{\"x\":[1,{}]}],\n" + groups + "\n}");
		assertThat(groupsFirst.errors()).isEmpty();
		assertThat(groupsFirst.sha256()).isEqualTo(metadataFirst.sha256());
		assertThat(groupsFirst.rows()).hasSize(3);
		// Problems of content: an invalid row, a repeated id across groups, a null row, a
		// group that is no month, a group without rows, a repeated group key (the later
		// replaces the earlier in its place), no metadata.
		streamedAndBoundAlike("{\"groups\":{\"2026-03\":[" + row("a1", "2026-03-02", "10,00", "") + ",null,"
				+ row("a2", "2026-04-02", "1.00", "") + "," + row("a3", "2026-03-05", "1.00", ",\"line\":9")
				+ "],\"2026-13\":[],\"2026-05\":null,\"2026-04\":[" + row("a3", "2026-04-01", "2.00", "") + "],"
				+ "\"2026-06\":[" + row("z", "2026-06-01", "1.00", "") + "],\"2026-06\":["
				+ row("a3", "2026-06-02", "3.00", "") + "]}," + choices + "}");
		// Repeated top-level parts: the last one counts.
		streamedAndBoundAlike(
				"{" + metadata("bad code") + ",\"groups\":{\"2026-03\":[" + row("q", "2026-03-01", "1", "") + "]},"
						+ metadata("csv") + ",\"groups\":{\"2026-04\":[" + row("r", "2026-04-01", "1", "") + "]}}");
		streamedAndBoundAlike("{\"groups\":{}}");
		streamedAndBoundAlike("{}");
	}

	@Test
	void theSameConfirmationSpelledInAnotherOrderIsARetryOfTheFirst() {
		String provider = provider();
		String groups = "\"groups\":{\"2026-03\":[" + row("k1", "2026-03-02", "10.00", "") + ","
				+ row("k2", "2026-03-03", "11.50", "") + "]}";
		String first = "{" + groups + "," + metadata(provider) + ",\"generate_logs\":true}";
		Response applied = this.api.send("POST", "/api/confirm-csv-import", first, "application/json",
				"Idempotency-Key", "stream-" + provider);
		assertThat(applied.status()).as(applied.toString()).isEqualTo(200);
		assertThat(counts(applied.json())).isEqualTo(counts(2, 0, 0, 0, 1));
		// The metadata first, the rows' fields in another order, other spacing.
		String reordered = "{\n  \"generate_logs\" : true,\n  " + metadata(provider)
				+ ",\n  \"groups\" : { \"2026-03\" : [ {\"amount\":\"10.00\",\"direction\":\"credit\","
				+ "\"description\":\"PIX k1\",\"transaction_date\":\"2026-03-02\",\"external_id\":\"k1\"},\n"
				+ "{ \"description\" : \"PIX k2\", \"external_id\" : \"k2\", \"transaction_date\" : \"2026-03-03\", "
				+ "\"direction\" : \"credit\", \"amount\" : \"11.50\" } ] }\n}";
		Response retry = this.api.send("POST", "/api/confirm-csv-import", reordered, "application/json",
				"Idempotency-Key", "stream-" + provider);
		assertThat(retry.status()).as(retry.toString()).isEqualTo(200);
		assertThat(retry.header("Idempotent-Replayed")).contains("true");
		assertThat(retry.json()).isEqualTo(applied.json());
		assertThat(syncLogs(this.api, provider)).as("applied once").hasSize(1);
	}

	@Test
	void anInvalidRowLateInALargeGroupWritesNothing() {
		String provider = provider();
		int count = 3000;
		List<String> rows = new ArrayList<>();
		for (int i = 1; i <= count; i++) {
			rows.add(row("L" + i, "2026-03-" + String.format("%02d", 1 + i % 28), i == count - 1 ? "-5.00" : "1.00",
					",\"line\":" + (i + 1)));
		}
		String body = "{\"groups\":{\"2026-03\":[" + String.join(",", rows) + "]}," + metadata(provider)
				+ ",\"generate_logs\":true}";
		Response refused = this.api.send("POST", "/api/confirm-csv-import", body, "application/json");
		assertThat(refused.status()).as(refused.toString()).isEqualTo(200);
		JsonNode result = refused.json();
		assertThat(result.get("success").asBoolean()).isFalse();
		assertThat(result.get("errors")).hasSize(1);
		assertThat(result.get("errors").get(0).asString())
			.startsWith("group 2026-03, row " + (count - 1) + " (line " + count + "), amount: ");
		assertThat(transactions(this.api, provider)).isEmpty();
		assertThat(syncLogs(this.api, provider)).isEmpty();
	}

	@Test
	void aRowOfTheWrongShapeLateInTheBodyIsA400NamingItsPath() {
		String provider = provider();
		String body = "{\"groups\":{\"2026-03\":[" + row("w1", "2026-03-02", "1.00", "") + ","
				+ row("w2", "2026-03-02", "1.00", ",\"line\":{}") + "]}," + metadata(provider) + "}";
		Response refused = this.api.send("POST", "/api/confirm-csv-import", body, "application/json");
		assertThat(refused.status()).as(refused.toString()).isEqualTo(400);
		assertThat(refused.contentType()).startsWith("application/problem+json");
		assertThat(refused.json().get("errors").has("groups.2026-03[1].line")).as(refused.toString()).isTrue();
		Response trailing = this.api.send("POST", "/api/confirm-csv-import",
				"{\"groups\":{}," + metadata(provider) + "} {}", "application/json");
		assertThat(trailing.status()).as(trailing.toString()).isEqualTo(400);
		Response empty = this.api.send("POST", "/api/confirm-csv-import", "", "application/json");
		assertThat(empty.status()).as(empty.toString()).isEqualTo(400);
		Response nothing = this.api.send("POST", "/api/confirm-csv-import", "null", "application/json");
		assertThat(nothing.status()).as(nothing.toString()).isEqualTo(400);
		assertThat(transactions(this.api, provider)).isEmpty();
	}

}
