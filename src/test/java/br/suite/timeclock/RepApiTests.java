package br.suite.timeclock;

import java.time.OffsetDateTime;
import java.util.Base64;
import java.util.concurrent.ThreadLocalRandom;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;

import br.suite.Api;
import br.suite.Api.Response;
import br.suite.ApiTest;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 14: the time clock as a REP-P (establishments, employees' CPF, punches that are
 * never refused).
 */
public class RepApiTests extends ApiTest {

	@Autowired
	JdbcClient jdbc;

	/** A random valid CPF, so reruns against the same database never collide. */
	public static String cpf() {
		int[] d = new int[11];
		for (int i = 0; i < 9; i++) {
			d[i] = ThreadLocalRandom.current().nextInt(10);
		}
		d[0] = 1 + ThreadLocalRandom.current().nextInt(9);
		for (int n = 9; n <= 10; n++) {
			int sum = 0;
			for (int i = 0; i < n; i++) {
				sum += d[i] * (n + 1 - i);
			}
			int r = sum % 11;
			d[n] = r < 2 ? 0 : 11 - r;
		}
		StringBuilder s = new StringBuilder();
		for (int x : d) {
			s.append(x);
		}
		return s.toString();
	}

	static String masked(String cpf) {
		return cpf.substring(0, 3) + "." + cpf.substring(3, 6) + "." + cpf.substring(6, 9) + "-" + cpf.substring(9);
	}

	long establishment(String name, String document, String zone) {
		Response created = this.api.post("/api/timeclock/establishments/", json("name", name, "employer_document",
				document, "address", "Rua " + name + ", 100", "time_zone", zone));
		assertThat(created.status()).as(created.toString()).isEqualTo(201);
		return created.id();
	}

	long employee(String name) {
		Response user = this.api.post("/api/access/users/",
				json("username", unique("rep"), "full_name", name, "is_employee", true, "role_id", 1));
		assertThat(user.status()).as(user.toString()).isEqualTo(201);
		return user.id();
	}

	static Response punch(Api caller, long employeeId, String eventType, long establishmentId) {
		return caller.post("/api/timeclock/punch/register/",
				json("event_type", eventType, "employee_id", employeeId, "snapshot_base64",
						Base64.getEncoder().encodeToString(FacePhotos.noFace()), "source", "browser",
						"establishment_id", establishmentId));
	}

	long establishmentCount() {
		return this.jdbc.sql("SELECT count(*) FROM timeclock_establishment").query(Long.class).single();
	}

	@Test
	void establishmentsAreCreatedListedReadAndChanged() {
		Response created = this.api.post("/api/timeclock/establishments/", json("name", "Loja Centro Ltda",
				"employer_document", "11.222.333/0001-81", "cei_caepf_cno", "123456789012", "address", "Rua A, 1"));
		assertThat(created.status()).as(created.toString()).isEqualTo(201);
		JsonNode body = created.json();
		assertThat(body.get("employer_document").asString()).isEqualTo("11222333000181");
		assertThat(body.get("time_zone").asString()).isEqualTo("America/Sao_Paulo");
		assertThat(body.get("active").asBoolean()).isTrue();
		// The establishment's employer data are its first AFD record (type 2), NSR 1 of
		// its sequence.
		assertThat(body.get("last_nsr").asLong()).isEqualTo(1);
		assertThat(created.header("Location")).contains("/api/timeclock/establishments/" + created.id() + "/");

		assertThat(this.api.get("/api/timeclock/establishments/" + created.id() + "/").json().get("name").asString())
			.isEqualTo("Loja Centro Ltda");
		assertThat(this.api.get("/api/timeclock/establishments/").json().findValuesAsString("name")).contains("Matriz",
				"Loja Centro Ltda");
		assertThat(this.api.get("/api/timeclock/establishments/1/").json().get("employer_document").isNull()).isTrue();

		Response changed = this.api.patch("/api/timeclock/establishments/" + created.id() + "/",
				json("time_zone", "America/Manaus", "employer_document", "529.982.247-25"));
		assertThat(changed.status()).as(changed.toString()).isEqualTo(200);
		assertThat(changed.json().get("time_zone").asString()).isEqualTo("America/Manaus");
		assertThat(changed.json().get("employer_document").asString()).isEqualTo("52998224725");
		assertThat(changed.json().get("name").asString()).isEqualTo("Loja Centro Ltda");
		assertThat(this.api.get("/api/timeclock/establishments/999999/").status()).isEqualTo(404);
	}

	@Test
	void invalidEstablishmentsAreRefusedNamingTheFieldAndNothingIsStored() {
		long before = establishmentCount();
		Response badDocument = this.api.post("/api/timeclock/establishments/",
				json("name", "X", "employer_document", "11.222.333/0001-80"));
		assertThat(badDocument.status()).isEqualTo(400);
		assertThat(badDocument.json().get("errors").has("employer_document")).isTrue();
		Response badZone = this.api.post("/api/timeclock/establishments/",
				json("name", "X", "employer_document", "11222333000181", "time_zone", "BRT"));
		assertThat(badZone.status()).isEqualTo(400);
		assertThat(badZone.json().get("errors").has("time_zone")).isTrue();
		Response offset = this.api.post("/api/timeclock/establishments/",
				json("name", "X", "employer_document", "11222333000181", "time_zone", "-03:00"));
		assertThat(offset.json().get("errors").has("time_zone")).isTrue();
		Response noName = this.api.post("/api/timeclock/establishments/", json("employer_document", "11222333000181"));
		assertThat(noName.json().get("errors").has("name")).isTrue();
		assertThat(establishmentCount()).isEqualTo(before);

		long id = establishment("Filial Norte", "12345678000195", "America/Sao_Paulo");
		Response badPatch = this.api.patch("/api/timeclock/establishments/" + id + "/",
				json("time_zone", "Mars/Olympus"));
		assertThat(badPatch.status()).isEqualTo(400);
		assertThat(badPatch.json().get("errors").has("time_zone")).isTrue();
		assertThat(this.api.get("/api/timeclock/establishments/" + id + "/").json().get("time_zone").asString())
			.isEqualTo("America/Sao_Paulo");
	}

	@Test
	void withoutThePermissionEstablishmentsCannotBeReadOrChanged() {
		long id = establishment("Filial Sul", "98765432000198", "America/Sao_Paulo");
		long before = establishmentCount();
		Api viewer = signedInWith("timeclock.establishments.view");
		assertThat(viewer.get("/api/timeclock/establishments/" + id + "/").status()).isEqualTo(200);
		assertThat(
				viewer.post("/api/timeclock/establishments/", json("name", "Y", "employer_document", "11222333000181"))
					.status())
			.isEqualTo(403);
		assertThat(viewer.patch("/api/timeclock/establishments/" + id + "/", json("name", "Hijacked")).status())
			.isEqualTo(403);
		assertThat(signedInWith("timeclock.punches.view").get("/api/timeclock/establishments/").status())
			.isEqualTo(403);
		assertThat(establishmentCount()).isEqualTo(before);
		assertThat(this.api.get("/api/timeclock/establishments/" + id + "/").json().get("name").asString())
			.isEqualTo("Filial Sul");
	}

	@Test
	void eachEstablishmentHasItsOwnNsrSequenceChainAndLocalTime() {
		long manaus = establishment("Loja Manaus", "11222333000181", "America/Manaus");
		long employee = employee("Ana Souza");
		Response first = punch(this.api, employee, "entrada", manaus);
		assertThat(first.status()).as(first.toString()).isEqualTo(201);
		Response second = punch(this.api, employee, "saida", manaus);
		Response matriz = punch(this.api, employee, "entrada", 1);
		// NSR 1 is the establishment's type-2 record; the employee has no CPF, so no type
		// 5.
		assertThat(first.json().get("nsr").asLong()).isEqualTo(2);
		assertThat(second.json().get("nsr").asLong()).isEqualTo(3);
		assertThat(first.json().get("establishment_id").asLong()).isEqualTo(manaus);
		assertThat(matriz.json().get("establishment_id").asLong()).isEqualTo(1);
		assertThat(first.json().get("occurred_at_local").asString()).endsWith("-04:00");
		assertThat(first.json().get("occurred_at_brt").asString()).endsWith("-03:00");
		assertThat(matriz.json().get("occurred_at_local").asString()).endsWith("-03:00");
		assertThat(OffsetDateTime.parse(first.json().get("occurred_at_local").asString()).toInstant())
			.isEqualTo(OffsetDateTime.parse(first.json().get("occurred_at_brt").asString()).toInstant());
		assertThat(this.api.get("/api/timeclock/establishments/" + manaus + "/").json().get("last_nsr").asLong())
			.isEqualTo(3);
		JsonNode report = this.api.get("/api/timeclock/punches/verify-chain/?establishment_id=" + manaus).json();
		assertThat(report.get("intact").asBoolean()).as(report.toString()).isTrue();
		assertThat(report.get("last_nsr").asLong()).isEqualTo(3);
		assertThat(report.get("checked_count").asLong()).isEqualTo(2);
		assertThat(this.api.get("/api/timeclock/punches/verify-chain/?establishment_id=999999").status())
			.isEqualTo(404);

		// The zone applies from now on: earlier punches keep the zone they were recorded
		// in.
		this.api.patch("/api/timeclock/establishments/" + manaus + "/", json("time_zone", "America/Noronha"));
		assertThat(
				this.api.get("/api/timeclock/punches/" + first.id() + "/").json().get("occurred_at_local").asString())
			.endsWith("-04:00");
	}

	@Test
	void aPunchAtAnUnknownOrInactiveEstablishmentIsRefusedAndRecordsNothing() {
		long employee = employee("Bruno Lima");
		long closed = establishment("Loja Fechada", "11222333000181", "America/Sao_Paulo");
		this.api.patch("/api/timeclock/establishments/" + closed + "/", json("active", false));
		long before = this.jdbc.sql("SELECT count(*) FROM timeclock_punch").query(Long.class).single();
		Response unknown = punch(this.api, employee, "entrada", 999_999);
		assertThat(unknown.status()).isEqualTo(400);
		assertThat(unknown.json().get("errors").has("establishment_id")).isTrue();
		Response inactive = punch(this.api, employee, "entrada", closed);
		assertThat(inactive.status()).isEqualTo(400);
		assertThat(inactive.json().get("errors").get("establishment_id").get(0).asString()).contains("not active");
		assertThat(this.jdbc.sql("SELECT count(*) FROM timeclock_punch").query(Long.class).single()).isEqualTo(before);
	}

	long userCount() {
		return this.jdbc.sql("SELECT count(*) FROM access_user").query(Long.class).single();
	}

	@Test
	void employeesCarryAUniqueCpfAndTheirEstablishment() {
		long store = establishment("Loja Cuiaba", "11222333000181", "America/Cuiaba");
		String cpf = cpf();
		Response created = this.api.post("/api/access/users/", json("username", unique("rep"), "full_name",
				"Clara Dias", "is_employee", true, "role_id", 1, "cpf", masked(cpf), "establishment_id", store));
		assertThat(created.status()).as(created.toString()).isEqualTo(201);
		assertThat(created.json().get("cpf").asString()).isEqualTo(cpf);
		assertThat(created.json().get("establishment_id").asLong()).isEqualTo(store);
		assertThat(this.api.get("/api/access/users/" + created.id() + "/").json().get("cpf").asString()).isEqualTo(cpf);

		// A punch without establishment_id is recorded at the employee's establishment,
		// in its zone.
		Response punched = this.api.post("/api/timeclock/punch/register/", json("event_type", "entrada", "employee_id",
				created.id(), "snapshot_base64", Base64.getEncoder().encodeToString(FacePhotos.noFace())));
		assertThat(punched.status()).as(punched.toString()).isEqualTo(201);
		assertThat(punched.json().get("establishment_id").asLong()).isEqualTo(store);
		assertThat(punched.json().get("occurred_at_local").asString()).endsWith("-04:00");

		long before = userCount();
		Response duplicate = this.api.post("/api/access/users/",
				json("username", unique("rep"), "role_id", 1, "cpf", cpf));
		assertThat(duplicate.status()).as(duplicate.toString()).isEqualTo(409);
		assertThat(duplicate.json().get("field").asString()).isEqualTo("cpf");
		assertThat(duplicate.json().get("existing_id").asLong()).isEqualTo(created.id());
		assertThat(userCount()).isEqualTo(before);

		long other = employee("Davi Reis");
		Response taken = this.api.patch("/api/access/users/" + other + "/", json("cpf", masked(cpf)));
		assertThat(taken.status()).isEqualTo(409);
		assertThat(this.api.get("/api/access/users/" + other + "/").json().get("cpf").isNull()).isTrue();
		// Sending one's own CPF again is no conflict.
		assertThat(this.api
			.patch("/api/access/users/" + created.id() + "/", json("full_name", "Clara Dias Lopes", "cpf", cpf))
			.status()).isEqualTo(200);
		assertThat(
				this.api.patch("/api/access/users/" + created.id() + "/", json("cpf", null)).json().get("cpf").isNull())
			.isTrue();
	}

	@Test
	void invalidEmployeeDataIsRefusedNamingTheFieldAndNothingIsStored() {
		long before = userCount();
		Response badCpf = this.api.post("/api/access/users/",
				json("username", unique("rep"), "role_id", 1, "cpf", "123.456.789-00"));
		assertThat(badCpf.status()).isEqualTo(400);
		assertThat(badCpf.json().get("errors").has("cpf")).isTrue();
		Response cnpj = this.api.post("/api/access/users/",
				json("username", unique("rep"), "role_id", 1, "cpf", "11222333000181"));
		assertThat(cnpj.status()).isEqualTo(400);
		assertThat(cnpj.json().get("errors").get("cpf").get(0).asString()).contains("CPF");
		Response unknown = this.api.post("/api/access/users/",
				json("username", unique("rep"), "role_id", 1, "establishment_id", 999_999));
		assertThat(unknown.status()).isEqualTo(400);
		assertThat(unknown.json().get("errors").has("establishment_id")).isTrue();
		assertThat(userCount()).isEqualTo(before);

		long id = employee("Eva Nunes");
		Response badPatch = this.api.patch("/api/access/users/" + id + "/", json("establishment_id", 999_999));
		assertThat(badPatch.status()).isEqualTo(400);
		assertThat(this.api.get("/api/access/users/" + id + "/").json().get("establishment_id").isNull()).isTrue();
	}

	long punchCount() {
		return this.jdbc.sql("SELECT count(*) FROM timeclock_punch").query(Long.class).single();
	}

	@Test
	void theRegisterResponseIsThePunchAsStored() {
		// register answers from the values it wrote, without reading the punch back: both
		// must be the same punch.
		long manaus = establishment("Loja Resposta", "11222333000181", "America/Manaus");
		long employee = this.api
			.post("/api/access/users/",
					json("username", unique("rep"), "full_name", "Rita", "is_employee", true, "role_id", 1, "cpf",
							cpf(), "establishment_id", manaus))
			.id();
		Response withSnapshot = punch(this.api, employee, "entrada", manaus);
		Response offline = this.api.post("/api/timeclock/punch/register/",
				json("event_type", "saida", "employee_id", employee, "offline", true, "occurred_at",
						OffsetDateTime.now().minusHours(2).toString(), "source", "device"));
		for (Response registered : java.util.List.of(withSnapshot, offline)) {
			assertThat(registered.status()).as(registered.toString()).isEqualTo(201);
			JsonNode stored = this.api.get("/api/timeclock/punches/" + registered.id() + "/").json();
			assertThat(registered.json()).isEqualTo(stored);
		}
	}

	@Test
	void aPunchWithoutSnapshotIsRecordedForReview() {
		long employee = employee("Fabio Melo");
		for (String body : java.util.List.of(json("event_type", "entrada", "employee_id", employee),
				json("event_type", "saida", "employee_id", employee, "snapshot_base64", null),
				json("event_type", "entrada", "employee_id", employee, "snapshot_base64", " "))) {
			Response punched = this.api.post("/api/timeclock/punch/register/", body);
			assertThat(punched.status()).as(punched.toString()).isEqualTo(201);
			JsonNode punch = punched.json();
			assertThat(punch.get("recognition_ok").asBoolean()).isFalse();
			assertThat(punch.get("recognition_reason").asString()).isEqualTo("no_snapshot");
			assertThat(punch.get("needs_review").asBoolean()).isTrue();
			assertThat(punch.get("snapshot_sha256").isNull()).isTrue();
			assertThat(punch.get("snapshot_url").isNull()).isTrue();
			assertThat(this.api.get("/api/timeclock/punches/" + punched.id() + "/snapshot/").status()).isEqualTo(404);
		}
		assertThat(this.api.get("/api/timeclock/punches/verify-chain/").json().get("intact").asBoolean()).isTrue();
	}

	@Test
	void anOfflinePunchKeepsTheCollectorsTimeAndTheServersReceiptTime() {
		long employee = employee("Gilda Rocha");
		OffsetDateTime twoDaysAgo = OffsetDateTime.now(java.time.ZoneOffset.ofHours(-3)).minusDays(2).withNano(0);
		Response punched = this.api.post("/api/timeclock/punch/register/", json("event_type", "entrada", "employee_id",
				employee, "offline", true, "occurred_at", twoDaysAgo.toString(), "source", "mobile_app"));
		assertThat(punched.status()).as(punched.toString()).isEqualTo(201);
		JsonNode punch = punched.json();
		assertThat(punch.get("offline").asBoolean()).isTrue();
		assertThat(java.time.Instant.parse(punch.get("occurred_at").asString())).isEqualTo(twoDaysAgo.toInstant());
		assertThat(java.time.Instant.parse(punch.get("recorded_at").asString()))
			.isBetween(java.time.Instant.now().minusSeconds(60), java.time.Instant.now().plusSeconds(1));
		Response online = this.api.post("/api/timeclock/punch/register/",
				json("event_type", "saida", "employee_id", employee));
		assertThat(online.json().get("offline").asBoolean()).isFalse();
		assertThat(online.json().get("recorded_at").asString()).isEqualTo(online.json().get("occurred_at").asString());
	}

	@Test
	void offlinePunchTimesOutsideTheWindowAreRefusedNamingTheField() {
		long employee = employee("Hugo Alves");
		long before = punchCount();
		OffsetDateTime now = OffsetDateTime.now();
		for (String body : java.util.List.of(json("event_type", "entrada", "employee_id", employee, "offline", true),
				json("event_type", "entrada", "employee_id", employee, "offline", true, "occurred_at",
						now.plusMinutes(5).toString()),
				json("event_type", "entrada", "employee_id", employee, "offline", true, "occurred_at",
						now.minusDays(7).minusMinutes(1).toString()),
				json("event_type", "entrada", "employee_id", employee, "occurred_at",
						now.minusMinutes(5).toString()))) {
			Response refused = this.api.post("/api/timeclock/punch/register/", body);
			assertThat(refused.status()).as(body).isEqualTo(400);
			assertThat(refused.json().get("errors").has("occurred_at")).as(refused.toString()).isTrue();
		}
		assertThat(punchCount()).isEqualTo(before);
	}

}
