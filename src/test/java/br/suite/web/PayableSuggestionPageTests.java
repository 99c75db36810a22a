package br.suite.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.net.http.HttpResponse;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.transaction.support.TransactionTemplate;

import br.suite.Api;
import br.suite.ApiTest;
import br.suite.bills.Bills;
import br.suite.finance.TransactionImports;
import br.suite.finance.TransactionImports.RawTransaction;

/**
 * A debit's page proposes the open payable installments the API suggests for it, worded
 * in Portuguese from the catalogue (no English, no API field name), linked to the bill,
 * and accepted through the installment's baixa form filled in with the debit and its
 * date; once paid, the suggestion is gone.
 */
class PayableSuggestionPageTests extends ApiTest {

	@Autowired
	TransactionImports imports;

	@Autowired
	TransactionTemplate transactions;

	private PageClient signedIn(String... permissions) {
		String suffix = unique("sugestoes");
		Api.Response role = this.api.post("/api/access/roles/",
				json("name", "papel-" + suffix, "permissions", List.of(permissions)));
		assertThat(role.status()).as(role.toString()).isEqualTo(201);
		Api.Response user = this.api.post("/api/access/users/",
				json("username", suffix, "full_name", "Pessoa da Conciliação", "role_id", role.id()));
		String password = "Senha-" + suffix;
		this.api.signIn(suffix, user.json().get("temporary_password").asString(), password);
		PageClient pages = new PageClient(this.api.base());
		pages.signIn(suffix, password);
		return pages;
	}

	/** A settled debit of {@code account}; answers its id. */
	private long debit(String account, String date, String amount, String description, String payerDocument) {
		String id = "deb-" + UUID.randomUUID();
		TransactionImports.Account target = this.imports.account("banco", account);
		TransactionImports.ImportRow row = this.imports
			.check(target,
					new RawTransaction(id, LocalDate.parse(date), Instant.parse(date + "T15:00:00Z"),
							new BigDecimal(amount), "debit", "settled", description, "", payerDocument, "", "", "", ""))
			.row();
		assertThat(row).isNotNull();
		this.transactions.executeWithoutResult(tx -> this.imports.apply(target, null, List.of(row), UUID.randomUUID()));
		return this.api.get("/api/finance/transactions/?account_id=" + account + "&limit=1000")
			.json()
			.valueStream()
			.filter(t -> t.get("external_id").asString().equals(id))
			.findFirst()
			.orElseThrow()
			.get("id")
			.asLong();
	}

	@Test
	void aDebitsPageProposesThePayableInPortugueseAndTheBaixaFormAcceptsIt() {
		Bills bills = new Bills(this.api);
		String cnpj = Bills.cnpj();
		String description = unique("Insumos");
		long bill = this.api
			.post("/api/finance/bills/",
					json("direction", "payable", "fornecedor_id", bills.fornecedor(cnpj), "description", description,
							"competence_date", "2027-11-01", "category_id", bills.category("3.1"), "total", "300.00",
							"installments", List.of(Bills.installment("2027-11-10", "300.00"))))
			.id();
		String account = "conta-" + UUID.randomUUID();
		long debit = debit(account, "2027-11-12", "300.00", "PAGAMENTO BOLETO", cnpj);

		PageClient pages = signedIn("finance.transactions.view", "finance.reconciliation.view",
				"finance.reconciliation.change", "finance.bills.view", "finance.bills.change");
		String page = pages.get("/app/transactions/" + debit + "/").body();
		assertThat(page).contains("id=\"sugestao-parcela-" + bill + "-1\"")
			.contains("Conta a pagar nº " + bill + ", parcela 1")
			.contains("href=\"/app/bills/" + bill + "/\"")
			.contains(description)
			.contains("Mesmo valor e o CPF/CNPJ do fornecedor no pagador da transação; pago 2 dias depois do "
					+ "vencimento.")
			.contains("0,90")
			.contains("Dar baixa");
		String href = "/app/bills/" + bill + "/installments/1/pay?transacao=" + debit + "&amp;data=2027-11-12";
		assertThat(page).contains("href=\"" + href + "\"");
		assertThat(page).doesNotContain("same amount", "supplier", "payer document", "due date", "bill_id",
				"installment_number", "transaction_id", "suggestion.why");

		// The link opens the baixa filled in with the debit and its date.
		String form = pages.get(href.replace("&amp;", "&")).body();
		assertThat(form).contains("id=\"transaction_id\" name=\"transaction\" value=\"" + debit + "\"")
			.contains("id=\"paid_on\" name=\"paidOn\" value=\"12/11/2027\"")
			.contains("id=\"amount\" name=\"amount\" value=\"300,00\"");
		HttpResponse<String> paid = pages.post("/app/bills/" + bill + "/installments/1/pay",
				Map.of("paidOn", "12/11/2027", "amount", "300,00", "transaction", Long.toString(debit)));
		assertThat(paid.statusCode()).as(paid.body()).isEqualTo(302);
		assertThat(this.api.get("/api/finance/bills/" + bill + "/").json().get("status").asString()).isEqualTo("paid");
		assertThat(this.api.get("/api/finance/transactions/" + debit + "/").json().get("allocated_amount").asString())
			.isEqualTo("300.00");
		// The debit's page shows the allocation to the bill's payment, and no suggestion.
		assertThat(pages.get("/app/transactions/" + debit + "/").body()).doesNotContain("sugestao-parcela-")
			.contains("Nenhuma sugestão para esta transação.")
			.contains("Baixa de uma conta a pagar");
	}

	@Test
	void withoutThePermissionToPayTheSuggestionIsShownButNotOffered() {
		Bills bills = new Bills(this.api);
		String cnpj = Bills.cnpj();
		long bill = this.api
			.post("/api/finance/bills/",
					json("direction", "payable", "fornecedor_id", bills.fornecedor(cnpj), "description",
							unique("Frete"), "competence_date", "2027-11-01", "category_id", bills.category("3.1"),
							"total", "45.10", "installments", List.of(Bills.installment("2027-11-20", "45.10"))))
			.id();
		long debit = debit("conta-" + UUID.randomUUID(), "2027-11-19", "45.10",
				"PAG TIT " + br.suite.shared.documents.TaxId.parse(cnpj).formatted(), "");
		String page = signedIn("finance.transactions.view", "finance.reconciliation.view",
				"finance.reconciliation.change")
			.get("/app/transactions/" + debit + "/")
			.body();
		assertThat(page).contains("id=\"sugestao-parcela-" + bill + "-1\"")
			.contains("Conta a pagar nº " + bill + ", parcela 1")
			.doesNotContain("href=\"/app/bills/")
			.doesNotContain("Dar baixa")
			.contains("Mesmo valor e o CPF/CNPJ do fornecedor na descrição da transação; pago 1 dia antes do "
					+ "vencimento.");
	}

}
