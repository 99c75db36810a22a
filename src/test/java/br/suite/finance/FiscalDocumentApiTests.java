package br.suite.finance;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import br.suite.finance.ingest.TransactionWriter;
import br.suite.Api.Response;
import br.suite.ApiTest;
import tools.jackson.databind.JsonNode;

import static br.suite.finance.FinanceFixtures.DATE_TIME;
import static br.suite.finance.FinanceFixtures.NFCE_KEY;
import static br.suite.finance.FinanceFixtures.NFE_KEY;
import static br.suite.finance.FinanceFixtures.importId;
import static br.suite.finance.FinanceFixtures.provider;
import static br.suite.finance.FinanceFixtures.row;
import static org.assertj.core.api.Assertions.assertThat;

class FiscalDocumentApiTests extends ApiTest {

	static final String DOCUMENTS = "/api/finance/fiscal-documents/";

	@Autowired
	TransactionWriter ledger;

	Response create(String json) {
		return this.api.post(DOCUMENTS, json);
	}

	/** A minimal valid document (NFS-e: no access key), plus extra JSON members. */
	long draft(String extra) {
		Response created = create("{\"type\":\"nfse\",\"number\":\"" + number() + "\",\"amount\":\"100.00\","
				+ "\"customer_name\":\"Cliente\"" + extra + "}");
		assertThat(created.status()).as(created.toString()).isEqualTo(201);
		return created.id();
	}

	/** New transactions (ids in the given order) of a provider of their own. */
	List<Long> transactions(int count) {
		String provider = provider();
		List<TransactionRow> rows = new ArrayList<>();
		for (int i = 0; i < count; i++) {
			rows.add(row(provider, "", "t" + i, LocalDate.of(2026, 7, 1), "10", "credit"));
		}
		this.ledger.upsert(importId(), rows);
		List<Long> ids = new ArrayList<>(this.api.get("/api/finance/transactions/?provider=" + provider)
			.json()
			.valueStream()
			.map(t -> t.get("id").asLong())
			.toList());
		java.util.Collections.sort(ids);
		return ids;
	}

	Long matchedDocument(long transaction) {
		JsonNode value = this.api.get("/api/finance/transactions/" + transaction + "/")
			.json()
			.get("matched_document_id");
		return value.isNull() ? null : value.asLong();
	}

	static String number() {
		return Long.toString(System.nanoTime() % 1_000_000_000L);
	}

	/**
	 * The reference keys are unique: a draft left by an earlier run against the same
	 * database goes first.
	 */
	void forget(String accessKey) {
		this.api.get(DOCUMENTS + "?q=" + accessKey)
			.json()
			.forEach(existing -> assertThat(this.api.delete(DOCUMENTS + existing.get("id").asLong() + "/").status())
				.isEqualTo(204));
	}

	@Test
	void createsAnNfeFromItsAccessKeyAndReadsItBackFieldByField() {
		forget(NFE_KEY);
		Response created = create("{\"type\":\"nfe\",\"number\":\"000110093\",\"amount\":1500.5,"
				+ "\"customer_name\":\" Padaria Pão Quente Ltda \",\"customer_document\":\"11.222.333/0001-81\","
				+ "\"access_key\":\"3315 0308 3707 7900 0149 5500 1000 1100 9310 0241 0775\",\"issue_date\":\"2015-03-10\","
				+ "\"related_charge_ids\":[9,3,9],\"status\":\"draft\",\"file_url\":\"https://nf.example.com.br/110093.xml\","
				+ "\"provider\":\"asaas\",\"id\":5,\"created_at\":\"2000-01-01T00:00:00Z\"}");
		assertThat(created.status()).as(created.toString()).isEqualTo(201);
		long id = created.id();
		assertThat(created.header("Location")).contains(DOCUMENTS + id + "/");
		assertThat(created.header("ETag")).isPresent();
		JsonNode document = created.json();
		assertThat(document.get("id").asLong()).isEqualTo(id).isNotEqualTo(5);
		assertThat(document.get("provider").asString()).isEqualTo("manual");
		assertThat(document.get("type").asString()).isEqualTo("nfe");
		assertThat(document.get("number").asString()).isEqualTo("000110093");
		assertThat(document.get("amount").asString()).isEqualTo("1500.50");
		assertThat(document.get("customer_name").asString()).isEqualTo("Padaria Pão Quente Ltda");
		assertThat(document.get("series").asString()).as("filled from the key").isEqualTo("1");
		assertThat(document.get("access_key").asString()).isEqualTo(NFE_KEY);
		assertThat(document.get("issue_date").asString()).isEqualTo("2015-03-10");
		assertThat(document.get("customer_document").asString()).isEqualTo("11222333000181");
		assertThat(document.get("related_charge_ids").toString()).isEqualTo("[9,3]");
		assertThat(document.get("related_transaction_ids").toString()).isEqualTo("[]");
		assertThat(document.get("status").asString()).isEqualTo("draft");
		assertThat(document.get("file_url").asString()).isEqualTo("https://nf.example.com.br/110093.xml");
		assertThat(document.get("created_at").asString()).matches(DATE_TIME).isNotEqualTo("2000-01-01T00:00:00.000Z");
		assertThat(document.get("updated_at").asString()).matches(DATE_TIME);
		assertThat(document.size()).isEqualTo(16);
		assertThat(this.api.get(DOCUMENTS + id + "/").json()).isEqualTo(document);
	}

	@Test
	void theNfceReferenceKeyIsAcceptedWithItsModelSeriesAndMonth() {
		forget(NFCE_KEY);
		Response created = create("{\"type\":\"nfce\",\"number\":\"30\",\"series\":\"001\",\"amount\":\"9.90\","
				+ "\"customer_name\":\"Consumidor\",\"access_key\":\"" + NFCE_KEY
				+ "\",\"issue_date\":\"2018-10-31\"}");
		assertThat(created.status()).as(created.toString()).isEqualTo(201);
		assertThat(created.json().get("series").asString()).isEqualTo("001");
		assertThat(created.json().get("access_key").asString()).isEqualTo(NFCE_KEY);
	}

	@Test
	void defaultsOfAMinimalDocument() {
		JsonNode document = this.api.get(DOCUMENTS + draft("") + "/").json();
		assertThat(document.get("status").asString()).isEqualTo("draft");
		assertThat(document.get("series").asString()).isEmpty();
		assertThat(document.get("access_key").asString()).isEmpty();
		assertThat(document.get("issue_date").isNull()).isTrue();
		assertThat(document.get("customer_document").asString()).isEmpty();
		assertThat(document.get("related_charge_ids").toString()).isEqualTo("[]");
		assertThat(document.get("file_url").isNull()).isTrue();
		assertThat(document.get("amount").asString()).isEqualTo("100.00");
	}

	@Test
	void aBadAccessKeyABadCnpjAndAThreeDecimalAmountAreClear400s() {
		Response key = create("{\"type\":\"nfe\",\"number\":\"110093\",\"amount\":\"10\",\"customer_name\":\"C\","
				+ "\"access_key\":\"33150308370779000149550010001100931002410776\"}");
		assertThat(key.status()).isEqualTo(400);
		assertThat(key.contentType()).startsWith("application/problem+json");
		assertThat(key.json().get("errors").get("access_key").get(0).asString()).contains("check digit");
		for (String bad : new String[] { "3315030837077900014955001000110093100241077",
				"3315030837077900014955001000110093100241077X", "99150308370779000149550010001100931002410775",
				"33151308370779000149550010001100931002410775", "33150308370779000149550010001100931002410775 1" }) {
			Response refused = create("{\"type\":\"nfe\",\"number\":\"1\",\"amount\":\"10\",\"customer_name\":\"C\","
					+ "\"access_key\":\"" + bad + "\"}");
			assertThat(refused.status()).as(bad).isEqualTo(400);
			assertThat(refused.json().get("errors").has("access_key")).as(bad).isTrue();
		}

		Response cnpj = create("{\"type\":\"nfse\",\"number\":\"1\",\"amount\":\"10\",\"customer_name\":\"C\","
				+ "\"customer_document\":\"11.222.333/0001-82\"}");
		assertThat(cnpj.status()).isEqualTo(400);
		assertThat(cnpj.json().get("errors").get("customer_document").get(0).asString()).contains("check digits");
		assertThat(create("{\"type\":\"nfse\",\"number\":\"1\",\"amount\":\"10\",\"customer_name\":\"C\","
				+ "\"customer_document\":\"123.456.789-00\"}")
			.status()).isEqualTo(400);

		Response amount = create("{\"type\":\"nfse\",\"number\":\"1\",\"amount\":\"10.005\",\"customer_name\":\"C\"}");
		assertThat(amount.status()).isEqualTo(400);
		assertThat(amount.json().get("errors").get("amount").get(0).asString()).contains("two decimals");
		for (String bad : new String[] { "10.005", "\"abc\"", "\"1e3\"", "1e3", "\"10,50\"", "\"NaN\"", "-1", "0",
				"\"0.00\"", "true", "null" }) {
			Response refused = create(
					"{\"type\":\"nfse\",\"number\":\"1\",\"amount\":" + bad + ",\"customer_name\":\"C\"}");
			assertThat(refused.status()).as(bad).isEqualTo(400);
			assertThat(refused.json().get("errors").has("amount")).as(bad).isTrue();
		}
	}

	@Test
	void customerDocumentsAcceptCpfAndNumericOrAlphanumericCnpjStoredNormalised() {
		String[][] cases = { { "123.456.789-09", "12345678909" }, { "111.444.777-35", "11144477735" },
				{ "11.222.333/0001-81", "11222333000181" }, { "12.ABC.345/01DE-35", "12ABC34501DE35" },
				{ "q2.gro.wp7/0001-85", "Q2GROWP7000185" }, { "6A3EDMWP000168", "6A3EDMWP000168" } };
		for (String[] c : cases) {
			long id = draft(",\"customer_document\":\"" + c[0] + "\"");
			assertThat(this.api.get(DOCUMENTS + id + "/").json().get("customer_document").asString()).isEqualTo(c[1]);
		}
	}

	@Test
	void anAccessKeyThatDisagreesNamesEachMismatchedField() {
		Response mismatch = create("{\"type\":\"nfce\",\"number\":\"12\",\"series\":\"2\",\"amount\":\"10\","
				+ "\"customer_name\":\"C\",\"access_key\":\"" + NFE_KEY + "\",\"issue_date\":\"2016-03-10\"}");
		assertThat(mismatch.status()).isEqualTo(400);
		JsonNode errors = mismatch.json().get("errors");
		assertThat(errors.propertyNames()).containsExactly("type", "number", "series", "issue_date");
		assertThat(errors.get("type").get(0).asString()).contains("model 55", "nfe");
		assertThat(errors.get("number").get(0).asString()).contains("110093");
		assertThat(errors.get("series").get(0).asString()).contains("1");
		assertThat(errors.get("issue_date").get(0).asString()).contains("2015-03");

		Response nfse = create("{\"type\":\"nfse\",\"number\":\"110093\",\"amount\":\"10\",\"customer_name\":\"C\","
				+ "\"access_key\":\"" + NFE_KEY + "\"}");
		assertThat(nfse.status()).isEqualTo(400);
		assertThat(nfse.json().get("errors").propertyNames()).containsExactly("type");
		assertThat(nfse.json().get("errors").get("type").get(0).asString()).contains("NFS-e");
	}

	@Test
	void anAccessKeyIsUniqueAcrossDocuments() {
		String key = FinanceFixtures.accessKey(57, 3, 4521, "2611");
		String first = "{\"type\":\"cte\",\"number\":\"4521\",\"series\":\"3\",\"amount\":\"10\","
				+ "\"customer_name\":\"C\",\"issue_date\":\"2026-11-25\",\"access_key\":\"" + key + "\"}";
		Response one = create(first);
		assertThat(one.status()).as(one.toString()).isEqualTo(201);
		long holder = one.id();
		Response again = create(first);
		assertThat(again.status()).isEqualTo(409);
		assertThat(again.json().get("field").asString()).isEqualTo("access_key");
		assertThat(again.json().get("existing_id").asLong()).isEqualTo(holder);
		assertThat(again.json().get("detail").asString()).contains("fiscal document " + holder);

		long other = draft("");
		Response put = this.api.put(DOCUMENTS + other + "/", first);
		assertThat(put.status()).isEqualTo(409);
		assertThat(put.json().get("existing_id").asLong()).isEqualTo(holder);
		assertThat(this.api.get(DOCUMENTS + other + "/").json().get("access_key").asString()).isEmpty();
	}

	@Test
	void putRequiresTheFourFieldsAndSetsEveryWritableField() {
		long id = draft(",\"series\":\"A\",\"customer_document\":\"123.456.789-09\",\"related_charge_ids\":[1]");
		Response missing = this.api.put(DOCUMENTS + id + "/", "{\"series\":\"B\"}");
		assertThat(missing.status()).isEqualTo(400);
		assertThat(missing.json().get("errors").propertyNames()).containsExactlyInAnyOrder("type", "number", "amount",
				"customer_name");
		Response blank = this.api.put(DOCUMENTS + id + "/",
				"{\"type\":\"\",\"number\":\" \",\"amount\":\"1\"," + "\"customer_name\":\"\"}");
		assertThat(blank.status()).isEqualTo(400);
		assertThat(blank.json().get("errors").propertyNames()).containsExactlyInAnyOrder("type", "number",
				"customer_name");

		Response put = this.api.put(DOCUMENTS + id + "/", "{\"type\":\"nfse\",\"number\":\"77\",\"amount\":\"12.3\","
				+ "\"customer_name\":\"Outra\",\"provider\":\"asaas\"}");
		assertThat(put.status()).as(put.toString()).isEqualTo(200);
		JsonNode document = put.json();
		assertThat(document.get("number").asString()).isEqualTo("77");
		assertThat(document.get("amount").asString()).isEqualTo("12.30");
		assertThat(document.get("customer_name").asString()).isEqualTo("Outra");
		assertThat(document.get("series").asString()).isEmpty();
		assertThat(document.get("customer_document").asString()).isEmpty();
		assertThat(document.get("related_charge_ids").toString()).isEqualTo("[]");
		assertThat(document.get("provider").asString()).isEqualTo("manual");
		assertThat(this.api.get(DOCUMENTS + id + "/").json()).isEqualTo(document);
		assertThat(this.api
			.put(DOCUMENTS + "999999999/",
					"{\"type\":\"nfse\",\"number\":\"1\",\"amount\":\"1\"," + "\"customer_name\":\"C\"}")
			.status()).isEqualTo(404);
	}

	@Test
	void patchChangesOnlyTheFieldsSentWithThePutRules() {
		long id = draft(",\"series\":\"A\",\"customer_document\":\"123.456.789-09\",\"related_charge_ids\":[1]");
		Response patched = this.api.patch(DOCUMENTS + id + "/",
				"{\"file_url\":\"https://x.example/nf.pdf\"," + "\"status\":\"processing\"}");
		assertThat(patched.status()).as(patched.toString()).isEqualTo(200);
		assertThat(patched.json().get("series").asString()).isEqualTo("A");
		assertThat(patched.json().get("customer_document").asString()).isEqualTo("12345678909");
		assertThat(patched.json().get("related_charge_ids").toString()).isEqualTo("[1]");
		assertThat(patched.json().get("status").asString()).isEqualTo("processing");
		assertThat(patched.json().get("file_url").asString()).isEqualTo("https://x.example/nf.pdf");
		JsonNode before = patched.json();
		assertThat(this.api.patch(DOCUMENTS + id + "/", "{\"file_url\":\"javascript:alert(1)\"}").status())
			.isEqualTo(400);
		assertThat(this.api.patch(DOCUMENTS + id + "/", "{\"customer_name\":null}").status()).isEqualTo(400);
		assertThat(this.api.patch(DOCUMENTS + id + "/", "{\"related_charge_ids\":[0]}").status()).isEqualTo(400);
		assertThat(this.api.patch(DOCUMENTS + id + "/", "{\"related_charge_ids\":[\"1\"]}").status()).isEqualTo(400);
		assertThat(this.api.patch(DOCUMENTS + id + "/", "{\"type\":\"nfs\"}")
			.json()
			.get("errors")
			.get("type")
			.get(0)
			.asString()).contains("nfe, nfce, nfse, cte");
		assertThat(this.api.get(DOCUMENTS + id + "/").json()).isEqualTo(before);
	}

	@Test
	void statusFollowsTheAllowedTransitionsAndIssuedContentIsFrozen() {
		long id = draft("");
		String url = DOCUMENTS + id + "/";
		assertThat(this.api.patch(url, "{\"status\":\"sent\"}").json().get("errors").get("status").get(0).asString())
			.contains("draft, processing, authorized, rejected, denied, cancelled");
		assertThat(this.api.patch(url, "{\"status\":\"cancelled\"}").status()).isEqualTo(409);
		assertThat(this.api.patch(url, "{\"status\":\"processing\"}").status()).isEqualTo(200);
		assertThat(this.api.patch(url, "{\"status\":\"draft\"}").status()).isEqualTo(409);
		Response frozenWhileProcessing = this.api.patch(url, "{\"amount\":\"1\"}");
		assertThat(frozenWhileProcessing.status()).isEqualTo(409);
		assertThat(this.api.patch(url, "{\"status\":\"rejected\"}").status()).isEqualTo(200);
		assertThat(this.api.patch(url, "{\"amount\":\"99.99\",\"status\":\"processing\"}").status()).isEqualTo(200);
		assertThat(this.api.patch(url, "{\"status\":\"authorized\"}").status()).isEqualTo(200);

		Response backToDraft = this.api.patch(url, "{\"status\":\"draft\"}");
		assertThat(backToDraft.status()).isEqualTo(409);
		assertThat(backToDraft.json().get("current").asString()).isEqualTo("authorized");
		assertThat(backToDraft.json().get("requested").asString()).isEqualTo("draft");
		assertThat(backToDraft.json().get("detail").asString()).contains("cancelled");
		Response changed = this.api.patch(url, "{\"amount\":\"100\",\"customer_name\":\"Outro\",\"number\":\"9\"}");
		assertThat(changed.status()).isEqualTo(409);
		assertThat(changed.json().get("fields").toString()).isEqualTo("[\"number\",\"amount\",\"customer_name\"]");
		Response put = this.api.put(url,
				"{\"type\":\"nfse\",\"number\":\"" + this.api.get(url).json().get("number").asString()
						+ "\",\"amount\":\"99.99\",\"customer_name\":\"Cliente\"}");
		assertThat(put.status()).as("a PUT without status asks for draft").isEqualTo(409);
		assertThat(this.api.patch(url, "{\"file_url\":\"https://x.example/danfe.pdf\",\"related_charge_ids\":[4]}")
			.status()).isEqualTo(200);
		assertThat(this.api.patch(url, "{\"status\":\"cancelled\"}").status()).isEqualTo(200);
		assertThat(this.api.patch(url, "{\"status\":\"authorized\"}").status()).isEqualTo(409);
		JsonNode document = this.api.get(url).json();
		assertThat(document.get("status").asString()).isEqualTo("cancelled");
		assertThat(document.get("amount").asString()).isEqualTo("99.99");

		long denied = draft(",\"status\":\"denied\"");
		assertThat(this.api.patch(DOCUMENTS + denied + "/", "{\"status\":\"draft\"}").status()).isEqualTo(409);
	}

	@Test
	void onlyDocumentsNeverIssuedAreDeleted() {
		long draft = draft("");
		assertThat(this.api.delete(DOCUMENTS + draft + "/").status()).isEqualTo(204);
		assertThat(this.api.get(DOCUMENTS + draft + "/").status()).isEqualTo(404);
		long rejected = draft(",\"status\":\"rejected\"");
		assertThat(this.api.delete(DOCUMENTS + rejected + "/").status()).isEqualTo(204);
		for (String status : new String[] { "processing", "authorized", "denied", "cancelled" }) {
			long id = draft(",\"status\":\"" + status + "\"");
			Response refused = this.api.delete(DOCUMENTS + id + "/");
			assertThat(refused.status()).as(status).isEqualTo(409);
			assertThat(refused.json().get("status").asInt()).isEqualTo(409);
			assertThat(refused.json().get("document_status").asString()).isEqualTo(status);
			assertThat(this.api.get(DOCUMENTS + id + "/").status()).isEqualTo(200);
		}
		assertThat(this.api.delete(DOCUMENTS + draft("") + "9999/").status()).isEqualTo(404);
	}

	@Test
	void relatedTransactionsPointBackAtTheirDocumentAndAreReleasedWhenRemoved() {
		List<Long> t = transactions(4);
		Response created = create("{\"type\":\"nfse\",\"number\":\"" + number() + "\",\"amount\":\"40\","
				+ "\"customer_name\":\"C\",\"related_transaction_ids\":[" + t.get(2) + "," + t.get(0) + "," + t.get(2)
				+ "]}");
		assertThat(created.status()).as(created.toString()).isEqualTo(201);
		long document = created.id();
		assertThat(created.json().get("related_transaction_ids").toString())
			.isEqualTo("[" + t.get(0) + "," + t.get(2) + "]");
		assertThat(matchedDocument(t.get(0))).isEqualTo(document);
		assertThat(matchedDocument(t.get(1))).isNull();
		assertThat(matchedDocument(t.get(2))).isEqualTo(document);

		Response moved = this.api.patch(DOCUMENTS + document + "/",
				"{\"related_transaction_ids\":[" + t.get(1) + "," + t.get(2) + "]}");
		assertThat(moved.status()).isEqualTo(200);
		assertThat(moved.json().get("related_transaction_ids").toString())
			.isEqualTo("[" + t.get(1) + "," + t.get(2) + "]");
		assertThat(matchedDocument(t.get(0))).isNull();
		assertThat(matchedDocument(t.get(1))).isEqualTo(document);
		assertThat(matchedDocument(t.get(2))).isEqualTo(document);

		Response claimed = create("{\"type\":\"nfse\",\"number\":\"1\",\"amount\":\"1\",\"customer_name\":\"C\","
				+ "\"related_transaction_ids\":[" + t.get(3) + "," + t.get(1) + "]}");
		assertThat(claimed.status()).isEqualTo(409);
		assertThat(claimed.json().get("transaction_ids").toString()).isEqualTo("[" + t.get(1) + "]");
		assertThat(claimed.json().get("existing_ids").toString()).isEqualTo("[" + document + "]");
		assertThat(matchedDocument(t.get(3))).as("the refused request changed nothing").isNull();

		Response missing = this.api.patch(DOCUMENTS + document + "/",
				"{\"related_transaction_ids\":[" + t.get(3) + ",999999999],\"customer_name\":\"Mudou\"}");
		assertThat(missing.status()).isEqualTo(400);
		assertThat(missing.json().get("errors").get("related_transaction_ids").get(0).asString()).contains("999999999");
		assertThat(matchedDocument(t.get(3))).isNull();
		assertThat(this.api.get(DOCUMENTS + document + "/").json().get("customer_name").asString()).isEqualTo("C");

		Response put = this.api.put(DOCUMENTS + document + "/",
				"{\"type\":\"nfse\",\"number\":\"1\"," + "\"amount\":\"1\",\"customer_name\":\"C\"}");
		assertThat(put.json().get("related_transaction_ids").toString()).isEqualTo("[]");
		assertThat(matchedDocument(t.get(1))).isNull();
		assertThat(matchedDocument(t.get(2))).isNull();

		this.api.patch(DOCUMENTS + document + "/", "{\"related_transaction_ids\":[" + t.get(3) + "]}");
		assertThat(matchedDocument(t.get(3))).isEqualTo(document);
		assertThat(this.api.delete(DOCUMENTS + document + "/").status()).isEqualTo(204);
		assertThat(matchedDocument(t.get(3))).as("deleting the document releases it").isNull();
	}

	@Test
	void concurrentClaimsOnOneTransactionLeaveExactlyOneDocumentHoldingIt() throws Exception {
		long transaction = transactions(1).get(0);
		java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(6);
		try {
			List<java.util.concurrent.Future<Response>> attempts = new ArrayList<>();
			for (int i = 0; i < 6; i++) {
				attempts.add(pool.submit(() -> create("{\"type\":\"nfse\",\"number\":\"" + number()
						+ "\",\"amount\":\"10\",\"customer_name\":\"C\",\"related_transaction_ids\":[" + transaction
						+ "]}")));
			}
			List<Response> responses = new ArrayList<>();
			for (var attempt : attempts) {
				responses.add(attempt.get());
			}
			List<Response> won = responses.stream().filter(r -> r.status() == 201).toList();
			assertThat(won).hasSize(1);
			assertThat(responses.stream().filter(r -> r.status() == 409)).hasSize(5);
			assertThat(matchedDocument(transaction)).isEqualTo(won.get(0).id());
		}
		finally {
			pool.shutdownNow();
		}
	}

	@Test
	void aStaleIfMatchIsRefusedAndChangesNothing() {
		long id = draft("");
		Response read = this.api.get(DOCUMENTS + id + "/");
		String etag = read.header("ETag").orElseThrow();
		assertThat(this.api
			.send("PATCH", DOCUMENTS + id + "/", "{\"customer_name\":\"Primeiro\"}", "application/json", "If-Match",
					etag)
			.status()).isEqualTo(200);
		Response stale = this.api.send("PUT", DOCUMENTS + id + "/",
				"{\"type\":\"nfse\",\"number\":\"1\"," + "\"amount\":\"1\",\"customer_name\":\"Segundo\"}",
				"application/json", "If-Match", etag);
		assertThat(stale.status()).isEqualTo(412);
		assertThat(this.api.get(DOCUMENTS + id + "/").json().get("customer_name").asString()).isEqualTo("Primeiro");
	}

	@Test
	void listsNewestIssueDateFirstWithFilters() {
		String customer = "Cliente " + number();
		String name = ",\"customer_name\":\"" + customer + "\"";
		long undated = draft(name);
		long old = draft(name + ",\"issue_date\":\"2026-01-05\",\"customer_document\":\"123.456.789-09\"");
		long recent = draft(name + ",\"issue_date\":\"2026-02-05\",\"status\":\"authorized\"");
		long sameDay = draft(name + ",\"issue_date\":\"2026-02-05\"");
		String q = "?q=" + customer.replace(" ", "%20");
		assertThat(documentIds(q)).containsExactly(undated, sameDay, recent, old);
		assertThat(documentIds(q + "&status=authorized")).containsExactly(recent);
		assertThat(documentIds(q + "&type=nfse&date_from=2026-02-01")).containsExactly(sameDay, recent);
		assertThat(documentIds(q + "&date_to=2026-01-31")).containsExactly(old);
		assertThat(documentIds(q + "&customer_document=12345678909")).containsExactly(old);
		assertThat(documentIds(q + "&provider=manual")).hasSize(4);
		assertThat(documentIds(q + "&type=nfe")).isEmpty();
		assertThat(documentIds("?q=123.456.789-09&date_to=2026-01-05&date_from=2026-01-05")).contains(old);
		Response page = this.api.get(DOCUMENTS + q + "&limit=2&offset=1");
		assertThat(page.header("X-Total-Count")).contains("4");
		assertThat(page.json().valueStream().map(d -> d.get("id").asLong()).toList()).containsExactly(sameDay, recent);
		assertThat(this.api.get(DOCUMENTS + "?type=nf").status()).isEqualTo(400);
		assertThat(this.api.get(DOCUMENTS + "?status=issued").status()).isEqualTo(400);
		assertThat(this.api.get(DOCUMENTS + "?customer_document=123").status()).isEqualTo(400);
		assertThat(this.api.get(DOCUMENTS + "?date_from=2026-13-01").status()).isEqualTo(400);
	}

	private List<Long> documentIds(String query) {
		Response list = this.api.get(DOCUMENTS + query);
		assertThat(list.status()).as(list.toString()).isEqualTo(200);
		return list.json().valueStream().map(d -> d.get("id").asLong()).toList();
	}

}
