package br.suite.customers;

import org.junit.jupiter.api.Test;

import br.suite.Api.Response;
import br.suite.ApiTest;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;

class FornecedorApiTests extends ApiTest {

	long category(String code) {
		for (JsonNode category : this.api.get("/api/finance/categories/?limit=1000").json()) {
			if (category.get("code").asString().equals(code)) {
				return category.get("id").asLong();
			}
		}
		throw new AssertionError(code);
	}

	@Test
	void createsASupplierWithAnAlphanumericCnpjAndADefaultCategory() {
		String cnpj = Documents.cnpj();
		long rent = category("4.4");
		Response created = this.api.post("/api/fornecedores/", json("nome", " Imobiliária Sol ", "documento",
				Documents.typed(cnpj), "telefone", "(11) 3333-4444", "default_category_id", rent));
		assertThat(created.status()).as(created.toString()).isEqualTo(201);
		JsonNode fornecedor = created.json();
		assertThat(fornecedor.propertyNames()).containsExactlyInAnyOrder("id", "nome", "email", "telefone", "documento",
				"ativo", "default_category_id", "created_at", "updated_at");
		assertThat(fornecedor.get("nome").asString()).isEqualTo("Imobiliária Sol");
		assertThat(fornecedor.get("documento").asString()).isEqualTo(cnpj);
		assertThat(fornecedor.get("telefone").asString()).isEqualTo("+551133334444");
		assertThat(fornecedor.get("default_category_id").asLong()).isEqualTo(rent);
		long id = created.id();
		assertThat(created.header("Location"))
			.hasValueSatisfying(l -> assertThat(l).endsWith("/api/fornecedores/" + id + "/"));
		assertThat(this.api.get("/api/fornecedores/?q=" + cnpj.substring(0, 6)).json().get(0).get("id").asLong())
			.isEqualTo(id);
		assertThat(this.api.get("/api/fornecedores/?q=imobiliaria sol".replace(" ", "%20")).json().size())
			.isGreaterThanOrEqualTo(1);

		Response stale = this.api.send("PATCH", "/api/fornecedores/" + id + "/", json("ativo", false),
				"application/json", "If-Match", "\"7\"");
		assertThat(stale.status()).isEqualTo(412);
		Response patched = this.api.send("PATCH", "/api/fornecedores/" + id + "/", json("ativo", false),
				"application/json", "If-Match", created.header("ETag").orElseThrow());
		assertThat(patched.status()).as(patched.toString()).isEqualTo(200);
		assertThat(patched.json().get("ativo").asBoolean()).isFalse();
		assertThat(patched.json().get("default_category_id").asLong()).isEqualTo(rent);
		JsonNode audit = this.api.get("/api/audit/events/?action=customers.fornecedor.created&resource_id=" + id)
			.json()
			.get(0);
		assertThat(audit.get("changes").get("documento").get("after").asString()).doesNotContain(cnpj);
	}

	@Test
	void refusesWhatClientesRefuseAndABadDefaultCategoryWritingNothing() {
		String marker = unique("recusado");
		long revenue = category("1.1");
		String[][] cases = { { json("nome", marker, "documento", Documents.mistyped(Documents.cnpj())), "documento" },
				{ json("nome", marker, "documento", "123"), "documento" }, { json("nome", " "), "nome" },
				{ json("nome", marker, "email", "x@"), "email" },
				{ json("nome", marker, "telefone", "abc"), "telefone" },
				{ json("nome", marker, "default_category_id", revenue), "default_category_id" },
				{ json("nome", marker, "default_category_id", 999999999), "default_category_id" } };
		for (String[] c : cases) {
			Response refused = this.api.post("/api/fornecedores/", c[0]);
			assertThat(refused.status()).as(c[0] + " " + refused.body()).isEqualTo(400);
			assertThat(refused.json().get("errors").has(c[1])).as(refused.body()).isTrue();
		}
		assertThat(this.api.get("/api/fornecedores/?q=" + marker).json().size()).isZero();

		String cpf = Documents.cpf();
		long first = this.api.post("/api/fornecedores/", json("nome", "Primeiro", "documento", cpf)).id();
		Response again = this.api.post("/api/fornecedores/",
				json("nome", "Segundo", "documento", Documents.typed(cpf)));
		assertThat(again.status()).isEqualTo(409);
		assertThat(again.json().get("field").asString()).isEqualTo("documento");
		assertThat(again.json().get("existing_id").asLong()).isEqualTo(first);
		// A customer with the same document is another party: suppliers are unique among
		// suppliers.
		assertThat(this.api.post("/api/clientes/", json("nome", "Cliente", "documento", cpf)).status()).isEqualTo(201);
	}

	@Test
	void permissionsOfSuppliersAreTheirOwn() {
		assertThat(
				signedInWith("customers.clientes.view", "customers.clientes.change").get("/api/fornecedores/").status())
			.isEqualTo(403);
		assertThat(signedInWith("customers.fornecedores.view").post("/api/fornecedores/", json("nome", "x")).status())
			.isEqualTo(403);
		assertThat(signedInWith("customers.fornecedores.change").post("/api/fornecedores/", json("nome", "x")).status())
			.isEqualTo(201);
	}

	@Test
	void anUnreferencedSupplierCanBeDeleted() {
		long id = this.api.post("/api/fornecedores/", json("nome", unique("apagar"))).id();
		assertThat(this.api.delete("/api/fornecedores/" + id + "/").status()).isEqualTo(204);
		assertThat(this.api.get("/api/fornecedores/" + id + "/").status()).isEqualTo(404);
	}

}
