package br.suite.web;

import br.suite.Api;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Finance test data made through the API as a client would: credits (through an import)
 * and charges.
 */
final class Ledger {

	private Ledger() {
	}

	/** A settled credit from a new import of its own; answers the transaction's id. */
	static long credit(Api api, String amount, String date, String payerName, String payerDocument,
			String description) {
		String provider = "web" + Long.toString(System.nanoTime(), 36);
		ObjectNode body = Api.JSON.createObjectNode();
		ArrayNode rows = body.putObject("groups").putArray(date.substring(0, 7));
		rows.addObject()
			.put("external_id", "pix-" + provider)
			.put("transaction_date", date)
			.put("amount", amount)
			.put("direction", "credit")
			.put("payer_name", payerName)
			.put("payer_document", payerDocument)
			.put("description", description);
		body.putObject("import_metadata").put("provider", provider).put("account_id", "conta-1");
		Api.Response confirmed = api.send("POST", "/api/confirm-csv-import", body.toString(), "application/json");
		if (confirmed.status() != 200 || !confirmed.json().get("success").asBoolean()) {
			throw new IllegalStateException("Could not import a credit: " + confirmed);
		}
		return api.get("/api/finance/transactions/?provider=" + provider).json().get(0).get("id").asLong();
	}

	/** A charge through the API; answers its id. */
	static long charge(Api api, String amount, String dueDate, String payerName, String payerDocument,
			String description) {
		Api.Response created = api.post("/api/finance/charges/",
				Api.JSON.createObjectNode()
					.put("kind", "pix")
					.put("amount", amount)
					.put("due_date", dueDate)
					.put("payer_name", payerName)
					.put("payer_document", payerDocument)
					.put("description", description)
					.toString());
		if (created.status() != 201) {
			throw new IllegalStateException("Could not create a charge: " + created);
		}
		return created.id();
	}

}
