package br.suite.bills.payment;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import br.suite.Api;
import br.suite.Api.Response;
import br.suite.ApiTest;
import br.suite.bills.Bills;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

import static br.suite.bills.Bills.installment;
import static br.suite.bills.Bills.texts;
import static org.assertj.core.api.Assertions.assertThat;

class PaymentApiTests extends ApiTest {

	Bills bills;

	@BeforeEach
	void fixtures() {
		this.bills = new Bills(this.api);
	}

	/** A payable of 300.00 in three installments of 100.00 (March, April, May 2027). */
	long payable() {
		Response created = this.api.post("/api/finance/bills/",
				json("direction", "payable", "fornecedor_id", this.bills.fornecedor(), "description", "Matéria-prima",
						"competence_date", "2027-03-01", "category_id", this.bills.category("3.1"), "total", "300.00",
						"installments", Map.of("count", 3, "first_due_date", "2027-03-10")));
		assertThat(created.status()).as(created.toString()).isEqualTo(201);
		return created.id();
	}

	String payments(long bill, int number) {
		return "/api/finance/bills/" + bill + "/installments/" + number + "/payments/";
	}

	JsonNode bill(long id) {
		return this.api.get("/api/finance/bills/" + id + "/").json();
	}

	/**
	 * Imports one transaction on its own account through the CSV confirmation and answers
	 * its id; {@code replace} imports the month again without it (it goes away).
	 */
	long imported(String provider, String direction, String amount, String status) {
		Response confirmed = confirm(provider, direction, amount, status, false);
		assertThat(confirmed.json().get("success").asBoolean()).as(confirmed.toString()).isTrue();
		return this.api.get("/api/finance/transactions/?provider=" + provider).json().get(0).get("id").asLong();
	}

	Response confirm(String provider, String direction, String amount, String status, boolean emptyMonth) {
		ObjectNode body = Api.JSON.createObjectNode();
		ArrayNode rows = body.putObject("groups").putArray("2027-03");
		if (!emptyMonth) {
			rows.addObject()
				.put("external_id", "deb-1")
				.put("transaction_date", "2027-03-09")
				.put("amount", amount)
				.put("direction", direction)
				.put("status", status)
				.put("description", "PAGAMENTO BOLETO");
		}
		body.putObject("import_metadata").put("provider", provider).put("account_id", "conta");
		if (emptyMonth) {
			body.putObject("delete_period").put("enabled", true).put("year", 2027).put("month", 3);
		}
		Response confirmed = this.api.send("POST", "/api/confirm-csv-import", body.toString(), "application/json");
		assertThat(confirmed.status()).as(confirmed.toString()).isEqualTo(200);
		return confirmed;
	}

	static String provider() {
		return "b" + Long.toString(System.nanoTime(), 36);
	}

	@Test
	void aPartialPaymentWithInterestAndThenOneWithADiscountSettleExactly() {
		long bill = payable();
		Response first = this.api.post(payments(bill, 1),
				json("paid_on", "2027-03-12", "amount", "51.50", "interest", "1.00", "fine", "0.50"));
		assertThat(first.status()).as(first.toString()).isEqualTo(201);
		JsonNode payment = first.json();
		assertThat(payment.propertyNames()).containsExactlyInAnyOrder("id", "bill_id", "installment_number", "paid_on",
				"amount", "interest", "fine", "discount", "settled_amount", "transaction_id", "created_by",
				"created_at");
		assertThat(payment.get("settled_amount").asString()).isEqualTo("50.00");
		assertThat(payment.get("transaction_id").isNull()).isTrue();
		assertThat(first.header("Location"))
			.hasValueSatisfying(l -> assertThat(l).endsWith(payments(bill, 1) + payment.get("id").asLong() + "/"));
		JsonNode partial = bill(bill);
		JsonNode installment = partial.get("installments").get(0);
		assertThat(installment.get("status").asString()).isEqualTo("partially_paid");
		assertThat(installment.get("paid_amount").asString()).isEqualTo("50.00");
		assertThat(installment.get("open_amount").asString()).isEqualTo("50.00");
		assertThat(installment.get("paid_on").asString()).isEqualTo("2027-03-12");
		assertThat(partial.get("status").asString()).isEqualTo("partially_paid");
		assertThat(partial.get("open_amount").asString()).isEqualTo("250.00");

		// 48.00 in cash and a 2.00 discount settle the other 50.00.
		Response second = this.api.post(payments(bill, 1),
				json("paid_on", "2027-03-20", "amount", "48.00", "discount", "2.00"));
		assertThat(second.status()).as(second.toString()).isEqualTo(201);
		assertThat(second.json().get("settled_amount").asString()).isEqualTo("50.00");
		JsonNode paid = bill(bill).get("installments").get(0);
		assertThat(paid.get("status").asString()).isEqualTo("paid");
		assertThat(paid.get("open_amount").asString()).isEqualTo("0.00");
		assertThat(paid.get("paid_on").asString()).isEqualTo("2027-03-20");
		assertThat(texts(this.api.get(payments(bill, 1)).json(), "settled_amount")).containsExactly("50.00", "50.00");
		assertThat(this.api
			.get("/api/audit/events/?action=finance.bill_payment.created&resource_id="
					+ second.json().get("id").asLong())
			.json()
			.size()).isEqualTo(1);

		// Deleting a payment reopens the installment by what it settled.
		assertThat(this.api.delete(payments(bill, 1) + second.json().get("id").asLong() + "/").status()).isEqualTo(204);
		JsonNode reopened = bill(bill);
		assertThat(reopened.get("installments").get(0).get("open_amount").asString()).isEqualTo("50.00");
		assertThat(reopened.get("installments").get(0).get("paid_on").asString()).isEqualTo("2027-03-12");
		assertThat(reopened.get("status").asString()).isEqualTo("partially_paid");
	}

	@Test
	void paymentsOverWhatIsOpenOrOfTheWrongKindAreRefusedAndWriteNothing() {
		long bill = payable();
		String etag = this.api.get("/api/finance/bills/" + bill + "/").header("ETag").orElseThrow();
		Response over = this.api.post(payments(bill, 2), json("paid_on", "2027-04-10", "amount", "100.01"));
		assertThat(over.status()).isEqualTo(409);
		assertThat(over.json().get("open_amount").asString()).isEqualTo("100.00");
		Response nothing = this.api.post(payments(bill, 2),
				json("paid_on", "2027-04-10", "amount", "5.00", "interest", "5.00"));
		assertThat(nothing.status()).isEqualTo(409);
		Response noDate = this.api.post(payments(bill, 2), json("amount", "5.00"));
		assertThat(noDate.status()).isEqualTo(400);
		assertThat(noDate.json().get("errors").has("paid_on")).isTrue();
		Response negative = this.api.post(payments(bill, 2),
				json("paid_on", "2027-04-10", "amount", "5.00", "discount", "-1.00"));
		assertThat(negative.status()).isEqualTo(400);
		assertThat(negative.json().get("errors").has("discount")).isTrue();
		assertThat(this.api.post(payments(bill, 9), json("paid_on", "2027-04-10", "amount", "5.00")).status())
			.isEqualTo(404);

		long receivable = this.api
			.post("/api/finance/bills/",
					json("direction", "receivable", "cliente_id", this.bills.cliente(), "description", "Venda",
							"competence_date", "2027-03-01", "category_id", this.bills.category("1.1"), "total",
							"10.00", "installments", List.of(installment("2027-03-10", "10.00"))))
			.id();
		assertThat(this.api.post(payments(receivable, 1), json("paid_on", "2027-03-10", "amount", "10.00")).status())
			.isEqualTo(409);

		assertThat(this.api.get(payments(bill, 2)).json().size()).isZero();
		assertThat(this.api.get("/api/finance/bills/" + bill + "/").header("ETag")).hasValue(etag);
		assertThat(bill(bill).get("open_amount").asString()).isEqualTo("300.00");
	}

	@Test
	void aSettledDebitPaysAndIsAllocatedWhileACreditOrASpentDebitIsRefused() {
		long bill = payable();
		long debit = imported(provider(), "debit", "150.00", "settled");
		Response paid = this.api.post(payments(bill, 1), json("amount", "100.00", "transaction_id", debit));
		assertThat(paid.status()).as(paid.toString()).isEqualTo(201);
		assertThat(paid.json().get("paid_on").asString()).isEqualTo("2027-03-09");
		assertThat(paid.json().get("transaction_id").asLong()).isEqualTo(debit);
		JsonNode transaction = this.api.get("/api/finance/transactions/" + debit + "/").json();
		assertThat(transaction.get("allocated_amount").asString()).isEqualTo("100.00");
		assertThat(transaction.get("unallocated_amount").asString()).isEqualTo("50.00");
		assertThat(bill(bill).get("installments").get(0).get("status").asString()).isEqualTo("paid");

		// 50.00 left on the debit: 100.00 more is a 409, and nothing changes.
		Response spent = this.api.post(payments(bill, 2), json("amount", "100.00", "transaction_id", debit));
		assertThat(spent.status()).isEqualTo(409);
		assertThat(spent.json().get("transaction_open_amount").asString()).isEqualTo("50.00");
		long credit = imported(provider(), "credit", "100.00", "settled");
		Response byCredit = this.api.post(payments(bill, 2), json("amount", "100.00", "transaction_id", credit));
		assertThat(byCredit.status()).isEqualTo(409);
		assertThat(byCredit.json().get("field").asString()).isEqualTo("transaction_id");
		long pending = imported(provider(), "debit", "100.00", "pending");
		assertThat(this.api.post(payments(bill, 2), json("amount", "100.00", "transaction_id", pending)).status())
			.isEqualTo(409);
		Response unknown = this.api.post(payments(bill, 2), json("amount", "100.00", "transaction_id", 999999999));
		assertThat(unknown.status()).isEqualTo(400);
		assertThat(unknown.json().get("errors").has("transaction_id")).isTrue();
		assertThat(this.api.get(payments(bill, 2)).json().size()).isZero();
		assertThat(this.api.get("/api/finance/transactions/" + credit + "/").json().get("allocated_amount").asString())
			.isEqualTo("0.00");
		assertThat(bill(bill).get("installments").get(1).get("status").asString()).isEqualTo("open");

		// The debit's allocation to a bill payment is deleted with the payment, not on
		// its own.
		long allocation = this.api.get("/api/finance/allocations/?transaction_id=" + debit)
			.json()
			.get(0)
			.get("id")
			.asLong();
		assertThat(this.api.delete("/api/finance/allocations/" + allocation + "/").status()).isEqualTo(409);
		assertThat(this.api.delete(payments(bill, 1) + paid.json().get("id").asLong() + "/").status()).isEqualTo(204);
		assertThat(this.api.get("/api/finance/transactions/" + debit + "/").json().get("allocated_amount").asString())
			.isEqualTo("0.00");
		assertThat(bill(bill).get("installments").get(0).get("status").asString()).isEqualTo("open");
	}

	@Test
	void aDebitThatGoesAwayInAnImportReopensTheInstallment() {
		long bill = payable();
		String provider = provider();
		long debit = imported(provider, "debit", "100.00", "settled");
		assertThat(this.api.post(payments(bill, 1), json("amount", "100.00", "transaction_id", debit)).status())
			.isEqualTo(201);
		// The same month imported again as a credit: the allocation no longer holds.
		Response changed = confirm(provider, "credit", "100.00", "settled", false);
		assertThat(changed.json().get("success").asBoolean()).as(changed.toString()).isTrue();
		assertThat(changed.json().get("errors").toString()).contains("bill payment");
		assertThat(bill(bill).get("installments").get(0).get("status").asString()).isEqualTo("open");
		assertThat(this.api.get(payments(bill, 1)).json().size()).isZero();

		// A debit re-imported unchanged keeps paying; deleted by replacing the month, it
		// stops.
		String other = provider();
		long kept = imported(other, "debit", "100.00", "settled");
		assertThat(this.api.post(payments(bill, 2), json("amount", "100.00", "transaction_id", kept)).status())
			.isEqualTo(201);
		assertThat(confirm(other, "debit", "100.00", "settled", false).json().get("success").asBoolean()).isTrue();
		assertThat(bill(bill).get("installments").get(1).get("status").asString()).isEqualTo("paid");
		Response replaced = confirm(other, "debit", "100.00", "settled", true);
		assertThat(replaced.json().get("success").asBoolean()).as(replaced.toString()).isTrue();
		assertThat(bill(bill).get("installments").get(1).get("status").asString()).isEqualTo("open");
	}

	@Test
	void aBillWithSomethingPaidIsNotCancelled() {
		long bill = payable();
		assertThat(this.api.post(payments(bill, 3), json("paid_on", "2027-05-10", "amount", "0.01")).status())
			.isEqualTo(201);
		Response refused = this.api.post("/api/finance/bills/" + bill + "/cancel/", "");
		assertThat(refused.status()).isEqualTo(409);
		assertThat(refused.json().get("paid_amount").asString()).isEqualTo("0.01");
		assertThat(bill(bill).get("status").asString()).isEqualTo("partially_paid");
	}

	@Test
	void payingNeedsFinanceBillsChange() {
		long bill = payable();
		Api viewer = signedInWith("finance.bills.view");
		assertThat(viewer.get(payments(bill, 1)).status()).isEqualTo(200);
		assertThat(viewer.post(payments(bill, 1), json("paid_on", "2027-03-10", "amount", "100.00")).status())
			.isEqualTo(403);
		assertThat(this.api.get(payments(bill, 1)).json().size()).isZero();
	}

}
