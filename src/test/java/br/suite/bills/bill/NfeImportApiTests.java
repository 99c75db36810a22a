package br.suite.bills.bill;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.UUID;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;

import br.suite.Api.Response;
import br.suite.ApiTest;
import br.suite.bills.Bills;
import br.suite.bills.TestNfe;
import tools.jackson.databind.JsonNode;

import static br.suite.bills.Bills.texts;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code POST /api/finance/bills/nfe/}: NF-e XMLs signed here become payables; every
 * refusal is a 400 (a 409 for a key imported before) that writes nothing.
 */
class NfeImportApiTests extends ApiTest {

	/**
	 * The company's CNPJ (an establishment made once for this class); a branch shares its
	 * root.
	 */
	private static String company;

	@Autowired
	JdbcClient jdbc;

	Bills bills;

	@BeforeEach
	void fixtures() {
		this.bills = new Bills(this.api);
		if (company == null) {
			company = Bills.cnpj();
			Response created = this.api.post("/api/timeclock/establishments/",
					json("name", unique("Matriz NF-e"), "employer_document", company));
			assertThat(created.status()).as(created.toString()).isEqualTo(201);
		}
	}

	/** Another establishment of the company: same root, another branch number. */
	static String branch() {
		String base = company.substring(0, 8) + "0002";
		return base + br.suite.shared.documents.TaxId.cnpjCheckDigits(base);
	}

	Response post(byte[] xml) {
		return this.api.sendBytes("POST", "/api/finance/bills/nfe/", xml, "application/xml");
	}

	Response multipart(byte[] xml) {
		String boundary = "b" + UUID.randomUUID();
		byte[] head = ("--" + boundary + "\r\nContent-Disposition: form-data; name=\"file\"; filename=\"nota.xml\"\r\n"
				+ "Content-Type: text/xml\r\n\r\n")
			.getBytes(StandardCharsets.UTF_8);
		byte[] tail = ("\r\n--" + boundary + "--\r\n").getBytes(StandardCharsets.UTF_8);
		byte[] body = new byte[head.length + xml.length + tail.length];
		System.arraycopy(head, 0, body, 0, head.length);
		System.arraycopy(xml, 0, body, head.length, xml.length);
		System.arraycopy(tail, 0, body, head.length + xml.length, tail.length);
		return this.api.sendBytes("POST", "/api/finance/bills/nfe/", body, "multipart/form-data; boundary=" + boundary);
	}

	/**
	 * Bills, suppliers, fiscal documents and audit events: what a refusal must leave
	 * alone.
	 */
	List<Long> rows() {
		return List.of(count("bills_bill"), count("bills_installment"), count("bills_split"),
				count("customers_fornecedor"), count("finance_fiscal_document"), count("audit_event"));
	}

	long count(String table) {
		return this.jdbc.sql("SELECT count(*) FROM " + table).query(Long.class).single();
	}

	void refused(byte[] xml, int status, String field, String says) {
		List<Long> before = rows();
		Response refused = post(xml);
		assertThat(refused.status()).as(refused.toString()).isEqualTo(status);
		JsonNode problem = refused.json();
		if (status == 400) {
			assertThat(problem.get("errors").propertyNames()).as(refused.toString()).containsExactly(field);
			assertThat(problem.get("errors").get(field).get(0).asString()).contains(says);
		}
		else {
			assertThat(problem.get("field").asString()).isEqualTo(field);
		}
		assertThat(rows()).as("nothing written").isEqualTo(before);
	}

	@Test
	void anNfeWithDuplicatasBecomesAPayableOfThoseInstallmentsWithANewSupplierAndItsFiscalDocument() {
		TestNfe nfe = TestNfe.to(company)
			.total("1000.00")
			.dup("001", "2027-04-05", "333.34")
			.dup("002", "2027-05-05", "333.33")
			.dup("003", "2027-06-05", "333.33");
		Response created = post(nfe.signed());
		assertThat(created.status()).as(created.toString()).isEqualTo(201);
		JsonNode bill = created.json();
		assertThat(created.header("Location")).contains("/api/finance/bills/" + bill.get("id").asLong() + "/");
		assertThat(bill.get("direction").asString()).isEqualTo("payable");
		assertThat(bill.get("document_number").asString()).isEqualTo(nfe.number() + "/1");
		assertThat(bill.get("competence_date").asString()).isEqualTo("2027-03-05");
		assertThat(bill.get("total").asString()).isEqualTo("1000.00");
		assertThat(bill.get("open_amount").asString()).isEqualTo("1000.00");
		assertThat(texts(bill.get("installments"), "due_date")).containsExactly("2027-04-05", "2027-05-05",
				"2027-06-05");
		assertThat(texts(bill.get("installments"), "amount")).containsExactly("333.34", "333.33", "333.33");
		assertThat(bill.get("nfe_access_key").asString()).isEqualTo(nfe.key());
		// A new supplier, from emit, has no default category: the bill waits for review.
		assertThat(bill.get("uncategorised").asBoolean()).isTrue();
		assertThat(bill.get("category_id").isNull()).isTrue();
		assertThat(bill.get("splits")).isEmpty();
		JsonNode supplier = this.api.get("/api/fornecedores/" + bill.get("fornecedor_id").asLong() + "/").json();
		assertThat(supplier.get("documento").asString()).isEqualTo(nfe.emitCnpj());
		assertThat(supplier.get("nome").asString()).isEqualTo(nfe.emitName());
		JsonNode document = this.api
			.get("/api/finance/fiscal-documents/" + bill.get("fiscal_document_id").asLong() + "/")
			.json();
		assertThat(document.get("type").asString()).isEqualTo("nfe");
		assertThat(document.get("access_key").asString()).isEqualTo(nfe.key());
		assertThat(document.get("amount").asString()).isEqualTo("1000.00");
		assertThat(document.get("number").asString()).isEqualTo(Integer.toString(nfe.number()));
		assertThat(document.get("issue_date").asString()).isEqualTo("2027-03-05");
		assertThat(document.get("status").asString()).isEqualTo("authorized");
		assertThat(document.get("provider").asString()).isEqualTo("nfe_xml");
		// Audited like a bill created through POST /bills/.
		assertThat(this.jdbc
			.sql("SELECT count(*) FROM audit_event WHERE action = 'finance.bill.created' AND resource_id = ?")
			.param(Long.toString(bill.get("id").asLong()))
			.query(Long.class)
			.single()).isEqualTo(1);
		// Listed for review, and classified by a PATCH.
		assertThat(texts(this.api.get("/api/finance/bills/?uncategorised=true&limit=1000").json(), "id"))
			.contains(bill.get("id").asString());
		Response classified = this.api.patch("/api/finance/bills/" + bill.get("id").asLong() + "/",
				json("category_id", this.bills.category("3.1")));
		assertThat(classified.status()).as(classified.toString()).isEqualTo(200);
		assertThat(classified.json().get("uncategorised").asBoolean()).isFalse();
		assertThat(texts(this.api.get("/api/finance/bills/?uncategorised=true&limit=1000").json(), "id"))
			.doesNotContain(bill.get("id").asString());
		assertThat(texts(this.api.get("/api/finance/bills/?uncategorised=false&limit=1000").json(), "id"))
			.contains(bill.get("id").asString());
	}

	@Test
	void anNfeWithoutCobrIsOneInstallmentOfVnfDueAtTheEmissionAndAKnownSupplierKeepsItsCategory() {
		long category = this.bills.category("3.1");
		String cnpj = Bills.cnpj();
		Response supplier = this.api.post("/api/fornecedores/",
				json("nome", "Moinho Conhecido", "documento", cnpj, "default_category_id", category));
		assertThat(supplier.status()).as(supplier.toString()).isEqualTo(201);
		long suppliers = count("customers_fornecedor");
		TestNfe nfe = TestNfe.to(branch()).emitter(cnpj, "Moinho Conhecido S.A.").total("1234.56").series(7).bare();
		Response created = multipart(nfe.signed());
		assertThat(created.status()).as(created.toString()).isEqualTo(201);
		JsonNode bill = created.json();
		assertThat(bill.get("fornecedor_id").asLong()).isEqualTo(supplier.id());
		assertThat(count("customers_fornecedor")).as("found, not created").isEqualTo(suppliers);
		assertThat(bill.get("document_number").asString()).isEqualTo(nfe.number() + "/7");
		assertThat(bill.get("category_id").asLong()).isEqualTo(category);
		assertThat(bill.get("uncategorised").asBoolean()).isFalse();
		assertThat(bill.get("total").asString()).isEqualTo("1234.56");
		assertThat(bill.get("installments")).hasSize(1);
		assertThat(bill.get("installments").get(0).get("due_date").asString()).isEqualTo("2027-03-05");
		assertThat(bill.get("installments").get(0).get("amount").asString()).isEqualTo("1234.56");
	}

	@Test
	void aChangedValueIsARefusalNamingTheSignature() {
		TestNfe nfe = TestNfe.to(company).total("500.00");
		String signed = nfe.signedText();
		assertThat(signed).contains("<vNF>500.00</vNF>");
		refused(signed.replace("<vNF>500.00</vNF>", "<vNF>50.00</vNF>").getBytes(StandardCharsets.UTF_8), 400,
				"signature", "changed after it was signed");
		// Unsigned: the same refusal.
		refused(nfe.unsigned().getBytes(StandardCharsets.UTF_8), 400, "signature", "not signed");
		// The signature moved onto other content (another key) does not verify either.
		String other = TestNfe.to(company).total("500.00").signedText();
		String signatureOfOther = other.substring(other.indexOf("<Signature"), other.indexOf("</Signature>") + 12);
		String swapped = signed.substring(0, signed.indexOf("<Signature")) + signatureOfOther
				+ signed.substring(signed.indexOf("</Signature>") + 12);
		refused(swapped.getBytes(StandardCharsets.UTF_8), 400, "signature", "references");
		// The original still imports.
		assertThat(post(nfe.signed()).status()).isEqualTo(201);
	}

	@Test
	void anNfeForAnotherCompanyIsRefusedNamingTheRecipient() {
		refused(TestNfe.to(Bills.cnpj()).signed(), 400, "dest_cnpj", "is not the company's");
	}

	@Test
	void theSameAccessKeyTwiceIsAConflictNamingTheFirstBill() {
		TestNfe nfe = TestNfe.to(company);
		Response first = post(nfe.signed());
		assertThat(first.status()).as(first.toString()).isEqualTo(201);
		List<Long> before = rows();
		Response again = multipart(nfe.signed());
		assertThat(again.status()).as(again.toString()).isEqualTo(409);
		assertThat(again.json().get("field").asString()).isEqualTo("access_key");
		assertThat(again.json().get("existing_id").asLong()).isEqualTo(first.id());
		assertThat(again.json().get("fiscal_document_id").asLong())
			.isEqualTo(first.json().get("fiscal_document_id").asLong());
		assertThat(rows()).isEqualTo(before);
	}

	@Test
	void aDoctypeAnotherLayoutAndWhatIsNotAnNfeAreRefusedNamingTheXml() {
		String signed = TestNfe.to(company).signedText();
		String doctype = signed.replaceFirst("\\?>",
				"?><!DOCTYPE nfeProc [<!ENTITY x SYSTEM \"file:///etc/passwd\">]>");
		refused(doctype.getBytes(StandardCharsets.UTF_8), 400, "xml", "DOCTYPE");
		refused(TestNfe.to(company).version("3.10").signed(), 400, "xml", "layout 3.10");
		refused("this is not XML".getBytes(StandardCharsets.UTF_8), 400, "xml", "not well-formed");
		refused("<nota><valor>1</valor></nota>".getBytes(StandardCharsets.UTF_8), 400, "xml", "is not an NF-e");
		refused(new byte[0], 400, "xml", "is required");
		// A key whose check digit is wrong.
		TestNfe nfe = TestNfe.to(company);
		String key = nfe.key();
		String wrong = key.substring(0, 43) + (char) ('0' + (key.charAt(43) - '0' + 1) % 10);
		refused(TestNfe.sign(nfe.unsigned().replace(key, wrong)).getBytes(StandardCharsets.UTF_8), 400, "access_key",
				"check digit");
	}

	@Test
	void importingNeedsTheBillsCreatePermission() {
		byte[] xml = TestNfe.to(company).signed();
		Response viewer = signedInWith("finance.bills.view").sendBytes("POST", "/api/finance/bills/nfe/", xml,
				"application/xml");
		assertThat(viewer.status()).isEqualTo(403);
		Response clerk = signedInWith("finance.bills.change").sendBytes("POST", "/api/finance/bills/nfe/", xml,
				"application/xml");
		assertThat(clerk.status()).as(clerk.toString()).isEqualTo(201);
	}

}
