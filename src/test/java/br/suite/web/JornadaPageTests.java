package br.suite.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpResponse;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import br.suite.Api;
import br.suite.ApiTest;

/**
 * The jornada's forms over HTTP, as a browser without JavaScript, when they are refused:
 * what the page could not read and what the module refused each next to the form's field,
 * in the form's own Portuguese words (never an API field name or an English message), and
 * nothing written; a problem the form does not name (an unknown schedule) is the error
 * page, not a form.
 */
class JornadaPageTests extends ApiTest {

	private static final String[] HR = { "timeclock.schedules.view", "timeclock.schedules.change",
			"timeclock.absences.view", "timeclock.absences.change", "timeclock.holidays.view",
			"timeclock.holidays.change", "timeclock.punches.view" };

	private PageClient hr() {
		return PageClient.signedIn(this.api, unique("rh"), "Pessoa do RH", HR);
	}

	private long employee() {
		Api.Response role = this.api.post("/api/access/roles/",
				json("name", unique("empregado"), "permissions", List.of()));
		Api.Response user = this.api.post("/api/access/users/", json("username", unique("emp"), "full_name",
				"Empregada da Jornada", "is_employee", true, "role_id", role.id()));
		assertThat(user.status()).as(user.toString()).isEqualTo(201);
		return user.id();
	}

	private long schedule(String name) {
		Api.Response created = this.api.post("/api/timeclock/schedules/", """
				{"name": "%s", "kind": "weekly", "days": {
				  "mon": [{"start": "08:00", "end": "12:00"}], "tue": [], "wed": [], "thu": [], "fri": [],
				  "sat": [], "sun": []}}""".formatted(name));
		assertThat(created.status()).as(created.toString()).isEqualTo(201);
		return created.id();
	}

	/** The messages shown at a form field (its {@code erro-<field>} list), in order. */
	private static String errorsAt(HttpResponse<String> page, String field) {
		assertThat(page.statusCode()).as(page.body()).isEqualTo(200);
		String body = page.body();
		int at = body.indexOf("id=\"erro-" + field + "\"");
		assertThat(at).as("errors at " + field).isPositive();
		return body.substring(at, body.indexOf("</ul>", at)).replaceAll("<[^>]+>", "").replaceAll("\\s+", " ");
	}

	@Test
	void aRefusedHolidayShowsWhyAtItsFieldAndAddsNothing() {
		PageClient pages = hr();
		String name = unique("Padroeira");
		pages.get("/app/holidays/?year=2035");
		// Not a date (the page's reading), a name too long (the module's), a day taken.
		assertThat(errorsAt(pages.post("/app/holidays/", Map.of("date", "31/02/2035", "name", name, "scope", "state")),
				"date"))
			.contains("Informe a data como dd/mm/aaaa, de 1950 a 2999.");
		assertThat(errorsAt(
				pages.post("/app/holidays/", Map.of("date", "19/03/2035", "name", "x".repeat(121), "scope", "state")),
				"name"))
			.contains("Informe o nome, com até 120 caracteres.");
		assertThat(this.api.get("/api/timeclock/holidays/?year=2035").body()).doesNotContain(name);
		assertThat(
				pages.post("/app/holidays/", Map.of("date", "19/03/2035", "name", name, "scope", "state")).statusCode())
			.isEqualTo(302);
		HttpResponse<String> taken = pages.post("/app/holidays/",
				Map.of("date", "19/03/2035", "name", name + " outra vez", "scope", "state"));
		assertThat(errorsAt(taken, "date")).contains("Já há um feriado nessa data para esses estabelecimentos.");
		assertThat(taken.body()).doesNotContain("HolidayExists", "already");
		assertThat(this.api.get("/api/timeclock/holidays/?year=2035").body()).doesNotContain(name + " outra vez");
	}

	@Test
	void aRefusedScheduleShowsEachProblemAtItsDayOrFieldAndAnUnknownOneIsNotFound() {
		PageClient pages = hr();
		String name = unique("Escala recusada");
		Map<String, String> form = new HashMap<>(Map.of("name", name, "kind", "weekly", "rest_day", "sun",
				"tolerance_per_mark_minutes", "5", "tolerance_daily_minutes", "10", "time_bank_expiry_months", "6"));
		pages.get("/app/schedules/new");
		// Text the page cannot read as intervals, and a time the module refuses: both at
		// Monday's field; a tolerance above the law's at its own.
		form.put("day_mon", "das oito ao meio-dia");
		assertThat(errorsAt(pages.post("/app/schedules/new", form), "day_mon")).contains("Escreva os horários como");
		form.put("day_mon", "08:00-25:00");
		form.put("tolerance_per_mark_minutes", "9");
		HttpResponse<String> refused = pages.post("/app/schedules/new", form);
		assertThat(errorsAt(refused, "day_mon")).contains("Escreva os horários como");
		assertThat(errorsAt(refused, "tolerance_per_mark_minutes"))
			.contains("De 0 a 5 minutos (CLT art. 58 §1; Súmula 449 do TST).");
		assertThat(refused.body()).doesNotContain("days.mon", "tolerance_per_mark_minutes:");
		assertThat(this.api.get("/api/timeclock/schedules/?limit=500").body()).doesNotContain(name);

		// The same form for a schedule that does not exist: the error page.
		form.put("day_mon", "08:00-12:00");
		form.put("tolerance_per_mark_minutes", "5");
		assertThat(pages.post("/app/schedules/999999999", form).statusCode()).isEqualTo(404);
		assertThat(this.api.get("/api/timeclock/schedules/?limit=500").body()).doesNotContain(name);
	}

	@Test
	void aScheduleInUseIsNotDeletedAndAnAssignmentNeedsAnEmployeeAndADate() {
		PageClient pages = hr();
		long employee = employee();
		String name = unique("Escala em uso");
		long schedule = schedule(name);
		pages.get("/app/schedules/assignments?employee_id=" + employee);
		HttpResponse<String> noEmployee = pages.post("/app/schedules/assignments",
				Map.of("schedule_id", Long.toString(schedule), "valid_from", "01/02/2027"));
		assertThat(noEmployee.statusCode()).isEqualTo(200);
		assertThat(noEmployee.body()).contains("Escolha um empregado.");
		assertThat(
				errorsAt(pages.post("/app/schedules/assignments",
						Map.of("employee_id", Long.toString(employee), "schedule_id", Long.toString(schedule),
								"valid_from", "32/01/2027")),
						"valid_from"))
			.contains("Informe a data como dd/mm/aaaa.");
		assertThat(this.api.get("/api/timeclock/employees/" + employee + "/schedule/").body()).doesNotContain(name);
		assertThat(pages
			.post("/app/schedules/assignments", Map.of("employee_id", Long.toString(employee), "schedule_id",
					Long.toString(schedule), "valid_from", "01/02/2027"))
			.statusCode()).isEqualTo(302);

		pages.get("/app/schedules/");
		HttpResponse<String> inUse = pages.post("/app/schedules/" + schedule + "/delete", Map.of());
		assertThat(inUse.statusCode()).isEqualTo(200);
		assertThat(inUse.body())
			.contains("A escala “" + name + "” já foi atribuída a empregados e não pode ser excluída.");
		assertThat(this.api.get("/api/timeclock/schedules/" + schedule + "/").status()).isEqualTo(200);
	}

	@Test
	void aRefusedAbsenceShowsWhyAtItsDateAndTheTimesheetAtItsMonth() {
		PageClient pages = hr();
		long employee = employee();
		String id = Long.toString(employee);
		pages.get("/app/absences/?employee_id=" + id + "&month=2026-10");
		// An end the page cannot read is a date's problem; an end before the start is the
		// module's refusal of date_to, in the form's words.
		assertThat(errorsAt(pages.post("/app/absences/",
				Map.of("employee_id", id, "date_from", "05/10/2026", "date_to", "99/10/2026", "kind", "atestado")),
				"date_to"))
			.contains("Informe a data como dd/mm/aaaa.")
			.doesNotContain("O fim não pode");
		assertThat(errorsAt(pages.post("/app/absences/",
				Map.of("employee_id", id, "date_from", "05/10/2026", "date_to", "01/10/2026", "kind", "atestado")),
				"date_to"))
			.contains("O fim não pode ser antes do início nem passar de 366 dias.");
		assertThat(this.api.get("/api/timeclock/absences/?employee_id=" + id).json().size()).isZero();
		assertThat(pages
			.post("/app/absences/",
					Map.of("employee_id", id, "date_from", "05/10/2026", "date_to", "06/10/2026", "kind", "atestado"))
			.statusCode()).isEqualTo(302);
		assertThat(errorsAt(
				pages.post("/app/absences/", Map.of("employee_id", id, "date_from", "06/10/2026", "kind", "atestado")),
				"date_from"))
			.contains("Já há uma ausência desse empregado nesses dias.");
		assertThat(this.api.get("/api/timeclock/absences/?employee_id=" + id).json().size()).isEqualTo(1);

		assertThat(errorsAt(pages.get("/app/timesheet/?employee_id=" + id + "&month=13/2026"), "month"))
			.contains("Informe o mês como mm/aaaa.");
	}

}
