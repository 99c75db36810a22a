package br.suite.timeclock;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import br.suite.Api;
import br.suite.Api.Response;
import br.suite.ApiTest;
import tools.jackson.databind.JsonNode;

/** Issue 24 item 3: national holidays built in, company state and municipal ones. */
class HolidayApiTests extends ApiTest {

	long establishment() {
		Response created = this.api.post("/api/timeclock/establishments/",
				json("name", unique("Filial"), "employer_document", "11.222.333/0001-81"));
		assertThat(created.status()).as(created.toString()).isEqualTo(201);
		return created.id();
	}

	static List<String> entries(Response response) {
		assertThat(response.status()).as(response.toString()).isEqualTo(200);
		List<String> entries = new ArrayList<>();
		for (JsonNode holiday : response.json()) {
			entries.add(holiday.get("date").asString() + " " + holiday.get("scope").asString() + " "
					+ holiday.get("name").asString());
		}
		return entries;
	}

	@Test
	void nationalHolidaysOfAnyYearAreBuiltIn() {
		Response year2026 = this.api.get("/api/timeclock/holidays/?year=2026");
		List<String> entries = entries(year2026);
		assertThat(entries).contains("2026-01-01 national Confraternização Universal",
				"2026-04-03 national Sexta-feira da Paixão", "2026-04-21 national Tiradentes",
				"2026-11-20 national Dia Nacional de Zumbi e da Consciência Negra", "2026-12-25 national Natal");
		assertThat(entries).noneMatch(e -> e.startsWith("2026-02-17") || e.startsWith("2026-06-04"));
		JsonNode first = year2026.json().get(0);
		assertThat(first.get("id").isNull()).isTrue();
		assertThat(first.get("law").asString()).contains("Lei 662/1949");
		assertThat(entries(this.api.get("/api/timeclock/holidays/?year=2023"))).hasSize(9)
			.noneMatch(e -> e.startsWith("2023-11-20"));
		assertThat(entries(this.api.get("/api/timeclock/holidays/?year=2027")))
			.contains("2027-03-26 national Sexta-feira da Paixão");
	}

	@Test
	void companyHolidaysApplyToTheirEstablishmentOrToAll() {
		long filial = establishment();
		long other = establishment();
		Response municipal = this.api.post("/api/timeclock/holidays/", json("date", "2031-01-25", "name",
				"Aniversário de São Paulo", "scope", "municipal", "establishment_id", filial));
		assertThat(municipal.status()).as(municipal.toString()).isEqualTo(201);
		assertThat(municipal.json().get("scope").asString()).isEqualTo("municipal");
		Response state = this.api.post("/api/timeclock/holidays/",
				json("date", "2031-07-09", "name", "Revolução Constitucionalista", "scope", "state"));
		assertThat(state.status()).as(state.toString()).isEqualTo(201);
		assertThat(state.json().get("establishment_id").isNull()).isTrue();

		assertThat(entries(this.api.get("/api/timeclock/holidays/?year=2031&establishment_id=" + filial)))
			.contains("2031-01-25 municipal Aniversário de São Paulo", "2031-07-09 state Revolução Constitucionalista");
		assertThat(entries(this.api.get("/api/timeclock/holidays/?year=2031&establishment_id=" + other)))
			.contains("2031-07-09 state Revolução Constitucionalista")
			.doesNotContain("2031-01-25 municipal Aniversário de São Paulo");
		assertThat(entries(this.api.get("/api/timeclock/holidays/?year=2031")))
			.contains("2031-01-25 municipal Aniversário de São Paulo");

		Response again = this.api.post("/api/timeclock/holidays/",
				json("date", "2031-01-25", "name", "Outro", "scope", "municipal", "establishment_id", filial));
		assertThat(again.status()).as(again.toString()).isEqualTo(409);
		assertThat(again.json().get("code").asString()).isEqualTo("holiday_exists");

		assertThat(this.api.delete("/api/timeclock/holidays/" + municipal.id() + "/").status()).isEqualTo(204);
		assertThat(entries(this.api.get("/api/timeclock/holidays/?year=2031&establishment_id=" + filial)))
			.doesNotContain("2031-01-25 municipal Aniversário de São Paulo");
		assertThat(this.api.delete("/api/timeclock/holidays/" + municipal.id() + "/").status()).isEqualTo(404);
	}

	@Test
	void badInputIsA400NamingTheFieldAndChangesNothing() {
		Response national = this.api.post("/api/timeclock/holidays/",
				json("date", "2032-03-01", "name", "Inventado", "scope", "national"));
		assertThat(national.status()).isEqualTo(400);
		assertThat(national.json().get("errors").has("scope")).isTrue();
		Response missing = this.api.post("/api/timeclock/holidays/",
				json("scope", "state", "establishment_id", 999999));
		assertThat(missing.status()).isEqualTo(400);
		assertThat(missing.json().get("errors").has("date")).isTrue();
		assertThat(missing.json().get("errors").has("name")).isTrue();
		assertThat(missing.json().get("errors").has("establishment_id")).isTrue();
		Response badDate = this.api.post("/api/timeclock/holidays/",
				json("date", "2032-02-30", "name", "X", "scope", "state"));
		assertThat(badDate.status()).as(badDate.toString()).isEqualTo(400);
		assertThat(entries(this.api.get("/api/timeclock/holidays/?year=2032"))).allMatch(e -> e.contains("national"));
		assertThat(this.api.get("/api/timeclock/holidays/").json().get("errors").has("year")).isTrue();
		assertThat(this.api.get("/api/timeclock/holidays/?year=abc").status()).isEqualTo(400);
		assertThat(this.api.get("/api/timeclock/holidays/?year=2026&establishment_id=999999")
			.json()
			.get("errors")
			.has("establishment_id")).isTrue();
	}

	@Test
	void listingNeedsViewAndChangingNeedsChange() {
		Api viewer = this.api.signedInWith("timeclock.holidays.view");
		assertThat(viewer.get("/api/timeclock/holidays/?year=2026").status()).isEqualTo(200);
		assertThat(viewer.post("/api/timeclock/holidays/", json("date", "2033-01-02", "name", "X", "scope", "state"))
			.status()).isEqualTo(403);
		Api nobody = this.api.signedInWith("timeclock.punches.view");
		assertThat(nobody.get("/api/timeclock/holidays/?year=2026").status()).isEqualTo(403);
	}

}
