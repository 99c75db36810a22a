package br.suite.processdocs;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;

import br.suite.Api;
import br.suite.Api.Response;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;

/** Ops 11 and 12 and the rest of the record's lifecycle, field by field on the wire. */
class ProcessDocumentApiTests extends ProcessDocsTest {

	static final List<String> FIELDS = List.of("id", "code", "title", "process_area", "category", "owner", "status",
			"version", "review_cycle_days", "last_review_at", "next_review_at", "tags", "description", "file",
			"file_url", "file_name", "file_type", "file_size", "approved_by", "approved_by_id", "approved_at",
			"created_at", "updated_at");

	@Autowired
	JdbcClient jdbc;

	@Test
	void createsADocumentWithEveryFieldOfTheSpec() {
		String title = unique("Controle de documentos");
		Response created = this.api.post(BASE, "{\"title\":\"  " + title + "  \",\"process_area\":\"Qualidade\","
				+ "\"category\":\"Procedimento\",\"owner\":\"Ana Souza\",\"version\":\"2.1\",\"review_cycle_days\":365,"
				+ "\"last_review_at\":\"2025-12-10\",\"tags\":[\" ISO 9001 \",\"iso 9001\",\"auditoria\"],"
				+ "\"description\":\"Como controlar documentos.\\nSegunda linha.\"}");
		assertThat(created.status()).isEqualTo(201);
		assertThat(created.contentType()).startsWith("application/json");
		JsonNode document = created.json();
		long id = document.get("id").asLong();
		assertThat(created.header("Location")).contains("/api/process-documents/" + id + "/");
		assertThat(created.header("ETag")).isPresent();
		assertThat(document.propertyNames()).containsExactlyElementsOf(FIELDS);
		assertThat(document.get("id").isIntegralNumber()).isTrue();
		assertThat(document.get("code").asString()).matches("PD-\\d{4,}");
		assertThat(document.get("title").asString()).isEqualTo(title);
		assertThat(document.get("process_area").asString()).isEqualTo("Qualidade");
		assertThat(document.get("category").asString()).isEqualTo("Procedimento");
		assertThat(document.get("owner").asString()).isEqualTo("Ana Souza");
		assertThat(document.get("status").asString()).isEqualTo("draft");
		assertThat(document.get("version").asString()).isEqualTo("2.1");
		assertThat(document.get("review_cycle_days").isInt()).isTrue();
		assertThat(document.get("review_cycle_days").asInt()).isEqualTo(365);
		assertThat(document.get("last_review_at").asString()).isEqualTo("2025-12-10");
		assertThat(document.get("next_review_at").asString()).isEqualTo("2026-12-10");
		assertThat(document.get("tags").toString()).isEqualTo("[\"ISO 9001\",\"auditoria\"]");
		assertThat(document.get("description").asString()).isEqualTo("Como controlar documentos.\nSegunda linha.");
		for (String field : List.of("file", "file_url", "file_name", "file_type", "file_size", "approved_by",
				"approved_by_id", "approved_at")) {
			assertThat(document.get(field).isNull()).as(field).isTrue();
		}
		assertThat(document.get("created_at").asString()).matches(DATE_TIME);
		assertThat(document.get("updated_at").asString()).isEqualTo(document.get("created_at").asString());

		assertThat(read(id)).isEqualTo(document);
		assertThat(this.api.get(BASE + id).json()).isEqualTo(document);
	}

	@Test
	void optionalFieldsTakeTheirDefaults() {
		JsonNode document = create("");
		assertThat(document.get("status").asString()).isEqualTo("draft");
		assertThat(document.get("version").asString()).isEqualTo("1.0");
		assertThat(document.get("review_cycle_days").isInt()).isTrue();
		assertThat(document.get("review_cycle_days").asInt()).isEqualTo(365);
		assertThat(document.get("last_review_at").isNull()).isTrue();
		assertThat(document.get("next_review_at").isNull()).isTrue();
		assertThat(document.get("tags").isArray()).isTrue();
		assertThat(document.get("tags").size()).isZero();
		assertThat(document.get("description").asString()).isEmpty();

		JsonNode nulls = create(",\"version\":null,\"tags\":null,\"description\":null,\"status\":null,"
				+ "\"review_cycle_days\":null,\"last_review_at\":null");
		assertThat(nulls.get("version").asString()).isEqualTo("1.0");
		assertThat(nulls.get("review_cycle_days").asInt()).isEqualTo(365);
		assertThat(nulls.get("next_review_at").isNull()).isTrue();
		assertThat(nulls.get("tags").size()).isZero();
		assertThat(nulls.get("description").asString()).isEmpty();
		assertThat(nulls.get("status").asString()).isEqualTo("draft");

		// Without a cycle of its own a document is reviewed yearly, so a known last
		// review schedules the next.
		JsonNode reviewed = create(",\"last_review_at\":\"2026-03-01\"");
		assertThat(reviewed.get("review_cycle_days").asInt()).isEqualTo(365);
		assertThat(reviewed.get("next_review_at").asString()).isEqualTo("2027-03-01");
		assertThat(read(reviewed.get("id").asLong()).get("review_cycle_days").asInt()).isEqualTo(365);
	}

	@Test
	void theDatabaseHoldsNoDocumentWithoutAReviewCycle() {
		// The migration gave stored documents 365 days and made the column NOT NULL
		// DEFAULT 365.
		assertThat(this.jdbc.sql("SELECT count(*) FROM processdocs_document WHERE review_cycle_days IS NULL")
			.query(Long.class)
			.single()).isZero();
		assertThat(this.jdbc
			.sql("SELECT is_nullable || ' ' || column_default FROM information_schema.columns "
					+ "WHERE table_name = 'processdocs_document' AND column_name = 'review_cycle_days'")
			.query(String.class)
			.single()).isEqualTo("NO 365");
	}

	@Test
	void missingRequiredFieldsAre400AndCreateNothing() {
		String marker = unique("missing");
		int before = this.api.get(BASE + "?q=" + marker).json().size();
		Response empty = this.api.post(BASE, "{\"description\":\"" + marker + "\"}");
		assertThat(empty.status()).isEqualTo(400);
		assertThat(empty.contentType()).startsWith("application/problem+json");
		assertThat(empty.json().get("errors").propertyNames()).contains("title", "process_area", "category", "owner");

		for (String field : List.of("title", "process_area", "category", "owner")) {
			String withoutOne = body(marker, ",\"description\":\"" + marker + "\"")
				.replaceFirst("\"" + field + "\":\"[^\"]*\",?", "")
				.replace(",}", "}");
			Response missing = this.api.post(BASE, withoutOne);
			assertThat(missing.status()).as(field).isEqualTo(400);
			assertThat(missing.json().get("errors").propertyNames()).as(field).containsExactly(field);
			Response blank = this.api.post(BASE, body(marker, ",\"description\":\"" + marker + "\"")
				.replaceFirst("\"" + field + "\":\"[^\"]*\"", "\"" + field + "\":\"   \""));
			assertThat(blank.status()).as(field).isEqualTo(400);
			Response nullValue = this.api.post(BASE, body(marker, ",\"description\":\"" + marker + "\"")
				.replaceFirst("\"" + field + "\":\"[^\"]*\"", "\"" + field + "\":null"));
			assertThat(nullValue.status()).as(field).isEqualTo(400);
			assertThat(nullValue.json().get("errors").has(field)).as(field).isTrue();
		}
		assertThat(this.api.get(BASE + "?q=" + marker).json().size()).isEqualTo(before);
	}

	@Test
	void invalidValuesAre400NamingTheFieldAndCreateNothing() {
		String marker = unique("invalid");
		String description = ",\"description\":\"" + marker + "\"";
		record Case(String extra, String field) {
		}
		List<Case> cases = List.of(new Case(",\"review_cycle_days\":0", "review_cycle_days"),
				new Case(",\"review_cycle_days\":-5", "review_cycle_days"),
				new Case(",\"review_cycle_days\":3651", "review_cycle_days"),
				new Case(",\"review_cycle_days\":1.5", "review_cycle_days"),
				new Case(",\"review_cycle_days\":\"30\"", "review_cycle_days"),
				new Case(",\"last_review_at\":\"2023-02-29\"", "last_review_at"),
				new Case(",\"last_review_at\":\"2024-13-01\"", "last_review_at"),
				new Case(",\"last_review_at\":\"10/12/2025\"", "last_review_at"),
				new Case(",\"last_review_at\":\"1899-12-31\"", "last_review_at"),
				new Case(",\"last_review_at\":\"+10000-01-01\"", "last_review_at"),
				new Case(",\"status\":\"published\"", "status"), new Case(",\"status\":5", "status"),
				new Case(",\"tags\":\"iso\"", "tags"), new Case(",\"tags\":[\"ok\",\"   \"]", "tags[1]"),
				new Case(",\"tags\":[\"ok\",null]", "tags[1]"),
				new Case(",\"tags\":[\"" + "x".repeat(51) + "\"]", "tags[0]"),
				new Case(",\"tags\":[\"a\\tb\"]", "tags[0]"), new Case(",\"version\":\"\"", "version"),
				new Case(",\"version\":\"" + "9".repeat(21) + "\"", "version"),
				new Case(",\"description\":\"a\\u0000b\"", "description"));
		for (Case c : cases) {
			Response refused = this.api.post(BASE, body(marker, description + c.extra()));
			assertThat(refused.status()).as(c.extra()).isEqualTo(400);
			assertThat(refused.contentType()).startsWith("application/problem+json");
			assertThat(refused.json().get("errors").has(c.field())).as(c.extra() + " → " + refused.body()).isTrue();
		}
		Response longTitle = this.api.post(BASE, body("x".repeat(201), description));
		assertThat(longTitle.status()).isEqualTo(400);
		assertThat(longTitle.json().get("errors").has("title")).isTrue();
		Response controlChars = this.api.post(BASE, body("a\\nb", description));
		assertThat(controlChars.json().get("errors").has("title")).isTrue();
		assertThat(this.api.get(BASE + "?q=" + marker).json().size()).isZero();
	}

	@Test
	void anUnknownStatusListsTheAllowedOnes() {
		long id = createId("");
		Response refused = this.api.patch(path(id), "{\"status\":\"published\"}");
		assertThat(refused.status()).isEqualTo(400);
		assertThat(refused.json().get("errors").get("status").get(0).asString()).contains("draft", "in_review",
				"approved", "obsolete", "published");
		assertThat(read(id).get("status").asString()).isEqualTo("draft");
	}

	@Test
	void patchChangesOnlyTheFieldsSentAndIgnoresReadOnlyOnes() {
		JsonNode original = create(",\"review_cycle_days\":30,\"last_review_at\":\"2026-01-31\",\"tags\":[\"a\"]");
		long id = original.get("id").asLong();
		JsonNode patched = patch(id,
				"{\"owner\":\"Bruno Lima\",\"id\":999,\"code\":\"PD-9999\","
						+ "\"next_review_at\":\"2030-01-01\",\"file\":\"x\",\"file_size\":5,\"approved_by\":\"me\","
						+ "\"created_at\":\"2000-01-01T00:00:00Z\",\"unknown\":true}");
		assertThat(patched.get("id").asLong()).isEqualTo(id);
		assertThat(patched.get("code").asString()).isEqualTo(original.get("code").asString());
		assertThat(patched.get("owner").asString()).isEqualTo("Bruno Lima");
		assertThat(patched.get("next_review_at").asString()).isEqualTo("2026-03-02");
		assertThat(patched.get("file").isNull()).isTrue();
		assertThat(patched.get("file_size").isNull()).isTrue();
		assertThat(patched.get("approved_by").isNull()).isTrue();
		assertThat(patched.get("created_at")).isEqualTo(original.get("created_at"));
		assertThat(patched.get("updated_at").asString()).isNotEqualTo(original.get("updated_at").asString());
		for (String field : List.of("title", "process_area", "category", "status", "version", "review_cycle_days",
				"last_review_at", "tags", "description")) {
			assertThat(patched.get(field)).as(field).isEqualTo(original.get(field));
		}
		assertThat(read(id)).isEqualTo(patched);

		JsonNode all = patch(id, "{\"title\":\"Novo título\",\"process_area\":\"Compras\",\"category\":\"Instrução\","
				+ "\"owner\":\"Carla\",\"version\":\"1.1\",\"review_cycle_days\":90,\"last_review_at\":\"2026-02-01\","
				+ "\"tags\":[\"b\",\"B\",\"c\"],\"description\":\"Texto\"}");
		assertThat(all.get("title").asString()).isEqualTo("Novo título");
		assertThat(all.get("process_area").asString()).isEqualTo("Compras");
		assertThat(all.get("category").asString()).isEqualTo("Instrução");
		assertThat(all.get("owner").asString()).isEqualTo("Carla");
		assertThat(all.get("version").asString()).isEqualTo("1.1");
		assertThat(all.get("review_cycle_days").asInt()).isEqualTo(90);
		assertThat(all.get("last_review_at").asString()).isEqualTo("2026-02-01");
		assertThat(all.get("next_review_at").asString()).isEqualTo("2026-05-02");
		assertThat(all.get("tags").toString()).isEqualTo("[\"b\",\"c\"]");
		assertThat(all.get("description").asString()).isEqualTo("Texto");

		JsonNode cleared = patch(id, "{\"review_cycle_days\":null,\"tags\":[],\"description\":null}");
		assertThat(cleared.get("review_cycle_days").asInt()).isEqualTo(365);
		assertThat(cleared.get("last_review_at").asString()).isEqualTo("2026-02-01");
		assertThat(cleared.get("next_review_at").asString()).isEqualTo("2027-02-01");
		assertThat(cleared.get("tags").size()).isZero();
		assertThat(cleared.get("description").asString()).isEmpty();
	}

	@Test
	void aRejectedPatchChangesNothing() {
		long id = createId(",\"review_cycle_days\":30,\"last_review_at\":\"2026-01-01\"");
		JsonNode before = read(id);
		for (String bad : List.of("{\"title\":\"\"}", "{\"title\":null}", "{\"owner\":\"ok\",\"review_cycle_days\":0}",
				"{\"description\":\"ok\",\"tags\":[\"\"]}", "{\"last_review_at\":\"2026-02-30\"}",
				"{\"status\":\"approved\"}", "{\"status\":\"obsolete\",\"title\":\"changed\"}", "[1]", "{\"title\":")) {
			Response refused = this.api.patch(path(id), bad);
			assertThat(refused.status()).as(bad).isBetween(400, 409);
			assertThat(refused.contentType()).as(bad).startsWith("application/problem+json");
		}
		assertThat(read(id)).isEqualTo(before);
		assertThat(this.api.get(path(id) + "history/").json().size()).isEqualTo(1);
	}

	@Test
	void aPatchThatChangesNothingWritesNothing() {
		JsonNode original = create(",\"tags\":[\"x\"]");
		long id = original.get("id").asLong();
		String etag = this.api.get(path(id)).header("ETag").orElseThrow();
		JsonNode same = patch(id, original.toString());
		assertThat(same).isEqualTo(original);
		assertThat(this.api.get(path(id)).header("ETag")).contains(etag);
		assertThat(this.api.get(path(id) + "history/").json().size()).isEqualTo(1);
	}

	@Test
	void unknownDocumentsAre404() {
		for (Response response : List.of(this.api.get(path(999_999_999)),
				this.api.patch(path(999_999_999), "{\"title\":\"x\"}"), this.api.delete(path(999_999_999)),
				this.api.get(path(999_999_999) + "history/"), this.api.get(path(999_999_999) + "file/"),
				this.api.get(BASE + "abc/"), this.api.get(BASE + "0/"))) {
			assertThat(response.status()).as(response.toString()).isEqualTo(404);
			assertThat(response.contentType()).startsWith("application/problem+json");
		}
	}

	@Test
	void servesPathsWithAndWithoutTheFinalSlash() {
		long id = createId("");
		assertThat(this.api.get(BASE + id).json()).isEqualTo(this.api.get(path(id)).json());
		assertThat(this.api.get("/api/process-documents").status()).isEqualTo(200);
		Response created = this.api.post("/api/process-documents", body(unique("sem barra"), ""));
		assertThat(created.status()).isEqualTo(201);
	}

	@Test
	void staleIfMatchIsRefused() {
		long id = createId("");
		String etag = this.api.get(path(id)).header("ETag").orElseThrow();
		assertThat(
				this.api.send("PATCH", path(id), "{\"owner\":\"one\"}", "application/json", "If-Match", etag).status())
			.isEqualTo(200);
		Response stale = this.api.send("PATCH", path(id), "{\"owner\":\"two\"}", "application/json", "If-Match", etag);
		assertThat(stale.status()).isEqualTo(412);
		assertThat(read(id).get("owner").asString()).isEqualTo("one");
	}

	@Test
	void concurrentPatchesOfDifferentFieldsAreAllKept() throws Exception {
		long id = createId("");
		ExecutorService pool = Executors.newFixedThreadPool(8);
		try {
			List<CompletableFuture<Response>> patches = new ArrayList<>();
			for (int i = 0; i < 8; i++) {
				String owner = "{\"owner\":\"O" + i + "\"}";
				String description = "{\"description\":\"D" + i + "\"}";
				patches.add(CompletableFuture.supplyAsync(() -> this.api.patch(path(id), owner), pool));
				patches.add(CompletableFuture.supplyAsync(() -> this.api.patch(path(id), description), pool));
			}
			for (CompletableFuture<Response> patch : patches) {
				assertThat(patch.get().status()).isEqualTo(200);
			}
		}
		finally {
			pool.shutdown();
		}
		JsonNode document = read(id);
		assertThat(document.get("owner").asString()).startsWith("O");
		assertThat(document.get("description").asString()).startsWith("D");
		assertThat(this.api.get(path(id) + "history/").json().size()).isEqualTo(17);
	}

	@Test
	void textIsStoredVerbatim() {
		String title = "Instrução 😀 \\\"aspas\\\" '; DROP TABLE processdocs_document; --";
		Response created = this.api.post(BASE, body(title, ",\"tags\":[\"ação\"]"));
		assertThat(created.status()).isEqualTo(201);
		JsonNode document = read(created.id());
		assertThat(document.get("title").asString()).isEqualTo(title.replace("\\\"", "\""));
		assertThat(document.get("tags").get(0).asString()).isEqualTo("ação");
	}

	@Test
	void garbageNeverProducesA5xx() {
		long id = createId("");
		String[] bodies = { "", "null", "true", "\"text\"", "[]", "{\"title\":{\"a\":1}}", "{\"tags\":[[1]]}",
				"{\"tags\":{}}", "{\"review_cycle_days\":99999999999999999999}", "{\"review_cycle_days\":1e3}",
				"{\"last_review_at\":\"-0001-01-01\"}", "{\"last_review_at\":20260101}", "{\"status\":[\"draft\"]}",
				"{\"title\":\"x\"}}", "\u00ff\u00fe" };
		for (String body : bodies) {
			assertThat(this.api.post(BASE, body).status()).as(body).isBetween(400, 499);
			assertThat(this.api.patch(path(id), body).status()).as(body).isBetween(400, 499);
		}
		assertThat(this.api.send("PATCH", path(id), "a=%zz\u00ff", "application/x-www-form-urlencoded").status())
			.isEqualTo(415);
	}

	@Test
	void everyEndpointNeedsItsPermission() {
		long id = createId("");
		Api nobody = signedInWith("fins.records.view");
		Api viewer = signedInWith("processdocs.documents.view");
		for (Response response : List.of(nobody.get(BASE), nobody.get(path(id)), nobody.get(path(id) + "history/"),
				nobody.get(path(id) + "file/"), viewer.post(BASE, body(unique("x"), "")),
				viewer.patch(path(id), "{\"owner\":\"x\"}"), viewer.delete(path(id)),
				viewer.sendBytes("PUT", path(id) + "file/?file_name=a.txt", new byte[] { 1 }, "text/plain"),
				viewer.delete(path(id) + "file/"))) {
			assertThat(response.status()).as(response.toString()).isEqualTo(403);
			assertThat(response.contentType()).startsWith("application/problem+json");
		}
		assertThat(viewer.get(BASE).status()).isEqualTo(200);
		assertThat(viewer.get(path(id)).status()).isEqualTo(200);
		assertThat(viewer.get(path(id) + "history/").status()).isEqualTo(200);
		assertThat(this.api.as(null).get(BASE).status()).isEqualTo(401);
		assertThat(read(id).get("owner").asString()).isEqualTo("Ana Souza");
	}

}
