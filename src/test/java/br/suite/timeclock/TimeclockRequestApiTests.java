package br.suite.timeclock;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

import br.suite.Api;
import br.suite.Api.Response;
import br.suite.ApiTest;
import tools.jackson.databind.JsonNode;

/** Issue 27 item 1: employees' requests, decided by a manager. */
class TimeclockRequestApiTests extends ApiTest {

	record Employee(long id, Api api) {
	}

	/** An employee signed in with a role holding exactly the permissions. */
	Employee employee(String... permissions) {
		Response role = this.api.post("/api/access/roles/",
				json("name", unique("papel"), "permissions", List.of(permissions)));
		assertThat(role.status()).as(role.toString()).isEqualTo(201);
		String username = unique("func");
		Response user = this.api.post("/api/access/users/", json("username", username, "full_name", "Ana Pedido",
				"is_employee", true, "role_id", role.id(), "cpf", RepApiTests.cpf()));
		assertThat(user.status()).as(user.toString()).isEqualTo(201);
		String token = this.api.signIn(username, user.json().get("temporary_password").asString());
		return new Employee(user.id(), this.api.as(token));
	}

	Employee asker() {
		return employee("timeclock.own.request", "timeclock.own.view");
	}

	long punch(long employee, String type) {
		Response punch = this.api.post("/api/timeclock/punch/register/",
				json("event_type", type, "employee_id", employee));
		assertThat(punch.status()).as(punch.toString()).isEqualTo(201);
		return punch.id();
	}

	long ask(Employee employee, String json) {
		Response created = employee.api().post("/api/timeclock/requests/", json);
		assertThat(created.status()).as(created.toString()).isEqualTo(201);
		return created.id();
	}

	long auditCount(String action, long id) {
		return this.api.get("/api/audit/events/?action=" + action + "&resource_id=" + id).json().size();
	}

	@Test
	void anIncludedMarkIsAskedApprovedAndAppliedAsAnAdjustmentNamingTheRequest() {
		Employee ana = asker();
		long id = ask(ana, json("kind", "include_mark", "occurred_at", "2026-10-06T13:00:00-03:00", "event_type",
				"fim_intervalo", "reason", "Esqueci de marcar a volta do almoço"));
		JsonNode mine = ana.api().get("/api/timeclock/me/requests/").json();
		assertThat(mine.size()).isEqualTo(1);
		assertThat(mine.get(0).get("status").asString()).isEqualTo("pending");
		assertThat(mine.get(0).get("employee_id").asLong()).isEqualTo(ana.id());
		assertThat(auditCount("timeclock.request.created", id)).isEqualTo(1);

		Api manager = this.api.signedInWith("timeclock.requests.decide");
		JsonNode queue = manager.get("/api/timeclock/requests/?status=pending&employee_id=" + ana.id()).json();
		assertThat(queue.size()).isEqualTo(1);
		Response approved = manager.post("/api/timeclock/requests/" + id + "/approve/", json("comment", "Ok"));
		assertThat(approved.status()).as(approved.toString()).isEqualTo(200);
		assertThat(approved.json().get("status").asString()).isEqualTo("approved");
		assertThat(approved.json().get("decision_comment").asString()).isEqualTo("Ok");
		long adjustment = approved.json().get("adjustment_id").asLong();

		JsonNode written = this.api.get("/api/timeclock/punch-adjustments/" + adjustment + "/").json();
		assertThat(written.get("kind").asString()).isEqualTo("include");
		assertThat(written.get("employee_id").asLong()).isEqualTo(ana.id());
		assertThat(written.get("request_id").asLong()).isEqualTo(id);
		assertThat(written.get("reason").asString()).contains("Esqueci de marcar", "solicitação " + id);
		assertThat(written.get("occurred_at").asString()).isEqualTo("2026-10-06T16:00:00.000Z");
		assertThat(auditCount("timeclock.request.approved", id)).isEqualTo(1);

		JsonNode day = TimesheetApiTests.day(
				this.api.get("/api/timeclock/timesheets/?employee_id=" + ana.id() + "&month=2026-10").json(),
				"2026-10-06");
		assertThat(day.get("marks").size()).isEqualTo(1);
		assertThat(day.get("marks").get(0).get("origin").asString()).isEqualTo("included");

		// Decided once: neither a second approval nor a refusal changes it.
		Response again = manager.post("/api/timeclock/requests/" + id + "/approve/", "{}");
		assertThat(again.status()).isEqualTo(409);
		assertThat(again.json().get("code").asString()).isEqualTo("request_decided");
		assertThat(manager.post("/api/timeclock/requests/" + id + "/refuse/", json("comment", "Não")).status())
			.isEqualTo(409);
		assertThat(this.api.get("/api/timeclock/punch-adjustments/?employee_id=" + ana.id()).json().size())
			.isEqualTo(1);
	}

	@Test
	void anEmployeeDisregardsOnlyTheirOwnPunches() {
		Employee ana = asker();
		Employee bruno = asker();
		long brunosPunch = punch(bruno.id(), "entrada");
		Response attack = ana.api()
			.post("/api/timeclock/requests/",
					json("kind", "disregard_mark", "punch_id", brunosPunch, "reason", "Não é meu"));
		assertThat(attack.status()).isEqualTo(400);
		assertThat(attack.json().get("errors").has("punch_id")).isTrue();
		assertThat(attack.body()).doesNotContain("Bruno");
		assertThat(this.api.get("/api/timeclock/requests/?employee_id=" + ana.id()).json().size()).isZero();

		long anasPunch = punch(ana.id(), "entrada");
		long id = ask(ana, json("kind", "disregard_mark", "punch_id", anasPunch, "reason", "Marquei duas vezes"));
		Response approved = this.api.post("/api/timeclock/requests/" + id + "/approve/", "{}");
		assertThat(approved.status()).as(approved.toString()).isEqualTo(200);
		JsonNode adjustment = this.api
			.get("/api/timeclock/punch-adjustments/" + approved.json().get("adjustment_id").asLong() + "/")
			.json();
		assertThat(adjustment.get("kind").asString()).isEqualTo("disregard");
		assertThat(adjustment.get("punch_id").asLong()).isEqualTo(anasPunch);
		assertThat(adjustment.get("request_id").asLong()).isEqualTo(id);
		Response twice = ana.api()
			.post("/api/timeclock/requests/",
					json("kind", "disregard_mark", "punch_id", anasPunch, "reason", "De novo"));
		assertThat(twice.status()).isEqualTo(409);
	}

	@Test
	void nobodyDecidesTheirOwnRequestAndARefusalNeedsAComment() {
		Employee boss = employee("timeclock.own.request", "timeclock.requests.decide");
		long own = ask(boss, json("kind", "overtime", "date", "2026-10-08", "minutes", 90, "reason", "Inventário"));
		Response self = boss.api().post("/api/timeclock/requests/" + own + "/approve/", "{}");
		assertThat(self.status()).isEqualTo(409);
		assertThat(self.json().get("rule").asString()).isEqualTo("no_self_decision");
		assertThat(boss.api().post("/api/timeclock/requests/" + own + "/refuse/", json("comment", "x")).status())
			.isEqualTo(409);
		assertThat(this.api.get("/api/timeclock/requests/" + own + "/").json().get("status").asString())
			.isEqualTo("pending");
		assertThat(auditCount("timeclock.request.approved", own)).isZero();

		Response bare = this.api.post("/api/timeclock/requests/" + own + "/refuse/", "{}");
		assertThat(bare.status()).isEqualTo(400);
		assertThat(bare.json().get("errors").has("comment")).isTrue();
		Response refused = this.api.post("/api/timeclock/requests/" + own + "/refuse/",
				json("comment", "Sem inventário este mês"));
		assertThat(refused.status()).isEqualTo(200);
		assertThat(refused.json().get("status").asString()).isEqualTo("refused");
		assertThat(refused.json().get("date").asString()).isEqualTo("2026-10-08");
		assertThat(refused.json().get("minutes").asInt()).isEqualTo(90);
		assertThat(auditCount("timeclock.request.refused", own)).isEqualTo(1);
	}

	@Test
	void anAbsenceWithItsCertificateBecomesAnAbsenceWithTheSameFile() {
		Employee ana = asker();
		long id = ask(ana, json("kind", "absence", "date_from", "2026-10-12", "date_to", "2026-10-13", "absence_kind",
				"atestado", "reason", "Consulta médica"));
		Employee bruno = asker();
		assertThat(bruno.api()
			.sendBytes("PUT", "/api/timeclock/me/requests/" + id + "/certificate/", AbsenceApiTests.PDF,
					"application/pdf")
			.status()).isEqualTo(404);
		Response attached = ana.api()
			.sendBytes("PUT", "/api/timeclock/me/requests/" + id + "/certificate/", AbsenceApiTests.PDF,
					"application/pdf");
		assertThat(attached.status()).as(attached.toString()).isEqualTo(200);
		assertThat(attached.json().get("has_certificate").asBoolean()).isTrue();

		Api hr = this.api.signedInWith("timeclock.requests.decide");
		assertThat(hr.get("/api/timeclock/requests/" + id + "/certificate/").status()).isEqualTo(403);
		Response read = this.api.get("/api/timeclock/requests/" + id + "/certificate/");
		assertThat(read.bytes()).isEqualTo(AbsenceApiTests.PDF);
		assertThat(auditCount("timeclock.request.certificate_read", id)).isEqualTo(1);

		Response approved = hr.post("/api/timeclock/requests/" + id + "/approve/",
				json("certificate_sha256", attached.json().get("certificate_sha256").asString()));
		assertThat(approved.status()).as(approved.toString()).isEqualTo(200);
		JsonNode absence = this.api.get("/api/timeclock/absences/" + approved.json().get("absence_id").asLong() + "/")
			.json();
		assertThat(absence.get("request_id").asLong()).isEqualTo(id);
		assertThat(absence.get("kind").asString()).isEqualTo("atestado");
		assertThat(absence.get("date_from").asString()).isEqualTo("2026-10-12");
		assertThat(absence.get("certificate_sha256").asString())
			.isEqualTo(attached.json().get("certificate_sha256").asString());
		assertThat(ana.api()
			.sendBytes("PUT", "/api/timeclock/me/requests/" + id + "/certificate/", AbsenceApiTests.PDF,
					"application/pdf")
			.status()).isEqualTo(409);
	}

	@Test
	void anApprovalTakesTheCertificateTheManagerReadOrNone() {
		Employee ana = asker();
		long id = ask(ana, json("kind", "absence", "date_from", "2026-10-19", "date_to", "2026-10-19", "absence_kind",
				"atestado", "reason", "Exame"));
		Response first = ana.api()
			.sendBytes("PUT", "/api/timeclock/me/requests/" + id + "/certificate/", AbsenceApiTests.PDF,
					"application/pdf");
		String seen = first.json().get("certificate_sha256").asString();
		// The employee replaces the file after the manager read it.
		byte[] other = "%PDF-1.4\n% outro atestado\n%%EOF\n".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
		Response replaced = ana.api()
			.sendBytes("PUT", "/api/timeclock/me/requests/" + id + "/certificate/", other, "application/pdf");
		assertThat(replaced.status()).isEqualTo(200);
		Api hr = this.api.signedInWith("timeclock.requests.decide");

		Response unnamed = hr.post("/api/timeclock/requests/" + id + "/approve/", "{}");
		assertThat(unnamed.status()).as(unnamed.toString()).isEqualTo(400);
		assertThat(unnamed.json().get("errors").has("certificate_sha256")).isTrue();
		Response stale = hr.post("/api/timeclock/requests/" + id + "/approve/", json("certificate_sha256", seen));
		assertThat(stale.status()).as(stale.toString()).isEqualTo(409);
		assertThat(stale.json().get("code").asString()).isEqualTo("certificate_changed");
		// Nothing was decided or written.
		JsonNode request = this.api.get("/api/timeclock/requests/" + id + "/").json();
		assertThat(request.get("status").asString()).isEqualTo("pending");
		assertThat(request.get("absence_id").isNull()).isTrue();
		assertThat(auditCount("timeclock.request.approved", id)).isZero();
		assertThat(this.api.get("/api/timeclock/absences/?employee_id=" + ana.id()).json()).isEmpty();

		Response approved = hr.post("/api/timeclock/requests/" + id + "/approve/",
				json("certificate_sha256", replaced.json().get("certificate_sha256").asString().toUpperCase()));
		assertThat(approved.status()).as(approved.toString()).isEqualTo(200);
		assertThat(this.api.get("/api/timeclock/absences/" + approved.json().get("absence_id").asLong() + "/")
			.json()
			.get("certificate_sha256")
			.asString()).isEqualTo(br.suite.shared.crypto.Sha256.hex(other));
	}

	@Test
	void aRefusedApplicationLeavesTheRequestPending() {
		Employee ana = asker();
		Response existing = this.api.post("/api/timeclock/absences/",
				json("employee_id", ana.id(), "date_from", "2026-10-20", "date_to", "2026-10-20", "kind", "ferias"));
		assertThat(existing.status()).isEqualTo(201);
		long id = ask(ana, json("kind", "absence", "date_from", "2026-10-19", "date_to", "2026-10-21", "absence_kind",
				"folga", "reason", "Folga"));
		Response approved = this.api.post("/api/timeclock/requests/" + id + "/approve/", "{}");
		assertThat(approved.status()).isEqualTo(409);
		assertThat(approved.json().get("code").asString()).isEqualTo("absence_overlaps");
		assertThat(this.api.get("/api/timeclock/requests/" + id + "/").json().get("status").asString())
			.isEqualTo("pending");
		assertThat(this.api.get("/api/timeclock/absences/?employee_id=" + ana.id()).json().size()).isEqualTo(1);
		assertThat(auditCount("timeclock.request.approved", id)).isZero();
	}

	@Test
	void permissionsAndBadInput() {
		Employee ana = asker();
		long id = ask(ana, json("kind", "overtime", "date", "2026-10-08", "minutes", 30, "reason", "Fechamento"));
		// An employee neither lists others' requests nor decides.
		assertThat(ana.api().get("/api/timeclock/requests/").status()).isEqualTo(403);
		assertThat(ana.api().post("/api/timeclock/requests/" + id + "/approve/", "{}").status()).isEqualTo(403);
		// Without timeclock.own.request nobody asks.
		Api viewer = this.api.signedInWith("timeclock.own.view");
		assertThat(viewer
			.post("/api/timeclock/requests/",
					json("kind", "overtime", "date", "2026-10-08", "minutes", 30, "reason", "x"))
			.status()).isEqualTo(403);
		// A user who is not an employee has nothing to ask about.
		Api notEmployee = this.api.signedInWith("timeclock.own.request");
		Response refused = notEmployee.post("/api/timeclock/requests/",
				json("kind", "overtime", "date", "2026-10-08", "minutes", 30, "reason", "x"));
		assertThat(refused.status()).isEqualTo(403);
		assertThat(refused.json().get("code").asString()).isEqualTo("not_an_employee");

		Response bad = ana.api().post("/api/timeclock/requests/", json("kind", "include_mark"));
		assertThat(bad.status()).isEqualTo(400);
		assertThat(bad.json().get("errors").has("reason")).isTrue();
		Response badFields = ana.api()
			.post("/api/timeclock/requests/", json("kind", "include_mark", "event_type", "almoço", "occurred_at",
					"2999-01-01T08:00:00-03:00", "reason", "x"));
		assertThat(badFields.json().get("errors").has("event_type")).isTrue();
		assertThat(badFields.json().get("errors").has("occurred_at")).isTrue();
		Response badKind = ana.api().post("/api/timeclock/requests/", json("kind", "bonus", "reason", "x"));
		assertThat(badKind.json().get("errors").has("kind")).isTrue();
		Response badAbsence = ana.api()
			.post("/api/timeclock/requests/", json("kind", "absence", "date_from", "2026-10-10", "date_to",
					"2026-10-09", "absence_kind", "falta", "reason", "x"));
		assertThat(badAbsence.json().get("errors").has("date_to")).isTrue();
		assertThat(badAbsence.json().get("errors").has("absence_kind")).isTrue();
		Response badOvertime = ana.api()
			.post("/api/timeclock/requests/", json("kind", "overtime", "minutes", 0, "reason", "x"));
		assertThat(badOvertime.json().get("errors").has("date")).isTrue();
		assertThat(badOvertime.json().get("errors").has("minutes")).isTrue();
		assertThat(ana.api().get("/api/timeclock/me/requests/").json().size()).isEqualTo(1);
		assertThat(this.api.post("/api/timeclock/requests/999999999/approve/", "{}").status()).isEqualTo(404);
	}

}
