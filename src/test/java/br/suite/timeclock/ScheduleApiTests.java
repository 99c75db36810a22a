package br.suite.timeclock;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.LocalDate;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import br.suite.Api.Response;
import br.suite.Api;
import br.suite.ApiTest;
import br.suite.timeclock.jornada.Assignment;
import br.suite.timeclock.jornada.Schedule;
import br.suite.timeclock.schedule.Schedules;
import tools.jackson.databind.JsonNode;

/** Issue 24 items 1 and 2: work schedules and their assignment with history. */
public class ScheduleApiTests extends ApiTest {

	public static final String COMERCIAL = """
			{"name": "%s", "kind": "weekly", "days": {
			  "mon": [{"start": "08:00", "end": "12:00"}, {"start": "13:00", "end": "17:00"}],
			  "tue": [{"start": "08:00", "end": "12:00"}, {"start": "13:00", "end": "17:00"}],
			  "wed": [{"start": "08:00", "end": "12:00"}, {"start": "13:00", "end": "17:00"}],
			  "thu": [{"start": "08:00", "end": "12:00"}, {"start": "13:00", "end": "17:00"}],
			  "fri": [{"start": "08:00", "end": "12:00"}, {"start": "13:00", "end": "17:00"}],
			  "sat": [], "sun": []}}""";

	static final String DOZE_36 = """
			{"name": "%s", "kind": "cycle", "cycle_start": "2026-03-02", "work_days": 1, "off_days": 1,
			 "intervals": [{"start": "19:00", "end": "01:00"}, {"start": "02:00", "end": "07:00"}],
			 "time_bank": true, "time_bank_expiry_months": 12, "tolerance_per_mark_minutes": 3}""";

	@Autowired
	Schedules schedules;

	long employee() {
		Response user = this.api.post("/api/access/users/", json("username", unique("jor"), "full_name", "Ana Jornada",
				"is_employee", true, "role_id", 1, "cpf", RepApiTests.cpf()));
		assertThat(user.status()).as(user.toString()).isEqualTo(201);
		return user.id();
	}

	@Test
	void weeklyAndCycleSchedulesWithTheirDefaults() {
		Response weekly = this.api.post("/api/timeclock/schedules/", COMERCIAL.formatted(unique("COM")));
		assertThat(weekly.status()).as(weekly.toString()).isEqualTo(201);
		JsonNode com = weekly.json();
		assertThat(com.get("days").get("mon").get(1).get("end").asString()).isEqualTo("17:00");
		assertThat(com.get("days").get("sun").size()).isZero();
		assertThat(com.get("rest_day").asString()).isEqualTo("sun");
		assertThat(com.get("tolerance_per_mark_minutes").asInt()).isEqualTo(5);
		assertThat(com.get("tolerance_daily_minutes").asInt()).isEqualTo(10);
		assertThat(com.get("time_bank").asBoolean()).isFalse();
		assertThat(com.get("time_bank_expiry_months").asInt()).isEqualTo(6);
		assertThat(com.get("night_reduced_hour").asBoolean()).isTrue();
		assertThat(com.get("intervals").isNull()).isTrue();

		Response cycle = this.api.post("/api/timeclock/schedules/", DOZE_36.formatted(unique("12x36")));
		assertThat(cycle.status()).as(cycle.toString()).isEqualTo(201);
		assertThat(cycle.json().get("intervals").get(0).get("end").asString()).isEqualTo("01:00");
		assertThat(cycle.json().get("days").isNull()).isTrue();
		assertThat(cycle.json().get("rest_day").isNull()).isTrue();
		assertThat(cycle.json().get("tolerance_per_mark_minutes").asInt()).isEqualTo(3);

		Response read = this.api.get("/api/timeclock/schedules/" + cycle.id() + "/");
		assertThat(read.json().get("cycle_start").asString()).isEqualTo("2026-03-02");
		Response patched = this.api.patch("/api/timeclock/schedules/" + weekly.id() + "/",
				json("tolerance_daily_minutes", 8, "rest_day", "sat"));
		assertThat(patched.status()).as(patched.toString()).isEqualTo(200);
		assertThat(patched.json().get("tolerance_daily_minutes").asInt()).isEqualTo(8);
		assertThat(patched.json().get("rest_day").asString()).isEqualTo("sat");
		assertThat(patched.json().get("days").get("tue").size()).isEqualTo(2);

		Response list = this.api.get("/api/timeclock/schedules/?limit=1000");
		assertThat(list.header("X-Total-Count")).isPresent();
		assertThat(list.body()).contains(String.valueOf(cycle.id()));
	}

	@Test
	void invalidSchedulesAre400NamingTheFieldAndChangeNothing() {
		String name = unique("BAD");
		Response rest = this.api.post("/api/timeclock/schedules/",
				COMERCIAL.formatted(name).replace("\"sat\": [], \"sun\": []}", "\"sat\": []}, \"rest_day\": \"mon\""));
		assertThat(rest.status()).isEqualTo(400);
		assertThat(rest.json().get("errors").has("rest_day")).isTrue();
		Response tolerance = this.api.post("/api/timeclock/schedules/",
				COMERCIAL.formatted(name)
					.replace("\"kind\"", "\"tolerance_per_mark_minutes\": 6, "
							+ "\"tolerance_daily_minutes\": 11, \"time_bank_expiry_months\": 13, \"kind\""));
		assertThat(tolerance.status()).isEqualTo(400);
		assertThat(tolerance.json().get("errors").has("tolerance_per_mark_minutes")).isTrue();
		assertThat(tolerance.json().get("errors").has("tolerance_daily_minutes")).isTrue();
		assertThat(tolerance.json().get("errors").has("time_bank_expiry_months")).isTrue();
		Response times = this.api.post("/api/timeclock/schedules/",
				COMERCIAL.formatted(name)
					.replaceFirst("\"08:00\"", "\"24:00\"")
					.replaceFirst("\"13:00\", \"end\": \"17:00\"", "\"13:00\", \"end\": \"13:00\""));
		assertThat(times.status()).isEqualTo(400);
		assertThat(times.json().get("errors").has("days.mon[0].start")).isTrue();
		assertThat(times.json().get("errors").has("days.mon[1]")).isTrue();
		Response longDay = this.api.post("/api/timeclock/schedules/",
				json("name", name, "kind", "weekly", "days",
						java.util.Map.of("wed", List.of(java.util.Map.of("start", "08:00", "end", "20:00"),
								java.util.Map.of("start", "21:00", "end", "09:00")))));
		assertThat(longDay.status()).isEqualTo(400);
		assertThat(longDay.json().get("errors").has("days.wed")).isTrue();
		Response cycle = this.api.post("/api/timeclock/schedules/",
				json("name", name, "kind", "cycle", "work_days", 0, "off_days", 0, "intervals", List.of()));
		assertThat(cycle.status()).isEqualTo(400);
		assertThat(cycle.json().get("errors").has("cycle_start")).isTrue();
		assertThat(cycle.json().get("errors").has("work_days")).isTrue();
		assertThat(cycle.json().get("errors").has("off_days")).isTrue();
		assertThat(cycle.json().get("errors").has("intervals")).isTrue();
		Response kind = this.api.post("/api/timeclock/schedules/", json("name", name, "kind", "monthly"));
		assertThat(kind.json().get("errors").has("kind")).isTrue();
		Response weekday = this.api.post("/api/timeclock/schedules/",
				json("name", name, "kind", "weekly", "days", java.util.Map.of("funday", List.of())));
		assertThat(weekday.json().get("errors").has("days.funday")).isTrue();
		assertThat(this.api.get("/api/timeclock/schedules/?limit=1000").body()).doesNotContain(name);
	}

	@Test
	void assignmentsKeepTheirHistoryAndFeedTheComputation() {
		long employee = employee();
		long com = this.api.post("/api/timeclock/schedules/", COMERCIAL.formatted(unique("COM"))).id();
		long cycle = this.api.post("/api/timeclock/schedules/", DOZE_36.formatted(unique("12x36"))).id();
		Response first = this.api.put("/api/timeclock/employees/" + employee + "/schedule/",
				json("schedule_id", com, "valid_from", "2026-03-01"));
		assertThat(first.status()).as(first.toString()).isEqualTo(200);
		assertThat(first.json().get("schedule_id").asLong()).isEqualTo(com);
		this.api.put("/api/timeclock/employees/" + employee + "/schedule/",
				json("schedule_id", cycle, "valid_from", "2026-11-01"));
		this.api.put("/api/timeclock/employees/" + employee + "/schedule/",
				json("schedule_id", com, "valid_from", "2026-11-01"));
		this.api.put("/api/timeclock/employees/" + employee + "/schedule/",
				json("schedule_id", cycle, "valid_from", "2026-12-01"));
		Response history = this.api.get("/api/timeclock/employees/" + employee + "/schedule/");
		assertThat(history.json().size()).isEqualTo(3);
		assertThat(history.json().get(1).get("valid_from").asString()).isEqualTo("2026-11-01");
		assertThat(history.json().get(1).get("schedule_id").asLong()).isEqualTo(com);
		assertThat(history.json().get(2).get("schedule_id").asLong()).isEqualTo(cycle);

		List<Assignment> assignments = this.schedules.assignmentsFor(employee);
		Schedule inForceInDecember = assignments.stream()
			.filter(a -> a.validFrom().equals(LocalDate.parse("2026-12-01")))
			.findFirst()
			.orElseThrow()
			.schedule();
		assertThat(inForceInDecember.isCycle()).isTrue();
		assertThat(inForceInDecember.timeBank()).isTrue();
		assertThat(inForceInDecember.timeBankExpiryMonths()).isEqualTo(12);
		assertThat(inForceInDecember.tolerancePerMarkMinutes()).isEqualTo(3);
		assertThat(inForceInDecember.intervalsOn(LocalDate.parse("2026-12-03"))).hasSize(2);
		assertThat(inForceInDecember.intervalsOn(LocalDate.parse("2026-12-02"))).isEmpty();

		Response inUse = this.api.delete("/api/timeclock/schedules/" + cycle + "/");
		assertThat(inUse.status()).isEqualTo(409);
		assertThat(inUse.json().get("code").asString()).isEqualTo("schedule_in_use");
		long unused = this.api.post("/api/timeclock/schedules/", COMERCIAL.formatted(unique("NOVO"))).id();
		assertThat(this.api.delete("/api/timeclock/schedules/" + unused + "/").status()).isEqualTo(204);
		assertThat(this.api.get("/api/timeclock/schedules/" + unused + "/").status()).isEqualTo(404);

		Response unknown = this.api.put("/api/timeclock/employees/" + employee + "/schedule/",
				json("schedule_id", unused, "valid_from", "2027-01-01"));
		assertThat(unknown.status()).isEqualTo(400);
		assertThat(unknown.json().get("errors").has("schedule_id")).isTrue();
		Response noDate = this.api.put("/api/timeclock/employees/" + employee + "/schedule/", json("schedule_id", com));
		assertThat(noDate.json().get("errors").has("valid_from")).isTrue();
		assertThat(this.api.get("/api/timeclock/employees/" + employee + "/schedule/").json().size()).isEqualTo(3);
		assertThat(this.api.get("/api/timeclock/employees/999999999/schedule/").status()).isEqualTo(404);
	}

	@Test
	void readingNeedsViewAndChangingNeedsChange() {
		Api viewer = this.api.signedInWith("timeclock.schedules.view");
		assertThat(viewer.get("/api/timeclock/schedules/").status()).isEqualTo(200);
		assertThat(viewer.post("/api/timeclock/schedules/", COMERCIAL.formatted(unique("X"))).status()).isEqualTo(403);
		assertThat(this.api.signedInWith("timeclock.punches.view").get("/api/timeclock/schedules/").status())
			.isEqualTo(403);
	}

}
