package br.suite.timeclock;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import br.suite.Api;
import br.suite.Api.Response;
import br.suite.ApiTest;

/** Issue 27 item 3: payroll layouts and the employees' matrícula. */
class PayrollLayoutApiTests extends ApiTest {

	static String layout(String name) {
		return json("name", name, "format", "csv", "separator", ";", "header", true, "employee_key", "matricula",
				"columns",
				List.of(Map.of("field", "employee_key"), Map.of("field", "event_code"), Map.of("field", "quantity")),
				"events", List.of(Map.of("total", "overtime_50", "code", "150", "unit", "decimal")));
	}

	@Test
	void twoExamplesShipAndLayoutsAreManagedAndAudited() {
		Response listed = this.api.get("/api/timeclock/payroll-layouts/");
		assertThat(listed.status()).isEqualTo(200);
		assertThat(listed.body()).contains("Exemplo: CSV por CPF", "Exemplo: largura fixa por matrícula");

		String name = unique("Folha");
		Response created = this.api.post("/api/timeclock/payroll-layouts/", layout(name));
		assertThat(created.status()).as(created.toString()).isEqualTo(201);
		long id = created.id();
		assertThat(created.json().get("skip_zero").asBoolean()).isTrue();
		assertThat(created.json().get("columns").get(2).get("pad").asString()).isEqualTo("zeros_left");
		assertThat(this.api.post("/api/timeclock/payroll-layouts/", layout(name)).json().get("code").asString())
			.isEqualTo("payroll_layout_name_taken");

		Response bad = this.api.put("/api/timeclock/payroll-layouts/" + id + "/",
				json("name", name, "format", "fixed_width", "employee_key", "cpf", "columns",
						List.of(Map.of("field", "employee_key")), "events", List.of()));
		assertThat(bad.status()).isEqualTo(400);
		assertThat(bad.json().get("errors").has("columns[0].width")).isTrue();
		assertThat(bad.json().get("errors").has("events")).isTrue();
		assertThat(this.api.get("/api/timeclock/payroll-layouts/" + id + "/").json().get("format").asString())
			.isEqualTo("csv");

		Api exporter = this.api.signedInWith("timeclock.payroll.export");
		assertThat(exporter.get("/api/timeclock/payroll-layouts/" + id + "/").status()).isEqualTo(200);
		assertThat(exporter.delete("/api/timeclock/payroll-layouts/" + id + "/").status()).isEqualTo(403);
		assertThat(this.api.delete("/api/timeclock/payroll-layouts/" + id + "/").status()).isEqualTo(204);
		assertThat(this.api.get("/api/audit/events/?resource_id=" + id + "&action=timeclock.payroll_layout.deleted")
			.json()
			.size()).isEqualTo(1);
	}

	@Test
	void employeesCarryAUniqueMatricula() {
		String matricula = "M-" + System.nanoTime() % 1_000_000_000;
		Response user = this.api.post("/api/access/users/",
				json("username", unique("mat"), "is_employee", true, "role_id", 1, "matricula", matricula));
		assertThat(user.status()).as(user.toString()).isEqualTo(201);
		assertThat(this.api.get("/api/access/users/" + user.id() + "/").json().get("matricula").asString())
			.isEqualTo(matricula);
		Response taken = this.api.post("/api/access/users/",
				json("username", unique("mat"), "is_employee", true, "role_id", 1, "matricula", matricula));
		assertThat(taken.status()).isEqualTo(409);
		assertThat(taken.json().get("field").asString()).isEqualTo("matricula");
		Response bad = this.api.post("/api/access/users/",
				json("username", unique("mat"), "is_employee", true, "role_id", 1, "matricula", "12 34;"));
		assertThat(bad.status()).isEqualTo(400);
		assertThat(bad.json().get("errors").has("matricula")).isTrue();
	}

}
