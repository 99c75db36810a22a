package br.suite.webhooks;

import java.math.BigDecimal;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import br.suite.Api;
import br.suite.Api.Response;
import br.suite.ApiTest;
import br.suite.TestSettings;
import br.suite.bills.Bills;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;

/** The bills' events delivered as webhooks: a bill created, a bill fully paid. */
class BillWebhookApiTests extends ApiTest {

	@Override
	protected void settings(TestSettings settings) {
		WebhookTestSettings.deliveringWithShortRetries(settings);
	}

	@Test
	void aBillCreatedAndPaidIsDelivered() throws Exception {
		Bills bills = new Bills(this.api);
		try (Receiver receiver = new Receiver()) {
			Response subscribed = this.api.post("/api/webhooks/subscriptions/", json("url", receiver.url(),
					"event_types", List.of("finance.bill.created", "finance.bill.paid"), "description", "contas"));
			assertThat(subscribed.status()).as(subscribed.toString()).isEqualTo(201);
			Response created = this.api.post("/api/finance/bills/", json("direction", "payable", "fornecedor_id",
					bills.fornecedor(), "description", "Aluguel", "document_number", "NF 12", "competence_date",
					"2027-03-01", "category_id", bills.category("4.4"), "total", "200.00", "installments",
					List.of(Bills.installment("2027-03-10", "120.50"), Bills.installment("2027-04-10", "79.50"))));
			assertThat(created.status()).as(created.toString()).isEqualTo(201);
			long bill = created.id();
			String payments = "/api/finance/bills/" + bill + "/installments/";
			assertThat(
					this.api.post(payments + "1/payments/", json("paid_on", "2027-03-10", "amount", "120.50")).status())
				.isEqualTo(201);
			// 78.00 with a 1.50 discount settles the 79.50 left: the bill is paid.
			assertThat(this.api
				.post(payments + "2/payments/", json("paid_on", "2027-04-08", "amount", "78.00", "discount", "1.50"))
				.status()).isEqualTo(201);

			Map<String, JsonNode> byType = new HashMap<>();
			for (int i = 0; i < 2; i++) {
				JsonNode body = Api.JSON.readTree(receiver.next().body());
				byType.put(body.get("type").asString(), body.get("data"));
			}
			JsonNode createdData = byType.get("finance.bill.created");
			assertThat(createdData.get("bill_id").asLong()).isEqualTo(bill);
			assertThat(createdData.get("direction").asString()).isEqualTo("payable");
			assertThat(new BigDecimal(createdData.get("total").asString())).isEqualByComparingTo("200.00");
			assertThat(createdData.get("installments").asInt()).isEqualTo(2);
			assertThat(createdData.get("document_number").asString()).isEqualTo("NF 12");
			JsonNode paidData = byType.get("finance.bill.paid");
			assertThat(paidData.get("bill_id").asLong()).isEqualTo(bill);
			assertThat(new BigDecimal(paidData.get("total").asString())).isEqualByComparingTo("200.00");
			assertThat(paidData.get("paid_on").asString()).isEqualTo("2027-04-08");

			// Subscribing needs finance.bills.view; the catalogue says so.
			Response refused = signedInWith("webhooks.subscriptions.change").post("/api/webhooks/subscriptions/",
					json("url", receiver.url(), "event_types", List.of("finance.installment.overdue")));
			assertThat(refused.status()).as(refused.toString()).isEqualTo(403);
		}
		assertThat(this.api.get("/api/webhooks/event-types/")
			.json()
			.valueStream()
			.filter(t -> t.get("type").asString().startsWith("finance.bill")
					|| t.get("type").asString().equals("finance.installment.overdue"))
			.map(t -> t.get("type").asString() + ":" + t.get("permission").asString())
			.toList()).containsExactlyInAnyOrder("finance.bill.created:finance.bills.view",
					"finance.bill.paid:finance.bills.view", "finance.installment.overdue:finance.bills.view");
	}

}
