package br.suite.fins;

import java.time.LocalDate;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Supplier;

import org.junit.jupiter.api.Test;

import br.suite.Api;
import br.suite.Api.Response;
import br.suite.ApiTest;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;

class FinsApiTests extends ApiTest {

	static final String DATE_TIME = "\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z";

	static final List<String> FIELDS = List.of("id", "cliente", "titulo", "descricao", "data_limite", "concluido",
			"created_at", "updated_at");

	static final ZoneId SAO_PAULO = ZoneId.of("America/Sao_Paulo");

	long cliente() {
		Response cliente = this.api.post("/api/clientes/", json("nome", unique("Cliente")));
		assertThat(cliente.status()).as(cliente.toString()).isEqualTo(201);
		return cliente.id();
	}

	long record(long cliente, String titulo, Object dataLimite, boolean concluido) {
		Response created = this.api.post("/api/fins/",
				json("cliente", cliente, "titulo", titulo, "data_limite", dataLimite, "concluido", concluido));
		assertThat(created.status()).as(created.toString()).isEqualTo(201);
		return created.id();
	}

	JsonNode read(long id) {
		Response response = this.api.get("/api/fins/" + id + "/");
		assertThat(response.status()).as(response.toString()).isEqualTo(200);
		return response.json();
	}

	List<Long> ids(String query) {
		Response list = this.api.get("/api/fins/?" + query);
		assertThat(list.status()).as(list.toString()).isEqualTo(200);
		assertThat(list.json().isArray()).isTrue();
		List<Long> ids = new ArrayList<>();
		list.json().forEach(record -> ids.add(record.get("id").asLong()));
		return ids;
	}

	@Test
	void createsAndReadsARecordFieldByField() {
		long cliente = cliente();
		Response created = this.api.post("/api/fins/", json("cliente", cliente, "titulo", "  Renovar contrato  ",
				"descricao", "  Ligar para o João\nàs 10h 😀  ", "data_limite", "2026-12-15"));
		assertThat(created.status()).as(created.toString()).isEqualTo(201);
		JsonNode record = created.json();
		long id = record.get("id").asLong();
		assertThat(created.header("Location")).hasValueSatisfying(l -> assertThat(l).endsWith("/api/fins/" + id + "/"));
		assertThat(created.header("ETag")).isPresent();
		assertThat(record.propertyNames()).containsExactlyInAnyOrderElementsOf(FIELDS);
		assertThat(record.get("id").isIntegralNumber()).isTrue();
		assertThat(record.get("cliente").isIntegralNumber()).isTrue();
		assertThat(record.get("cliente").asLong()).isEqualTo(cliente);
		assertThat(record.get("titulo").asString()).isEqualTo("Renovar contrato");
		assertThat(record.get("descricao").asString()).isEqualTo("  Ligar para o João\nàs 10h 😀  ");
		assertThat(record.get("data_limite").asString()).isEqualTo("2026-12-15");
		assertThat(record.get("concluido").isBoolean()).isTrue();
		assertThat(record.get("concluido").asBoolean()).isFalse();
		assertThat(record.get("created_at").asString()).matches(DATE_TIME);
		assertThat(record.get("updated_at").asString()).isEqualTo(record.get("created_at").asString());

		Response read = this.api.get("/api/fins/" + id + "/");
		assertThat(read.status()).isEqualTo(200);
		assertThat(read.contentType()).startsWith("application/json");
		assertThat(read.json()).isEqualTo(record);
		assertThat(read.header("ETag")).isEqualTo(created.header("ETag"));
		assertThat(this.api.get("/api/fins/" + id).json()).isEqualTo(record);
	}

	@Test
	void optionalFieldsTakeTheirDefaults() {
		long cliente = cliente();
		JsonNode minimal = this.api.post("/api/fins/", json("cliente", cliente, "titulo", "Mínimo")).json();
		assertThat(minimal.propertyNames()).containsExactlyInAnyOrderElementsOf(FIELDS);
		assertThat(minimal.get("descricao").asString()).isEmpty();
		assertThat(minimal.get("data_limite").isNull()).isTrue();
		assertThat(minimal.get("concluido").asBoolean()).isFalse();
		JsonNode nulls = this.api
			.post("/api/fins/",
					json("cliente", cliente, "titulo", "Nulos", "descricao", null, "data_limite", null, "concluido",
							null))
			.json();
		assertThat(nulls.get("descricao").asString()).isEmpty();
		assertThat(nulls.get("data_limite").isNull()).isTrue();
		assertThat(nulls.get("concluido").asBoolean()).isFalse();
	}

	@Test
	void putReplacesEveryWritableField() {
		long cliente = cliente();
		long other = cliente();
		long id = this.api
			.post("/api/fins/",
					json("cliente", cliente, "titulo", "Original", "descricao", "texto", "data_limite", "2026-12-01",
							"concluido", true))
			.id();
		JsonNode original = read(id);

		Response full = this.api.put("/api/fins/" + id + "/", json("cliente", other, "titulo", "Trocado", "descricao",
				"novo texto", "data_limite", "2027-01-31", "concluido", false, "id", 1, "created_at", "x"));
		assertThat(full.status()).as(full.toString()).isEqualTo(200);
		JsonNode replaced = full.json();
		assertThat(replaced.get("id").asLong()).isEqualTo(id);
		assertThat(replaced.get("cliente").asLong()).isEqualTo(other);
		assertThat(replaced.get("titulo").asString()).isEqualTo("Trocado");
		assertThat(replaced.get("descricao").asString()).isEqualTo("novo texto");
		assertThat(replaced.get("data_limite").asString()).isEqualTo("2027-01-31");
		assertThat(replaced.get("concluido").asBoolean()).isFalse();
		assertThat(replaced.get("created_at")).isEqualTo(original.get("created_at"));
		assertThat(replaced.get("updated_at").asString()).isGreaterThan(original.get("updated_at").asString());
		assertThat(read(id)).isEqualTo(replaced);

		Response minimal = this.api.put("/api/fins/" + id + "/", json("cliente", cliente, "titulo", "Só título"));
		assertThat(minimal.status()).as(minimal.toString()).isEqualTo(200);
		assertThat(minimal.json().propertyNames()).containsExactlyInAnyOrderElementsOf(FIELDS);
		assertThat(minimal.json().get("cliente").asLong()).isEqualTo(cliente);
		assertThat(minimal.json().get("titulo").asString()).isEqualTo("Só título");
		assertThat(minimal.json().get("descricao").asString()).isEmpty();
		assertThat(minimal.json().get("data_limite").isNull()).isTrue();
		assertThat(minimal.json().get("concluido").asBoolean()).isFalse();
		assertThat(read(id)).isEqualTo(minimal.json());
	}

	@Test
	void patchChangesOnlyTheFieldsSent() {
		long cliente = cliente();
		long id = this.api
			.post("/api/fins/",
					json("cliente", cliente, "titulo", "Parcial", "descricao", "manter", "data_limite", "2026-12-20"))
			.id();
		Response done = this.api.patch("/api/fins/" + id + "/", json("concluido", true));
		assertThat(done.status()).as(done.toString()).isEqualTo(200);
		assertThat(done.json().get("concluido").asBoolean()).isTrue();
		assertThat(done.json().get("titulo").asString()).isEqualTo("Parcial");
		assertThat(done.json().get("descricao").asString()).isEqualTo("manter");
		assertThat(done.json().get("data_limite").asString()).isEqualTo("2026-12-20");
		assertThat(done.json().get("cliente").asLong()).isEqualTo(cliente);

		Response noDeadline = this.api.patch("/api/fins/" + id + "/", json("data_limite", null));
		assertThat(noDeadline.json().get("data_limite").isNull()).isTrue();
		assertThat(noDeadline.json().get("concluido").asBoolean()).isTrue();
		assertThat(read(id)).isEqualTo(noDeadline.json());
	}

	@Test
	void refusesInvalidRecordsNamingTheFieldAndChangesNothing() {
		long cliente = cliente();
		long id = this.api.post("/api/fins/", json("cliente", cliente, "titulo", "Firme", "data_limite", "2026-12-01"))
			.id();
		JsonNode before = read(id);
		List<Long> listed = ids("cliente=" + cliente);
		String[][] refusals = { { json("titulo", "Sem cliente"), "cliente" },
				{ json("cliente", 999_999_999_999L, "titulo", "Cliente inexistente"), "cliente" },
				{ json("cliente", -1, "titulo", "Negativo"), "cliente" },
				{ json("cliente", "1", "titulo", "Texto"), "cliente" }, { json("cliente", cliente), "titulo" },
				{ json("cliente", cliente, "titulo", "   "), "titulo" },
				{ json("cliente", cliente, "titulo", "x".repeat(201)), "titulo" },
				{ json("cliente", cliente, "titulo", "a\u0000b"), "titulo" },
				{ json("cliente", cliente, "titulo", "t", "descricao", "x".repeat(10_001)), "descricao" },
				{ json("cliente", cliente, "titulo", "t", "descricao", 5), "descricao" },
				{ json("cliente", cliente, "titulo", "t", "data_limite", "2024-02-30"), "data_limite" },
				{ json("cliente", cliente, "titulo", "t", "data_limite", "2026-13-01"), "data_limite" },
				{ json("cliente", cliente, "titulo", "t", "data_limite", "15/12/2026"), "data_limite" },
				{ json("cliente", cliente, "titulo", "t", "data_limite", "2026-12-15T10:00:00Z"), "data_limite" },
				{ json("cliente", cliente, "titulo", "t", "data_limite", "0026-12-15"), "data_limite" },
				{ json("cliente", cliente, "titulo", "t", "data_limite", ""), "data_limite" },
				{ json("cliente", cliente, "titulo", "t", "data_limite", 20261215), "data_limite" },
				{ json("cliente", cliente, "titulo", "t", "concluido", "true"), "concluido" } };
		for (String[] refusal : refusals) {
			for (String method : new String[] { "POST", "PUT" }) {
				String path = method.equals("POST") ? "/api/fins/" : "/api/fins/" + id + "/";
				Response response = this.api.send(method, path, refusal[0], "application/json");
				assertThat(response.status()).as(method + " " + refusal[0]).isEqualTo(400);
				assertThat(response.contentType()).startsWith("application/problem+json");
				assertThat(response.json().get("errors").has(refusal[1])).as(response.body()).isTrue();
			}
		}
		Response unknownCliente = this.api.patch("/api/fins/" + id + "/", json("cliente", 999_999_999_999L));
		assertThat(unknownCliente.status()).isEqualTo(400);
		assertThat(unknownCliente.json().get("errors").get("cliente").get(0).asString()).contains("999999999999");
		for (String patch : new String[] { json("titulo", null), json("cliente", null),
				json("data_limite", "2023-02-29"), json("concluido", 1) }) {
			assertThat(this.api.patch("/api/fins/" + id + "/", patch).status()).as(patch).isEqualTo(400);
		}
		assertThat(read(id)).isEqualTo(before);
		assertThat(ids("cliente=" + cliente)).isEqualTo(listed);
	}

	@Test
	void listsByDeadlineThenIdWithRecordsWithoutOneLast() {
		long cliente = cliente();
		long none = record(cliente, "sem prazo", null, false);
		long late = record(cliente, "dezembro", "2026-12-31", false);
		long early = record(cliente, "janeiro", "2026-01-05", true);
		long lateToo = record(cliente, "dezembro também", "2026-12-31", false);
		assertThat(ids("cliente=" + cliente)).containsExactly(early, late, lateToo, none);
		assertThat(ids("cliente=" + cliente + "&concluido=true")).containsExactly(early);
		assertThat(ids("cliente=" + cliente + "&concluido=false")).containsExactly(late, lateToo, none);
		// Both bounds are exclusive and a record without a deadline matches neither.
		assertThat(ids("cliente=" + cliente + "&due_before=2026-12-31")).containsExactly(early);
		assertThat(ids("cliente=" + cliente + "&due_after=2026-01-05")).containsExactly(late, lateToo);
		assertThat(ids("cliente=" + cliente + "&due_after=2026-01-04&due_before=2027-01-01")).containsExactly(early,
				late, lateToo);
		assertThat(ids("cliente=" + cliente + "&due_after=2026-12-31")).isEmpty();

		Response page = this.api.get("/api/fins/?cliente=" + cliente + "&limit=2&offset=1");
		assertThat(page.header("X-Total-Count")).contains("4");
		assertThat(page.json().size()).isEqualTo(2);
		assertThat(page.json().get(0).get("id").asLong()).isEqualTo(late);
		page.json().forEach(r -> assertThat(r.propertyNames()).containsExactlyInAnyOrderElementsOf(FIELDS));
		assertThat(ids("cliente=" + cliente())).isEmpty();
		assertThat(ids("cliente=999999999999")).isEmpty();
	}

	@Test
	void overdueMeansOpenWithADeadlineBeforeTodayInSaoPaulo() {
		LocalDate today = LocalDate.now(SAO_PAULO);
		long cliente = cliente();
		long yesterday = record(cliente, "ontem", today.minusDays(1).toString(), false);
		long lastMonth = record(cliente, "mês passado", today.minusMonths(1).toString(), false);
		long doneLate = record(cliente, "feito atrasado", today.minusDays(3).toString(), true);
		long dueToday = record(cliente, "hoje", today.toString(), false);
		long tomorrow = record(cliente, "amanhã", today.plusDays(1).toString(), false);
		long none = record(cliente, "sem prazo", null, false);
		List<Long> overdue = ids("cliente=" + cliente + "&overdue=true");
		List<Long> notOverdue = ids("cliente=" + cliente + "&overdue=false");
		if (!LocalDate.now(SAO_PAULO).equals(today)) {
			return; // Midnight passed in São Paulo while the test ran: "today" moved
					// under it.
		}
		assertThat(overdue).containsExactly(lastMonth, yesterday);
		assertThat(notOverdue).containsExactly(doneLate, dueToday, tomorrow, none);
		assertThat(ids("overdue=true")).contains(lastMonth, yesterday).doesNotContain(dueToday, doneLate, none);

		this.api.patch("/api/fins/" + yesterday + "/", json("concluido", true));
		assertThat(ids("cliente=" + cliente + "&overdue=true")).containsExactly(lastMonth);
	}

	@Test
	void refusesUnknownFilterValues() {
		for (String bad : new String[] { "overdue=talvez", "concluido=sim", "cliente=abc", "due_before=2024-02-30",
				"due_after=31/12/2026", "limit=0", "offset=-1" }) {
			Response refused = this.api.get("/api/fins/?" + bad);
			assertThat(refused.status()).as(bad).isEqualTo(400);
			assertThat(refused.contentType()).startsWith("application/problem+json");
			assertThat(refused.json().get("errors").has(bad.substring(0, bad.indexOf('=')))).as(refused.body())
				.isTrue();
		}
	}

	@Test
	void deletesARecord() {
		long cliente = cliente();
		long id = record(cliente, "efêmero", null, false);
		Response deleted = this.api.delete("/api/fins/" + id + "/");
		assertThat(deleted.status()).isEqualTo(204);
		assertThat(this.api.get("/api/fins/" + id + "/").status()).isEqualTo(404);
		assertThat(this.api.delete("/api/fins/" + id + "/").status()).isEqualTo(404);
		assertThat(this.api.put("/api/fins/" + id + "/", json("cliente", cliente, "titulo", "x")).status())
			.isEqualTo(404);
		assertThat(this.api.patch("/api/fins/" + id + "/", json("titulo", "x")).status()).isEqualTo(404);
		assertThat(this.api.get("/api/fins/abc/").status()).isEqualTo(404);
	}

	@Test
	void aCustomerWithFinsRecordsIsDeactivatedNotDeleted() {
		long cliente = cliente();
		long id = record(cliente, "pendência", "2026-12-01", false);
		Response refused = this.api.delete("/api/clientes/" + cliente + "/");
		assertThat(refused.status()).isEqualTo(409);
		assertThat(refused.contentType()).startsWith("application/problem+json");
		assertThat(refused.json().get("references").get("fins").asLong()).isEqualTo(1);
		assertThat(refused.json().get("detail").asString()).contains("ativo");
		assertThat(this.api.get("/api/clientes/" + cliente + "/").status()).isEqualTo(200);

		Response deactivated = this.api.patch("/api/clientes/" + cliente + "/", json("ativo", false));
		assertThat(deactivated.status()).isEqualTo(200);
		assertThat(deactivated.json().get("ativo").asBoolean()).isFalse();
		assertThat(read(id).get("cliente").asLong()).isEqualTo(cliente);

		// Moving the record to another customer frees the first one.
		long other = cliente();
		assertThat(this.api.patch("/api/fins/" + id + "/", json("cliente", other)).status()).isEqualTo(200);
		assertThat(this.api.delete("/api/clientes/" + cliente + "/").status()).isEqualTo(204);
		assertThat(this.api.delete("/api/clientes/" + other + "/").status()).isEqualTo(409);
		assertThat(this.api.delete("/api/fins/" + id + "/").status()).isEqualTo(204);
		assertThat(this.api.delete("/api/clientes/" + other + "/").status()).isEqualTo(204);
	}

	@Test
	void aRecordNeverOutlivesItsCustomerEvenWhenBothHappenAtOnce() throws Exception {
		for (int round = 0; round < 8; round++) {
			long cliente = cliente();
			List<Response> both = concurrently(
					List.of(() -> this.api.post("/api/fins/", json("cliente", cliente, "titulo", "corrida")),
							() -> this.api.delete("/api/clientes/" + cliente + "/")));
			Response record = both.get(0);
			Response delete = both.get(1);
			if (record.status() == 201) {
				assertThat(delete.status()).as(delete.toString()).isEqualTo(409);
				assertThat(this.api.get("/api/clientes/" + cliente + "/").status()).isEqualTo(200);
			}
			else {
				assertThat(record.status()).as(record.toString()).isEqualTo(400);
				assertThat(record.json().get("errors").has("cliente")).isTrue();
				assertThat(delete.status()).isEqualTo(204);
				assertThat(ids("cliente=" + cliente)).isEmpty();
			}
		}
	}

	@Test
	void staleIfMatchIsRefused() {
		long id = record(cliente(), "etag", null, false);
		String etag = this.api.get("/api/fins/" + id + "/").header("ETag").orElseThrow();
		assertThat(this.api
			.send("PATCH", "/api/fins/" + id + "/", json("titulo", "um"), "application/json", "If-Match", etag)
			.status()).isEqualTo(200);
		assertThat(this.api
			.send("PATCH", "/api/fins/" + id + "/", json("titulo", "dois"), "application/json", "If-Match", etag)
			.status()).isEqualTo(412);
		assertThat(read(id).get("titulo").asString()).isEqualTo("um");
	}

	@Test
	void everyEndpointChecksItsPermission() {
		long cliente = cliente();
		long id = record(cliente, "protegido", null, false);
		Api viewer = signedInWith("fins.records.view");
		assertThat(viewer.get("/api/fins/").status()).isEqualTo(200);
		assertThat(viewer.get("/api/fins/" + id + "/").status()).isEqualTo(200);
		assertThat(viewer.post("/api/fins/", json("cliente", cliente, "titulo", "não")).status()).isEqualTo(403);
		assertThat(viewer.put("/api/fins/" + id + "/", json("cliente", cliente, "titulo", "não")).status())
			.isEqualTo(403);
		assertThat(viewer.patch("/api/fins/" + id + "/", json("titulo", "não")).status()).isEqualTo(403);
		assertThat(viewer.delete("/api/fins/" + id + "/").status()).isEqualTo(403);
		assertThat(viewer.get("/api/clientes/").status()).isEqualTo(403);

		Api editor = signedInWith("fins.records.change");
		assertThat(editor.get("/api/fins/").status()).isEqualTo(403);
		assertThat(editor.get("/api/fins/" + id + "/").status()).isEqualTo(403);
		Response made = editor.post("/api/fins/", json("cliente", cliente, "titulo", "sim"));
		assertThat(made.status()).isEqualTo(201);
		assertThat(editor.put("/api/fins/" + made.id() + "/", json("cliente", cliente, "titulo", "sim!")).status())
			.isEqualTo(200);
		assertThat(editor.delete("/api/fins/" + made.id() + "/").status()).isEqualTo(204);
		assertThat(this.api.as(null).get("/api/fins/" + id + "/").status()).isEqualTo(401);
		assertThat(read(id).get("titulo").asString()).isEqualTo("protegido");

		JsonNode openApi = this.api.as(null).get("/api/schema/").json();
		assertThat(openApi.at("/paths/~1api~1fins/get/x-permission").asString()).isEqualTo("fins.records.view");
		assertThat(openApi.at("/paths/~1api~1fins~1{id}/get/x-permission").asString()).isEqualTo("fins.records.view");
		assertThat(openApi.at("/paths/~1api~1fins~1{id}/put/x-permission").asString()).isEqualTo("fins.records.change");
		assertThat(openApi.at("/components/schemas/FinsRecordResponse/properties").propertyNames())
			.containsExactlyInAnyOrderElementsOf(FIELDS);
	}

	/**
	 * Sends the requests at once (released together) and returns their responses in
	 * order.
	 */
	static List<Response> concurrently(List<Supplier<Response>> requests) throws Exception {
		ExecutorService pool = Executors.newFixedThreadPool(requests.size());
		CountDownLatch start = new CountDownLatch(1);
		try {
			List<CompletableFuture<Response>> futures = new ArrayList<>();
			for (Supplier<Response> request : requests) {
				futures.add(CompletableFuture.supplyAsync(() -> {
					try {
						start.await();
					}
					catch (InterruptedException ex) {
						Thread.currentThread().interrupt();
						throw new IllegalStateException(ex);
					}
					return request.get();
				}, pool));
			}
			start.countDown();
			List<Response> responses = new ArrayList<>();
			for (CompletableFuture<Response> future : futures) {
				responses.add(future.get());
			}
			return responses;
		}
		finally {
			pool.shutdownNow();
		}
	}

}
