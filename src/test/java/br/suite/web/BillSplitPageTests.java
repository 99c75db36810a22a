package br.suite.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpResponse;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import br.suite.Api;
import br.suite.ApiTest;
import br.suite.bills.Bills;
import tools.jackson.databind.JsonNode;

/**
 * The new bill form's rateio over HTTP, as a browser without JavaScript: rows of
 * category, cost centre and amount that must add up to the total (refused in Portuguese
 * at the rateio, with what the rows sum to, the rows kept as typed and nothing written),
 * one more row on request, a row without its amount refused at that row, and the accepted
 * form writing the bill's splits.
 */
class BillSplitPageTests extends ApiTest {

	private PageClient clerk() {
		String suffix = unique("rateio");
		Api.Response role = this.api.post("/api/access/roles/", json("name", "papel-" + suffix, "permissions",
				List.of("finance.bills.view", "finance.bills.change", "customers.fornecedores.view")));
		assertThat(role.status()).as(role.toString()).isEqualTo(201);
		Api.Response user = this.api.post("/api/access/users/",
				json("username", suffix, "full_name", "Pessoa do Rateio", "role_id", role.id()));
		String password = "Senha-" + suffix;
		this.api.signIn(suffix, user.json().get("temporary_password").asString(), password);
		PageClient pages = new PageClient(this.api.base());
		pages.signIn(suffix, password);
		return pages;
	}

	@Test
	void theRateioMustAddUpToTheTotalAndBecomesTheBillsSplits() {
		Bills bills = new Bills(this.api);
		long fornecedor = bills.fornecedor();
		long centre = this.api.post("/api/finance/cost-centres/", json("code", unique("LOJA"), "name", "Loja")).id();
		String description = unique("Energia-rateada");
		PageClient clerk = clerk();
		String empty = clerk.get("/app/payables/new").body();
		assertThat(empty).contains("id=\"splits[0].category_id\"", "id=\"splits[1].amount\"", "Linha 2 do rateio")
			.doesNotContain("id=\"splits[2].category_id\"");

		Map<String, String> form = new HashMap<>();
		form.put("party", Long.toString(fornecedor));
		form.put("description", description);
		form.put("competence", "01/2027");
		form.put("total", "100,00");
		form.put("count", "2");
		form.put("firstDue", "10/02/2027");
		form.put("linhas", "2");
		form.put("splits[0].category", Long.toString(bills.category("4.4")));
		form.put("splits[0].costCentre", Long.toString(centre));
		form.put("splits[0].amount", "60,00");
		form.put("splits[1].category", Long.toString(bills.category("4.2")));
		form.put("splits[1].amount", "30,00");

		// The preview (htmx posts the whole form, the rateio's rows included) is the
		// service's plan.
		Map<String, String> everything = with(form, "splits[2].category", "");
		everything.put("splits[2].costCentre", "");
		everything.put("splits[2].amount", "");
		everything.put("acao", "previa");
		HttpResponse<String> preview = clerk.post("/app/bills/preview", everything);
		assertThat(preview.statusCode()).as(preview.body()).isEqualTo(200);
		assertThat(preview.body()).contains("id=\"prevista-2\"", "R$\u00a050,00", "10/03/2027");

		HttpResponse<String> short10 = clerk.post("/app/payables/new", form);
		assertThat(short10.statusCode()).isEqualTo(200);
		assertThat(short10.body())
			.contains("id=\"erro-splits\"", "O rateio deve somar exatamente o total", "id=\"rateio-soma\"",
					"As linhas do rateio somam R$\u00a090,00, mas o valor total é R$\u00a0100,00")
			.contains("value=\"60,00\"", "value=\"30,00\"")
			.doesNotContain("must sum", "they sum to");
		assertThat(this.api.get("/api/finance/bills/?q=" + description).json()).isEmpty();

		// One more row on request; nothing is written by it.
		HttpResponse<String> more = clerk.post("/app/payables/new", with(form, "acao", "mais-linhas"));
		assertThat(more.statusCode()).isEqualTo(200);
		assertThat(more.body()).contains("id=\"splits[2].category_id\"", "Linha 3 do rateio")
			.doesNotContain("id=\"erro-splits\"");
		assertThat(this.api.get("/api/finance/bills/?q=" + description).json()).isEmpty();

		// A third row with a category and no amount is refused at that row.
		Map<String, String> third = with(form, "splits[1].amount", "40,00");
		third.put("splits[2].category", Long.toString(bills.category("4.3")));
		HttpResponse<String> noAmount = clerk.post("/app/payables/new", third);
		assertThat(noAmount.statusCode()).isEqualTo(200);
		assertThat(noAmount.body()).contains("id=\"erro-splits[2].amount\"",
				"Informe o valor desta linha do rateio como 1.234,56");
		assertThat(this.api.get("/api/finance/bills/?q=" + description).json()).isEmpty();

		HttpResponse<String> created = clerk.post("/app/payables/new", with(form, "splits[1].amount", "40,00"));
		assertThat(created.statusCode()).as(created.body()).isEqualTo(302);
		JsonNode bill = this.api.get("/api/finance/bills/?q=" + description).json().get(0);
		assertThat(bill.get("total").asString()).isEqualTo("100.00");
		assertThat(Bills.texts(bill.get("splits"), "amount")).containsExactly("60.00", "40.00");
		assertThat(bill.get("splits").get(0).get("category_id").asLong()).isEqualTo(bills.category("4.4"));
		assertThat(bill.get("splits").get(0).get("cost_centre_id").asLong()).isEqualTo(centre);
		assertThat(bill.get("splits").get(1).get("cost_centre_id").isNull()).isTrue();
		assertThat(Bills.texts(bill.get("installments"), "amount")).containsExactly("50.00", "50.00");
		assertThat(clerk.get("/app/bills/" + bill.get("id").asLong() + "/").body()).contains("R$\u00a060,00",
				"R$\u00a040,00");

		// One row without an amount is the whole total, as before the rateio.
		String single = unique("Aluguel");
		Map<String, String> one = with(form, "description", single);
		one.remove("splits[1].category");
		one.remove("splits[1].amount");
		one.put("splits[0].amount", "");
		assertThat(clerk.post("/app/payables/new", one).statusCode()).isEqualTo(302);
		JsonNode whole = this.api.get("/api/finance/bills/?q=" + single).json().get(0);
		assertThat(whole.get("category_id").asLong()).isEqualTo(bills.category("4.4"));
		assertThat(Bills.texts(whole.get("splits"), "amount")).containsExactly("100.00");
	}

	private static Map<String, String> with(Map<String, String> form, String key, String value) {
		Map<String, String> copy = new HashMap<>(form);
		copy.put(key, value);
		return copy;
	}

}
