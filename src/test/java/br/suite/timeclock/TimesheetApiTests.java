package br.suite.timeclock;

import java.time.YearMonth;
import java.time.ZoneId;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;

import br.suite.Api.Response;
import br.suite.ApiTest;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;

/** Issue 14: the espelho de ponto. */
public class TimesheetApiTests extends ApiTest {

	@Autowired
	JdbcClient jdbc;

	long employee() {
		Response user = this.api.post("/api/access/users/", json("username", unique("esp"), "full_name", "Otto Espelho",
				"is_employee", true, "role_id", 1, "cpf", RepApiTests.cpf()));
		assertThat(user.status()).as(user.toString()).isEqualTo(201);
		return user.id();
	}

	void include(long employee, String type, String at) {
		Response included = this.api.post("/api/timeclock/punch-adjustments/", json("kind", "include", "employee_id",
				employee, "event_type", type, "occurred_at", at, "reason", "Esqueceu de marcar"));
		assertThat(included.status()).as(included.toString()).isEqualTo(201);
	}

	public static JsonNode day(JsonNode sheet, String date) {
		for (JsonNode day : sheet.get("days")) {
			if (day.get("date").asString().equals(date)) {
				return day;
			}
		}
		throw new AssertionError(date);
	}

	@Test
	void aMonthShowsMarksAfterAdjustmentsWorkedMinutesFlagsAndTotals() throws Exception {
		long employee = employee();
		include(employee, "entrada", "2026-10-05T08:00:00-03:00");
		include(employee, "saida", "2026-10-05T12:00:00-03:00");
		include(employee, "entrada", "2026-10-05T13:00:00-03:00");
		include(employee, "saida", "2026-10-05T17:30:00-03:00");
		include(employee, "entrada", "2026-10-06T08:00:00-03:00");

		Response response = this.api.get("/api/timeclock/timesheets/?employee_id=" + employee + "&month=2026-10");
		assertThat(response.status()).as(response.toString()).isEqualTo(200);
		JsonNode sheet = response.json();
		assertThat(sheet.get("days").size()).isEqualTo(31);
		JsonNode monday = day(sheet, "2026-10-05");
		assertThat(monday.get("worked_minutes").asLong()).isEqualTo(510);
		assertThat(monday.get("marks").size()).isEqualTo(4);
		assertThat(monday.get("marks").get(0).get("origin").asString()).isEqualTo("included");
		assertThat(monday.get("marks").get(0).get("at").asString()).isEqualTo("2026-10-05T08:00:00.000-03:00");
		assertThat(monday.get("flags").size()).isZero();
		assertThat(day(sheet, "2026-10-06").get("flags").toString()).contains("missing_mark");
		assertThat(day(sheet, "2026-10-06").get("worked_minutes").asLong()).isZero();
		// Unassigned (no schedule): no expected minutes, so a weekday without marks is no
		// absence.
		assertThat(day(sheet, "2026-10-07").get("flags").size()).isZero();
		assertThat(day(sheet, "2026-10-07").get("kind").asString()).isEqualTo("unassigned");
		assertThat(day(sheet, "2026-10-10").get("flags").size()).isZero();
		assertThat(sheet.get("worked_minutes").asLong()).isEqualTo(510);
		assertThat(sheet.get("time_zone").asString()).isEqualTo("America/Sao_Paulo");

		Response pdf = this.api.send("GET", "/api/timeclock/timesheets/?employee_id=" + employee + "&month=2026-10",
				null, null, "Accept", "application/pdf");
		assertThat(pdf.contentType()).isEqualTo("application/pdf");
		// What the employee signs is Portuguese: no API flag names, days and months as
		// people write them.
		String text = ComprovanteApiTests.text(pdf.bytes());
		assertThat(text).contains("Espelho de ponto 10/2026", "Otto Espelho", "8:30", "06/10/2026 ter",
				"marcação faltando");
		assertThat(text).doesNotContain("missing_mark", "tuesday", "2026-10-06");
	}

	@Test
	void disregardedPunchesStayFlaggedAndPunchesNeedingReviewFlagTheirDay() {
		long employee = employee();
		long kept = this.api
			.post("/api/timeclock/punch/register/", json("event_type", "entrada", "employee_id", employee))
			.id();
		long wrong = this.api
			.post("/api/timeclock/punch/register/", json("event_type", "saida", "employee_id", employee))
			.id();
		assertThat(this.api
			.post("/api/timeclock/punch-adjustments/",
					json("kind", "disregard", "punch_id", wrong, "reason", "Marcou duas vezes"))
			.status()).isEqualTo(201);
		String month = YearMonth.now(ZoneId.of("America/Sao_Paulo")).toString();
		String today = java.time.LocalDate.now(ZoneId.of("America/Sao_Paulo")).toString();
		JsonNode day = day(
				this.api.get("/api/timeclock/timesheets/?employee_id=" + employee + "&month=" + month).json(), today);
		assertThat(day.get("marks").size()).isEqualTo(2);
		JsonNode disregarded = day.get("marks").get(1).get("punch_id").asLong() == wrong ? day.get("marks").get(1)
				: day.get("marks").get(0);
		assertThat(disregarded.get("disregarded").asBoolean()).isTrue();
		assertThat(disregarded.get("reason").asString()).isEqualTo("Marcou duas vezes");
		// Today's window has not ended: the day is open, without the computation's flags.
		assertThat(day.get("open").asBoolean()).isTrue();
		assertThat(day.get("flags").toString()).contains("needs_review").doesNotContain("missing_mark");
		assertThat(kept).isNotEqualTo(wrong);
	}

	@Test
	void aScheduledMonthHasTheJornadaFiguresTotalsAndDsr() {
		long employee = employee();
		long schedule = this.api.post("/api/timeclock/schedules/", ScheduleApiTests.COMERCIAL.formatted(unique("COM")))
			.id();
		assertThat(this.api
			.put("/api/timeclock/employees/" + employee + "/schedule/",
					json("schedule_id", schedule, "valid_from", "2026-10-01"))
			.status()).isEqualTo(200);
		include(employee, "entrada", "2026-10-05T08:00:00-03:00");
		include(employee, "saida", "2026-10-05T12:00:00-03:00");
		include(employee, "entrada", "2026-10-05T13:00:00-03:00");
		include(employee, "saida", "2026-10-05T17:30:00-03:00");
		assertThat(this.api
			.post("/api/timeclock/absences/",
					json("employee_id", employee, "date_from", "2026-10-06", "date_to", "2026-10-06", "kind",
							"atestado"))
			.status()).isEqualTo(201);

		JsonNode sheet = this.api.get("/api/timeclock/timesheets/?employee_id=" + employee + "&month=2026-10").json();
		JsonNode monday = day(sheet, "2026-10-05");
		assertThat(monday.get("expected_minutes").asInt()).isEqualTo(480);
		assertThat(monday.get("worked_minutes").asInt()).isEqualTo(510);
		assertThat(monday.get("overtime_50_minutes").asInt()).isEqualTo(30);
		assertThat(monday.get("expected").get(0).get("start").asString()).isEqualTo("2026-10-05T08:00:00.000-03:00");
		JsonNode atestado = day(sheet, "2026-10-06");
		assertThat(atestado.get("justified_minutes").asInt()).isEqualTo(480);
		assertThat(atestado.get("flags").size()).isZero();
		JsonNode falta = day(sheet, "2026-10-07");
		assertThat(falta.get("absence_minutes").asInt()).isEqualTo(480);
		assertThat(falta.get("flags").toString()).contains("unjustified_absence");
		JsonNode aparecida = day(sheet, "2026-10-12");
		assertThat(aparecida.get("kind").asString()).isEqualTo("holiday");
		assertThat(aparecida.get("expected_minutes").asInt()).isZero();
		assertThat(day(sheet, "2026-10-11").get("flags").toString()).contains("dsr_lost");
		// 22 weekdays, 12 October a holiday: 21 × 480 expected; 19 of them without marks
		// or justification.
		assertThat(sheet.get("expected_minutes").asInt()).isEqualTo(21 * 480);
		assertThat(sheet.get("absence_minutes").asInt()).isEqualTo(19 * 480);
		assertThat(sheet.get("justified_minutes").asInt()).isEqualTo(480);
		assertThat(sheet.get("overtime_50_minutes").asInt()).isEqualTo(30);
		assertThat(sheet.get("worked_minutes").asInt()).isEqualTo(510);
		assertThat(sheet.get("dsr_lost_count").asInt()).isEqualTo(4);
		assertThat(sheet.get("bank_balance_minutes").asInt()).isZero();
	}

	@Test
	void refusalsNameTheFieldAndNeedThePermission() {
		long employee = employee();
		assertThat(this.api.get("/api/timeclock/timesheets/?employee_id=" + employee + "&month=2026-13")
			.json()
			.get("errors")
			.has("month")).isTrue();
		assertThat(this.api.get("/api/timeclock/timesheets/?month=2026-10").json().get("errors").has("employee_id"))
			.isTrue();
		assertThat(this.api.get("/api/timeclock/timesheets/?employee_id=999999999&month=2026-10").status())
			.isEqualTo(400);
		assertThat(signedInWith("timeclock.own.view")
			.get("/api/timeclock/timesheets/?employee_id=" + employee + "&month=2026-10")
			.status()).isEqualTo(403);
	}

}
