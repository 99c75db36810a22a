package br.suite.finance;

import java.time.LocalDate;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import br.suite.finance.ingest.TransactionWriter;
import br.suite.Api.Response;
import br.suite.ApiTest;
import tools.jackson.databind.JsonNode;

import static br.suite.finance.FinanceFixtures.DATE_TIME;
import static br.suite.finance.FinanceFixtures.importId;
import static br.suite.finance.FinanceFixtures.provider;
import static br.suite.finance.FinanceFixtures.row;
import static org.assertj.core.api.Assertions.assertThat;

class ConnectionApiTests extends ApiTest {

	@Autowired
	TransactionWriter ledger;

	Response create(String json) {
		return this.api.post("/api/finance/connections/", json);
	}

	@Test
	void createsAConnectionWithDefaultsAndAStableProvider() {
		String provider = provider();
		Response created = create("{\"provider\":\"" + provider.toUpperCase() + "\",\"account_id\":\" 12345-6 \"}");
		assertThat(created.status()).as(created.toString()).isEqualTo(201);
		long id = created.id();
		assertThat(created.header("Location")).contains("/api/finance/connections/" + id + "/");
		assertThat(created.header("ETag")).isPresent();
		JsonNode connection = created.json();
		assertThat(connection.get("provider").asString()).isEqualTo(provider);
		assertThat(connection.get("enabled").asBoolean()).isTrue();
		assertThat(connection.get("status").asString()).isEqualTo("pending");
		assertThat(connection.get("endpoint").asString()).isEmpty();
		assertThat(connection.get("account_id").asString()).isEqualTo("12345-6");
		assertThat(connection.get("webhook_configured").asBoolean()).isFalse();
		assertThat(connection.get("last_sync_at").isNull()).isTrue();
		assertThat(connection.get("notes").asString()).isEmpty();
		assertThat(connection.get("created_at").asString()).matches(DATE_TIME);
		assertThat(connection.get("updated_at").asString()).matches(DATE_TIME);
		assertThat(connection.size()).isEqualTo(11);
		assertThat(this.api.get("/api/finance/connections/" + id + "/").json()).isEqualTo(connection);
	}

	@Test
	void putSetsEveryWritableFieldAndIgnoresTheProvider() {
		String provider = provider();
		long id = create("{\"provider\":\"" + provider + "\",\"account_id\":\"a1\",\"notes\":\"old\","
				+ "\"endpoint\":\"https://sandbox.asaas.com/api/v3\"}")
			.id();
		Response put = this.api.put("/api/finance/connections/" + id + "/",
				"{\"provider\":\"other\",\"enabled\":false,\"status\":\"active\",\"endpoint\":\"https://api.asaas.com/v3\","
						+ "\"account_id\":\"a1\",\"webhook_configured\":true,\"notes\":\"  Conta PJ \\\"principal\\\" 💰 \","
						+ "\"id\":999,\"last_sync_at\":\"2020-01-01T00:00:00Z\"}");
		assertThat(put.status()).as(put.toString()).isEqualTo(200);
		JsonNode connection = put.json();
		assertThat(connection.get("id").asLong()).isEqualTo(id);
		assertThat(connection.get("provider").asString()).isEqualTo(provider);
		assertThat(connection.get("enabled").asBoolean()).isFalse();
		assertThat(connection.get("status").asString()).isEqualTo("active");
		assertThat(connection.get("endpoint").asString()).isEqualTo("https://api.asaas.com/v3");
		assertThat(connection.get("webhook_configured").asBoolean()).isTrue();
		assertThat(connection.get("notes").asString()).isEqualTo("  Conta PJ \"principal\" 💰 ");
		assertThat(connection.get("last_sync_at").isNull()).isTrue();
		assertThat(connection.get("updated_at").asString()).isNotEqualTo(connection.get("created_at").asString());

		Response defaults = this.api.put("/api/finance/connections/" + id + "/", "{\"account_id\":\"a1\"}");
		assertThat(defaults.status()).isEqualTo(200);
		assertThat(defaults.json().get("enabled").asBoolean()).isTrue();
		assertThat(defaults.json().get("status").asString()).isEqualTo("pending");
		assertThat(defaults.json().get("endpoint").asString()).isEmpty();
		assertThat(defaults.json().get("webhook_configured").asBoolean()).isFalse();
		assertThat(defaults.json().get("notes").asString()).isEmpty();
		assertThat(defaults.json().get("provider").asString()).isEqualTo(provider);
		assertThat(this.api.get("/api/finance/connections/" + id).json()).isEqualTo(defaults.json());
	}

	@Test
	void patchChangesOnlyTheFieldsSent() {
		long id = create("{\"provider\":\"" + provider() + "\",\"status\":\"active\",\"notes\":\"n\"}").id();
		Response patched = this.api.patch("/api/finance/connections/" + id + "/", "{\"enabled\":false}");
		assertThat(patched.status()).isEqualTo(200);
		assertThat(patched.json().get("enabled").asBoolean()).isFalse();
		assertThat(patched.json().get("status").asString()).isEqualTo("active");
		assertThat(patched.json().get("notes").asString()).isEqualTo("n");
	}

	@Test
	void aStaleIfMatchIsRefusedWith412AndChangesNothing() {
		long id = create("{\"provider\":\"" + provider() + "\",\"notes\":\"n\"}").id();
		String url = "/api/finance/connections/" + id + "/";
		Response fresh = this.api.send("PATCH", url, "{\"notes\":\"first\"}", "application/json", "If-Match",
				"W/\"0\", \"7\"");
		assertThat(fresh.status()).as(fresh.toString()).isEqualTo(200);
		Response stale = this.api.send("PUT", url, "{\"notes\":\"second\"}", "application/json", "If-Match", "\"0\"");
		assertThat(stale.status()).isEqualTo(412);
		assertThat(stale.json().get("detail").asString()).contains("current ETag \"1\"");
		assertThat(this.api.send("PATCH", url, "{\"notes\":\"any\"}", "application/json", "If-Match", "*").status())
			.isEqualTo(200);
		assertThat(this.api.get(url).json().get("notes").asString()).isEqualTo("any");
	}

	@Test
	void refusesInvalidConnectionsAndChangesNothing() {
		String provider = provider();
		long id = create("{\"provider\":\"" + provider + "\",\"account_id\":\"x\"}").id();
		JsonNode before = this.api.get("/api/finance/connections/" + id + "/").json();

		Response noProvider = create("{\"account_id\":\"y\"}");
		assertThat(noProvider.status()).isEqualTo(400);
		assertThat(noProvider.contentType()).startsWith("application/problem+json");
		assertThat(noProvider.json().get("errors").has("provider")).isTrue();

		Response bad = create("{\"provider\":\"banco do brasil\",\"status\":\"online\",\"endpoint\":\"ftp://x\"}");
		assertThat(bad.status()).isEqualTo(400);
		assertThat(bad.json().get("errors").get("provider").get(0).asString()).contains("provider code");
		assertThat(bad.json().get("errors").get("status").get(0).asString())
			.contains("pending, active, error, revoked");
		assertThat(bad.json().get("errors").get("endpoint").get(0).asString()).contains("http");

		Response duplicate = create("{\"provider\":\"" + provider + "\",\"account_id\":\"x\"}");
		assertThat(duplicate.status()).isEqualTo(409);
		assertThat(duplicate.json().get("field").asString()).isEqualTo("account_id");
		assertThat(duplicate.json().get("existing_id").asLong()).isEqualTo(id);

		String url = "/api/finance/connections/" + id + "/";
		assertThat(this.api.put(url, "{\"status\":\"sleeping\"}").status()).isEqualTo(400);
		assertThat(this.api.put(url, "{\"enabled\":\"yes\"}").json().get("errors").has("enabled")).isTrue();
		assertThat(this.api.put(url, "{\"notes\":\"" + "n".repeat(5001) + "\"}").status()).isEqualTo(400);
		assertThat(this.api.put(url, "{\"notes\":\"a\\u0000b\"}").status()).isEqualTo(400);
		assertThat(this.api.patch(url, "{\"account_id\":" + 5 + "}").status()).isEqualTo(400);
		long other = create("{\"provider\":\"" + provider + "\",\"account_id\":\"z\"}").id();
		Response taken = this.api.patch("/api/finance/connections/" + other + "/", "{\"account_id\":\"x\"}");
		assertThat(taken.status()).isEqualTo(409);
		assertThat(taken.json().get("existing_id").asLong()).isEqualTo(id);

		assertThat(this.api.get(url).json()).isEqualTo(before);
		assertThat(this.api.get("/api/finance/connections/?provider=" + provider).json()).hasSize(2);
		assertThat(this.api.get("/api/finance/connections/?provider=" + provider + "&enabled=true").json()).hasSize(2);
		assertThat(this.api.get("/api/finance/connections/?provider=" + provider + "&enabled=false").json()).isEmpty();
		assertThat(this.api.get("/api/finance/connections/?provider=" + provider + "&account_id=z").json())
			.extracting(c -> c.get("id").asLong())
			.containsExactly(other);
		assertThat(this.api.put("/api/finance/connections/999999999/", "{}").status()).isEqualTo(404);
		assertThat(this.api.get("/api/finance/connections/0/").status()).isEqualTo(404);
	}

	@Test
	void deletingOrMovingAConnectionIsRefusedWhileTransactionsCarryIt() {
		String provider = provider();
		long id = create("{\"provider\":\"" + provider + "\",\"account_id\":\"acc\"}").id();
		this.ledger.upsert(importId(), List.of(row(provider, "acc", "t1", LocalDate.of(2026, 1, 2), "5", "credit")));

		Response delete = this.api.delete("/api/finance/connections/" + id + "/");
		assertThat(delete.status()).isEqualTo(409);
		assertThat(delete.json().get("transactions_count").asLong()).isEqualTo(1);
		assertThat(delete.json().get("detail").asString()).contains("enabled: false");
		Response move = this.api.patch("/api/finance/connections/" + id + "/", "{\"account_id\":\"elsewhere\"}");
		assertThat(move.status()).isEqualTo(409);
		assertThat(this.api.get("/api/finance/connections/" + id + "/").json().get("account_id").asString())
			.isEqualTo("acc");
		assertThat(this.api.patch("/api/finance/connections/" + id + "/", "{\"enabled\":false}").status())
			.isEqualTo(200);

		long empty = create("{\"provider\":\"" + provider + "\",\"account_id\":\"empty\"}").id();
		assertThat(this.api.patch("/api/finance/connections/" + empty + "/", "{\"account_id\":\"renamed\"}").status())
			.isEqualTo(200);
		assertThat(this.api.delete("/api/finance/connections/" + empty + "/").status()).isEqualTo(204);
		assertThat(this.api.get("/api/finance/connections/" + empty + "/").status()).isEqualTo(404);
		assertThat(this.api.delete("/api/finance/connections/" + empty + "/").status()).isEqualTo(404);
	}

	@Test
	void listsConnectionsByIdWithFiltersAndPaging() {
		String provider = provider();
		long first = create("{\"provider\":\"" + provider + "\",\"account_id\":\"1\",\"status\":\"active\"}").id();
		long second = create("{\"provider\":\"" + provider + "\",\"account_id\":\"2\",\"enabled\":false}").id();
		long third = create("{\"provider\":\"" + provider + "\",\"account_id\":\"3\",\"status\":\"error\"}").id();
		assertThat(ids("?provider=" + provider.toUpperCase())).containsExactly(first, second, third);
		assertThat(ids("?provider=" + provider + "&status=error")).containsExactly(third);
		assertThat(ids("?provider=" + provider + "&enabled=false")).containsExactly(second);
		assertThat(ids("?provider=" + provider + "&account_id=1")).containsExactly(first);
		Response page = this.api.get("/api/finance/connections/?provider=" + provider + "&limit=1&offset=1");
		assertThat(page.json().isArray()).isTrue();
		assertThat(page.header("X-Total-Count")).contains("3");
		assertThat(page.json().get(0).get("id").asLong()).isEqualTo(second);
		assertThat(this.api.get("/api/finance/connections/?status=ok").status()).isEqualTo(400);
		assertThat(this.api.get("/api/finance/connections/?enabled=sim").status()).isEqualTo(400);
		assertThat(this.api.get("/api/finance/connections/?provider=%00").status()).isEqualTo(400);
		assertThat(this.api.get("/api/finance/connections?provider=" + provider).json()).hasSize(3);
	}

	private List<Long> ids(String query) {
		Response list = this.api.get("/api/finance/connections/" + query);
		assertThat(list.status()).as(list.toString()).isEqualTo(200);
		return list.json().valueStream().map(c -> c.get("id").asLong()).toList();
	}

}
