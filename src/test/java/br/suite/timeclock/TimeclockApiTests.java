package br.suite.timeclock;

import java.util.ArrayList;
import java.util.Base64;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;

import br.suite.Api.Response;
import br.suite.Api;
import br.suite.ApiTest;
import br.suite.timeclock.biometrics.SnapshotRetention;
import br.suite.timeclock.face.BlankPng;
import br.suite.timeclock.face.EngineSlots;
import br.suite.timeclock.face.FaceEngine;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;

class TimeclockApiTests extends ApiTest {

	static final String DATE_TIME = "\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z";

	@Autowired
	JdbcClient jdbc;

	@Autowired
	SnapshotRetention retention;

	@Autowired
	FaceEngine engine;

	long employee(boolean isEmployee) {
		Response user = this.api.post("/api/access/users/", "{\"username\":\"" + unique("func")
				+ "\",\"full_name\":\"Marcos Pereira\",\"is_employee\":" + isEmployee + ",\"role_id\":1}");
		assertThat(user.status()).as(user.toString()).isEqualTo(201);
		return user.id();
	}

	Response enrol(long userId, byte[] photo) {
		return this.api.put("/api/access/users/" + userId + "/photo/",
				"{\"photo_base64\":\"" + Base64.getEncoder().encodeToString(photo) + "\"}");
	}

	Response punch(long employeeId, String eventType, byte[] snapshot, String... headers) {
		return punch(this.api, employeeId, eventType, snapshot, headers);
	}

	static Response punch(Api caller, long employeeId, String eventType, byte[] snapshot, String... headers) {
		return caller.send("POST", "/api/timeclock/punch/register/",
				"{\"event_type\":\"" + eventType + "\",\"employee_id\":" + employeeId + ",\"snapshot_base64\":\""
						+ Base64.getEncoder().encodeToString(snapshot) + "\",\"source\":\"device\"}",
				"application/json", headers);
	}

	@Test
	void enrolsAPhotoAndRegistersMatchingAndMismatchingPunches() {
		long id = employee(true);
		Response enrolled = enrol(id, FacePhotos.enrolment());
		assertThat(enrolled.status()).as(enrolled.toString()).isEqualTo(200);
		assertThat(enrolled.json().get("photo_url").asString()).isEqualTo("/api/access/users/" + id + "/photo/");
		assertThat(this.api.get("/api/access/users/" + id + "/").json().get("employee_photo_url").asString())
			.isEqualTo("/api/access/users/" + id + "/photo/");
		Response photo = this.api.get("/api/access/users/" + id + "/photo/");
		assertThat(photo.status()).isEqualTo(200);
		assertThat(photo.bytes()).isEqualTo(FacePhotos.enrolment());

		Response match = punch(id, "entrada", FacePhotos.samePerson());
		assertThat(match.status()).as(match.toString()).isEqualTo(201);
		JsonNode punch = match.json();
		assertThat(punch.get("event_type").asString()).isEqualTo("entrada");
		assertThat(punch.get("employee_id").asLong()).isEqualTo(id);
		assertThat(punch.get("employee_name").asString()).isEqualTo("Marcos Pereira");
		assertThat(punch.get("occurred_at").asString()).matches(DATE_TIME);
		assertThat(punch.get("occurred_at_brt").asString()).endsWith("-03:00");
		assertThat(java.time.OffsetDateTime.parse(punch.get("occurred_at_brt").asString()).toInstant())
			.isEqualTo(java.time.Instant.parse(punch.get("occurred_at").asString()));
		assertThat(punch.get("recognition_ok").asBoolean()).isTrue();
		assertThat(punch.get("recognition_distance").asDouble()).isBetween(0.0, 0.5);
		assertThat(punch.get("recognition_reason").asString()).isEqualTo("match");
		assertThat(punch.get("needs_review").asBoolean()).isFalse();
		assertThat(punch.get("source").asString()).isEqualTo("device");
		assertThat(punch.get("nsr").asLong()).isPositive();
		assertThat(punch.get("hash").asString()).matches("[0-9a-f]{64}");
		assertThat(match.header("Location")).contains("/api/timeclock/punches/" + punch.get("id").asLong() + "/");

		Response mismatch = punch(id, "saida", FacePhotos.otherPerson());
		assertThat(mismatch.status()).isEqualTo(201);
		assertThat(mismatch.json().get("recognition_ok").asBoolean()).isFalse();
		assertThat(mismatch.json().get("recognition_distance").asDouble()).isGreaterThan(0.5);
		assertThat(mismatch.json().get("recognition_reason").asString()).isEqualTo("mismatch");
		assertThat(mismatch.json().get("needs_review").asBoolean()).isTrue();
		assertThat(mismatch.json().get("nsr").asLong()).isGreaterThan(punch.get("nsr").asLong());

		Response noFace = punch(id, "inicio_intervalo", FacePhotos.noFace());
		assertThat(noFace.status()).isEqualTo(201);
		assertThat(noFace.json().get("recognition_ok").asBoolean()).isFalse();
		assertThat(noFace.json().get("recognition_distance").isNull()).isTrue();
		assertThat(noFace.json().get("recognition_reason").asString()).isEqualTo("no_face");

		Response snapshot = this.api.get("/api/timeclock/punches/" + punch.get("id").asLong() + "/snapshot/");
		assertThat(snapshot.status()).isEqualTo(200);
		assertThat(snapshot.contentType()).startsWith("image/");
		assertThat(snapshot.bytes()).isEqualTo(FacePhotos.samePerson());

		assertThat(this.api.get("/api/timeclock/punches/?employee_id=" + id).json().size()).isEqualTo(3);
		assertThat(this.api.get("/api/timeclock/punches/?employee_id=" + id + "&needs_review=true").json().size())
			.isEqualTo(2);
		assertThat(this.api.get("/api/timeclock/punches/?employee_id=" + id + "&recognition_ok=true").json().size())
			.isEqualTo(1);
		String today = java.time.LocalDate.now(java.time.ZoneId.of("America/Sao_Paulo")).toString();
		assertThat(
				this.api.get("/api/timeclock/punches/?employee_id=" + id + "&date_from=" + today + "&date_to=" + today)
					.json()
					.size())
			.isEqualTo(3);
		assertThat(this.api.get("/api/timeclock/punches/?employee_id=" + id + "&date_to=2020-01-01").json().size())
			.isZero();
	}

	@Test
	void aPunchWithoutEnrolledPhotoIsRecordedAndFlagged() {
		long id = employee(true);
		Response response = punch(id, "entrada", FacePhotos.samePerson());
		assertThat(response.status()).isEqualTo(201);
		assertThat(response.json().get("recognition_ok").asBoolean()).isFalse();
		assertThat(response.json().get("recognition_reason").asString()).isEqualTo("no_enrolled_photo");
		assertThat(response.json().get("recognition_distance").isNull()).isTrue();
	}

	@Test
	void refusesInvalidPunchesAndRecordsNothing() {
		long employee = employee(true);
		long notEmployee = employee(false);
		long before = punchCount();
		Response unknownType = punch(employee, "almoco", FacePhotos.samePerson());
		assertThat(unknownType.status()).isEqualTo(400);
		assertThat(unknownType.json().get("errors").get("event_type").get(0).asString()).contains("entrada", "saida",
				"inicio_intervalo", "fim_intervalo");
		assertThat(punch(notEmployee, "entrada", FacePhotos.samePerson()).json().get("errors").has("employee_id"))
			.isTrue();
		assertThat(punch(999_999_999L, "entrada", FacePhotos.samePerson()).status()).isEqualTo(400);
		Response notBase64 = this.api.post("/api/timeclock/punch/register/",
				"{\"event_type\":\"entrada\",\"employee_id\":" + employee
						+ ",\"snapshot_base64\":\"@@@not base64@@@\"}");
		assertThat(notBase64.status()).isEqualTo(400);
		assertThat(notBase64.json().get("errors").has("snapshot_base64")).isTrue();
		Response notImage = this.api.post("/api/timeclock/punch/register/",
				"{\"event_type\":\"entrada\",\"employee_id\":" + employee + ",\"snapshot_base64\":\""
						+ Base64.getEncoder().encodeToString("hello".getBytes()) + "\"}");
		assertThat(notImage.status()).isEqualTo(400);
		Response dataUrl = this.api.post("/api/timeclock/punch/register/",
				"{\"event_type\":\"entrada\",\"employee_id\":" + employee
						+ ",\"snapshot_base64\":\"data:image/png;base64,"
						+ Base64.getEncoder().encodeToString(FacePhotos.noFace()) + "\"}");
		assertThat(dataUrl.status()).isEqualTo(201);
		byte[] huge = new byte[8 * 1024 * 1024 + 10];
		huge[0] = (byte) 0xff;
		huge[1] = (byte) 0xd8;
		huge[2] = (byte) 0xff;
		assertThat(punch(employee, "entrada", huge).status()).isEqualTo(413);
		assertThat(punchCount()).isEqualTo(before + 1);
	}

	@Test
	void enrolmentNeedsExactlyOneUsableFace() {
		long id = employee(true);
		Response none = enrol(id, FacePhotos.noFace());
		assertThat(none.status()).isEqualTo(400);
		assertThat(none.json().get("errors").get("photo").get(0).asString()).contains("no face");
		Response group = enrol(id, FacePhotos.group());
		assertThat(group.status()).isEqualTo(400);
		assertThat(group.json().get("errors").get("photo").get(0).asString()).contains("exactly one");
		assertThat(this.api.get("/api/access/users/" + id + "/").json().get("employee_photo_url").isNull()).isTrue();
		assertThat(this.api.get("/api/access/users/" + id + "/photo/").status()).isEqualTo(404);

		assertThat(enrol(id, FacePhotos.enrolment()).status()).isEqualTo(200);
		assertThat(this.api.delete("/api/access/users/" + id + "/photo/").status()).isEqualTo(204);
		assertThat(this.api.get("/api/access/users/" + id + "/").json().get("employee_photo_url").isNull()).isTrue();
		assertThat(punch(id, "entrada", FacePhotos.samePerson()).json().get("recognition_reason").asString())
			.isEqualTo("no_enrolled_photo");
		assertThat(enrol(999_999_999L, FacePhotos.enrolment()).status()).isEqualTo(404);
	}

	@Test
	void concurrentPunchesGetConsecutiveNsrsAndAnIntactChain() throws Exception {
		long id = employee(true);
		ExecutorService pool = Executors.newFixedThreadPool(10);
		List<CompletableFuture<Response>> punches = new ArrayList<>();
		try {
			for (int i = 0; i < 20; i++) {
				punches.add(CompletableFuture.supplyAsync(() -> punch(id, "entrada", FacePhotos.noFace()), pool));
			}
			Set<Long> nsrs = new HashSet<>();
			for (CompletableFuture<Response> punch : punches) {
				Response response = punch.get();
				assertThat(response.status()).isEqualTo(201);
				nsrs.add(response.json().get("nsr").asLong());
			}
			assertThat(nsrs).hasSize(20);
			long min = nsrs.stream().min(Long::compare).orElseThrow();
			long max = nsrs.stream().max(Long::compare).orElseThrow();
			List<Long> between = this.jdbc.sql(
					"SELECT nsr FROM timeclock_punch WHERE establishment_id = 1 AND nsr BETWEEN :a AND :b ORDER BY nsr")
				.param("a", min)
				.param("b", max)
				.query(Long.class)
				.list();
			for (int i = 1; i < between.size(); i++) {
				assertThat(between.get(i)).isEqualTo(between.get(i - 1) + 1);
			}
		}
		finally {
			pool.shutdown();
		}
		JsonNode report = this.api.get("/api/timeclock/punches/verify-chain/").json();
		assertThat(report.get("intact").asBoolean()).as(report.toString()).isTrue();
		assertThat(report.get("problems").size()).isZero();
	}

	@Test
	void theChainReadsIntactWhilePunchesAreBeingRegistered() throws Exception {
		long id = employee(true);
		ExecutorService pool = Executors.newFixedThreadPool(4);
		try {
			List<CompletableFuture<Response>> punches = new ArrayList<>();
			for (int i = 0; i < 12; i++) {
				punches.add(CompletableFuture.supplyAsync(() -> punch(id, "entrada", FacePhotos.noFace()), pool));
			}
			while (punches.stream().anyMatch(p -> !p.isDone())) {
				JsonNode report = this.api.get("/api/timeclock/punches/verify-chain/").json();
				assertThat(report.get("intact").asBoolean()).as(report.toString()).isTrue();
			}
		}
		finally {
			pool.shutdown();
		}
	}

	@Test
	void tamperingWithTheLedgerIsDetectedAndTheDatabaseRefusesIt() {
		long id = employee(true);
		long punchId = punch(id, "entrada", FacePhotos.noFace()).id();
		punch(id, "saida", FacePhotos.noFace());
		assertThat(this.api.get("/api/timeclock/punches/verify-chain/").json().get("intact").asBoolean()).isTrue();

		org.assertj.core.api.Assertions
			.assertThatThrownBy(() -> this.jdbc.sql("UPDATE timeclock_punch SET event_type = 'saida' WHERE id = :id")
				.param("id", punchId)
				.update())
			.hasMessageContaining("cannot be changed");
		org.assertj.core.api.Assertions
			.assertThatThrownBy(
					() -> this.jdbc.sql("DELETE FROM timeclock_punch WHERE id = :id").param("id", punchId).update())
			.hasMessageContaining("cannot be deleted");

		// Someone with superuser rights switches the guard off and edits a record behind
		// the service's back.
		this.jdbc.sql("ALTER TABLE timeclock_punch DISABLE TRIGGER timeclock_punch_append_only").update();
		try {
			this.jdbc.sql("UPDATE timeclock_punch SET event_type = 'saida' WHERE id = :id")
				.param("id", punchId)
				.update();
			JsonNode report = this.api.get("/api/timeclock/punches/verify-chain/").json();
			assertThat(report.get("intact").asBoolean()).isFalse();
			assertThat(report.get("problems").toString()).contains("altered").contains(String.valueOf(punchId));
			this.jdbc.sql("UPDATE timeclock_punch SET event_type = 'entrada' WHERE id = :id")
				.param("id", punchId)
				.update();
		}
		finally {
			this.jdbc.sql("ALTER TABLE timeclock_punch ENABLE TRIGGER timeclock_punch_append_only").update();
		}
		assertThat(this.api.get("/api/timeclock/punches/verify-chain/").json().get("intact").asBoolean()).isTrue();
	}

	@Test
	void aRetriedRegistrationReturnsTheFirstPunch() {
		long id = employee(true);
		String key = unique("retry");
		Response first = punch(id, "entrada", FacePhotos.noFace(), "Idempotency-Key", key);
		Response again = punch(id, "entrada", FacePhotos.noFace(), "Idempotency-Key", key);
		assertThat(first.status()).isEqualTo(201);
		assertThat(again.status()).isEqualTo(201);
		assertThat(again.header("Idempotent-Replayed")).contains("true");
		assertThat(again.json().get("id").asLong()).isEqualTo(first.json().get("id").asLong());
		assertThat(again.json().get("nsr").asLong()).isEqualTo(first.json().get("nsr").asLong());
		assertThat(this.api.get("/api/timeclock/punches/?employee_id=" + id).json().size()).isEqualTo(1);
	}

	@Test
	void anIdempotencyKeyIsTheCallersOwn() {
		Api kioskA = signedInWith("timeclock.punches.register");
		Api kioskB = signedInWith("timeclock.punches.register");
		long ana = employee(true);
		long bruno = employee(true);
		String key = unique("shared-key");
		Response first = punch(kioskA, ana, "entrada", FacePhotos.noFace(), "Idempotency-Key", key);
		assertThat(first.status()).as(first.toString()).isEqualTo(201);
		assertThat(first.header("Idempotent-Replayed")).contains("false");

		// Kiosk B happens to send the same key: its own employee's punch is recorded, not
		// A's returned.
		Response other = punch(kioskB, bruno, "entrada", FacePhotos.noFace(), "Idempotency-Key", key);
		assertThat(other.status()).as(other.toString()).isEqualTo(201);
		assertThat(other.header("Idempotent-Replayed")).contains("false");
		assertThat(other.json().get("employee_id").asLong()).isEqualTo(bruno);
		assertThat(other.id()).isNotEqualTo(first.id());
		assertThat(this.api.get("/api/timeclock/punches/?employee_id=" + bruno).json().size()).isEqualTo(1);

		Response retried = punch(kioskA, ana, "entrada", FacePhotos.noFace(), "Idempotency-Key", key);
		assertThat(retried.status()).isEqualTo(201);
		assertThat(retried.header("Idempotent-Replayed")).contains("true");
		assertThat(retried.id()).isEqualTo(first.id());
		Response retriedB = punch(kioskB, bruno, "entrada", FacePhotos.noFace(), "Idempotency-Key", key);
		assertThat(retriedB.header("Idempotent-Replayed")).contains("true");
		assertThat(retriedB.id()).isEqualTo(other.id());
		assertThat(this.api.get("/api/timeclock/punches/?employee_id=" + ana).json().size()).isEqualTo(1);
		assertThat(this.api.get("/api/timeclock/punches/?employee_id=" + bruno).json().size()).isEqualTo(1);
	}

	@Test
	void aKeyReusedForAnotherPunchIsAConflictAndRecordsNothing() {
		long ana = employee(true);
		long bruno = employee(true);
		String key = unique("reused");
		Response first = punch(ana, "entrada", FacePhotos.noFace(), "Idempotency-Key", key);
		assertThat(first.status()).isEqualTo(201);
		long before = punchCount();
		for (Response reused : List.of(punch(ana, "saida", FacePhotos.noFace(), "Idempotency-Key", key),
				punch(bruno, "entrada", FacePhotos.noFace(), "Idempotency-Key", key),
				punch(ana, "entrada", FacePhotos.samePerson(), "Idempotency-Key", key))) {
			assertThat(reused.status()).as(reused.toString()).isEqualTo(409);
			assertThat(reused.contentType()).startsWith("application/problem+json");
			assertThat(reused.json().get("detail").asString()).contains("Idempotency-Key");
			assertThat(reused.json().get("idempotency_key").asString()).isEqualTo(key);
		}
		assertThat(punchCount()).isEqualTo(before);
		assertThat(this.api.get("/api/timeclock/punches/?employee_id=" + bruno).json().size()).isZero();
	}

	@Test
	void aKioskDoesNotLearnTheRecognitionDistanceOrTheHash() {
		long id = employee(true);
		assertThat(enrol(id, FacePhotos.enrolment()).status()).isEqualTo(200);
		Api kiosk = signedInWith("timeclock.punches.register");
		Response punched = punch(kiosk, id, "entrada", FacePhotos.samePerson());
		assertThat(punched.status()).as(punched.toString()).isEqualTo(201);
		JsonNode body = punched.json();
		assertThat(body.get("recognition_ok").asBoolean()).isTrue();
		assertThat(body.get("recognition_reason").asString()).isEqualTo("match");
		assertThat(body.has("recognition_distance")).isTrue();
		assertThat(body.get("recognition_distance").isNull()).isTrue();
		assertThat(body.get("hash").isNull()).isTrue();
		JsonNode stored = this.api.get("/api/timeclock/punches/" + punched.id() + "/").json();
		assertThat(stored.get("recognition_distance").asDouble()).isBetween(0.0, 0.5);
		assertThat(stored.get("hash").asString()).matches("[0-9a-f]{64}");

		Api supervisor = signedInWith("timeclock.punches.register", "timeclock.punches.view");
		JsonNode seen = punch(supervisor, id, "saida", FacePhotos.samePerson()).json();
		assertThat(seen.get("recognition_distance").asDouble()).isBetween(0.0, 0.5);
		assertThat(seen.get("hash").asString()).matches("[0-9a-f]{64}");
	}

	@Test
	void noRouteUpdatesOrDeletesAPunch() {
		long id = employee(true);
		long punchId = punch(id, "entrada", FacePhotos.noFace()).id();
		String path = "/api/timeclock/punches/" + punchId + "/";
		assertThat(this.api.put(path, "{\"event_type\":\"saida\"}").status()).isEqualTo(405);
		assertThat(this.api.patch(path, "{\"event_type\":\"saida\"}").status()).isEqualTo(405);
		assertThat(this.api.delete(path).status()).isEqualTo(405);
		assertThat(this.api.get(path).json().get("event_type").asString()).isEqualTo("entrada");
	}

	@Test
	void correctionsAreSeparateRecordsWithAReason() {
		long id = employee(true);
		long punchId = punch(id, "entrada", FacePhotos.noFace()).id();
		Response noReason = this.api.post("/api/timeclock/punch-adjustments/",
				"{\"kind\":\"disregard\",\"punch_id\":" + punchId + "}");
		assertThat(noReason.status()).isEqualTo(400);
		assertThat(noReason.json().get("errors").has("reason")).isTrue();

		Response disregard = this.api.post("/api/timeclock/punch-adjustments/",
				"{\"kind\":\"disregard\",\"punch_id\":" + punchId + ",\"reason\":\"Registro em duplicidade\"}");
		assertThat(disregard.status()).isEqualTo(201);
		assertThat(disregard.json().get("employee_id").asLong()).isEqualTo(id);
		assertThat(this.api.get("/api/timeclock/punches/" + punchId + "/").json().get("disregarded").asBoolean())
			.isTrue();
		assertThat(this.api
			.post("/api/timeclock/punch-adjustments/",
					"{\"kind\":\"disregard\",\"punch_id\":" + punchId + ",\"reason\":\"de novo\"}")
			.status()).isEqualTo(409);

		Response include = this.api.post("/api/timeclock/punch-adjustments/", "{\"kind\":\"include\",\"employee_id\":"
				+ id
				+ ",\"event_type\":\"saida\",\"occurred_at\":\"2026-11-02T18:05:00-03:00\",\"reason\":\"Esqueceu de bater\"}");
		assertThat(include.status()).as(include.toString()).isEqualTo(201);
		assertThat(include.json().get("occurred_at").asString()).isEqualTo("2026-11-02T21:05:00.000Z");
		assertThat(include.json().get("occurred_at_brt").asString()).isEqualTo("2026-11-02T18:05:00.000-03:00");
		Response future = this.api.post("/api/timeclock/punch-adjustments/", "{\"kind\":\"include\",\"employee_id\":"
				+ id + ",\"event_type\":\"saida\",\"occurred_at\":\"2099-01-01T00:00:00Z\",\"reason\":\"x\"}");
		assertThat(future.status()).isEqualTo(400);
		// An event type outside the closed set is a 400 naming the field (it was a 500).
		Response unknownType = this.api.post("/api/timeclock/punch-adjustments/",
				"{\"kind\":\"include\",\"employee_id\":" + id
						+ ",\"event_type\":\"almoco\",\"occurred_at\":\"2026-11-02T12:00:00-03:00\",\"reason\":\"x\"}");
		assertThat(unknownType.status()).as(unknownType.toString()).isEqualTo(400);
		assertThat(unknownType.json().get("errors").has("event_type")).isTrue();
		assertThat(this.api.get("/api/timeclock/punch-adjustments/?employee_id=" + id).json().size()).isEqualTo(2);
	}

	@Test
	void nobodyRecordsAnAdjustmentOfTheirOwnPunches() {
		long role = this.api
			.post("/api/access/roles/",
					json("name", unique("Supervisor"), "permissions",
							List.of("timeclock.adjustments.change", "timeclock.punches.view")))
			.id();
		String username = unique("supervisor");
		Response user = this.api.post("/api/access/users/",
				json("username", username, "full_name", "Sara Supervisora", "is_employee", true, "role_id", role));
		long self = user.id();
		Api supervisor = this.api.as(this.api.signIn(username, user.json().get("temporary_password").asString()));
		long own = punch(self, "entrada", FacePhotos.noFace()).id();
		long before = adjustmentCount();

		for (String body : List.of(json("kind", "disregard", "punch_id", own, "reason", "Marquei sem querer"),
				json("kind", "include", "employee_id", self, "event_type", "saida", "occurred_at",
						"2026-11-02T18:05:00-03:00", "reason", "Esqueci de bater"))) {
			Response refused = supervisor.post("/api/timeclock/punch-adjustments/", body);
			assertThat(refused.status()).as(refused.toString()).isEqualTo(409);
			assertThat(refused.contentType()).startsWith("application/problem+json");
			assertThat(refused.json().get("rule").asString()).isEqualTo("no_self_adjustment");
		}
		assertThat(adjustmentCount()).isEqualTo(before);
		assertThat(this.api.get("/api/timeclock/punches/" + own + "/").json().get("disregarded").asBoolean()).isFalse();

		// The supervisor corrects others' punches, and someone else corrects the
		// supervisor's.
		long other = employee(true);
		long theirs = punch(other, "entrada", FacePhotos.noFace()).id();
		assertThat(supervisor
			.post("/api/timeclock/punch-adjustments/",
					json("kind", "disregard", "punch_id", theirs, "reason", "Duplicado"))
			.status()).isEqualTo(201);
		assertThat(this.api
			.post("/api/timeclock/punch-adjustments/",
					json("kind", "disregard", "punch_id", own, "reason", "Marcado sem querer"))
			.status()).isEqualTo(201);
	}

	@Test
	void oversizedImagesAreAnsweredFromTheirHeaderWithinASecond() {
		long id = employee(true);
		byte[] bomb = BlankPng.of(40_000_000, 1);
		long start = System.nanoTime();
		Response enrolment = enrol(id, bomb);
		assertThat(millisSince(start)).isLessThan(1000);
		assertThat(enrolment.status()).as(enrolment.toString()).isEqualTo(400);
		assertThat(enrolment.json().get("errors").get("photo").get(0).asString()).contains("40000000 x 1", "8192");
		assertThat(this.api.get("/api/access/users/" + id + "/photo/").status()).isEqualTo(404);
		Response megapixels = enrol(id, BlankPng.of(4000, 4001));
		assertThat(megapixels.json().get("errors").get("photo").get(0).asString()).contains("16 megapixels");

		// A punch is never refused for its face check: it is recorded and flagged.
		start = System.nanoTime();
		Response punched = punch(id, "entrada", bomb);
		assertThat(millisSince(start)).isLessThan(1000);
		assertThat(punched.status()).as(punched.toString()).isEqualTo(201);
		assertThat(punched.json().get("recognition_ok").asBoolean()).isFalse();
		assertThat(punched.json().get("recognition_reason").asString()).isEqualTo("image_too_large");
		assertThat(punched.json().get("needs_review").asBoolean()).isTrue();
		assertThat(this.api.get("/api/timeclock/punches/" + punched.id() + "/snapshot/").bytes()).isEqualTo(bomb);
	}

	@Test
	void theServiceKeepsAnsweringDuringTwentyConcurrentOversizedUploads() throws Exception {
		long id = employee(true);
		byte[] bomb = BlankPng.of(40_000_000, 1);
		ExecutorService pool = Executors.newFixedThreadPool(20);
		try {
			List<CompletableFuture<Response>> uploads = new ArrayList<>();
			for (int i = 0; i < 20; i++) {
				uploads.add(CompletableFuture.supplyAsync(() -> enrol(id, bomb), pool));
			}
			long start = System.nanoTime();
			Response read = this.api.get("/api/timeclock/punches/?limit=1");
			assertThat(millisSince(start)).isLessThan(1000);
			assertThat(read.status()).isEqualTo(200);
			for (CompletableFuture<Response> upload : uploads) {
				Response refused = upload.get(30, java.util.concurrent.TimeUnit.SECONDS);
				assertThat(refused.status()).isEqualTo(400);
				assertThat(refused.json().get("errors").get("photo").get(0).asString()).contains("8192");
			}
			assertThat(millisSince(start)).isLessThan(10_000);
		}
		finally {
			pool.shutdown();
		}
	}

	@Test
	void aBusyEngineFlagsThePunchAndDefersTheEnrolment() throws Exception {
		long id = employee(true);
		long punchesBefore = punchCount();
		CompletableFuture<Response> punched;
		CompletableFuture<Response> enrolment;
		long start = System.nanoTime();
		try (EngineSlots taken = EngineSlots.takeAll(this.engine)) {
			punched = CompletableFuture.supplyAsync(() -> punch(id, "entrada", FacePhotos.samePerson()));
			enrolment = CompletableFuture.supplyAsync(() -> enrol(id, FacePhotos.enrolment()));
			punched.get(20, java.util.concurrent.TimeUnit.SECONDS);
			enrolment.get(20, java.util.concurrent.TimeUnit.SECONDS);
		}
		assertThat(millisSince(start)).isBetween(4500L, 15_000L);
		Response punch = punched.get();
		assertThat(punch.status()).as(punch.toString()).isEqualTo(201);
		assertThat(punch.json().get("recognition_ok").asBoolean()).isFalse();
		assertThat(punch.json().get("recognition_reason").asString()).isEqualTo("engine_busy");
		assertThat(punch.json().get("needs_review").asBoolean()).isTrue();
		assertThat(punchCount()).isEqualTo(punchesBefore + 1);
		Response busy = enrolment.get();
		assertThat(busy.status()).as(busy.toString()).isEqualTo(503);
		assertThat(busy.contentType()).startsWith("application/problem+json");
		assertThat(busy.header("Retry-After")).contains("5");
		assertThat(this.api.get("/api/access/users/" + id + "/photo/").status()).isEqualTo(404);
		// Once a slot is free, the same requests go through.
		assertThat(enrol(id, FacePhotos.enrolment()).status()).isEqualTo(200);
	}

	@Test
	void snapshotsArePurgedAfterRetentionKeepingTheirHash() {
		long id = employee(true);
		Response punch = punch(id, "entrada", FacePhotos.noFace());
		String sha = punch.json().get("snapshot_sha256").asString();
		assertThat(this.retention.purgeTakenBefore(java.time.Instant.now().plusSeconds(5))).isPositive();
		Response after = this.api.get("/api/timeclock/punches/" + punch.id() + "/");
		assertThat(after.json().get("snapshot_url").isNull()).isTrue();
		assertThat(after.json().get("snapshot_sha256").asString()).isEqualTo(sha);
		assertThat(this.api.get("/api/timeclock/punches/" + punch.id() + "/snapshot/").status()).isEqualTo(404);
		assertThat(this.api.get("/api/timeclock/punches/verify-chain/").json().get("intact").asBoolean()).isTrue();
	}

	@Test
	void aKioskAccountOnlyRegisters() {
		long role = this.api
			.post("/api/access/roles/",
					"{\"name\":\"" + unique("Quiosque") + "\",\"permissions\":[\"timeclock.punches.register\"]}")
			.id();
		String username = unique("kiosk");
		Response kioskUser = this.api.post("/api/access/users/",
				"{\"username\":\"" + username + "\",\"role_id\":" + role + "}");
		String token = this.api.signIn(username, kioskUser.json().get("temporary_password").asString());
		long employee = employee(true);
		var kiosk = this.api.as(token);
		Response punched = kiosk.post("/api/timeclock/punch/register/",
				"{\"event_type\":\"entrada\",\"employee_id\":" + employee + ",\"snapshot_base64\":\""
						+ Base64.getEncoder().encodeToString(FacePhotos.noFace()) + "\"}");
		assertThat(punched.status()).isEqualTo(201);
		assertThat(kiosk.get("/api/timeclock/punches/").status()).isEqualTo(403);
		assertThat(kiosk.get("/api/timeclock/punches/" + punched.id() + "/snapshot/").status()).isEqualTo(403);
		assertThat(kiosk.get("/api/access/users/" + employee + "/photo/").status()).isEqualTo(403);
	}

	private static long millisSince(long nanoTime) {
		return (System.nanoTime() - nanoTime) / 1_000_000;
	}

	private long adjustmentCount() {
		return this.jdbc.sql("SELECT count(*) FROM timeclock_punch_adjustment").query(Long.class).single();
	}

	private long punchCount() {
		return this.jdbc.sql("SELECT count(*) FROM timeclock_punch").query(Long.class).single();
	}

}
