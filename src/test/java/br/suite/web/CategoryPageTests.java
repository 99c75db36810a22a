package br.suite.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpResponse;
import java.util.HashMap;
import java.util.Map;

import org.junit.jupiter.api.Test;

import br.suite.Api;
import br.suite.ApiTest;
import tools.jackson.databind.JsonNode;

/**
 * The chart of categories' edit and deactivate forms over HTTP, as a browser without
 * JavaScript: an edit lays every field of the form over the category at the version the
 * form was read (a stale form is refused in Portuguese and changes nothing; a parent the
 * page cannot read is refused at its field first); deactivating keeps every other field;
 * who may only read gets the forbidden page and nothing changes.
 */
class CategoryPageTests extends ApiTest {

	private PageClient signedIn(String... permissions) {
		return PageClient.signedIn(this.api, unique("plano"), "Pessoa do Plano", permissions);
	}

	private JsonNode category(long id) {
		return this.api.get("/api/finance/categories/" + id + "/").json();
	}

	@Test
	void anEditLaysTheFormOverTheCategoryAtItsVersionAndDeactivatingKeepsTheRest() {
		String code = "9." + (System.nanoTime() % 100000);
		Api.Response parent = this.api.post("/api/finance/categories/", json("code", code, "name",
				unique("Despesas diversas"), "kind", "expense", "dre_line", "operating_expenses"));
		assertThat(parent.status()).as(parent.toString()).isEqualTo(201);
		Api.Response created = this.api.post("/api/finance/categories/", json("code", code + ".1", "name",
				unique("Cafezinho"), "kind", "expense", "parent_id", parent.id(), "dre_line", "operating_expenses"));
		assertThat(created.status()).as(created.toString()).isEqualTo(201);
		long id = created.id();
		PageClient clerk = signedIn("finance.categories.view", "finance.categories.change");
		assertThat(clerk.get("/app/categories/" + id + "/edit").body()).contains("name=\"version\" value=\"0\"");

		String name = unique("Café e água");
		Map<String, String> form = new HashMap<>(Map.of("version", "0", "code", code + ".2", "name", name, "kind",
				"expense", "parent", "", "dreLine", "other_expenses", "active", "true"));
		assertThat(clerk.post("/app/categories/" + id + "/edit", form).statusCode()).isEqualTo(302);
		JsonNode edited = category(id);
		assertThat(edited.get("code").asString()).isEqualTo(code + ".2");
		assertThat(edited.get("name").asString()).isEqualTo(name);
		assertThat(edited.get("parent_id").isNull()).isTrue();
		assertThat(edited.get("dre_line").asString()).isEqualTo("other_expenses");

		// The same form again, read at version 0: refused, in Portuguese, nothing
		// changed.
		form.put("name", name + " outra vez");
		HttpResponse<String> stale = clerk.post("/app/categories/" + id + "/edit", form);
		assertThat(stale.statusCode()).isEqualTo(200);
		assertThat(stale.body()).contains("Este registro foi alterado por outra pessoa depois que você o abriu.");
		assertThat(category(id).get("name").asString()).isEqualTo(name);
		// A parent the page cannot read is refused at its field before the version.
		form.put("parent", "abc");
		HttpResponse<String> unreadable = clerk.post("/app/categories/" + id + "/edit", form);
		assertThat(unreadable.statusCode()).isEqualTo(200);
		assertThat(unreadable.body()).contains("id=\"erro-parent_id\"").doesNotContain("Este registro foi alterado");
		assertThat(category(id).get("name").asString()).isEqualTo(name);

		// A reader: forbidden, nothing changes.
		PageClient reader = signedIn("finance.categories.view");
		reader.get("/app/categories/");
		assertThat(reader.post("/app/categories/" + id + "/deactivate", Map.of()).statusCode()).isEqualTo(403);
		form.put("version", "1");
		form.put("parent", "");
		assertThat(reader.post("/app/categories/" + id + "/edit", form).statusCode()).isEqualTo(403);
		assertThat(category(id).get("active").asBoolean()).isTrue();
		assertThat(category(id).get("name").asString()).isEqualTo(name);

		assertThat(clerk.post("/app/categories/" + id + "/deactivate", Map.of()).statusCode()).isEqualTo(302);
		JsonNode inactive = category(id);
		assertThat(inactive.get("active").asBoolean()).isFalse();
		assertThat(inactive.get("code").asString()).isEqualTo(code + ".2");
		assertThat(inactive.get("name").asString()).isEqualTo(name);
		assertThat(inactive.get("dre_line").asString()).isEqualTo("other_expenses");
	}

}
