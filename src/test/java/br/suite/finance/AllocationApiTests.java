package br.suite.finance;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

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
 * Allocations (N:M between credit transactions and charges or fiscal documents) and the
 * sums they keep.
 */
class AllocationApiTests extends ApiTest {

	static final String ALLOCATIONS = "/api/finance/allocations/";

	@Autowired
	TransactionWriter ledger;

	/** A new transaction of a provider of its own; returns its id. */
	long transaction(String amount, String direction, String status) {
		String provider = provider();
		this.ledger.upsert(importId(), List.of(new TransactionRow(provider, "", "t", LocalDate.of(2026, 8, 3), null,
				new BigDecimal(amount), direction, status, "PIX", "", "", "", "", "", "")));
		return this.api.get("/api/finance/transactions/?provider=" + provider).json().get(0).get("id").asLong();
	}

	long transaction(String amount) {
		return transaction(amount, "credit", "settled");
	}

	long charge(String amount) {
		Response created = this.api.post("/api/finance/charges/", "{\"kind\":\"pix\",\"amount\":\"" + amount + "\"}");
		assertThat(created.status()).as(created.toString()).isEqualTo(201);
		return created.id();
	}

	Response allocate(long transaction, String target, long id, String amount) {
		return this.api.post(ALLOCATIONS, "{\"transaction_id\":" + transaction + ",\"" + target + "\":" + id
				+ (amount == null ? "" : ",\"amount\":\"" + amount + "\"") + "}");
	}

	JsonNode transactionJson(long id) {
		return this.api.get("/api/finance/transactions/" + id + "/").json();
	}

	JsonNode chargeJson(long id) {
		return this.api.get("/api/finance/charges/" + id + "/").json();
	}

	@Test
	void partialPaymentsAddUpUntilTheChargeIsPaid() {
		long charge = charge("100");
		long first = transaction("30");
		long second = transaction("70");
		Response allocated = allocate(first, "charge_id", charge, null);
		assertThat(allocated.status()).as(allocated.toString()).isEqualTo(201);
		assertThat(allocated.json().get("amount").asString()).isEqualTo("30.00");
		assertThat(allocated.json().get("rule").asString()).isEqualTo("manual");
		assertThat(allocated.json().get("created_by").isNumber()).isTrue();
		JsonNode partly = chargeJson(charge);
		assertThat(partly.get("status").asString()).isEqualTo("partially_paid");
		assertThat(partly.get("paid_amount").asString()).isEqualTo("30.00");
		assertThat(partly.get("open_amount").asString()).isEqualTo("70.00");
		assertThat(partly.get("paid_on").asString()).isEqualTo("2026-08-03");
		JsonNode t = transactionJson(first);
		assertThat(t.get("allocated_amount").asString()).isEqualTo("30.00");
		assertThat(t.get("unallocated_amount").asString()).isEqualTo("0.00");
		assertThat(t.get("matched_charge_id").asLong()).isEqualTo(charge);

		assertThat(allocate(second, "charge_id", charge, null).status()).isEqualTo(201);
		JsonNode paid = chargeJson(charge);
		assertThat(paid.get("status").asString()).isEqualTo("paid");
		assertThat(paid.get("open_amount").asString()).isEqualTo("0.00");
		assertThat(this.api.get("/api/finance/charges/?status=paid&paid_from=2026-08-03&paid_to=2026-08-03")
			.json()
			.valueStream()
			.map(c -> c.get("id").asLong())).contains(charge);
		// A paid charge cannot be cancelled, nor its amount lowered under what was paid.
		assertThat(this.api.post("/api/finance/charges/" + charge + "/cancel/", "").status()).isEqualTo(409);
		assertThat(this.api.patch("/api/finance/charges/" + charge + "/", "{\"amount\":\"99\"}").status())
			.isEqualTo(409);
		assertThat(chargeJson(charge).get("status").asString()).isEqualTo("paid");
	}

	@Test
	void onePixPaysTwoChargesAndMatchedChargeIdIsNullWithTwo() {
		long pix = transaction("150");
		long a = charge("100");
		long b = charge("50");
		assertThat(allocate(pix, "charge_id", a, null).json().get("amount").asString()).isEqualTo("100.00");
		assertThat(transactionJson(pix).get("matched_charge_id").asLong()).isEqualTo(a);
		assertThat(chargeJson(a).get("status").asString()).as("a surplus waits on the transaction")
			.isEqualTo("overpaid");
		assertThat(allocate(pix, "charge_id", b, null).json().get("amount").asString()).isEqualTo("50.00");
		JsonNode t = transactionJson(pix);
		assertThat(t.get("unallocated_amount").asString()).isEqualTo("0.00");
		assertThat(t.get("matched_charge_id").isNull()).as("two charges: see the allocations").isTrue();
		assertThat(chargeJson(a).get("status").asString()).isEqualTo("paid");
		assertThat(chargeJson(b).get("status").asString()).isEqualTo("paid");
		assertThat(this.api.get(ALLOCATIONS + "?transaction_id=" + pix).json()).hasSize(2);
		assertThat(this.api.get(ALLOCATIONS + "?charge_id=" + b).json()).hasSize(1);
	}

	@Test
	void overpaymentLeavesTheSurplusUnallocatedAndTheChargeOverpaid() {
		long pix = transaction("120");
		long charge = charge("100");
		assertThat(allocate(pix, "charge_id", charge, null).json().get("amount").asString()).isEqualTo("100.00");
		assertThat(chargeJson(charge).get("status").asString()).isEqualTo("overpaid");
		assertThat(chargeJson(charge).get("paid_amount").asString()).isEqualTo("100.00");
		assertThat(transactionJson(pix).get("unallocated_amount").asString()).isEqualTo("20.00");
		assertThat(this.api.get("/api/finance/charges/?status=overpaid")
			.json()
			.valueStream()
			.map(c -> c.get("id").asLong())).contains(charge);
	}

	@Test
	void amountsOverWhatIsOpenAre409sNamingBothAmountsAndChangeNothing() {
		long pix = transaction("50");
		long charge = charge("80");
		Response over = allocate(pix, "charge_id", charge, "60");
		assertThat(over.status()).isEqualTo(409);
		assertThat(over.json().get("transaction_open_amount").asString()).isEqualTo("50.00");
		assertThat(over.json().get("target_open_amount").asString()).isEqualTo("80.00");
		assertThat(over.json().get("detail").asString()).contains("50.00").contains("80.00");
		assertThat(this.api.get(ALLOCATIONS + "?transaction_id=" + pix).json()).isEmpty();
		assertThat(allocate(pix, "charge_id", charge, "20").status()).isEqualTo(201);
		Response again = allocate(pix, "charge_id", charge, "10");
		assertThat(again.status()).as("one allocation per pair").isEqualTo(409);
		long other = charge("10");
		Response more = allocate(pix, "charge_id", other, "31");
		assertThat(more.status()).isEqualTo(409);
		assertThat(more.json().get("transaction_open_amount").asString()).isEqualTo("30.00");
		assertThat(chargeJson(other).get("paid_amount").asString()).isEqualTo("0.00");
		assertThat(transactionJson(pix).get("allocated_amount").asString()).isEqualTo("20.00");
	}

	@Test
	void onlyCreditsThatMovedPayAndCancelledChargesTakeNothing() {
		long charge = charge("10");
		for (String[] kind : new String[][] { { "debit", "settled" }, { "credit", "reversed" },
				{ "credit", "cancelled" } }) {
			long t = transaction("10", kind[0], kind[1]);
			Response refused = allocate(t, "charge_id", charge, null);
			assertThat(refused.status()).as(kind[0] + " " + kind[1]).isEqualTo(409);
			assertThat(refused.json().get("field").asString()).isEqualTo("transaction_id");
		}
		long cancelled = charge("10");
		this.api.post("/api/finance/charges/" + cancelled + "/cancel/", "");
		assertThat(allocate(transaction("10"), "charge_id", cancelled, null).status()).isEqualTo(409);
		assertThat(chargeJson(charge).get("paid_amount").asString()).isEqualTo("0.00");

		Response missing = allocate(999999999L, "charge_id", 999999998L, null);
		assertThat(missing.status()).isEqualTo(400);
		assertThat(missing.json().get("errors").has("transaction_id")).isTrue();
		assertThat(missing.json().get("errors").has("charge_id")).isTrue();
		Response both = this.api.post(ALLOCATIONS, "{\"transaction_id\":1,\"charge_id\":1,\"fiscal_document_id\":1}");
		assertThat(both.status()).isEqualTo(400);
		Response neither = this.api.post(ALLOCATIONS, "{\"transaction_id\":1}");
		assertThat(neither.status()).isEqualTo(400);
		assertThat(neither.json().get("errors").has("charge_id")).isTrue();
	}

	@Test
	void deletingAnAllocationGivesTheMoneyBack() {
		long pix = transaction("40");
		long charge = charge("40");
		long id = allocate(pix, "charge_id", charge, null).id();
		assertThat(chargeJson(charge).get("status").asString()).isEqualTo("paid");
		assertThat(this.api.get(ALLOCATIONS + id + "/").json().get("transaction_id").asLong()).isEqualTo(pix);
		assertThat(this.api.delete(ALLOCATIONS + id + "/").status()).isEqualTo(204);
		assertThat(chargeJson(charge).get("status").asString()).isEqualTo("open");
		assertThat(chargeJson(charge).get("paid_on").isNull()).isTrue();
		assertThat(transactionJson(pix).get("unallocated_amount").asString()).isEqualTo("40.00");
		assertThat(transactionJson(pix).get("matched_charge_id").isNull()).isTrue();
		assertThat(this.api.delete(ALLOCATIONS + id + "/").status()).isEqualTo(404);
	}

	@Test
	void fiscalDocumentsAreAllocationTargetsAndListTheirTransactions() {
		long document = this.api
			.post("/api/finance/fiscal-documents/",
					"{\"type\":\"nfse\",\"number\":\"9\",\"amount\":\"100\",\"customer_name\":\"C\"}")
			.id();
		long first = transaction("60");
		long second = transaction("60");
		assertThat(allocate(first, "fiscal_document_id", document, null).json().get("amount").asString())
			.isEqualTo("60.00");
		assertThat(allocate(second, "fiscal_document_id", document, null).json().get("amount").asString())
			.as("only what the document still has open")
			.isEqualTo("40.00");
		JsonNode doc = this.api.get("/api/finance/fiscal-documents/" + document + "/").json();
		assertThat(doc.get("related_transaction_ids").toString()).isEqualTo("[" + first + "," + second + "]");
		assertThat(transactionJson(second).get("matched_document_id").asLong()).isEqualTo(document);
		assertThat(transactionJson(second).get("unallocated_amount").asString()).isEqualTo("20.00");
		long third = transaction("5");
		assertThat(allocate(third, "fiscal_document_id", document, null).status()).as("nothing open").isEqualTo(409);
		// The surplus of the second transaction may pay a charge: N:M.
		long charge = charge("20");
		assertThat(allocate(second, "charge_id", charge, null).status()).isEqualTo(201);
		JsonNode t = transactionJson(second);
		assertThat(t.get("matched_charge_id").asLong()).isEqualTo(charge);
		assertThat(t.get("matched_document_id").asLong()).isEqualTo(document);
		Response shrink = this.api.patch("/api/finance/fiscal-documents/" + document + "/", "{\"amount\":\"99\"}");
		assertThat(shrink.status()).as("its allocations would exceed it").isEqualTo(409);
		assertThat(this.api.get("/api/finance/fiscal-documents/" + document + "/").json().get("amount").asString())
			.isEqualTo("100.00");
		// A document that lets a transaction go releases its allocation.
		this.api.patch("/api/finance/fiscal-documents/" + document + "/",
				"{\"related_transaction_ids\":[" + first + "]}");
		assertThat(transactionJson(second).get("matched_document_id").isNull()).isTrue();
		assertThat(transactionJson(second).get("allocated_amount").asString()).isEqualTo("20.00");
	}

	@Test
	void concurrentAllocationsOfTheSameMoneyCannotBothSucceed() throws Exception {
		long pix = transaction("100");
		List<Long> charges = new ArrayList<>();
		for (int i = 0; i < 6; i++) {
			charges.add(charge("100"));
		}
		ExecutorService pool = Executors.newFixedThreadPool(6);
		try {
			List<Future<Response>> attempts = new ArrayList<>();
			for (long charge : charges) {
				attempts.add(pool.submit(() -> allocate(pix, "charge_id", charge, "60")));
			}
			List<Integer> statuses = new ArrayList<>();
			for (Future<Response> attempt : attempts) {
				statuses.add(attempt.get().status());
			}
			assertThat(statuses).containsOnly(201, 409);
			assertThat(statuses.stream().filter(s -> s == 201)).hasSize(1);
		}
		finally {
			pool.shutdownNow();
		}
		assertThat(transactionJson(pix).get("allocated_amount").asString()).isEqualTo("60.00");
		long paid = charges.stream().filter(c -> chargeJson(c).get("paid_amount").asString().equals("60.00")).count();
		assertThat(paid).isEqualTo(1);
	}

	@Test
	void permissionRefusalsChangeNothing() {
		long pix = transaction("10");
		long charge = charge("10");
		Api viewer = signedInWith("finance.reconciliation.view");
		Api chargesOnly = signedInWith("finance.charges.change", "finance.charges.view");
		assertThat(viewer.post(ALLOCATIONS, "{\"transaction_id\":" + pix + ",\"charge_id\":" + charge + "}").status())
			.isEqualTo(403);
		assertThat(
				chargesOnly.post(ALLOCATIONS, "{\"transaction_id\":" + pix + ",\"charge_id\":" + charge + "}").status())
			.isEqualTo(403);
		assertThat(this.api.get(ALLOCATIONS + "?transaction_id=" + pix).json()).isEmpty();
		long id = allocate(pix, "charge_id", charge, null).id();
		assertThat(viewer.get(ALLOCATIONS + "?charge_id=" + charge).json()).hasSize(1);
		assertThat(viewer.delete(ALLOCATIONS + id + "/").status()).isEqualTo(403);
		assertThat(chargesOnly.get(ALLOCATIONS).status()).isEqualTo(403);
		assertThat(chargeJson(charge).get("status").asString()).isEqualTo("paid");
	}

}
