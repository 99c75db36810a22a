package br.suite.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpResponse;
import java.time.LocalDate;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import br.suite.Api;
import br.suite.ApiTest;
import br.suite.bills.Bills;
import br.suite.shared.DateTimes;

/**
 * The bills' pages over HTTP, as a browser without JavaScript: refusals (no permission:
 * the forbidden page and nothing written; an invalid form: the Portuguese error next to
 * its field and nothing written), the preview fragment, the list's totals over every page
 * of the list, a receivable's baixa sent to its charge, and the dashboard's counts.
 */
class BillPageTests extends ApiTest {

	private static final String FORBIDDEN = "Você não tem permissão para abrir esta página";

	private PageClient signedIn(String... permissions) {
		String suffix = unique("contas");
		Api.Response role = this.api.post("/api/access/roles/",
				json("name", "papel-" + suffix, "permissions", List.of(permissions)));
		assertThat(role.status()).as(role.toString()).isEqualTo(201);
		Api.Response user = this.api.post("/api/access/users/",
				json("username", suffix, "full_name", "Pessoa das Contas", "role_id", role.id()));
		String password = "Senha-" + suffix;
		this.api.signIn(suffix, user.json().get("temporary_password").asString(), password);
		PageClient pages = new PageClient(this.api.base());
		pages.signIn(suffix, password);
		assertThat(pages.get("/app/").statusCode()).isEqualTo(200);
		return pages;
	}

	private Map<String, String> payableForm(long fornecedor, long category, String description) {
		Map<String, String> form = new HashMap<>();
		form.put("party", Long.toString(fornecedor));
		form.put("description", description);
		form.put("competence", "12/2026");
		form.put("splits[0].category", Long.toString(category));
		form.put("total", "100,00");
		form.put("count", "3");
		form.put("firstDue", "10/01/2027");
		return form;
	}

	private int billsNamed(String description) {
		return this.api.get("/api/finance/bills/?q=" + description).json().size();
	}

	@Test
	void withoutThePermissionAPageIsForbiddenAndNothingIsWritten() {
		Bills bills = new Bills(this.api);
		long fornecedor = bills.fornecedor();
		String description = unique("Aluguel");
		PageClient reader = signedIn("finance.bills.view");
		assertThat(reader.get("/app/payables/").body()).contains("Contas a pagar");
		HttpResponse<String> refused = reader.post("/app/payables/new",
				payableForm(fornecedor, bills.category("4.4"), description));
		assertThat(refused.statusCode()).isEqualTo(403);
		assertThat(refused.body()).contains(FORBIDDEN);
		assertThat(billsNamed(description)).isZero();
		assertThat(reader.get("/app/payables/new").statusCode()).isEqualTo(403);

		long bill = this.api.post("/api/finance/bills/",
				Bills.json("direction", "payable", "fornecedor_id", fornecedor, "description", description,
						"competence_date", "2026-12-01", "category_id", bills.category("4.4"), "total", "100.00",
						"installments", Map.of("count", 1, "first_due_date", "2027-01-10")))
			.id();
		HttpResponse<String> pay = reader.post("/app/bills/" + bill + "/installments/1/pay",
				Map.of("paidOn", "10/01/2027", "amount", "100,00"));
		assertThat(pay.statusCode()).isEqualTo(403);
		assertThat(pay.body()).contains(FORBIDDEN);
		assertThat(this.api.get("/api/finance/bills/" + bill + "/").json().get("paid_amount").asString())
			.isEqualTo("0.00");
		assertThat(reader.post("/app/bills/" + bill + "/cancel", Map.of()).statusCode()).isEqualTo(403);
		assertThat(this.api.get("/api/finance/bills/" + bill + "/").json().get("status").asString()).isEqualTo("open");

		PageClient nobody = signedIn();
		assertThat(nobody.get("/app/payables/").statusCode()).isEqualTo(403);
		assertThat(nobody.get("/app/bills/" + bill + "/").statusCode()).isEqualTo(403);
		assertThat(nobody.get("/app/").body()).as("no bills tile, no menu entry")
			.doesNotContain("Parcelas a pagar")
			.doesNotContain("Contas a pagar");
	}

	@Test
	void anInvalidFormShowsThePortugueseErrorAtItsFieldAndWritesNothing() {
		Bills bills = new Bills(this.api);
		long fornecedor = bills.fornecedor();
		String description = unique("Energia");
		PageClient clerk = signedIn("finance.bills.view", "finance.bills.change", "customers.fornecedores.view");
		clerk.get("/app/payables/new");
		Map<String, String> form = payableForm(fornecedor, bills.category("4.4"), description);
		form.put("total", "cem reais");
		HttpResponse<String> typed = clerk.post("/app/payables/new", form);
		assertThat(typed.statusCode()).isEqualTo(200);
		assertThat(typed.body()).contains("id=\"erro-total\"", "Informe o valor como 1.234,56.");
		form.put("total", "100,00");
		form.put("count", "0");
		form.put("splits[0].category", Long.toString(bills.category("1.1")));
		HttpResponse<String> refused = clerk.post("/app/payables/new", form);
		assertThat(refused.statusCode()).isEqualTo(200);
		assertThat(refused.body()).contains("id=\"erro-installments.count\"",
				"Informe em quantas vezes parcelar: de 1 a 120", "id=\"erro-splits[0].category_id\"",
				"Escolha uma categoria ativa do tipo certo");
		assertThat(refused.body()).doesNotContain("must be", "is required", "installments.count must");
		assertThat(billsNamed(description)).as("a refused form writes nothing").isZero();

		// Accepted, then a baixa over what is open is refused at its field.
		form.put("count", "3");
		form.put("splits[0].category", Long.toString(bills.category("4.4")));
		HttpResponse<String> created = clerk.post("/app/payables/new", form);
		assertThat(created.statusCode()).isEqualTo(302);
		String location = created.headers().firstValue("Location").orElseThrow();
		long bill = Long.parseLong(location.replaceAll(".*/app/bills/(\\d+)/$", "$1"));
		clerk.get("/app/bills/" + bill + "/installments/1/pay");
		HttpResponse<String> over = clerk.post("/app/bills/" + bill + "/installments/1/pay",
				Map.of("paidOn", "10/01/2027", "amount", "40,00"));
		assertThat(over.statusCode()).isEqualTo(200);
		assertThat(over.body()).contains("id=\"erro-amount\"", "Esta baixa tiraria da parcela mais do que");
		HttpResponse<String> badDate = clerk.post("/app/bills/" + bill + "/installments/1/pay",
				Map.of("paidOn", "31/02/2027", "amount", "10,00"));
		assertThat(badDate.body()).contains("id=\"erro-paid_on\"", "Informe a data como dd/mm/aaaa.");
		assertThat(this.api.get("/api/finance/bills/" + bill + "/installments/1/payments/").json()).isEmpty();
	}

	@Test
	void thePreviewIsTheServicesPlanAndTheTotalsCoverTheWholeList() {
		Bills bills = new Bills(this.api);
		long fornecedor = bills.fornecedor();
		PageClient clerk = signedIn("finance.bills.view", "finance.bills.change", "customers.fornecedores.view");
		clerk.get("/app/payables/new");
		HttpResponse<String> preview = clerk.post("/app/bills/preview",
				Map.of("total", "1.000,00", "count", "3", "firstDue", "31/01/2027"));
		assertThat(preview.statusCode()).isEqualTo(200);
		assertThat(preview.body()).doesNotContain("<html")
			.contains("R$\u00a0333,34", "R$\u00a0333,33", "31/01/2027", "28/02/2027", "31/03/2027");

		// 25 installments: the totals are the whole list's, the page shows 20.
		Api.Response created = this.api.post("/api/finance/bills/",
				Bills.json("direction", "payable", "fornecedor_id", fornecedor, "description", unique("Consórcio"),
						"competence_date", "2026-12-01", "category_id", bills.category("4.2"), "total", "2500.00",
						"installments", Map.of("count", 25, "first_due_date", "2027-01-05")));
		assertThat(created.status()).as(created.toString()).isEqualTo(201);
		String list = clerk.get("/app/payables/?aba=abertas&parte=" + fornecedor).body();
		assertThat(list).contains("id=\"total-parcelas\">25<", "id=\"total-aberto\">R$\u00a02.500,00<",
				"Página 1 de 2 (25 registros)");
		assertThat(list.split("id=\"parcela-" + created.id() + "-", -1)).hasSize(21);
		assertThat(clerk.get("/app/payables/?aba=pagas&parte=" + fornecedor).body())
			.contains("id=\"total-parcelas\">0<");
		assertThat(clerk.get("/app/payables/?competencia=13/2026").body()).contains("id=\"erro-competencia\"",
				"Informe o mês como mm/aaaa.");
	}

	@Test
	void aReceivablesBaixaIsItsChargeAndTheDashboardCountsWhatIsDueToday() {
		Bills bills = new Bills(this.api);
		long cliente = bills.cliente();
		String today = LocalDate.now(DateTimes.BRAZIL).toString();
		Api.Response created = this.api.post("/api/finance/bills/",
				Bills.json("direction", "receivable", "cliente_id", cliente, "description", unique("Mensalidade"),
						"competence_date", today, "category_id", bills.category("1.2"), "total", "80.00",
						"installments", Map.of("count", 1, "first_due_date", today)));
		assertThat(created.status()).as(created.toString()).isEqualTo(201);
		long charge = created.json().get("installments").get(0).get("charge_id").asLong();
		PageClient clerk = signedIn("finance.bills.view", "finance.bills.change", "finance.charges.view",
				"customers.clientes.view");
		HttpResponse<String> pay = clerk.get("/app/bills/" + created.id() + "/installments/1/pay");
		assertThat(pay.statusCode()).isEqualTo(302);
		assertThat(pay.headers().firstValue("Location").orElseThrow()).endsWith("/app/charges/" + charge + "/");
		assertThat(clerk.get("/app/bills/" + created.id() + "/").body())
			.contains("href=\"/app/charges/" + charge + "/\"", "Conta a receber nº " + created.id());
		String dashboard = clerk.get("/app/").body();
		assertThat(dashboard).contains("id=\"contagem-receivables-hoje\"", "Parcelas a receber hoje (R$",
				"Parcelas a pagar vencidas (R$");
		String count = dashboard.replaceAll("(?s).*id=\"contagem-receivables-hoje\">([\\d.]+)<.*", "$1");
		assertThat(Integer.parseInt(count.replace(".", ""))).isPositive();
	}

}
