package br.suite.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpResponse;
import java.util.HashMap;
import java.util.Map;

import org.junit.jupiter.api.Test;

import br.suite.Api;
import br.suite.ApiTest;

/**
 * Pages that read typed text themselves (a day, a time, a number of minutes, a user's
 * number), over HTTP as a browser without JavaScript: what cannot be read is refused at
 * its field in Portuguese, with what was typed kept and nothing recorded; the same form,
 * corrected, goes through.
 */
class TypedFieldPageTests extends ApiTest {

	private PageClient signedIn(String... permissions) {
		return PageClient.signedIn(this.api, unique("pessoa"), "Pessoa do RH", permissions);
	}

	private long employee() {
		Api.Response user = this.api.post("/api/access/users/",
				json("username", unique("func"), "full_name", "Funcionária Teste", "is_employee", true, "role_id", 1));
		assertThat(user.status()).as(user.toString()).isEqualTo(201);
		return user.id();
	}

	@Test
	void anIncludedMarkWithAnUnreadableDayOrTimeIsRefusedAtTheMomentAndNothingIsRecorded() {
		long employee = employee();
		PageClient hr = signedIn("timeclock.punches.view", "timeclock.adjustments.change");
		assertThat(hr.get("/app/adjustments/").statusCode()).isEqualTo(200);
		Map<String, String> form = new HashMap<>(Map.of("employee_id", Long.toString(employee), "event_type", "entrada",
				"date", "31/02/2026", "time", "08:00", "reason", "Esqueceu de marcar"));
		HttpResponse<String> refused = hr.post("/app/adjustments/include", form);
		assertThat(refused.statusCode()).isEqualTo(200);
		assertThat(refused.body()).contains("id=\"erro-occurred_at\"", "Informe a data (dd/mm/aaaa) e a hora (hh:mm).",
				"value=\"31/02/2026\"", "Esqueceu de marcar");
		form.put("date", "02/03/2026");
		form.put("time", "25:00");
		assertThat(hr.post("/app/adjustments/include", form).body()).contains("id=\"erro-occurred_at\"",
				"value=\"25:00\"");
		assertThat(this.api.get("/api/timeclock/punch-adjustments/?employee_id=" + employee).json().size()).isZero();

		form.put("time", "08:00");
		assertThat(hr.post("/app/adjustments/include", form).statusCode()).isEqualTo(302);
		assertThat(this.api.get("/api/timeclock/punch-adjustments/?employee_id=" + employee).json().size())
			.isEqualTo(1);
	}

	@Test
	void anOvertimeRequestWithUnreadableMinutesOrDayIsRefusedAtItsFieldAndNothingIsAsked() {
		PageClient employee = signedIn("timeclock.own.request");
		assertThat(employee.get("/app/my-requests/").statusCode()).isEqualTo(200);
		Map<String, String> form = new HashMap<>(
				Map.of("date", "10/03/2026", "minutes", "muitos", "reason", "Fechamento do mês"));
		HttpResponse<String> refused = employee.post("/app/my-requests/overtime", form);
		assertThat(refused.statusCode()).isEqualTo(200);
		assertThat(refused.body()).contains("id=\"erro-minutes\"", "Informe de 1 a 720 minutos.", "value=\"muitos\"",
				"Fechamento do mês");
		form.put("minutes", "60");
		form.put("date", "10-03-2026");
		assertThat(employee.post("/app/my-requests/overtime", form).body()).contains("id=\"erro-date\"",
				"Informe a data como dd/mm/aaaa.");
		HttpResponse<String> mark = employee.post("/app/my-requests/include",
				Map.of("event_type", "entrada", "date", "10/03/2026", "time", "8h", "reason", "Esqueci"));
		assertThat(mark.body()).contains("id=\"erro-occurred_at\"", "Informe a data (dd/mm/aaaa) e a hora (hh:mm).");
		assertThat(this.api.get("/api/timeclock/requests/?status=pending").json().toString())
			.doesNotContain("Fechamento do mês", "Esqueci");
	}

	@Test
	void anUnreadableAuditFilterIsRefusedAtItsFieldAndTheListStaysEmpty() {
		PageClient auditor = signedIn("audit.events.view");
		HttpResponse<String> day = auditor.get("/app/audit/?date_from=31/02/2026");
		assertThat(day.statusCode()).isEqualTo(200);
		assertThat(day.body()).contains("id=\"erro-date_from\"", "Informe a data como dd/mm/aaaa.",
				"value=\"31/02/2026\"");
		HttpResponse<String> actor = auditor.get("/app/audit/?actor_id=ana");
		assertThat(actor.body()).contains("id=\"erro-actor_id\"", "Informe o número do usuário.", "value=\"ana\"");
		HttpResponse<String> order = auditor.get("/app/audit/?date_from=10/03/2026&date_to=01/03/2026");
		assertThat(order.body()).contains("id=\"erro-date_to\"");
		assertThat(auditor.get("/app/audit/?date_from=01/03/2026&date_to=10/03/2026").body())
			.doesNotContain("id=\"erro-date_to\"", "id=\"erro-date_from\"");
	}

}
