package br.suite.customers;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import org.junit.jupiter.api.Test;

import br.suite.Api;
import br.suite.Api.Response;
import br.suite.ApiTest;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;

class CustomerApiTests extends ApiTest {

	static final String DATE_TIME = "\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z";

	static final List<String> FIELDS = List.of("id", "nome", "email", "telefone", "documento", "ativo", "created_at",
			"updated_at");

	static String query(String text) {
		return URLEncoder.encode(text, StandardCharsets.UTF_8);
	}

	Response create(Object... pairs) {
		return this.api.post("/api/clientes/", json(pairs));
	}

	long created(Object... pairs) {
		Response response = create(pairs);
		assertThat(response.status()).as(response.toString()).isEqualTo(201);
		return response.id();
	}

	JsonNode read(long id) {
		Response response = this.api.get("/api/clientes/" + id + "/");
		assertThat(response.status()).as(response.toString()).isEqualTo(200);
		return response.json();
	}

	List<String> names(Response list) {
		assertThat(list.status()).as(list.toString()).isEqualTo(200);
		assertThat(list.json().isArray()).isTrue();
		List<String> names = new ArrayList<>();
		list.json().forEach(cliente -> names.add(cliente.get("nome").asString()));
		return names;
	}

	@Test
	void createsACustomerWithAnAlphanumericCnpjTypedInLowerCaseWithItsMask() {
		String cnpj = Documents.cnpj();
		Response response = create("nome", "  Padaria Pão de Mel Ltda  ", "email", " compras@paodemel.com.br ",
				"telefone", " (11) 98765-4321 ", "documento", Documents.typed(cnpj));
		assertThat(response.status()).as(response.toString()).isEqualTo(201);
		assertThat(response.contentType()).startsWith("application/json");
		JsonNode cliente = response.json();
		long id = cliente.get("id").asLong();
		assertThat(response.header("Location"))
			.hasValueSatisfying(l -> assertThat(l).endsWith("/api/clientes/" + id + "/"));
		assertThat(response.header("ETag")).isPresent();
		assertThat(cliente.propertyNames()).containsExactlyInAnyOrderElementsOf(FIELDS);
		assertThat(cliente.get("id").isIntegralNumber()).isTrue();
		assertThat(cliente.get("nome").asString()).isEqualTo("Padaria Pão de Mel Ltda");
		assertThat(cliente.get("email").asString()).isEqualTo("compras@paodemel.com.br");
		assertThat(cliente.get("telefone").asString()).isEqualTo("+5511987654321");
		assertThat(cliente.get("documento").asString()).isEqualTo(cnpj).matches("[0-9A-Z]{12}[0-9]{2}");
		assertThat(cliente.get("ativo").isBoolean()).isTrue();
		assertThat(cliente.get("ativo").asBoolean()).isTrue();
		assertThat(cliente.get("created_at").asString()).matches(DATE_TIME);
		assertThat(cliente.get("updated_at").asString()).isEqualTo(cliente.get("created_at").asString());

		Response read = this.api.get("/api/clientes/" + id + "/");
		assertThat(read.status()).isEqualTo(200);
		assertThat(read.json()).isEqualTo(cliente);
		assertThat(read.header("ETag")).isEqualTo(response.header("ETag"));
		assertThat(this.api.get("/api/clientes/" + id).json()).isEqualTo(cliente);
	}

	@Test
	void acceptsCpfsAndNumericCnpjsWithOrWithoutPunctuation() {
		String cpf = Documents.cpf();
		assertThat(read(created("nome", "Ana Souza", "documento", Documents.typed(cpf))).get("documento").asString())
			.isEqualTo(cpf);
		String otherCpf = Documents.cpf();
		assertThat(read(created("nome", "Bia Souza", "documento", otherCpf)).get("documento").asString())
			.isEqualTo(otherCpf);
		String numeric = Documents.numericCnpj();
		Response cnpj = create("nome", "Numérica SA", "documento", Documents.typed(numeric));
		assertThat(cnpj.status()).as(cnpj.toString()).isEqualTo(201);
		assertThat(cnpj.json().get("documento").asString()).isEqualTo(numeric);
	}

	@Test
	void optionalFieldsTakeTheirDefaultsWhetherAbsentOrNull() {
		JsonNode absent = create("nome", "Só o nome").json();
		assertThat(absent.propertyNames()).containsExactlyInAnyOrderElementsOf(FIELDS);
		assertThat(absent.get("email").asString()).isEmpty();
		assertThat(absent.get("telefone").asString()).isEmpty();
		assertThat(absent.get("documento").asString()).isEmpty();
		assertThat(absent.get("ativo").asBoolean()).isTrue();

		JsonNode nulls = create("nome", "Nulos", "email", null, "telefone", null, "documento", null, "ativo", null)
			.json();
		assertThat(nulls.get("email").asString()).isEmpty();
		assertThat(nulls.get("telefone").asString()).isEmpty();
		assertThat(nulls.get("documento").asString()).isEmpty();
		assertThat(nulls.get("ativo").asBoolean()).isTrue();

		// Many customers may have no document: "" is not a duplicate.
		assertThat(create("nome", "Vazio", "documento", "").status()).isEqualTo(201);
		assertThat(create("nome", "Vazio", "documento", "  ").status()).isEqualTo(201);
		assertThat(create("nome", "Inativo", "ativo", false).json().get("ativo").asBoolean()).isFalse();
	}

	@Test
	void refusesInvalidCustomersNamingTheFieldAndCreatesNothing() {
		String marker = unique("recusado");
		Map<String, String[]> invalid = new LinkedHashMap<>();
		invalid.put("nome", new String[] { json("email", marker + "@x.com.br"), json("nome", "   "),
				json("nome", "x".repeat(201)), json("nome", null), json("nome", 5), json("nome", "a\u0000b") });
		invalid.put("email",
				new String[] { json("nome", marker, "email", "not-an-email"), json("nome", marker, "email", "a@b@c"),
						json("nome", marker, "email", "x".repeat(250) + "@x.com"), json("nome", marker, "email", 7) });
		invalid.put("telefone", new String[] { json("nome", marker, "telefone", "(11) 88765-4321"),
				json("nome", marker, "telefone", "abc"), json("nome", marker, "telefone", "(20) 3333-4444"),
				json("nome", marker, "telefone", "+1 555"), json("nome", marker, "telefone", "1234567"),
				json("nome", marker, "telefone", "12345678901234"), json("nome", marker, "telefone", "55+11987654321"),
				json("nome", marker, "telefone", "98765432"), json("nome", marker, "telefone", 11987654321L) });
		invalid.put("documento", new String[] { json("nome", marker, "documento", Documents.mistyped(Documents.cnpj())),
				json("nome", marker, "documento", Documents.mistyped(Documents.cpf())),
				json("nome", marker, "documento", "123"), json("nome", marker, "documento", "111.111.111-11"),
				json("nome", marker, "documento", "00.000.000/0000-00"),
				json("nome", marker, "documento", "12.ABC.345/01DE-3A"),
				json("nome", marker, "documento", "12ABC34501DE35X"),
				json("nome", marker, "documento", "1".repeat(100)), json("nome", marker, "documento", 12345678909L) });
		invalid.put("ativo", new String[] { json("nome", marker, "ativo", "sim"), json("nome", marker, "ativo", 1) });
		invalid.forEach((field, bodies) -> {
			for (String body : bodies) {
				Response refused = this.api.post("/api/clientes/", body);
				assertThat(refused.status()).as(body).isEqualTo(400);
				assertThat(refused.contentType()).startsWith("application/problem+json");
				assertThat(refused.json().get("errors").has(field)).as(body + " → " + refused.body()).isTrue();
			}
		});
		Response checkDigits = create("nome", marker, "documento", Documents.mistyped(Documents.cnpj()));
		assertThat(checkDigits.json().get("errors").get("documento").get(0).asString()).contains("check digits");
		assertThat(names(this.api.get("/api/clientes/?q=" + marker))).isEmpty();
		assertThat(names(this.api.get("/api/clientes/?q=" + query(marker + "@x.com.br")))).isEmpty();
	}

	@Test
	void acceptsPhoneNumbersWithTheirMasksAndStoresThemInE164() {
		String[][] cases = { { "(21) 3333-4444", "+552133334444" }, { "11987654321", "+5511987654321" },
				{ "1133334444", "+551133334444" }, { "+55 (11) 98765-4321", "+5511987654321" },
				{ "55 21 3333.4444", "+552133334444" }, { "+551133334444", "+551133334444" },
				{ "+1 (415) 555-0123", "+14155550123" } };
		for (String[] c : cases) {
			Response created = create("nome", "Fone", "telefone", " " + c[0] + " ");
			assertThat(created.status()).as(c[0] + " " + created.body()).isEqualTo(201);
			assertThat(created.json().get("telefone").asString()).isEqualTo(c[1]);
			assertThat(this.api.get("/api/clientes/" + created.id() + "/").json().get("telefone").asString())
				.isEqualTo(c[1]);
		}
		long id = created("nome", "Fone trocado", "telefone", "(21) 3333-4444");
		Response changed = this.api.patch("/api/clientes/" + id + "/", json("telefone", "(21) 99876-5432"));
		assertThat(changed.json().get("telefone").asString()).isEqualTo("+5521998765432");
		Response refused = this.api.patch("/api/clientes/" + id + "/", json("telefone", "(21) 1234-5678"));
		assertThat(refused.status()).isEqualTo(400);
		assertThat(refused.json().get("errors").has("telefone")).isTrue();
		assertThat(this.api.get("/api/clientes/" + id + "/").json().get("telefone").asString())
			.isEqualTo("+5521998765432");
	}

	@Test
	void aDocumentBelongsToOneCustomerAndTheConflictNamesIt() {
		String cnpj = Documents.cnpj();
		long first = created("nome", "Primeira", "documento", cnpj);
		Response again = create("nome", "Segunda", "documento", Documents.typed(cnpj));
		assertThat(again.status()).isEqualTo(409);
		assertThat(again.contentType()).startsWith("application/problem+json");
		assertThat(again.json().get("field").asString()).isEqualTo("documento");
		assertThat(again.json().get("existing_id").asLong()).isEqualTo(first);
		assertThat(again.json().get("detail").asString()).contains(String.valueOf(first));
		assertThat(names(this.api.get("/api/clientes/?q=" + cnpj))).containsExactly("Primeira");

		String cpf = Documents.cpf();
		long other = created("nome", "Outra", "documento", cpf);
		JsonNode before = read(other);
		Response patched = this.api.patch("/api/clientes/" + other + "/",
				json("documento", cnpj.toLowerCase(), "nome", "Mudou"));
		assertThat(patched.status()).isEqualTo(409);
		assertThat(patched.json().get("existing_id").asLong()).isEqualTo(first);
		Response put = this.api.put("/api/clientes/" + other + "/", json("nome", "Mudou", "documento", cnpj));
		assertThat(put.status()).isEqualTo(409);
		assertThat(read(other)).isEqualTo(before);

		// A customer keeps its own document, however it is typed.
		Response same = this.api.put("/api/clientes/" + first + "/",
				json("nome", "Primeira Ltda", "documento", Documents.typed(cnpj)));
		assertThat(same.status()).as(same.toString()).isEqualTo(200);
		assertThat(same.json().get("documento").asString()).isEqualTo(cnpj);
	}

	@Test
	void concurrentRegistrationsOfOneDocumentLeaveOneCustomerAndNameIt() throws Exception {
		String cnpj = Documents.cnpj();
		List<Response> responses = concurrently(10, i -> create("nome", "Corrida " + i, "documento", cnpj));
		List<Response> createdOnes = responses.stream().filter(r -> r.status() == 201).toList();
		assertThat(createdOnes).hasSize(1);
		long winner = createdOnes.get(0).id();
		for (Response response : responses) {
			if (response.status() != 201) {
				assertThat(response.status()).as(response.toString()).isEqualTo(409);
				assertThat(response.json().get("existing_id").asLong()).isEqualTo(winner);
			}
		}
		assertThat(this.api.get("/api/clientes/?q=" + cnpj).json().size()).isEqualTo(1);
	}

	@Test
	void fiftyConcurrentCreationsAllLandWithDistinctIds() throws Exception {
		String marker = unique("lote");
		List<Response> responses = concurrently(50,
				i -> create("nome", marker + " " + i, "documento", i % 2 == 0 ? Documents.cnpj() : Documents.cpf()));
		Set<Long> ids = new HashSet<>();
		for (Response response : responses) {
			assertThat(response.status()).as(response.toString()).isEqualTo(201);
			ids.add(response.id());
		}
		assertThat(ids).hasSize(50);
		Response listed = this.api.get("/api/clientes/?q=" + marker + "&limit=1");
		assertThat(listed.header("X-Total-Count")).contains("50");
		for (Response response : responses) {
			assertThat(read(response.id())).isEqualTo(response.json());
		}
	}

	@Test
	void listsABareArrayOrderedByNameIgnoringCaseAndAccentsThenId() {
		String marker = unique("ordem");
		long zeca = created("nome", "Zeca " + marker);
		long alvaroAccent = created("nome", "Álvaro " + marker);
		long bruno = created("nome", "bruno " + marker);
		long alvaro = created("nome", "alvaro " + marker);
		Response list = this.api.get("/api/clientes/?q=" + marker);
		assertThat(names(list)).containsExactly("Álvaro " + marker, "alvaro " + marker, "bruno " + marker,
				"Zeca " + marker);
		List<Long> ids = new ArrayList<>();
		list.json().forEach(c -> ids.add(c.get("id").asLong()));
		assertThat(ids).containsExactly(alvaroAccent, alvaro, bruno, zeca);
		list.json().forEach(c -> assertThat(c.propertyNames()).containsExactlyInAnyOrderElementsOf(FIELDS));
		assertThat(list.header("X-Total-Count")).isEmpty();
		assertThat(this.api.get("/api/clientes").body()).isEqualTo(this.api.get("/api/clientes/").body());
	}

	@Test
	void searchesNameEmailAndDocumentIgnoringCaseAndAccents() {
		String marker = unique("busca");
		String cnpj = Documents.cnpj();
		long joao = created("nome", "João Conceição " + marker, "email", "financeiro@" + marker + ".com.br",
				"documento", cnpj);
		long other = created("nome", "Maria " + marker, "email", "Maria@Exemplo.com.br");

		assertThat(names(this.api.get("/api/clientes/?q=" + query("JOAO CONCEICAO " + marker)))).hasSize(1);
		assertThat(names(this.api.get("/api/clientes/?q=" + query("conceição")))).contains("João Conceição " + marker);
		assertThat(ids(this.api.get("/api/clientes/?q=" + query("FINANCEIRO@" + marker.toUpperCase()))))
			.containsExactly(joao);
		assertThat(ids(this.api.get("/api/clientes/?q=" + query("maria@exemplo")))).contains(other);
		assertThat(ids(this.api.get("/api/clientes/?q=" + query(Documents.typed(cnpj).substring(0, 10)))))
			.contains(joao);
		assertThat(ids(this.api.get("/api/clientes/?q=" + cnpj.toLowerCase()))).containsExactly(joao);
		assertThat(ids(this.api.get("/api/clientes/?q=" + query(marker + "%")))).isEmpty();
		assertThat(ids(this.api.get("/api/clientes/?q=" + query(marker.replace('-', '_'))))).isEmpty();
		assertThat(ids(this.api.get("/api/clientes/?q=" + query("  " + marker + "  ")))).containsExactly(joao, other);
	}

	List<Long> ids(Response list) {
		assertThat(list.status()).as(list.toString()).isEqualTo(200);
		List<Long> ids = new ArrayList<>();
		list.json().forEach(c -> ids.add(c.get("id").asLong()));
		return ids;
	}

	@Test
	void filtersByAtivoAndPagesWithTotalCount() {
		String marker = unique("pagina");
		long a = created("nome", marker + " a");
		long b = created("nome", marker + " b", "ativo", false);
		long c = created("nome", marker + " c");
		long d = created("nome", marker + " d");
		assertThat(ids(this.api.get("/api/clientes/?q=" + marker + "&ativo=true"))).containsExactly(a, c, d);
		assertThat(ids(this.api.get("/api/clientes/?q=" + marker + "&ativo=false"))).containsExactly(b);

		Response page = this.api.get("/api/clientes/?q=" + marker + "&limit=2&offset=1");
		assertThat(ids(page)).containsExactly(b, c);
		assertThat(page.header("X-Total-Count")).contains("4");
		Response tail = this.api.get("/api/clientes/?q=" + marker + "&ativo=true&offset=2");
		assertThat(ids(tail)).containsExactly(d);
		assertThat(tail.header("X-Total-Count")).contains("3");

		for (String bad : new String[] { "ativo=sim", "limit=0", "limit=1001", "offset=-1", "limit=x", "q=a%00b" }) {
			Response refused = this.api.get("/api/clientes/?" + bad);
			assertThat(refused.status()).as(bad).isEqualTo(400);
			assertThat(refused.json().get("errors").has(bad.substring(0, bad.indexOf('=')))).as(bad).isTrue();
		}
	}

	@Test
	void putReplacesEveryWritableFieldAndPatchOnlyTheFieldsSent() {
		String cpf = Documents.cpf();
		long id = created("nome", "Completo", "email", "a@b.com.br", "telefone", "+5511987654321", "documento", cpf,
				"ativo", true);
		JsonNode original = read(id);

		Response patched = this.api.patch("/api/clientes/" + id + "/",
				json("telefone", "+551133334444", "id", 999, "created_at", "2000-01-01T00:00:00.000Z"));
		assertThat(patched.status()).as(patched.toString()).isEqualTo(200);
		JsonNode afterPatch = patched.json();
		assertThat(afterPatch.get("id").asLong()).isEqualTo(id);
		assertThat(afterPatch.get("telefone").asString()).isEqualTo("+551133334444");
		assertThat(afterPatch.get("nome").asString()).isEqualTo("Completo");
		assertThat(afterPatch.get("email").asString()).isEqualTo("a@b.com.br");
		assertThat(afterPatch.get("documento").asString()).isEqualTo(cpf);
		assertThat(afterPatch.get("ativo").asBoolean()).isTrue();
		assertThat(afterPatch.get("created_at")).isEqualTo(original.get("created_at"));
		assertThat(afterPatch.get("updated_at").asString()).isGreaterThan(original.get("updated_at").asString());
		assertThat(read(id)).isEqualTo(afterPatch);

		Response deactivated = this.api.patch("/api/clientes/" + id + "/", json("ativo", false));
		assertThat(deactivated.json().get("ativo").asBoolean()).isFalse();
		assertThat(deactivated.json().get("telefone").asString()).isEqualTo("+551133334444");

		Response put = this.api.put("/api/clientes/" + id + "/", json("nome", "  Só nome  "));
		assertThat(put.status()).as(put.toString()).isEqualTo(200);
		JsonNode replaced = put.json();
		assertThat(replaced.propertyNames()).containsExactlyInAnyOrderElementsOf(FIELDS);
		assertThat(replaced.get("nome").asString()).isEqualTo("Só nome");
		assertThat(replaced.get("email").asString()).isEmpty();
		assertThat(replaced.get("telefone").asString()).isEmpty();
		assertThat(replaced.get("documento").asString()).isEmpty();
		assertThat(replaced.get("ativo").asBoolean()).isTrue();
		assertThat(read(id)).isEqualTo(replaced);

		// The document it gave up is free again.
		assertThat(create("nome", "Herdeira", "documento", cpf).status()).isEqualTo(201);
	}

	@Test
	void refusedUpdatesChangeNothing() {
		long id = created("nome", "Intocado", "email", "i@x.com.br", "telefone", "11987654321");
		JsonNode before = read(id);
		String[][] refusals = { { "PATCH", json("nome", null), "nome" }, { "PATCH", json("nome", ""), "nome" },
				{ "PATCH", json("email", "x", "telefone", "1"), "email" },
				{ "PATCH", json("telefone", "abc", "nome", "Novo"), "telefone" },
				{ "PATCH", json("documento", "123.456.789-00", "nome", "Novo"), "documento" },
				{ "PATCH", json("ativo", "false"), "ativo" }, { "PUT", json("email", "i@x.com.br"), "nome" },
				{ "PUT", json("nome", "Novo", "documento", "ABC"), "documento" } };
		for (String[] refusal : refusals) {
			Response response = this.api.send(refusal[0], "/api/clientes/" + id + "/", refusal[1], "application/json");
			assertThat(response.status()).as(refusal[1]).isEqualTo(400);
			assertThat(response.json().get("errors").has(refusal[2])).as(response.body()).isTrue();
		}
		assertThat(this.api.patch("/api/clientes/" + id + "/", "[1]").status()).isEqualTo(400);
		assertThat(this.api.patch("/api/clientes/" + id + "/", "{\"nome\":").status()).isEqualTo(400);
		assertThat(read(id)).isEqualTo(before);
	}

	@Test
	void deletesACustomerAndUnknownIdsAre404() {
		long id = created("nome", "Passageiro");
		Response deleted = this.api.delete("/api/clientes/" + id + "/");
		assertThat(deleted.status()).isEqualTo(204);
		assertThat(deleted.body()).isEmpty();
		for (String method : new String[] { "GET", "DELETE" }) {
			Response gone = this.api.send(method, "/api/clientes/" + id + "/", null, null);
			assertThat(gone.status()).as(method).isEqualTo(404);
			assertThat(gone.contentType()).startsWith("application/problem+json");
		}
		assertThat(this.api.put("/api/clientes/" + id + "/", json("nome", "x")).status()).isEqualTo(404);
		assertThat(this.api.patch("/api/clientes/" + id + "/", json("nome", "x")).status()).isEqualTo(404);
		assertThat(this.api.get("/api/clientes/abc/").status()).isEqualTo(404);
		assertThat(this.api.get("/api/clientes/0/").status()).isEqualTo(404);
	}

	@Test
	void staleIfMatchIsRefusedAndTheRecordKept() {
		long id = created("nome", "Etag");
		String etag = this.api.get("/api/clientes/" + id + "/").header("ETag").orElseThrow();
		assertThat(this.api
			.send("PATCH", "/api/clientes/" + id + "/", json("nome", "Um"), "application/json", "If-Match", etag)
			.status()).isEqualTo(200);
		Response stale = this.api.send("PUT", "/api/clientes/" + id + "/", json("nome", "Dois"), "application/json",
				"If-Match", etag);
		assertThat(stale.status()).isEqualTo(412);
		assertThat(read(id).get("nome").asString()).isEqualTo("Um");
	}

	@Test
	void concurrentPatchesOfDifferentFieldsAreAllKept() throws Exception {
		long id = created("nome", "Disputado");
		concurrently(20,
				i -> this.api.patch("/api/clientes/" + id + "/",
						i % 2 == 0 ? json("email", "e" + i + "@x.com.br") : json("telefone", "1198765432" + (i % 10))))
			.forEach(r -> assertThat(r.status()).as(r.toString()).isEqualTo(200));
		JsonNode cliente = read(id);
		assertThat(cliente.get("email").asString()).endsWith("@x.com.br");
		assertThat(cliente.get("telefone").asString()).startsWith("+551198765432");
	}

	@Test
	void everyEndpointChecksItsPermission() {
		long id = created("nome", "Protegido");
		Api viewer = signedInWith("customers.clientes.view");
		assertThat(viewer.get("/api/clientes/").status()).isEqualTo(200);
		assertThat(viewer.get("/api/clientes/" + id + "/").status()).isEqualTo(200);
		assertThat(viewer.post("/api/clientes/", json("nome", "Não")).status()).isEqualTo(403);
		assertThat(viewer.put("/api/clientes/" + id + "/", json("nome", "Não")).status()).isEqualTo(403);
		assertThat(viewer.patch("/api/clientes/" + id + "/", json("nome", "Não")).status()).isEqualTo(403);
		assertThat(viewer.delete("/api/clientes/" + id + "/").status()).isEqualTo(403);

		Api editor = signedInWith("customers.clientes.change");
		assertThat(editor.get("/api/clientes/").status()).isEqualTo(403);
		assertThat(editor.get("/api/clientes/" + id + "/").status()).isEqualTo(403);
		Response made = editor.post("/api/clientes/", json("nome", "Sim"));
		assertThat(made.status()).isEqualTo(201);
		assertThat(editor.patch("/api/clientes/" + made.id() + "/", json("ativo", false)).status()).isEqualTo(200);
		assertThat(editor.delete("/api/clientes/" + made.id() + "/").status()).isEqualTo(204);

		Response anonymous = this.api.as(null).get("/api/clientes/");
		assertThat(anonymous.status()).isEqualTo(401);
		assertThat(anonymous.header("WWW-Authenticate")).contains("Token");
		assertThat(read(id).get("nome").asString()).isEqualTo("Protegido");
	}

	@Test
	void theOpenApiDescriptionNamesEachPermission() {
		JsonNode openApi = this.api.as(null).get("/api/schema/").json();
		assertThat(openApi.at("/paths/~1api~1clientes/get/x-permission").asString())
			.isEqualTo("customers.clientes.view");
		assertThat(openApi.at("/paths/~1api~1clientes/post/x-permission").asString())
			.isEqualTo("customers.clientes.change");
		for (String method : new String[] { "put", "patch", "delete" }) {
			assertThat(openApi.at("/paths/~1api~1clientes~1{id}/" + method + "/x-permission").asString()).as(method)
				.isEqualTo("customers.clientes.change");
		}
		assertThat(openApi.at("/components/schemas/ClienteResponse/properties").propertyNames())
			.containsExactlyInAnyOrderElementsOf(FIELDS);
	}

	/**
	 * Runs {@code count} requests at once (released together) and returns their responses
	 * in order.
	 */
	List<Response> concurrently(int count, java.util.function.IntFunction<Response> request) throws Exception {
		ExecutorService pool = Executors.newFixedThreadPool(count);
		CountDownLatch start = new CountDownLatch(1);
		try {
			List<CompletableFuture<Response>> futures = new ArrayList<>();
			for (int i = 0; i < count; i++) {
				int n = i;
				futures.add(CompletableFuture.supplyAsync(() -> {
					try {
						start.await();
					}
					catch (InterruptedException ex) {
						Thread.currentThread().interrupt();
						throw new IllegalStateException(ex);
					}
					return request.apply(n);
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
