package br.suite.web;

import java.net.http.HttpResponse;
import java.time.LocalDate;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import br.suite.Api;
import br.suite.ApiTest;
import br.suite.shared.DateTimes;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The Régua de cobrança page over HTTP: the form with the policy, the preview of each
 * step, the mail-not-configured hint, a refused template shown at its field with nothing
 * saved, and the messages on a charge's page and on the cliente's page.
 */
class CollectionPageTests extends ApiTest {

	private PageClient signedIn(String... permissions) {
		String suffix = unique("regua");
		Api.Response role = this.api.post("/api/access/roles/",
				json("name", "papel-" + suffix, "permissions", List.of(permissions)));
		assertThat(role.status()).as(role.toString()).isEqualTo(201);
		Api.Response user = this.api.post("/api/access/users/",
				json("username", suffix, "full_name", "Pessoa da Régua", "role_id", role.id()));
		String password = "Senha-" + suffix;
		this.api.signIn(suffix, user.json().get("temporary_password").asString(), password);
		PageClient pages = new PageClient(this.api.base());
		pages.signIn(suffix, password);
		return pages;
	}

	@Test
	void thePageShowsThePolicyThePreviewAndTheMailHintAndRefusesAnUnknownPlaceholder() {
		PageClient pages = signedIn("finance.collection.view", "finance.collection.change", "finance.charges.view");
		HttpResponse<String> page = pages.get("/app/collection/");
		assertThat(page.statusCode()).as(page.body()).isEqualTo(200);
		assertThat(page.body()).contains("Régua de cobrança")
			.contains("Prévia de cada etapa")
			.contains("SUITE_MAIL_HOST")
			.contains("3 dia(s) antes")
			.contains("No vencimento");
		String before = this.api.get("/api/finance/collection-policy/").json().toString();
		Map<String, String> form = new HashMap<>();
		form.put("send_time", "09:00");
		form.put("steps", "-3, 0, 3");
		for (String t : new String[] { "before", "due", "after" }) {
			form.put("templates." + t + ".subject", "Assunto {{valor}}");
			form.put("templates." + t + ".text", "Olá {{pagador}}");
		}
		form.put("templates.due.text", "Olá {{nome}}");
		HttpResponse<String> refused = pages.post("/app/collection/", form);
		assertThat(refused.statusCode()).isEqualTo(200);
		assertThat(refused.body()).contains("erro-templates.due.text").contains("só os marcadores da lista");
		assertThat(this.api.get("/api/finance/collection-policy/").json().toString()).isEqualTo(before);

		// Corrected, every nested field reaches the policy; the policy as it was is put
		// back.
		java.util.regex.Matcher version = java.util.regex.Pattern.compile("name=\"version\" value=\"(\\d+)\"")
			.matcher(refused.body());
		assertThat(version.find()).as(refused.body()).isTrue();
		form.put("version", version.group(1));
		form.put("templates.due.text", "Hoje vence {{valor}}, {{pagador}}");
		form.put("templates.after.subject", "Em atraso: {{valor}}");
		try {
			assertThat(pages.post("/app/collection/", form).statusCode()).isEqualTo(302);
			tools.jackson.databind.JsonNode saved = this.api.get("/api/finance/collection-policy/").json();
			assertThat(saved.get("templates").get("due").get("text").asString())
				.isEqualTo("Hoje vence {{valor}}, {{pagador}}");
			assertThat(saved.get("templates").get("after").get("subject").asString()).isEqualTo("Em atraso: {{valor}}");
			assertThat(saved.get("templates").get("before").get("text").asString()).isEqualTo("Olá {{pagador}}");
			assertThat(saved.get("send_time").asString()).isEqualTo("09:00");
		}
		finally {
			this.api.put("/api/finance/collection-policy/", before);
		}
	}

	@Test
	void aChargesAndAClientesPagesListTheirMessages() {
		String cpf = cpf();
		String email = unique("pagina") + "@cliente.example";
		Api.Response cliente = this.api.post("/api/clientes/",
				json("nome", "Cliente da Página", "email", email, "documento", cpf));
		assertThat(cliente.status()).as(cliente.toString()).isEqualTo(201);
		Api.Response charge = this.api.post("/api/finance/charges/", json("kind", "boleto", "amount", "10.00",
				"payer_document", cpf, "due_date", LocalDate.now(DateTimes.BRAZIL).toString()));
		assertThat(charge.status()).as(charge.toString()).isEqualTo(201);
		this.api.put("/api/finance/collection-policy/", "{\"enabled\":true,\"send_time\":\"23:59\"}");
		try {
			assertThat(this.api.post("/api/finance/collection/run/", "").status()).isEqualTo(200);
		}
		finally {
			this.api.put("/api/finance/collection-policy/", "{\"enabled\":false}");
		}
		PageClient pages = signedIn("finance.collection.view", "finance.charges.view", "customers.clientes.view");
		HttpResponse<String> chargePage = pages.get("/app/charges/" + charge.id() + "/");
		assertThat(chargePage.statusCode()).isEqualTo(200);
		assertThat(chargePage.body()).contains("Lembretes de cobrança")
			.contains("No vencimento")
			.contains("Não enviado")
			.contains("E-mail não configurado");
		HttpResponse<String> clientePage = pages.get("/app/customers/" + cliente.id() + "/");
		assertThat(clientePage.statusCode()).isEqualTo(200);
		assertThat(clientePage.body()).contains("Lembretes de cobrança").contains("#" + charge.id());
		PageClient without = signedIn("finance.charges.view", "customers.clientes.view");
		assertThat(without.get("/app/charges/" + charge.id() + "/").body()).doesNotContain("Lembretes de cobrança");
	}

	/** A random valid CPF (11 digits). */
	static String cpf() {
		int[] d = new int[11];
		for (int i = 0; i < 9; i++) {
			d[i] = java.util.concurrent.ThreadLocalRandom.current().nextInt(10);
		}
		d[0] = 1 + java.util.concurrent.ThreadLocalRandom.current().nextInt(9);
		for (int n = 9; n <= 10; n++) {
			int sum = 0;
			for (int i = 0; i < n; i++) {
				sum += d[i] * (n + 1 - i);
			}
			int r = sum % 11;
			d[n] = r < 2 ? 0 : 11 - r;
		}
		StringBuilder text = new StringBuilder();
		for (int digit : d) {
			text.append(digit);
		}
		return text.toString();
	}

}
