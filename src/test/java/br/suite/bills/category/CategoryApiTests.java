package br.suite.bills.category;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import br.suite.Api;
import br.suite.Api.Response;
import br.suite.ApiTest;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;

class CategoryApiTests extends ApiTest {

	/** A code no other test uses: 900 + a unique number. */
	static String code() {
		return "9" + Long.toString(System.nanoTime() % 1_000_000_000L);
	}

	@Test
	void theDefaultChartIsThereOnFirstStartInCodeOrder() {
		Response list = this.api.get("/api/finance/categories/?limit=1000");
		assertThat(list.status()).as(list.toString()).isEqualTo(200);
		List<String> codes = new ArrayList<>();
		list.json().forEach(c -> codes.add(c.get("code").asString()));
		assertThat(codes).containsSubsequence("1", "1.1", "1.2", "2", "2.1", "3", "3.1", "3.2", "4", "4.1", "4.1.01",
				"4.1.02", "4.1.03", "4.2", "5", "6", "6.2", "9", "9.1", "9.2", "10", "11");
		JsonNode salaries = byCode(list.json(), "4.1.01");
		assertThat(salaries.get("name").asString()).isEqualTo("Salários");
		assertThat(salaries.get("kind").asString()).isEqualTo("expense");
		assertThat(salaries.get("dre_line").asString()).isEqualTo("operating_expenses");
		assertThat(salaries.get("parent_id").asLong()).isEqualTo(byCode(list.json(), "4.1").get("id").asLong());
		assertThat(byCode(list.json(), "1.2").get("dre_line").asString()).isEqualTo("gross_revenue");
		assertThat(byCode(list.json(), "6.2").get("name").asString()).isEqualTo("Juros pagos");
		assertThat(byCode(list.json(), "5.1").get("dre_line").asString()).isEqualTo("financial_revenue");
		assertThat(byCode(list.json(), "9.1").get("dre_line").asString()).isEqualTo("income_taxes");
		assertThat(byCode(list.json(), "11.1").get("dre_line").asString()).isEqualTo("none");
		assertThat(byCode(list.json(), "1").get("parent_id").isNull()).isTrue();
		assertThat(byCode(list.json(), "1").propertyNames()).containsExactlyInAnyOrder("id", "code", "name", "kind",
				"parent_id", "dre_line", "active", "created_at", "updated_at");
	}

	static JsonNode byCode(JsonNode list, String code) {
		for (JsonNode category : list) {
			if (category.get("code").asString().equals(code)) {
				return category;
			}
		}
		throw new AssertionError("no category " + code);
	}

	@Test
	void createsChangesAndDeactivatesACategoryAndAuditsIt() {
		long parent = byCode(this.api.get("/api/finance/categories/?limit=1000").json(), "4.2").get("id").asLong();
		String code = code();
		String name = unique("Material de escritório");
		Response created = this.api.post("/api/finance/categories/", json("code", code, "name", name, "kind", "expense",
				"parent_id", parent, "dre_line", "operating_expenses"));
		assertThat(created.status()).as(created.toString()).isEqualTo(201);
		long id = created.id();
		assertThat(created.header("Location"))
			.hasValueSatisfying(l -> assertThat(l).endsWith("/categories/" + id + "/"));
		assertThat(created.json().get("active").asBoolean()).isTrue();

		Response stale = this.api.send("PATCH", "/api/finance/categories/" + id + "/", json("name", "x"),
				"application/json", "If-Match", "\"99\"");
		assertThat(stale.status()).isEqualTo(412);
		Response patched = this.api.send("PATCH", "/api/finance/categories/" + id + "/", json("active", false),
				"application/json", "If-Match", created.header("ETag").orElseThrow());
		assertThat(patched.status()).as(patched.toString()).isEqualTo(200);
		assertThat(patched.json().get("active").asBoolean()).isFalse();
		assertThat(patched.json().get("name").asString()).isEqualTo(name);
		assertThat(this.api.get("/api/finance/categories/?active=false&q=" + name.replace(" ", "%20")).json().size())
			.isEqualTo(1);
		Response audit = this.api.get("/api/audit/events/?action=finance.category.updated&resource_id=" + id);
		assertThat(audit.json().get(0).get("changes").get("active").get("after").asBoolean()).isFalse();
		// Never deleted.
		assertThat(this.api.delete("/api/finance/categories/" + id + "/").status()).isEqualTo(405);
	}

	@Test
	void refusesInvalidCategoriesNamingTheFieldAndWritesNothing() {
		String code = code();
		long revenue = byCode(this.api.get("/api/finance/categories/?limit=1000").json(), "1").get("id").asLong();
		String[][] cases = { { json("name", "x", "kind", "expense", "dre_line", "costs"), "code" },
				{ json("code", code, "name", "x", "kind", "expense", "dre_line", "gross_revenue"), "dre_line" },
				{ json("code", code, "name", "x", "kind", "gasto", "dre_line", "costs"), "kind" },
				{ json("code", "4.x", "name", "x", "kind", "expense", "dre_line", "costs"), "code" },
				{ json("code", code, "name", "", "kind", "expense", "dre_line", "costs"), "name" },
				{ json("code", code, "name", "x", "kind", "expense", "dre_line", "costs", "parent_id", revenue),
						"parent_id" },
				{ json("code", code, "name", "x", "kind", "expense", "dre_line", "costs", "parent_id", 999999999),
						"parent_id" } };
		for (String[] c : cases) {
			Response refused = this.api.post("/api/finance/categories/", c[0]);
			assertThat(refused.status()).as(c[0] + " " + refused.body()).isEqualTo(400);
			assertThat(refused.json().get("errors").has(c[1])).as(refused.body()).isTrue();
		}
		Response taken = this.api.post("/api/finance/categories/",
				json("code", "4.1.01", "name", "Outra", "kind", "expense", "dre_line", "costs"));
		assertThat(taken.status()).isEqualTo(409);
		assertThat(taken.json().get("field").asString()).isEqualTo("code");
		assertThat(this.api.get("/api/finance/categories/?q=" + code).json().size()).isZero();

		long child = this.api
			.post("/api/finance/categories/",
					json("code", code, "name", "Filha", "kind", "expense", "dre_line", "costs"))
			.id();
		long grandChild = this.api
			.post("/api/finance/categories/",
					json("code", code + ".1", "name", "Neta", "kind", "expense", "dre_line", "costs", "parent_id",
							child))
			.id();
		Response cycle = this.api.patch("/api/finance/categories/" + child + "/", json("parent_id", grandChild));
		assertThat(cycle.status()).isEqualTo(400);
		assertThat(cycle.json().get("errors").has("parent_id")).isTrue();
		Response kind = this.api.patch("/api/finance/categories/" + child + "/",
				json("kind", "revenue", "dre_line", "other_revenue"));
		assertThat(kind.status()).as(kind.toString()).isEqualTo(409);
		assertThat(this.api.get("/api/finance/categories/" + child + "/").json().get("kind").asString())
			.isEqualTo("expense");
	}

	@Test
	void readingNeedsTheViewPermissionAndChangingTheChangeOne() {
		Api viewer = signedInWith("finance.categories.view");
		assertThat(viewer.get("/api/finance/categories/").status()).isEqualTo(200);
		String body = json("code", code(), "name", "x", "kind", "expense", "dre_line", "costs");
		assertThat(viewer.post("/api/finance/categories/", body).status()).isEqualTo(403);
		assertThat(signedInWith().get("/api/finance/categories/").status()).isEqualTo(403);
		assertThat(signedInWith("finance.categories.change").post("/api/finance/categories/", body).status())
			.isEqualTo(201);
	}

}
