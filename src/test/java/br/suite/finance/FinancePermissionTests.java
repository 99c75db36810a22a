package br.suite.finance;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import br.suite.Api;
import br.suite.Api.Response;
import br.suite.ApiTest;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every finance endpoint needs its catalogue permission: view to read, change to write.
 */
class FinancePermissionTests extends ApiTest {

	/**
	 * method, path, permission. Ids that do not exist: the permission is checked before
	 * the lookup.
	 */
	static final List<String[]> ENDPOINTS = List.of(
			new String[] { "GET", "/api/finance/connections/", "finance.connections.view" },
			new String[] { "GET", "/api/finance/connections/999999999/", "finance.connections.view" },
			new String[] { "POST", "/api/finance/connections/", "finance.connections.change" },
			new String[] { "PUT", "/api/finance/connections/999999999/", "finance.connections.change" },
			new String[] { "PATCH", "/api/finance/connections/999999999/", "finance.connections.change" },
			new String[] { "DELETE", "/api/finance/connections/999999999/", "finance.connections.change" },
			new String[] { "GET", "/api/finance/transactions/", "finance.transactions.view" },
			new String[] { "GET", "/api/finance/transactions/999999999/", "finance.transactions.view" },
			new String[] { "GET", "/api/finance/sync-logs/", "finance.sync_logs.view" },
			new String[] { "GET", "/api/finance/sync-logs/999999999/", "finance.sync_logs.view" },
			new String[] { "GET", "/api/finance/fiscal-documents/", "finance.fiscal_documents.view" },
			new String[] { "GET", "/api/finance/fiscal-documents/999999999/", "finance.fiscal_documents.view" },
			new String[] { "POST", "/api/finance/fiscal-documents/", "finance.fiscal_documents.change" },
			new String[] { "PUT", "/api/finance/fiscal-documents/999999999/", "finance.fiscal_documents.change" },
			new String[] { "PATCH", "/api/finance/fiscal-documents/999999999/", "finance.fiscal_documents.change" },
			new String[] { "DELETE", "/api/finance/fiscal-documents/999999999/", "finance.fiscal_documents.change" });

	@Test
	void eachEndpointAnswersOnlyToItsOwnPermission() {
		Map<String, Api> clients = new LinkedHashMap<>();
		ENDPOINTS
			.forEach(endpoint -> clients.computeIfAbsent(endpoint[2], permission -> this.api.signedInWith(permission)));
		clients.put("none", this.api.signedInWith("access.roles.view"));
		for (String[] endpoint : ENDPOINTS) {
			clients.forEach((permission, client) -> {
				Response response = send(client, endpoint);
				String what = endpoint[0] + " " + endpoint[1] + " with " + permission;
				if (permission.equals(endpoint[2])) {
					assertThat(response.status()).as(what).isIn(200, 201, 404);
				}
				else {
					assertThat(response.status()).as(what).isEqualTo(403);
					assertThat(response.contentType()).as(what).startsWith("application/problem+json");
				}
			});
			Response anonymous = send(this.api.as(null), endpoint);
			assertThat(anonymous.status()).as(endpoint[0] + " " + endpoint[1] + " anonymous").isEqualTo(401);
		}
	}

	@Test
	void viewersReadWhatChangersWrite() {
		Api changer = this.api.signedInWith("finance.fiscal_documents.change", "finance.fiscal_documents.view");
		Api viewer = this.api.signedInWith("finance.fiscal_documents.view");
		Response created = changer.post("/api/finance/fiscal-documents/",
				"{\"type\":\"nfse\",\"number\":\"1\",\"amount\":\"5\",\"customer_name\":\"C\"}");
		assertThat(created.status()).isEqualTo(201);
		String url = "/api/finance/fiscal-documents/" + created.id() + "/";
		assertThat(viewer.get(url).json()).isEqualTo(created.json());
		assertThat(viewer.patch(url, "{\"customer_name\":\"X\"}").status()).isEqualTo(403);
		assertThat(viewer.delete(url).status()).isEqualTo(403);
		assertThat(this.api.get(url).json().get("customer_name").asString()).isEqualTo("C");
	}

	@Test
	void theOpenApiDescriptionShowsTheFinanceShapesAndPermissions() {
		JsonNode openApi = this.api.as(null).get("/api/schema/").json();
		assertThat(openApi.at("/paths/~1api~1finance~1connections~1{id}/put/x-permission").asString())
			.isEqualTo("finance.connections.change");
		assertThat(openApi.at("/paths/~1api~1finance~1transactions/get/x-permission").asString())
			.isEqualTo("finance.transactions.view");
		assertThat(openApi.at("/paths/~1api~1finance~1sync-logs~1{id}/get/x-permission").asString())
			.isEqualTo("finance.sync_logs.view");
		assertThat(openApi.at("/paths/~1api~1finance~1fiscal-documents~1{id}/put/x-permission").asString())
			.isEqualTo("finance.fiscal_documents.change");
		JsonNode schemas = openApi.at("/components/schemas");
		assertThat(schemas.at("/ConnectionRequest/properties").has("provider")).isFalse();
		assertThat(schemas.at("/ConnectionRequest/properties").has("webhook_configured")).isTrue();
		assertThat(schemas.at("/NewConnectionRequest/properties").has("provider")).isTrue();
		assertThat(schemas.at("/ConnectionResponse/properties/status/enum").toString())
			.isEqualTo("[\"pending\",\"active\",\"error\",\"revoked\"]");
		assertThat(schemas.at("/TransactionResponse/properties").propertyNames()).containsExactly("id", "external_id",
				"provider", "account_id", "transaction_date", "posted_at", "amount", "direction", "status",
				"description", "payer_name", "payer_document", "correlation_id", "bank_reference_id", "end_to_end_id",
				"charge_external_id", "matched_charge_id", "matched_document_id", "allocated_amount",
				"unallocated_amount", "created_at", "updated_at", "category_id", "cost_centre_id");
		assertThat(schemas.at("/TransactionResponse/properties/amount/type").asString()).isEqualTo("string");
		assertThat(schemas.at("/TransactionResponse/properties/direction/enum").toString())
			.isEqualTo("[\"credit\",\"debit\"]");
		assertThat(schemas.at("/SyncLogResponse/properties/flow/enum").toString())
			.isEqualTo("[\"csv_import\",\"provider_sync\",\"webhook\"]");
		assertThat(schemas.at("/FiscalDocumentRequest/required").toString()).contains("\"type\"", "\"number\"",
				"\"amount\"", "\"customer_name\"");
		assertThat(schemas.at("/FiscalDocumentRequest/properties/amount/type").asString()).isEqualTo("string");
		assertThat(schemas.at("/FiscalDocumentResponse/properties/status/enum").toString())
			.isEqualTo("[\"draft\",\"processing\",\"authorized\",\"rejected\",\"denied\",\"cancelled\"]");
		assertThat(schemas.at("/FiscalDocumentResponse/properties").has("related_transaction_ids")).isTrue();
	}

	// Valid bodies, so that the permission is the only reason to refuse: MVC reads and
	// validates a body
	// before the @PreAuthorize check runs.
	private static Response send(Api client, String[] endpoint) {
		String body = switch (endpoint[0]) {
			case "GET", "DELETE" -> null;
			default -> endpoint[1].contains("connections") ? "{\"provider\":\"" + FinanceFixtures.provider() + "\"}"
					: "{\"type\":\"nfse\",\"number\":\"1\",\"amount\":\"1\",\"customer_name\":\"C\"}";
		};
		return client.send(endpoint[0], endpoint[1], body, body == null ? null : "application/json");
	}

}
