package br.suite.bills;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import br.suite.Api;
import br.suite.Api.Response;
import br.suite.ApiTest;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Bank transactions classified by a category and a cost centre: by hand (PATCH) and by
 * category rules at import.
 */
class TransactionClassificationApiTests extends ApiTest {

	Bills bills;

	@BeforeEach
	void fixtures() {
		this.bills = new Bills(this.api);
	}

	long centre() {
		Response created = this.api.post("/api/finance/cost-centres/", json("code", unique("CC"), "name", "Centro"));
		assertThat(created.status()).as(created.toString()).isEqualTo(201);
		return created.id();
	}

	/** Imports the rows on a fresh account; answers the transactions by external id. */
	Map<String, JsonNode> imported(String provider, List<Map<String, String>> rows) {
		ObjectNode body = Api.JSON.createObjectNode();
		ArrayNode group = body.putObject("groups").putArray("2027-05");
		for (Map<String, String> row : rows) {
			ObjectNode line = group.addObject().put("transaction_date", "2027-05-04").put("status", "settled");
			row.forEach(line::put);
		}
		body.putObject("import_metadata").put("provider", provider).put("account_id", "conta");
		Response confirmed = this.api.send("POST", "/api/confirm-csv-import", body.toString(), "application/json");
		assertThat(confirmed.json().get("success").asBoolean()).as(confirmed.toString()).isTrue();
		Map<String, JsonNode> byKey = new java.util.HashMap<>();
		this.api.get("/api/finance/transactions/?provider=" + provider)
			.json()
			.forEach(t -> byKey.put(t.get("external_id").asString(), t));
		return byKey;
	}

	static String provider() {
		return "c" + Long.toString(System.nanoTime(), 36);
	}

	@Test
	void aTransactionTakesACategoryAndACostCentreAndNothingElseChanges() {
		long centre = centre();
		JsonNode debit = imported(provider(),
				List.of(Map.of("external_id", "t1", "amount", "45.90", "direction", "debit", "description", "IOF")))
			.get("t1");
		long id = debit.get("id").asLong();
		assertThat(debit.get("category_id").isNull()).isTrue();
		String path = "/api/finance/transactions/" + id + "/";
		Response classified = this.api.patch(path, json("category_id", this.bills.category("6.1"), "cost_centre_id",
				centre, "amount", "1.00", "description", "outra"));
		assertThat(classified.status()).as(classified.toString()).isEqualTo(200);
		assertThat(classified.json().get("category_id").asLong()).isEqualTo(this.bills.category("6.1"));
		assertThat(classified.json().get("cost_centre_id").asLong()).isEqualTo(centre);
		assertThat(classified.json().get("amount").asString()).isEqualTo("45.90");
		assertThat(classified.json().get("description").asString()).isEqualTo("IOF");
		assertThat(this.api
			.get("/api/finance/transactions/?category_id=" + this.bills.category("6.1") + "&cost_centre_id=" + centre)
			.json()
			.valueStream()
			.map(t -> t.get("id").asLong())
			.toList()).containsExactly(id);
		assertThat(this.api.get("/api/audit/events/?action=finance.transaction.classified&resource_id=" + id)
			.json()
			.size()).isEqualTo(1);

		// Refused, nothing changed: a revenue category on a debit, an unknown one, an
		// inactive cost centre, a wrong type; a caller who may only read.
		long inactive = centre();
		this.api.patch("/api/finance/cost-centres/" + inactive + "/", json("active", false));
		Map<String, String> refusals = Map.of(json("category_id", this.bills.category("1.1")), "category_id",
				json("category_id", 999_999_999L), "category_id", json("cost_centre_id", inactive), "cost_centre_id",
				json("category_id", "tarifa"), "category_id");
		refusals.forEach((body, field) -> {
			Response refused = this.api.patch(path, body);
			assertThat(refused.status()).as(body + " " + refused).isEqualTo(400);
			assertThat(refused.json().get("errors").propertyNames()).containsExactly(field);
		});
		assertThat(signedInWith("finance.transactions.view").patch(path, json("category_id", null)).status())
			.isEqualTo(403);
		JsonNode unchanged = this.api.get(path).json();
		assertThat(unchanged.get("category_id").asLong()).isEqualTo(this.bills.category("6.1"));
		assertThat(unchanged.get("cost_centre_id").asLong()).isEqualTo(centre);

		// Its cost centre deactivated, the record sent back is accepted; null clears.
		this.api.patch("/api/finance/cost-centres/" + centre + "/", json("active", false));
		assertThat(this.api.patch(path, unchanged.toString()).status()).isEqualTo(200);
		Response cleared = this.api.patch(path, json("category_id", null, "cost_centre_id", null));
		assertThat(cleared.json().get("category_id").isNull()).isTrue();
		assertThat(cleared.json().get("cost_centre_id").isNull()).isTrue();
		assertThat(this.api.patch("/api/finance/transactions/999999999/", json("category_id", null)).status())
			.isEqualTo(404);
	}

	@Test
	void categoryRulesClassifyNewImportedTransactionsInPriorityOrder() {
		String token = unique("TARIFA").toUpperCase();
		String document = Bills.cnpj();
		long centre = centre();
		Response tariffs = this.api.post("/api/finance/category-rules/", json("direction", "debit",
				"description_contains", token.toLowerCase(), "category_id", this.bills.category("6.1")));
		assertThat(tariffs.status()).as(tariffs.toString()).isEqualTo(201);
		assertThat(tariffs.json().get("priority").asInt()).isEqualTo(100);
		Response supplier = this.api.post("/api/finance/category-rules/", json("direction", "debit", "payer_document",
				document, "category_id", this.bills.category("4.2"), "cost_centre_id", centre, "priority", 10));
		assertThat(supplier.status()).as(supplier.toString()).isEqualTo(201);
		Response income = this.api.post("/api/finance/category-rules/",
				json("direction", "credit", "description_contains", token, "category_id", this.bills.category("5.1")));
		assertThat(income.status()).as(income.toString()).isEqualTo(201);

		Map<String, JsonNode> rows = imported(provider(), List.of(
				Map.of("external_id", "a", "amount", "12.50", "direction", "debit", "description",
						"PACOTE " + token + " MENSAL"),
				Map.of("external_id", "b", "amount", "80.00", "direction", "debit", "description",
						token + " FORNECEDOR", "payer_document", document),
				Map.of("external_id", "c", "amount", "3.10", "direction", "credit", "description", "JUROS " + token),
				Map.of("external_id", "d", "amount", "9.00", "direction", "debit", "description", "OUTRA COISA")));
		assertThat(rows.get("a").get("category_id").asLong()).isEqualTo(this.bills.category("6.1"));
		assertThat(rows.get("a").get("cost_centre_id").isNull()).isTrue();
		// Both rules match; the lower priority wins.
		assertThat(rows.get("b").get("category_id").asLong()).isEqualTo(this.bills.category("4.2"));
		assertThat(rows.get("b").get("cost_centre_id").asLong()).isEqualTo(centre);
		assertThat(rows.get("c").get("category_id").asLong()).isEqualTo(this.bills.category("5.1"));
		assertThat(rows.get("d").get("category_id").isNull()).isTrue();

		// Refused rules, nothing written: no condition, a category of the other kind, an
		// inactive cost centre, a bad direction or document.
		long inactive = centre();
		this.api.patch("/api/finance/cost-centres/" + inactive + "/", json("active", false));
		long before = this.api.get("/api/finance/category-rules/?limit=1")
			.header("X-Total-Count")
			.map(Long::parseLong)
			.orElseThrow();
		Map<String, String> refusals = Map.of(json("direction", "debit", "category_id", this.bills.category("6.1")),
				"description_contains",
				json("direction", "debit", "description_contains", "x", "category_id", this.bills.category("1.1")),
				"category_id",
				json("direction", "debit", "description_contains", "x", "category_id", this.bills.category("6.1"),
						"cost_centre_id", inactive),
				"cost_centre_id",
				json("direction", "saida", "description_contains", "x", "category_id", this.bills.category("6.1")),
				"direction",
				json("direction", "debit", "payer_document", "123", "category_id", this.bills.category("6.1")),
				"payer_document");
		refusals.forEach((body, field) -> {
			Response refused = this.api.post("/api/finance/category-rules/", body);
			assertThat(refused.status()).as(body + " " + refused).isEqualTo(400);
			assertThat(refused.json().get("errors").propertyNames()).containsExactly(field);
		});
		assertThat(this.api.get("/api/finance/category-rules/?limit=1").header("X-Total-Count")).hasValue("" + before);
		assertThat(
				signedInWith("finance.categories.view")
					.post("/api/finance/category-rules/",
							json("direction", "debit", "description_contains", "x", "category_id",
									this.bills.category("6.1")))
					.status())
			.isEqualTo(403);

		// Changed and deleted; audited.
		long rule = tariffs.id();
		Response off = this.api.patch("/api/finance/category-rules/" + rule + "/", json("active", false));
		assertThat(off.status()).isEqualTo(200);
		assertThat(off.json().get("active").asBoolean()).isFalse();
		assertThat(this.api.delete("/api/finance/category-rules/" + rule + "/").status()).isEqualTo(204);
		assertThat(this.api.get("/api/finance/category-rules/" + rule + "/").status()).isEqualTo(404);
		assertThat(this.api.get("/api/audit/events/?resource_type=category_rule&resource_id=" + rule).json().size())
			.isEqualTo(3);
		this.api.delete("/api/finance/category-rules/" + supplier.id() + "/");
		this.api.delete("/api/finance/category-rules/" + income.id() + "/");
	}

}
