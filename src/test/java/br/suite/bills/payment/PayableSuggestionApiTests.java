package br.suite.bills.payment;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.UUID;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.transaction.support.TransactionTemplate;

import br.suite.Api.Response;
import br.suite.ApiTest;
import br.suite.bills.Bills;
import br.suite.finance.TransactionImports;
import br.suite.finance.TransactionImports.RawTransaction;
import br.suite.shared.documents.TaxId;
import tools.jackson.databind.JsonNode;

import static br.suite.bills.Bills.installment;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The reconciliation suggestions propose open payable installments for settled debits:
 * same open amount, due near the debit's date, the supplier's document in the debit's
 * payer_document or description; accepted by paying the installment with the debit.
 */
class PayableSuggestionApiTests extends ApiTest {

	@Autowired
	TransactionImports imports;

	@Autowired
	TransactionTemplate transactions;

	Bills bills;

	String account;

	@BeforeEach
	void fixtures() {
		this.bills = new Bills(this.api);
		this.account = "conta-" + UUID.randomUUID();
	}

	long payable(long fornecedor, String amount, String due) {
		Response created = this.api.post("/api/finance/bills/",
				json("direction", "payable", "fornecedor_id", fornecedor, "description", "Insumos", "competence_date",
						due, "category_id", this.bills.category("3.1"), "total", amount, "installments",
						List.of(installment(due, amount))));
		assertThat(created.status()).as(created.toString()).isEqualTo(201);
		return created.id();
	}

	/** A settled debit of this test's account; answers its id. */
	long debit(String date, String amount, String description, String payerDocument) {
		String id = "deb-" + UUID.randomUUID();
		TransactionImports.Account target = this.imports.account("banco", this.account);
		TransactionImports.ImportRow row = this.imports
			.check(target,
					new RawTransaction(id, LocalDate.parse(date), Instant.parse(date + "T15:00:00Z"),
							new BigDecimal(amount), "debit", "settled", description, "", payerDocument, "", "", "", ""))
			.row();
		assertThat(row).isNotNull();
		this.transactions.executeWithoutResult(tx -> this.imports.apply(target, null, List.of(row), UUID.randomUUID()));
		return this.api.get("/api/finance/transactions/?account_id=" + this.account + "&limit=1000")
			.json()
			.valueStream()
			.filter(t -> t.get("external_id").asString().equals(id))
			.findFirst()
			.orElseThrow()
			.get("id")
			.asLong();
	}

	List<JsonNode> suggestions() {
		Response listed = this.api
			.get("/api/finance/reconciliation/suggestions/?date_from=2027-07-01&date_to=2027-10-31" + "&account_id="
					+ this.account);
		assertThat(listed.status()).as(listed.toString()).isEqualTo(200);
		return listed.json().valueStream().toList();
	}

	@Test
	void aDebitNamingTheSupplierIsProposedForItsOpenInstallmentAndPayingItTakesTheSuggestionAway() {
		String cnpjA = Bills.cnpj();
		String cnpjB = Bills.cnpj();
		long billA = payable(this.bills.fornecedor(cnpjA), "250.00", "2027-08-10");
		long billB = payable(this.bills.fornecedor(cnpjB), "180.40", "2027-08-10");
		long byPayer = debit("2027-08-12", "250.00", "PAGAMENTO BOLETO", cnpjA);
		long byDescription = debit("2027-08-09", "180.40", "PAG TIT " + TaxId.parse(cnpjB).formatted() + " INSUMOS",
				"");
		// Not proposed: another supplier's document, another amount, too far from the due
		// date.
		debit("2027-08-10", "250.00", "PAGAMENTO", Bills.cnpj());
		debit("2027-08-10", "250.01", "PAGAMENTO", cnpjA);
		debit("2027-10-20", "250.00", "PAGAMENTO", cnpjA);

		List<JsonNode> suggestions = suggestions();
		assertThat(suggestions).hasSize(2);
		JsonNode first = suggestions.get(0);
		assertThat(first.get("transaction_id").asLong()).isEqualTo(byPayer);
		assertThat(first.get("bill_id").asLong()).isEqualTo(billA);
		assertThat(first.get("installment_number").asInt()).isEqualTo(1);
		assertThat(first.get("charge_id").isNull()).isTrue();
		assertThat(first.get("fiscal_document_id").isNull()).isTrue();
		assertThat(first.get("amount").asString()).isEqualTo("250.00");
		assertThat(first.get("score").decimalValue()).isEqualByComparingTo("0.90");
		assertThat(first.get("explanation").asString())
			.isEqualTo("same amount 250.00; supplier document in payer document; paid 2 days after due date");
		JsonNode second = suggestions.get(1);
		assertThat(second.get("transaction_id").asLong()).isEqualTo(byDescription);
		assertThat(second.get("bill_id").asLong()).isEqualTo(billB);
		assertThat(second.get("amount").asString()).isEqualTo("180.40");
		assertThat(second.get("score").decimalValue()).isEqualByComparingTo("0.87");
		assertThat(second.get("explanation").asString())
			.isEqualTo("same amount 180.40; supplier document in description; paid 1 day before due date");

		// Accepting is the payment with the debit.
		Response paid = this.api.post("/api/finance/bills/" + billA + "/installments/1/payments/",
				json("amount", "250.00", "transaction_id", byPayer));
		assertThat(paid.status()).as(paid.toString()).isEqualTo(201);
		assertThat(this.api.get("/api/finance/bills/" + billA + "/").json().get("status").asString()).isEqualTo("paid");
		assertThat(suggestions()).extracting(s -> s.get("transaction_id").asLong()).containsExactly(byDescription);
	}

	@Test
	void twoDebitsForOneInstallmentAreBothProposedAsAmbiguous() {
		String cnpj = Bills.cnpj();
		long bill = payable(this.bills.fornecedor(cnpj), "99.90", "2027-09-15");
		long one = debit("2027-09-15", "99.90", "PAGAMENTO", cnpj);
		long other = debit("2027-09-20", "99.90", "PAGAMENTO", cnpj);
		List<JsonNode> suggestions = suggestions();
		assertThat(suggestions).extracting(s -> s.get("transaction_id").asLong()).containsExactly(one, other);
		assertThat(suggestions).allSatisfy(s -> assertThat(s.get("bill_id").asLong()).isEqualTo(bill));
		assertThat(suggestions.get(0).get("score").decimalValue()).isEqualByComparingTo("0.60");
		assertThat(suggestions.get(0).get("explanation").asString())
			.isEqualTo("same amount 99.90; supplier document in payer document; paid on the due date; ambiguous: 2 "
					+ "transactions could pay this installment");
		assertThat(suggestions.get(1).get("score").decimalValue()).isEqualByComparingTo("0.58");
	}

}
