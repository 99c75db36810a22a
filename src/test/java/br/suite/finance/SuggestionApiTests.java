package br.suite.finance;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import br.suite.finance.ingest.TransactionWriter;
import br.suite.Api;
import br.suite.Api.Response;
import br.suite.ApiTest;
import tools.jackson.databind.JsonNode;

import static br.suite.finance.FinanceFixtures.importId;
import static br.suite.finance.FinanceFixtures.provider;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Suggestions: same amount, same payer, near the due date; listed with scores, accepted
 * all or nothing.
 */
class SuggestionApiTests extends ApiTest {

	static final String SUGGESTIONS = "/api/finance/reconciliation/suggestions/";

	static final String CPF = "12345678909";

	static final String OTHER_CPF = "11144477735";

	@Autowired
	TransactionWriter ledger;

	String account = unique("acc");

	String provider = provider();

	long credit(String amount, String date, String payer) {
		String external = unique("s");
		this.ledger.upsert(importId(),
				List.of(new TransactionRow(this.provider, this.account, external, LocalDate.parse(date), null,
						new BigDecimal(amount), "credit", "settled", "PIX", "Ana", payer, "", "", "", "")));
		return this.api.get("/api/finance/transactions/?provider=" + this.provider)
			.json()
			.valueStream()
			.filter(t -> t.get("external_id").asString().equals(external))
			.findFirst()
			.orElseThrow()
			.get("id")
			.asLong();
	}

	long charge(String amount, String due, String payer) {
		Response created = this.api.post("/api/finance/charges/", "{\"kind\":\"pix\",\"amount\":\"" + amount
				+ "\",\"due_date\":\"" + due + "\",\"payer_document\":\"" + payer + "\"}");
		assertThat(created.status()).as(created.toString()).isEqualTo(201);
		return created.id();
	}

	JsonNode suggestions() {
		Response list = this.api
			.get(SUGGESTIONS + "?date_from=2026-10-01&date_to=2026-12-31&account_id=" + this.account);
		assertThat(list.status()).as(list.toString()).isEqualTo(200);
		return list.json();
	}

	@Test
	void sameAmountSamePayerNearTheDueDateIsSuggestedWithAnExplanation() {
		long charge = charge("200", "2026-10-05", CPF);
		long paid = credit("200", "2026-10-07", "123.456.789-09");
		charge("200", "2026-10-05", OTHER_CPF);
		charge("199.99", "2026-10-05", CPF);
		credit("200", "2026-11-20", CPF);
		JsonNode list = suggestions();
		assertThat(list).hasSize(1);
		JsonNode suggestion = list.get(0);
		assertThat(suggestion.get("transaction_id").asLong()).isEqualTo(paid);
		assertThat(suggestion.get("charge_id").asLong()).isEqualTo(charge);
		assertThat(suggestion.get("fiscal_document_id").isNull()).isTrue();
		assertThat(suggestion.get("amount").asString()).isEqualTo("200.00");
		assertThat(suggestion.get("score").decimalValue()).isEqualByComparingTo("0.90");
		assertThat(suggestion.get("explanation").asString())
			.isEqualTo("same amount 200.00; payer document equal; paid 2 days after due date");
		// Suggestions are never allocated automatically.
		Response run = this.api.post("/api/finance/reconciliation/run/", "{\"date_from\":\"2026-10-01\","
				+ "\"date_to\":\"2026-12-31\",\"account_id\":\"" + this.account + "\"}");
		assertThat(run.json().get("allocations_created").asInt()).isZero();
		assertThat(this.api.get("/api/finance/charges/" + charge + "/").json().get("status").asString())
			.isEqualTo("open");
	}

	@Test
	void theWindowIsFiveDaysBeforeToThirtyAfterTheDueDate() {
		long early = charge("10", "2026-10-20", CPF);
		long late = charge("20", "2026-10-01", CPF);
		credit("10", "2026-10-15", CPF);
		credit("10", "2026-10-14", CPF);
		credit("20", "2026-10-31", CPF);
		credit("20", "2026-11-01", CPF);
		JsonNode list = suggestions();
		assertThat(list).hasSize(2);
		assertThat(list.toString()).contains("paid 5 days before due date").contains("paid 30 days after due date");
		assertThat(list.valueStream().map(s -> s.get("charge_id").asLong())).containsExactlyInAnyOrder(early, late);
	}

	@Test
	void ambiguousCasesListEveryCandidateWithALowerScore() {
		long a = charge("50", "2026-10-10", CPF);
		long b = charge("50", "2026-10-12", CPF);
		long t = credit("50", "2026-10-10", CPF);
		JsonNode list = suggestions();
		assertThat(list).hasSize(2);
		assertThat(list.valueStream().map(s -> s.get("charge_id").asLong())).containsExactly(a, b);
		list.forEach(s -> {
			assertThat(s.get("transaction_id").asLong()).isEqualTo(t);
			assertThat(s.get("explanation").asString()).contains("ambiguous: 2 candidates for this transaction");
		});
		assertThat(list.get(0).get("score").decimalValue()).isEqualByComparingTo("0.60");
		assertThat(list.get(0).get("explanation").asString()).contains("paid on the due date");
	}

	@Test
	void fiscalDocumentsAreSuggestedByCustomerDocumentAndIssueDate() {
		Response document = this.api.post("/api/finance/fiscal-documents/",
				"{\"type\":\"nfse\",\"number\":\"3\","
						+ "\"amount\":\"75.50\",\"customer_name\":\"Ana\",\"customer_document\":\"" + CPF + "\","
						+ "\"issue_date\":\"2026-10-01\",\"status\":\"authorized\"}");
		assertThat(document.status()).as(document.toString()).isEqualTo(201);
		long t = credit("75.50", "2026-10-04", CPF);
		JsonNode list = suggestions();
		assertThat(list).hasSize(1);
		assertThat(list.get(0).get("fiscal_document_id").asLong()).isEqualTo(document.id());
		assertThat(list.get(0).get("explanation").asString()).contains("paid 3 days after issue date");
		Response accepted = this.api.post(SUGGESTIONS + "accept/",
				"{\"items\":[{\"transaction_id\":" + t + ",\"fiscal_document_id\":" + document.id() + "}]}");
		assertThat(accepted.status()).as(accepted.toString()).isEqualTo(201);
		assertThat(this.api.get("/api/finance/fiscal-documents/" + document.id() + "/")
			.json()
			.get("related_transaction_ids")
			.toString()).isEqualTo("[" + t + "]");
	}

	@Test
	void acceptingIsAllOrNothing() {
		long charge = charge("80", "2026-10-10", CPF);
		long t = credit("80", "2026-10-10", CPF);
		long stranger = charge("80", "2026-10-10", OTHER_CPF);
		String good = "{\"transaction_id\":" + t + ",\"charge_id\":" + charge + "}";
		String bad = "{\"transaction_id\":" + t + ",\"charge_id\":" + stranger + "}";
		Response refused = this.api.post(SUGGESTIONS + "accept/", "{\"items\":[" + good + "," + bad + "]}");
		assertThat(refused.status()).isEqualTo(409);
		assertThat(refused.json().get("field").asString()).isEqualTo("items[1]");
		assertThat(this.api.get("/api/finance/allocations/?transaction_id=" + t).json()).isEmpty();
		assertThat(this.api.post(SUGGESTIONS + "accept/", "{\"items\":[]}").status()).isEqualTo(400);
		assertThat(this.api.post(SUGGESTIONS + "accept/", "{\"items\":[{\"charge_id\":1}]}").status()).isEqualTo(400);

		Api viewer = signedInWith("finance.reconciliation.view");
		assertThat(viewer.get(SUGGESTIONS + "?date_from=2026-10-01&date_to=2026-10-31&account_id=" + this.account)
			.status()).isEqualTo(200);
		assertThat(viewer.post(SUGGESTIONS + "accept/", "{\"items\":[" + good + "]}").status()).isEqualTo(403);
		assertThat(this.api.get("/api/finance/allocations/?transaction_id=" + t).json()).isEmpty();

		Response accepted = this.api.post(SUGGESTIONS + "accept/", "{\"items\":[" + good + "]}");
		assertThat(accepted.status()).as(accepted.toString()).isEqualTo(201);
		JsonNode allocation = accepted.json().get(0);
		assertThat(allocation.get("rule").asString()).isEqualTo("suggestion");
		assertThat(allocation.get("score").decimalValue()).isEqualByComparingTo("0.90");
		assertThat(allocation.get("amount").asString()).isEqualTo("80.00");
		assertThat(this.api.get("/api/finance/charges/" + charge + "/").json().get("status").asString())
			.isEqualTo("paid");
		assertThat(suggestions()).isEmpty();
		Response again = this.api.post(SUGGESTIONS + "accept/", "{\"items\":[" + good + "]}");
		assertThat(again.status()).isEqualTo(409);
		assertThat(this.api.get(SUGGESTIONS + "?date_to=2026-10-31").status()).isEqualTo(400);
	}

}
