package br.suite.timeclock.legalfiles;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import br.suite.Api.Response;
import br.suite.Api;
import br.suite.ApiTest;
import br.suite.timeclock.AejReader;
import br.suite.timeclock.RepApiTests;
import br.suite.timeclock.ScheduleApiTests;
import br.suite.timeclock.TimesheetApiTests;
import tools.jackson.databind.JsonNode;

/**
 * Issue 27, done when: request → approval → espelho changes → closing → AEJ → payroll
 * file, each read back by an independent reader; refusals change nothing.
 */
class TimeclockMonthWalkApiTests extends ApiTest {

	record Employee(long id, String cpf, Api api) {
	}

	Employee employee(long establishment, String matricula) {
		Response role = this.api.post("/api/access/roles/",
				json("name", unique("papel"), "permissions", List.of("timeclock.own.request", "timeclock.own.view")));
		String username = unique("ana");
		String cpf = RepApiTests.cpf();
		Response user = this.api.post("/api/access/users/",
				json("username", username, "full_name", "Ana Conceição", "is_employee", true, "role_id", role.id(),
						"cpf", cpf, "establishment_id", establishment, "matricula", matricula));
		assertThat(user.status()).as(user.toString()).isEqualTo(201);
		String token = this.api.signIn(username, user.json().get("temporary_password").asString());
		return new Employee(user.id(), user.json().get("cpf").asString(), this.api.as(token));
	}

	void include(long employee, String type, String at) {
		Response included = this.api.post("/api/timeclock/punch-adjustments/", json("kind", "include", "employee_id",
				employee, "event_type", type, "occurred_at", at, "reason", "Lançamento do RH"));
		assertThat(included.status()).as(included.toString()).isEqualTo(201);
	}

	JsonNode october(long employee) {
		return this.api.get("/api/timeclock/timesheets/?employee_id=" + employee + "&month=2026-10").json();
	}

	@Test
	void requestApprovalEspelhoClosingAejAndPayroll() {
		long establishment = this.api
			.post("/api/timeclock/establishments/",
					json("name", unique("Loja Caminho"), "employer_document", "11222333000181", "time_zone",
							"America/Sao_Paulo"))
			.id();
		String matricula = "W" + System.nanoTime() % 100_000_000;
		Employee ana = employee(establishment, matricula);
		long schedule = this.api.post("/api/timeclock/schedules/", ScheduleApiTests.COMERCIAL.formatted(unique("COM")))
			.id();
		assertThat(this.api
			.put("/api/timeclock/employees/" + ana.id() + "/schedule/",
					json("schedule_id", schedule, "valid_from", "2026-10-01"))
			.status()).isEqualTo(200);
		include(ana.id(), "entrada", "2026-10-05T08:00:00-03:00");
		include(ana.id(), "inicio_intervalo", "2026-10-05T12:00:00-03:00");
		include(ana.id(), "fim_intervalo", "2026-10-05T13:00:00-03:00");
		include(ana.id(), "saida", "2026-10-05T17:00:00-03:00");
		include(ana.id(), "entrada", "2026-10-06T08:00:00-03:00");
		include(ana.id(), "inicio_intervalo", "2026-10-06T12:00:00-03:00");
		include(ana.id(), "saida", "2026-10-06T17:00:00-03:00");
		assertThat(TimesheetApiTests.day(october(ana.id()), "2026-10-06").get("flags").toString())
			.contains("missing_mark");

		// Request → approval → the espelho changes.
		Api manager = this.api.signedInWith("timeclock.requests.decide");
		long forgotten = ana.api()
			.post("/api/timeclock/requests/",
					json("kind", "include_mark", "occurred_at", "2026-10-06T13:00:00-03:00", "event_type",
							"fim_intervalo", "reason", "Esqueci a volta do almoço"))
			.id();
		assertThat(manager.post("/api/timeclock/requests/" + forgotten + "/approve/", "{}").status()).isEqualTo(200);
		long sick = ana.api()
			.post("/api/timeclock/requests/",
					json("kind", "absence", "date_from", "2026-10-07", "date_to", "2026-10-07", "absence_kind",
							"atestado", "reason", "Consulta"))
			.id();
		assertThat(manager.post("/api/timeclock/requests/" + sick + "/approve/", "{}").status()).isEqualTo(200);
		long overtime = ana.api()
			.post("/api/timeclock/requests/",
					json("kind", "overtime", "date", "2026-10-20", "minutes", 60, "reason", "Inventário"))
			.id();
		JsonNode sheet = october(ana.id());
		JsonNode tuesday = TimesheetApiTests.day(sheet, "2026-10-06");
		assertThat(tuesday.get("worked_minutes").asLong()).isEqualTo(480);
		assertThat(tuesday.get("flags").toString()).doesNotContain("missing_mark");
		assertThat(tuesday.toString()).contains("solicitação " + forgotten);
		assertThat(TimesheetApiTests.day(sheet, "2026-10-07").get("justified_minutes").asInt()).isEqualTo(480);

		// Closing; then a closed month refuses requests and decisions, changing nothing.
		Response closed = this.api.post("/api/timeclock/closings/",
				json("establishment_id", establishment, "month", "2026-10"));
		assertThat(closed.status()).as(closed.toString()).isEqualTo(201);
		int before = ana.api().get("/api/timeclock/me/requests/").json().size();
		Response late = ana.api()
			.post("/api/timeclock/requests/", json("kind", "include_mark", "occurred_at", "2026-10-09T08:00:00-03:00",
					"event_type", "entrada", "reason", "Esqueci"));
		assertThat(late.status()).isEqualTo(409);
		assertThat(late.json().get("code").asString()).isEqualTo("month_closed");
		assertThat(ana.api().get("/api/timeclock/me/requests/").json().size()).isEqualTo(before);
		Response frozen = manager.post("/api/timeclock/requests/" + overtime + "/approve/", "{}");
		assertThat(frozen.status()).isEqualTo(409);
		assertThat(frozen.json().get("code").asString()).isEqualTo("month_closed");
		assertThat(this.api.get("/api/timeclock/requests/" + overtime + "/").json().get("status").asString())
			.isEqualTo("pending");

		// Today's punches: the open month's originals, which the AFD carries.
		for (String type : List.of("entrada", "saida")) {
			assertThat(
					this.api.post("/api/timeclock/punch/register/", json("event_type", type, "employee_id", ana.id()))
						.status())
				.isEqualTo(201);
		}
		String today = LocalDate.now(ZoneId.of("America/Sao_Paulo")).toString();
		String period = "establishment_id=" + establishment + "&date_from=2026-10-01&date_to=" + today;
		assertThat(ana.api().get("/api/timeclock/aej/?" + period).status()).isEqualTo(403);
		Response aej = this.api.get("/api/timeclock/aej/?" + period);
		assertThat(aej.status()).as(aej.toString()).isEqualTo(200);
		assertThat(aej.contentType()).isEqualTo("text/plain;charset=ISO-8859-1");
		AejReader reader = AejReader.read(aej.bytes());
		assertThat(aej.body().getBytes(StandardCharsets.ISO_8859_1)).isNotEmpty();
		assertThat(new String(aej.bytes(), StandardCharsets.ISO_8859_1)).contains("Ana Conceição");
		assertThat(reader.of("01").get(0)[2]).isEqualTo("11222333000181");
		String link = reader.link(ana.cpf());
		List<String[]> marks = reader.of("05").stream().filter(m -> m[1].equals(link)).toList();
		assertThat(marks).anySatisfy(m -> assertThat(Arrays.asList(m)).containsExactly("05", link,
				"2026-10-05T08:00:00-0300", "", "E", "001", "I", m[7], "Lançamento do RH"));
		assertThat(marks).anySatisfy(m -> {
			assertThat(Arrays.asList(m).subList(0, 7)).containsExactly("05", link, "2026-10-06T13:00:00-0300", "", "E",
					"002", "I");
			assertThat(m[8]).contains("solicitação " + forgotten);
		});
		List<String[]> absences = reader.of("07").stream().filter(a -> a[1].equals(link)).toList();
		assertThat(absences)
			.anySatisfy(a -> assertThat(Arrays.asList(a)).containsExactly("07", link, "1", "2026-10-04", "", ""));
		assertThat(absences)
			.anySatisfy(a -> assertThat(Arrays.asList(a)).containsExactly("07", link, "2", "2026-10-08", "480", ""));
		assertThat(absences).noneMatch(a -> a[3].equals("2026-10-07"));

		// Every original mark of the AEJ is a punch of the AFD of the period, and back.
		String afd = new String(this.api.get("/api/timeclock/afd/?" + period).bytes(), StandardCharsets.ISO_8859_1);
		List<String> punches = new ArrayList<>();
		for (String line : afd.split("\r\n")) {
			if (line.length() == 137 && line.charAt(9) == '7') {
				punches.add(line.substring(35, 46) + " " + line.substring(10, 34));
			}
		}
		Map<String, String> cpfs = new java.util.HashMap<>();
		reader.of("03").forEach(l -> cpfs.put(l[1], l[2]));
		List<String> originals = new ArrayList<>(
				reader.of("05").stream().filter(m -> m[6].equals("O")).map(m -> cpfs.get(m[1]) + " " + m[2]).toList());
		assertThat(punches).hasSize(2);
		assertThat(originals).containsExactlyInAnyOrderElementsOf(punches);

		// The same bytes again for the signature's sake.
		String generated = aej.header(AejController.GENERATED_AT).orElseThrow();
		assertThat(this.api.get("/api/timeclock/aej/?" + period + "&generated_at=" + generated).bytes())
			.isEqualTo(aej.bytes());

		// Payroll: a closed month only, read back by splitting the CSV.
		long layout = this.api.post("/api/timeclock/payroll-layouts/", json("name", unique("Folha"), "format", "csv",
				"separator", ";", "header", true, "employee_key", "matricula", "skip_zero", false, "columns",
				List.of(Map.of("field", "employee_key"), Map.of("field", "event_code"), Map.of("field", "quantity")),
				"events",
				List.of(Map.of("total", "worked", "code", "001", "unit", "minutes"),
						Map.of("total", "absence", "code", "302", "unit", "decimal"),
						Map.of("total", "justified", "code", "310", "unit", "hh_mm"))))
			.id();
		String export = "/api/timeclock/payroll-export/?establishment_id=" + establishment + "&layout_id=" + layout;
		assertThat(ana.api().get(export + "&month=2026-10").status()).isEqualTo(403);
		Response open = this.api.get(export + "&month=2026-11");
		assertThat(open.status()).isEqualTo(409);
		assertThat(open.json().get("code").asString()).isEqualTo("month_not_closed");
		Response payroll = this.api.get(export + "&month=2026-10");
		assertThat(payroll.status()).as(payroll.toString()).isEqualTo(200);
		String[] lines = new String(payroll.bytes(), StandardCharsets.ISO_8859_1).split("\r\n");
		assertThat(lines[0]).isEqualTo("employee_key;event_code;quantity");
		JsonNode totals = october(ana.id());
		assertThat(lines).contains(matricula + ";001;" + totals.get("worked_minutes").asLong(),
				matricula + ";302;"
						+ new java.math.BigDecimal(totals.get("absence_minutes").asInt())
							.divide(java.math.BigDecimal.valueOf(60), 2, java.math.RoundingMode.HALF_UP)
							.toPlainString()
							.replace('.', ','),
				matricula + ";310;08:00");
		assertThat(totals.get("worked_minutes").asLong()).isEqualTo(960);
	}

}
