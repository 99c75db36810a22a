package br.suite.timeclock;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;

import br.suite.Api;
import br.suite.Api.Response;
import br.suite.ApiTest;
import br.suite.shared.crypto.Sha256;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;

/** Issue 24 item 7: closing a month, the month_closed check, reopening, signatures. */
class ClosingApiTests extends ApiTest {

	static final String BANK = """
			{"name": "%s", "kind": "weekly", "time_bank": true, "time_bank_expiry_months": 6, "days": {
			  "mon": [{"start": "08:00", "end": "12:00"}, {"start": "13:00", "end": "17:00"}],
			  "tue": [{"start": "08:00", "end": "12:00"}, {"start": "13:00", "end": "17:00"}],
			  "wed": [{"start": "08:00", "end": "12:00"}, {"start": "13:00", "end": "17:00"}],
			  "thu": [{"start": "08:00", "end": "12:00"}, {"start": "13:00", "end": "17:00"}],
			  "fri": [{"start": "08:00", "end": "12:00"}, {"start": "13:00", "end": "17:00"}],
			  "sat": [], "sun": []}}""";

	@Autowired
	JdbcClient jdbc;

	long establishment() {
		Response created = this.api.post("/api/timeclock/establishments/", json("name", unique("Loja"),
				"employer_document", "11222333000181", "address", "Rua A, 1", "time_zone", "America/Sao_Paulo"));
		assertThat(created.status()).as(created.toString()).isEqualTo(201);
		return created.id();
	}

	/**
	 * An employee of the establishment who signs in with the permissions: [id, token].
	 */
	Object[] employee(String name, long establishment, String... permissions) {
		String list = permissions.length == 0 ? "" : "\"" + String.join("\",\"", permissions) + "\"";
		long role = this.api
			.post("/api/access/roles/", "{\"name\":\"" + unique("role") + "\",\"permissions\":[" + list + "]}")
			.id();
		String username = unique("fech");
		Response user = this.api.post("/api/access/users/", json("username", username, "full_name", name, "is_employee",
				true, "role_id", role, "cpf", RepApiTests.cpf(), "establishment_id", establishment));
		assertThat(user.status()).as(user.toString()).isEqualTo(201);
		return new Object[] { user.id(), this.api.signIn(username, user.json().get("temporary_password").asString()) };
	}

	long schedule(String body) {
		Response created = this.api.post("/api/timeclock/schedules/", body.formatted(unique("S")));
		assertThat(created.status()).as(created.toString()).isEqualTo(201);
		return created.id();
	}

	Response assign(long employee, long schedule, String from) {
		return this.api.put("/api/timeclock/employees/" + employee + "/schedule/",
				json("schedule_id", schedule, "valid_from", from));
	}

	Response include(long employee, String type, String at) {
		return this.api.post("/api/timeclock/punch-adjustments/", json("kind", "include", "employee_id", employee,
				"event_type", type, "occurred_at", at, "reason", "Esqueceu de marcar"));
	}

	void day(long employee, String date, String... times) {
		String[] types = { "entrada", "saida", "entrada", "saida" };
		for (int i = 0; i < times.length; i++) {
			Response included = include(employee, types[i % 4], date + "T" + times[i] + ":00-03:00");
			assertThat(included.status()).as(included.toString()).isEqualTo(201);
		}
	}

	Response close(long establishment, String month) {
		return this.api.post("/api/timeclock/closings/", json("establishment_id", establishment, "month", month));
	}

	JsonNode sheet(long employee, String month) {
		Response sheet = this.api.get("/api/timeclock/timesheets/?employee_id=" + employee + "&month=" + month);
		assertThat(sheet.status()).as(sheet.toString()).isEqualTo(200);
		return sheet.json();
	}

	static void assertProblem(Response response, int status, String code) {
		assertThat(response.status()).as(response.toString()).isEqualTo(status);
		assertThat(response.json().get("code").asString()).as(response.toString()).isEqualTo(code);
	}

	/** A punch in the past, as an offline collector would have recorded it. */
	long punch(long establishment, long employee, String at) {
		long nsr = this.jdbc
			.sql("UPDATE timeclock_establishment SET last_nsr = last_nsr + 1 WHERE id = :id " + "RETURNING last_nsr")
			.param("id", establishment)
			.query(Long.class)
			.single();
		return this.jdbc.sql("""
				INSERT INTO timeclock_punch (establishment_id, nsr, event_type, employee_id, employee_name, occurred_at,
				    source, recognition_ok, recognition_reason, recognition_threshold, needs_review, snapshot_type,
				    snapshot_sha256, previous_hash, hash, created_at)
				VALUES (:establishment, :nsr, 'entrada', :employee, 'Teste', :at, 'other', true, 'match', 0.5, false,
				    'image/jpeg', repeat('0', 64), repeat('0', 64), repeat('1', 64), now()) RETURNING id""")
			.param("establishment", establishment)
			.param("nsr", nsr)
			.param("employee", employee)
			.param("at", java.sql.Timestamp.from(Instant.parse(at)))
			.query(Long.class)
			.single();
	}

	@Test
	void aClosedMonthKeepsItsFiguresWhateverChangesLater() throws Exception {
		long store = establishment();
		long ana = (long) employee("Ana Fechada", store)[0];
		long schedule = schedule(ScheduleApiTests.COMERCIAL);
		assertThat(assign(ana, schedule, "2026-03-01").status()).isEqualTo(200);
		day(ana, "2026-03-09", "08:00", "12:00", "13:00", "17:30");
		JsonNode before = sheet(ana, "2026-03");
		assertThat(TimesheetApiTests.day(before, "2026-03-09").get("overtime_50_minutes").asInt()).isEqualTo(30);
		assertThat(before.get("closing").isNull()).isTrue();

		Response closed = close(store, "2026-03");
		assertThat(closed.status()).as(closed.toString()).isEqualTo(201);
		assertThat(closed.header("Location").orElseThrow()).endsWith("/api/timeclock/closings/" + closed.id() + "/");
		assertThat(closed.json().get("status").asString()).isEqualTo("closed");
		assertThat(closed.json().get("month").asString()).isEqualTo("2026-03");
		assertThat(closed.json().get("employees").size()).isEqualTo(1);
		JsonNode frozenEmployee = closed.json().get("employees").get(0);
		assertThat(frozenEmployee.get("employee_id").asLong()).isEqualTo(ana);
		assertThat(frozenEmployee.get("signature").isNull()).isTrue();

		// Later changes that would alter the computation: the schedule itself and a
		// company holiday on the worked Monday (neither is refused: the month is frozen).
		Response patched = this.api.patch("/api/timeclock/schedules/" + schedule + "/",
				json("days", java.util.Map.of("mon", List.of(java.util.Map.of("start", "09:00", "end", "12:00")))));
		assertThat(patched.status()).as(patched.toString()).isEqualTo(200);
		Response holiday = this.api.post("/api/timeclock/holidays/", json("date", "2026-03-09", "name",
				"Aniversário da cidade", "scope", "municipal", "establishment_id", store));
		assertThat(holiday.status()).as(holiday.toString()).isEqualTo(201);

		JsonNode after = sheet(ana, "2026-03");
		JsonNode monday = TimesheetApiTests.day(after, "2026-03-09");
		assertThat(monday.get("kind").asString()).isEqualTo("work");
		assertThat(monday.get("expected_minutes").asInt()).isEqualTo(480);
		assertThat(monday.get("overtime_50_minutes").asInt()).isEqualTo(30);
		assertThat(monday.get("marks").get(0).get("at").asString()).isEqualTo("2026-03-09T08:00:00.000-03:00");
		assertThat(after.get("closing").get("id").asLong()).isEqualTo(closed.id());
		((tools.jackson.databind.node.ObjectNode) after).remove("closing");
		((tools.jackson.databind.node.ObjectNode) before).remove("closing");
		assertThat(after).isEqualTo(before);
		// The next month is computed with the change (the holiday is not there, the
		// schedule is).
		JsonNode april = sheet(ana, "2026-04");
		assertThat(TimesheetApiTests.day(april, "2026-04-06").get("expected_minutes").asInt()).isEqualTo(180);

		// The PDF of a closed month is the frozen one: the same bytes every time, named
		// by the closing's hash.
		Response pdf = this.api.send("GET", "/api/timeclock/timesheets/?employee_id=" + ana + "&month=2026-03", null,
				null, "Accept", "application/pdf");
		Response again = this.api.send("GET", "/api/timeclock/timesheets/?employee_id=" + ana + "&month=2026-03", null,
				null, "Accept", "application/pdf");
		assertThat(pdf.bytes()).isEqualTo(again.bytes());
		assertThat(Sha256.hex(pdf.bytes())).isEqualTo(frozenEmployee.get("pdf_sha256").asString());
		assertThat(ComprovanteApiTests.text(pdf.bytes())).contains("Mês fechado em", "fechamento " + closed.id());

		Response list = this.api.get("/api/timeclock/closings/?establishment_id=" + store);
		assertThat(list.json().size()).isEqualTo(1);
		assertThat(list.json().get(0).get("employee_count").asInt()).isEqualTo(1);
		assertThat(this.api.get("/api/timeclock/closings/999999999/").status()).isEqualTo(404);
	}

	@Test
	void everyWriteTouchingAClosedMonthIsRefusedAndChangesNothing() {
		long store = establishment();
		long ana = (long) employee("Ana Recusada", store)[0];
		long schedule = schedule(ScheduleApiTests.COMERCIAL);
		assertThat(assign(ana, schedule, "2026-03-01").status()).isEqualTo(200);
		long marchPunch = punch(store, ana, "2026-03-10T11:00:00Z");
		Response absence = this.api.post("/api/timeclock/absences/", json("employee_id", ana, "date_from", "2026-03-12",
				"date_to", "2026-03-12", "kind", "atestado", "note", ""));
		assertThat(absence.status()).as(absence.toString()).isEqualTo(201);
		assertThat(close(store, "2026-03").status()).isEqualTo(201);
		long adjustments = count("timeclock_punch_adjustment", ana);
		long absences = count("timeclock_absence", ana);
		long assignments = count("timeclock_schedule_assignment", ana);

		assertProblem(include(ana, "entrada", "2026-03-11T08:00:00-03:00"), 409, "month_closed");
		Response disregard = this.api.post("/api/timeclock/punch-adjustments/",
				json("kind", "disregard", "punch_id", marchPunch, "reason", "Marcação duplicada"));
		assertProblem(disregard, 409, "month_closed");
		assertThat(disregard.json().get("month").asString()).isEqualTo("2026-03");
		assertProblem(this.api.post("/api/timeclock/absences/", json("employee_id", ana, "date_from", "2026-03-30",
				"date_to", "2026-04-02", "kind", "falta", "note", "")), 409, "month_closed");
		assertProblem(this.api.delete("/api/timeclock/absences/" + absence.id() + "/"), 409, "month_closed");
		assertProblem(assign(ana, schedule, "2026-03-20"), 409, "month_closed");
		assertThat(count("timeclock_punch_adjustment", ana)).isEqualTo(adjustments);
		assertThat(count("timeclock_absence", ana)).isEqualTo(absences);
		assertThat(count("timeclock_schedule_assignment", ana)).isEqualTo(assignments);

		// The open month next to it is not touched: its records go through.
		assertThat(include(ana, "entrada", "2026-04-01T12:00:00-03:00").status()).isEqualTo(201);
		assertThat(this.api
			.post("/api/timeclock/absences/",
					json("employee_id", ana, "date_from", "2026-04-02", "date_to", "2026-04-02", "kind", "falta",
							"note", ""))
			.status()).isEqualTo(201);
		assertThat(assign(ana, schedule, "2026-04-01").status()).isEqualTo(200);
		// A mark at 00:15 on 1 April lies in the window of 31 March (a working Tuesday
		// whose window ends at the midpoint of the rest, 00:30): March's. At 00:45 it is
		// April's.
		assertProblem(include(ana, "saida", "2026-04-01T00:15:00-03:00"), 409, "month_closed");
		assertThat(include(ana, "saida", "2026-04-01T00:45:00-03:00").status()).isEqualTo(201);
		// An assignment before March is in force only until the next one (1 March): it
		// does not touch March.
		assertThat(assign(ana, schedule, "2026-02-01").status()).isEqualTo(200);
		// A closed month again is 409 too.
		assertProblem(close(store, "2026-03"), 409, "month_closed");
	}

	long count(String table, long employee) {
		return this.jdbc.sql("SELECT count(*) FROM " + table + " WHERE employee_id = :e")
			.param("e", employee)
			.query(Long.class)
			.single();
	}

	@Test
	void ofTwoConcurrentClosingsOfAMonthExactlyOneWins() throws Exception {
		long store = establishment();
		for (int i = 0; i < 3; i++) {
			employee("Pessoa " + i, store);
		}
		ExecutorService pool = Executors.newFixedThreadPool(2);
		try {
			List<Callable<Response>> both = List.of(() -> close(store, "2026-05"), () -> close(store, "2026-05"));
			List<Integer> statuses = new ArrayList<>();
			for (Future<Response> result : pool.invokeAll(both)) {
				statuses.add(result.get().status());
			}
			assertThat(statuses).containsExactlyInAnyOrder(201, 409);
		}
		finally {
			pool.shutdownNow();
		}
		assertThat(this.jdbc.sql("SELECT count(*) FROM timeclock_closing WHERE establishment_id = :e")
			.param("e", store)
			.query(Long.class)
			.single()).isEqualTo(1);
	}

	@Test
	void monthsCloseInOrderAndTheNextMonthStartsFromTheFrozenBank() {
		long store = establishment();
		long bia = (long) employee("Bia Banco", store)[0];
		long schedule = schedule(BANK);
		assertThat(assign(bia, schedule, "2026-03-09").status()).isEqualTo(200);
		// Ex 12.1: +70, -20, a whole-day falta not banked: March's balance is 50.
		day(bia, "2026-03-09", "08:00", "12:00", "13:00", "18:10");
		day(bia, "2026-03-10", "08:20", "12:00", "13:00", "17:00");
		for (String date : List.of("2026-03-12", "2026-03-13", "2026-03-16", "2026-03-17", "2026-03-18", "2026-03-19",
				"2026-03-20", "2026-03-23", "2026-03-24", "2026-03-25", "2026-03-26", "2026-03-27", "2026-03-30",
				"2026-03-31")) {
			day(bia, date, "08:00", "12:00", "13:00", "17:00");
		}
		assertThat(sheet(bia, "2026-03").get("bank_balance_minutes").asInt()).isEqualTo(50);
		Response march = close(store, "2026-03");
		assertThat(march.status()).as(march.toString()).isEqualTo(201);

		// A later change to the schedule would recompute March with other figures; April
		// starts from March's frozen balance all the same.
		assertThat(
				this.api
					.patch("/api/timeclock/schedules/" + schedule + "/",
							json("days",
									java.util.Map.of("mon",
											List.of(java.util.Map.of("start", "08:00", "end", "10:00")))))
					.status())
			.isEqualTo(200);
		assertThat(sheet(bia, "2026-04").get("bank_previous_balance_minutes").asInt()).isEqualTo(50);

		assertProblem(close(store, "2026-05"), 409, "previous_month_open");
		assertProblem(close(store, "2026-02"), 409, "later_month_closed");
		Response april = close(store, "2026-04");
		assertThat(april.status()).as(april.toString()).isEqualTo(201);
		assertProblem(this.api.delete("/api/timeclock/closings/" + march.id() + "/"), 409, "later_month_closed");
		assertThat(this.api.delete("/api/timeclock/closings/" + april.id() + "/").status()).isEqualTo(204);
		assertProblem(this.api.delete("/api/timeclock/closings/" + april.id() + "/"), 409, "closing_reopened");
		// A month that has not ended cannot be closed.
		assertProblem(close(store, Instant.now().toString().substring(0, 7)), 409, "month_not_over");
		Response bad = close(store, "março");
		assertThat(bad.status()).isEqualTo(400);
		assertThat(bad.json().get("errors").has("month")).isTrue();
		assertThat(this.api.post("/api/timeclock/closings/", json("month", "2026-03"))
			.json()
			.get("errors")
			.has("establishment_id")).isTrue();
	}

	@Test
	void reopeningNeedsItsOwnPermissionIsAuditedAndSignaturesLapse() {
		long store = establishment();
		Object[] ana = employee("Ana Assina", store, "timeclock.own.view");
		long anaId = (long) ana[0];
		Response closed = close(store, "2026-06");
		assertThat(closed.status()).as(closed.toString()).isEqualTo(201);
		Api asAna = this.api.as((String) ana[1]);
		String sha = asAna.get("/api/timeclock/me/timesheets/?month=2026-06").json().get("pdf_sha256").asString();
		assertThat(asAna.post("/api/timeclock/me/timesheets/2026-06/sign/", json("pdf_sha256", sha)).status())
			.isEqualTo(201);

		Api hr = signedInWith("timeclock.closings.view", "timeclock.closings.change");
		Response refused = hr.delete("/api/timeclock/closings/" + closed.id() + "/");
		assertThat(refused.status()).isEqualTo(403);
		assertThat(this.api.get("/api/timeclock/closings/" + closed.id() + "/").json().get("status").asString())
			.isEqualTo("closed");
		assertProblem(include(anaId, "entrada", "2026-06-10T08:00:00-03:00"), 409, "month_closed");

		Api reopener = signedInWith("timeclock.closings.reopen");
		assertThat(reopener.delete("/api/timeclock/closings/" + closed.id() + "/").status()).isEqualTo(204);
		JsonNode reopened = this.api.get("/api/timeclock/closings/" + closed.id() + "/").json();
		assertThat(reopened.get("status").asString()).isEqualTo("reopened");
		assertThat(reopened.get("reopened_at").isNull()).isFalse();
		JsonNode signature = reopened.get("employees").get(0).get("signature");
		assertThat(signature.get("valid").asBoolean()).isFalse();
		assertThat(signature.get("invalidated_at").isNull()).isFalse();
		Response audit = this.api
			.get("/api/audit/events/?action=timeclock.closing.reopened&resource_id=" + closed.id());
		assertThat(audit.json().size()).as(audit.toString()).isEqualTo(1);
		assertThat(audit.json().get(0).get("resource_type").asString()).isEqualTo("closing");
		assertThat(audit.json().get(0).get("changes").toString()).contains("signatures_invalidated");
		// The month is open again: its records change, the employee no longer sees it
		// as closed, and it can be closed anew (a new closing, to sign anew).
		assertThat(include(anaId, "entrada", "2026-06-10T08:00:00-03:00").status()).isEqualTo(201);
		assertThat(asAna.get("/api/timeclock/me/timesheets/?month=2026-06").status()).isEqualTo(404);
		assertThat(sheet(anaId, "2026-06").get("closing").isNull()).isTrue();
		Response again = close(store, "2026-06");
		assertThat(again.status()).isEqualTo(201);
		assertThat(again.json().get("employees").get(0).get("signature").isNull()).isTrue();
	}

	@Test
	void employeesSeeAndSignOnlyTheirOwnClosedMonth() throws Exception {
		long store = establishment();
		Object[] ana = employee("Ana Própria", store, "timeclock.own.view");
		Object[] beto = employee("Beto Alheio", store, "timeclock.own.view");
		day((long) ana[0], "2026-07-06", "08:00", "12:00");
		day((long) beto[0], "2026-07-06", "09:00", "12:00");
		Api asAna = this.api.as((String) ana[1]);
		Api asBeto = this.api.as((String) beto[1]);
		// Before the closing there is nothing to see or sign.
		assertThat(asAna.get("/api/timeclock/me/timesheets/?month=2026-07").status()).isEqualTo(404);
		assertProblem(asAna.post("/api/timeclock/me/timesheets/2026-07/sign/", json("pdf_sha256", "0".repeat(64))), 409,
				"month_not_closed");
		Response closed = close(store, "2026-07");
		assertThat(closed.status()).as(closed.toString()).isEqualTo(201);

		Response months = asAna.get("/api/timeclock/me/timesheets/");
		assertThat(months.status()).as(months.toString()).isEqualTo(200);
		assertThat(months.json().size()).isEqualTo(1);
		assertThat(months.json().get(0).get("month").asString()).isEqualTo("2026-07");
		Response mine = asAna.get("/api/timeclock/me/timesheets/?month=2026-07");
		assertThat(mine.status()).as(mine.toString()).isEqualTo(200);
		JsonNode sheet = mine.json().get("timesheet");
		assertThat(sheet.get("employee_id").asLong()).isEqualTo((long) ana[0]);
		assertThat(sheet.get("worked_minutes").asInt()).isEqualTo(240);
		assertThat(mine.body()).doesNotContain("Beto");
		Response pdf = asAna.send("GET", "/api/timeclock/me/timesheets/?month=2026-07", null, null, "Accept",
				"application/pdf");
		assertThat(pdf.contentType()).isEqualTo("application/pdf");
		String sha = Sha256.hex(pdf.bytes());
		assertThat(sha).isEqualTo(mine.json().get("pdf_sha256").asString());
		assertThat(ComprovanteApiTests.text(pdf.bytes())).contains("Ana Própria").doesNotContain("Beto");

		assertThat(asAna.post("/api/timeclock/me/timesheets/2026-07/sign/", json("disagreement", "x"))
			.json()
			.get("errors")
			.has("pdf_sha256")).isTrue();
		assertProblem(asAna.post("/api/timeclock/me/timesheets/2026-07/sign/", json("pdf_sha256", "a".repeat(64))), 409,
				"pdf_mismatch");
		Response signed = asAna.post("/api/timeclock/me/timesheets/2026-07/sign/",
				json("pdf_sha256", sha, "disagreement", "  Faltou a hora extra do dia 6.  "));
		assertThat(signed.status()).as(signed.toString()).isEqualTo(201);
		assertThat(signed.json().get("employee_id").asLong()).isEqualTo((long) ana[0]);
		assertThat(signed.json().get("signed_by").asLong()).isEqualTo((long) ana[0]);
		assertThat(signed.json().get("pdf_sha256").asString()).isEqualTo(sha);
		assertThat(signed.json().get("disagreement").asString()).isEqualTo("Faltou a hora extra do dia 6.");
		assertThat(signed.json().get("valid").asBoolean()).isTrue();
		assertThat(signed.json().get("signed_at").isNull()).isFalse();
		assertProblem(asAna.post("/api/timeclock/me/timesheets/2026-07/sign/", json("pdf_sha256", sha)), 409,
				"already_signed");
		assertThat(asAna.get("/api/timeclock/me/timesheets/?month=2026-07").json().get("signature").get("id").asLong())
			.isEqualTo(signed.id());

		// Beto sees his own month, unsigned, and signs his own only.
		JsonNode betoMonth = asBeto.get("/api/timeclock/me/timesheets/?month=2026-07").json();
		assertThat(betoMonth.get("timesheet").get("employee_id").asLong()).isEqualTo((long) beto[0]);
		assertThat(betoMonth.get("signature").isNull()).isTrue();
		assertProblem(asBeto.post("/api/timeclock/me/timesheets/2026-07/sign/", json("pdf_sha256", sha)), 409,
				"pdf_mismatch");
		// Another employee's espelho is not reachable with the employee's permission.
		assertThat(asAna.get("/api/timeclock/timesheets/?employee_id=" + beto[0] + "&month=2026-07").status())
			.isEqualTo(403);
		assertThat(asAna.get("/api/timeclock/closings/" + closed.id() + "/").status()).isEqualTo(403);
		Api noOwn = signedInWith("timeclock.punches.register");
		assertThat(noOwn.get("/api/timeclock/me/timesheets/?month=2026-07").status()).isEqualTo(403);

		JsonNode hr = this.api.get("/api/timeclock/closings/" + closed.id() + "/").json();
		assertThat(hr.get("signed_count").asInt()).isEqualTo(1);
		Response audit = this.api
			.get("/api/audit/events/?action=timeclock.timesheet.signed&resource_id=" + closed.id());
		assertThat(audit.json().size()).isEqualTo(1);
		assertThat(audit.json().get(0).get("changes").toString()).contains(sha, "Faltou a hora extra");
	}

}
