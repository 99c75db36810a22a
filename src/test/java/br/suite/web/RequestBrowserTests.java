package br.suite.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpResponse;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.support.ui.Select;

import br.suite.Api;
import tools.jackson.databind.JsonNode;

/**
 * Issue 27 item 1 in the browser: an employee asks on a phone for a forgotten mark
 * (refused in Portuguese first), a manager sees the pending count on the dashboard and
 * approves it, the employee sees "Aprovada" and the espelho carries the included mark.
 * The employee cannot open the managers' queue nor decide; a manager who is also an
 * employee sees no buttons on their own request and is refused in Portuguese when posting
 * anyway.
 */
class RequestBrowserTests extends BrowserTest {

	private static long scrollWidth(WebDriver browser) {
		return (Long) ((JavascriptExecutor) browser).executeScript("return document.documentElement.scrollWidth");
	}

	private long pending() {
		Api.Response queue = this.api.get("/api/timeclock/requests/?status=pending&limit=1");
		assertThat(queue.status()).as(queue.toString()).isEqualTo(200);
		return Long.parseLong(queue.header("X-Total-Count").orElseThrow());
	}

	@Test
	void anEmployeeAsksOnAPhoneAndAManagerApprovesFromTheDashboard() {
		long store = establishment("Loja Pedidos", "Rua C, 3");
		Person ana = employeeOf(store, "Ana Pedido " + unique("a"), "timeclock.own.request");

		// The employee, on a 375 px phone.
		WebDriver phone = open(375, 800);
		signIn(phone, ana.username(), ana.password());
		phone.get(url("/app/"));
		assertThat(phone.findElement(By.linkText("Minhas solicitações")).getDomAttribute("href"))
			.endsWith("/app/my-requests/");
		phone.get(url("/app/my-requests/"));
		assertThat(waitFor(phone, By.id("sem-solicitacoes")).getText())
			.isEqualTo("Você ainda não fez nenhuma solicitação.");
		assertThat(scrollWidth(phone)).isLessThanOrEqualTo(375);

		// A time typed wrongly is refused next to the field, in Portuguese.
		new Select(phone.findElement(By.id("event_type"))).selectByVisibleText("Entrada");
		phone.findElement(By.id("date")).sendKeys("15/10/2026");
		phone.findElement(By.id("time")).sendKeys("8h");
		phone.findElement(By.id("reason")).sendKeys("Esqueci de marcar a entrada");
		phone.findElement(By.id("pedir-inclusao-botao")).click();
		assertThat(waitFor(phone, By.id("erro-occurred_at")).getText())
			.isEqualTo("Informe a data (dd/mm/aaaa) e a hora (hh:mm).");
		assertThat(this.api.get("/api/timeclock/requests/?employee_id=" + ana.id()).json().size()).isZero();

		// What was typed is kept; the time corrected, the request is made.
		assertThat(phone.findElement(By.id("date")).getDomProperty("value")).isEqualTo("15/10/2026");
		phone.findElement(By.id("time")).clear();
		phone.findElement(By.id("time")).sendKeys("08:00");
		phone.findElement(By.id("pedir-inclusao-botao")).click();
		String asked = waitFor(phone, By.cssSelector("[role=status]")).getText();
		assertThat(asked).startsWith("Solicitação ").contains(" enviada.");
		JsonNode mine = this.api.get("/api/timeclock/requests/?employee_id=" + ana.id()).json();
		assertThat(mine.size()).isEqualTo(1);
		long id = mine.get(0).get("id").asLong();
		assertThat(mine.get(0).get("kind").asString()).isEqualTo("include_mark");
		assertThat(mine.get(0).get("occurred_at").asString()).isEqualTo("2026-10-15T11:00:00.000Z");
		String row = waitFor(phone, By.id("solicitacao-" + id)).getText();
		assertThat(row).contains("Incluir marcação esquecida", "Entrada em 15/10/2026 08:00",
				"Esqueci de marcar a entrada", "Pendente");
		assertThat(scrollWidth(phone)).isLessThanOrEqualTo(375);
		screenshot(phone, "asked");

		// The employee cannot open the managers' queue nor decide, even their own.
		PageClient employeePages = PageClient.withSession(this.api.base(),
				phone.manage().getCookieNamed("JSESSIONID").getValue());
		HttpResponse<String> queue = employeePages.get("/app/requests/");
		assertThat(queue.statusCode()).isEqualTo(403);
		assertThat(queue.body()).contains("Acesso negado");
		employeePages.get("/app/my-requests/");
		assertThat(employeePages.post("/app/requests/" + id + "/approve", Map.of("comment", "Eu mesma aprovo"))
			.statusCode()).isEqualTo(403);
		phone.get(url("/app/requests/"));
		assertThat(waitFor(phone, By.tagName("h1")).getText()).isEqualTo("Acesso negado");
		assertThat(phone.findElements(By.linkText("Solicitações para decidir"))).isEmpty();
		assertThat(this.api.get("/api/timeclock/requests/" + id + "/").json().get("status").asString())
			.isEqualTo("pending");

		// The manager sees the pending count on the dashboard and approves.
		Person marta = person(false, "Marta Gerente", "timeclock.requests.decide");
		WebDriver desk = browser();
		signIn(marta.username(), marta.password());
		desk.get(url("/app/"));
		long count = Long.parseLong(waitFor(By.id("contagem-solicitacoes")).getText().replace(".", ""));
		assertThat(count).isGreaterThanOrEqualTo(1).isEqualTo(pending());
		assertThat(desk.findElement(By.id("conteudo")).getText()).contains("Solicitações de ponto para decidir");
		desk.findElement(By.cssSelector(".contagem a[href$='/app/requests/']")).click();
		assertThat(waitFor(By.id("solicitacao-" + id)).getText()).contains("Ana Pedido", "Entrada em 15/10/2026 08:00",
				"Esqueci de marcar a entrada");
		screenshot(desk, "queue");
		desk.findElement(By.id("comment-" + id)).sendKeys("Confirmado com a equipe");
		desk.findElement(By.id("aprovar-" + id)).click();
		assertThat(waitFor(By.cssSelector("[role=status]")).getText()).startsWith("Solicitação de Ana Pedido")
			.endsWith("aprovada.");
		assertThat(desk.findElements(By.id("solicitacao-" + id))).isEmpty();

		// The employee sees it approved; the espelho carries the included mark.
		phone.get(url("/app/my-requests/"));
		String decided = waitFor(phone, By.id("solicitacao-" + id)).getText();
		assertThat(decided).contains("Aprovada", "por Marta Gerente", "Comentário: Confirmado com a equipe");
		assertThat(scrollWidth(phone)).isLessThanOrEqualTo(375);
		screenshot(phone, "approved");
		JsonNode day = null;
		for (JsonNode each : this.api.get("/api/timeclock/timesheets/?employee_id=" + ana.id() + "&month=2026-10")
			.json()
			.get("days")) {
			if (each.get("date").asString().equals("2026-10-15")) {
				day = each;
			}
		}
		assertThat(day).isNotNull();
		assertThat(day.get("marks").size()).isEqualTo(1);
		assertThat(day.get("marks").get(0).get("origin").asString()).isEqualTo("included");
		assertThat(day.get("marks").get(0).get("event_type").asString()).isEqualTo("entrada");
		assertThat(day.get("marks").get(0).get("at").asString()).startsWith("2026-10-15T08:00");
	}

	@Test
	void aManagerWhoIsAnEmployeeCannotDecideTheirOwnRequest() {
		long store = establishment("Loja Pedidos", "Rua C, 3");
		Person davi = employeeOf(store, "Davi Gerente " + unique("d"), "timeclock.own.request",
				"timeclock.requests.decide");
		WebDriver browser = browser();
		signIn(davi.username(), davi.password());
		browser.get(url("/app/my-requests/"));
		new Select(waitFor(By.id("event_type"))).selectByVisibleText("Saída");
		browser.findElement(By.id("date")).sendKeys("16/10/2026");
		browser.findElement(By.id("time")).sendKeys("17:00");
		browser.findElement(By.id("reason")).sendKeys("Saí sem marcar");
		browser.findElement(By.id("pedir-inclusao-botao")).click();
		waitFor(By.cssSelector("[role=status]"));
		long id = this.api.get("/api/timeclock/requests/?employee_id=" + davi.id()).json().get(0).get("id").asLong();

		browser.findElement(By.linkText("Solicitações para decidir")).click();
		assertThat(waitFor(By.id("propria-" + id)).getText())
			.isEqualTo("Sua própria solicitação: outra pessoa decide.");
		assertThat(browser.findElements(By.id("aprovar-" + id))).isEmpty();
		assertThat(browser.findElements(By.id("recusar-" + id))).isEmpty();

		// Posting anyway: the service's refusal, in Portuguese; nothing changes.
		PageClient pages = PageClient.withSession(this.api.base(),
				browser.manage().getCookieNamed("JSESSIONID").getValue());
		pages.get("/app/requests/");
		HttpResponse<String> refused = pages.post("/app/requests/" + id + "/approve", Map.of("comment", "Ok"));
		assertThat(refused.statusCode()).isEqualTo(200);
		assertThat(refused.body()).contains("Ninguém decide a própria solicitação")
			.doesNotContain("no_self_decision")
			.doesNotContain("Nobody decides");
		assertThat(this.api.get("/api/timeclock/requests/" + id + "/").json().get("status").asString())
			.isEqualTo("pending");

		// A refusal without a comment is refused next to the comment, in Portuguese.
		Person other = person(false, "Olga Decide", "timeclock.requests.decide");
		WebDriver second = open(1280, 900);
		signIn(second, other.username(), other.password());
		second.get(url("/app/requests/"));
		waitFor(second, By.id("recusar-" + id)).click();
		assertThat(waitFor(second, By.id("erro-comment")).getText())
			.isEqualTo("Escreva um comentário (obrigatório para recusar; até 1000 caracteres).");
		assertThat(this.api.get("/api/timeclock/requests/" + id + "/").json().get("status").asString())
			.isEqualTo("pending");
		second.findElement(By.id("comment-" + id)).sendKeys("Horário não confere com o crachá");
		second.findElement(By.id("recusar-" + id)).click();
		assertThat(waitFor(second, By.cssSelector("[role=status]")).getText()).endsWith("recusada.");
		browser.get(url("/app/my-requests/"));
		assertThat(waitFor(By.id("solicitacao-" + id)).getText()).contains("Recusada",
				"Comentário: Horário não confere com o crachá");
	}

}
