package br.suite.timeclock;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Base64;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;

import br.suite.Api.Response;
import br.suite.Api;
import br.suite.ApiTest;
import br.suite.timeclock.biometrics.SnapshotRetention;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;

/** Issue 14: LGPD care for biometric data. */
class BiometricLgpdApiTests extends ApiTest {

	@Autowired
	JdbcClient jdbc;

	@Autowired
	SnapshotRetention retention;

	long employee() {
		Response user = this.api.post("/api/access/users/",
				json("username", unique("bio"), "full_name", "Bia Metria", "is_employee", true, "role_id", 1));
		assertThat(user.status()).as(user.toString()).isEqualTo(201);
		return user.id();
	}

	Response enrol(long id, Object... consent) {
		Object[] pairs = new Object[consent.length + 2];
		pairs[0] = "photo_base64";
		pairs[1] = Base64.getEncoder().encodeToString(FacePhotos.enrolment());
		System.arraycopy(consent, 0, pairs, 2, consent.length);
		return this.api.put("/api/access/users/" + id + "/photo/", json(pairs));
	}

	long enrolments(long id) {
		return this.jdbc.sql("SELECT count(*) FROM timeclock_face_enrolment WHERE user_id = :id")
			.param("id", id)
			.query(Long.class)
			.single();
	}

	/**
	 * The removal runs after the deactivation commits, asynchronously (an application
	 * module listener).
	 */
	void awaitNoEnrolment(long id) {
		long deadline = System.currentTimeMillis() + 10_000;
		while (enrolments(id) > 0 && System.currentTimeMillis() < deadline) {
			try {
				Thread.sleep(50);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				return;
			}
		}
		assertThat(enrolments(id)).isZero();
	}

	@Test
	void enrolmentsRecordTheirLegalBasisAndEveryEnrolmentAndRemovalIsKept() {
		long id = employee();
		Response enrolled = enrol(id, "legal_basis", "consent", "consent_at", "2026-11-20T09:00:00-03:00",
				"notice_version", "2026-11");
		assertThat(enrolled.status()).as(enrolled.toString()).isEqualTo(200);
		assertThat(enrolled.json().get("legal_basis").asString()).isEqualTo("consent");
		assertThat(Instant.parse(enrolled.json().get("consent_at").asString()))
			.isEqualTo(Instant.parse("2026-11-20T12:00:00Z"));
		assertThat(enrolled.json().get("notice_version").asString()).isEqualTo("2026-11");
		assertThat(enrol(id).json().get("legal_basis").asString()).isEqualTo("fraud_prevention");
		assertThat(this.api.delete("/api/access/users/" + id + "/photo/").status()).isEqualTo(204);

		JsonNode history = this.api.get("/api/access/users/" + id + "/photo/history/").json();
		assertThat(history.size()).isEqualTo(3);
		assertThat(history.findValuesAsString("action")).containsExactly("enrolled", "enrolled", "removed");
		assertThat(history.get(0).get("legal_basis").asString()).isEqualTo("consent");
		assertThat(history.get(0).get("photo_sha256").asString()).matches("[0-9a-f]{64}");
		assertThat(history.get(2).get("reason").asString()).isEqualTo("removed");
		assertThat(history.get(2).get("actor_id").isNull()).isFalse();
		assertThat(history.toString()).doesNotContain("photo_base64");
		assertThat(enrolments(id)).isZero();
	}

	@Test
	void anEnrolmentWithoutALawfulBasisIsRefusedAndStoresNothing() {
		long id = employee();
		Response noConsentTime = enrol(id, "legal_basis", "consent");
		assertThat(noConsentTime.status()).isEqualTo(400);
		assertThat(noConsentTime.json().get("errors").has("consent_at")).isTrue();
		Response unknown = enrol(id, "legal_basis", "because");
		assertThat(unknown.status()).isEqualTo(400);
		assertThat(unknown.json().get("errors").has("legal_basis")).isTrue();
		assertThat(enrolments(id)).isZero();
		assertThat(this.api.get("/api/access/users/" + id + "/photo/history/").json().size()).isZero();
	}

	@Test
	void deactivatingAUserRemovesTheirPhotoAndDescriptor() {
		long id = employee();
		assertThat(enrol(id).status()).isEqualTo(200);
		assertThat(this.api.delete("/api/access/users/" + id + "/").status()).isEqualTo(204);
		awaitNoEnrolment(id);
		assertThat(this.api.get("/api/access/users/" + id + "/").json().get("employee_photo_url").isNull()).isTrue();
		JsonNode history = this.api.get("/api/access/users/" + id + "/photo/history/").json();
		assertThat(history.get(history.size() - 1).get("reason").asString()).isEqualTo("user_deactivated");
		assertThat(history.get(history.size() - 1).get("actor_id").isNull()).isTrue();

		long other = employee();
		assertThat(enrol(other).status()).isEqualTo(200);
		assertThat(this.api.patch("/api/access/users/" + other + "/", json("status", "inactive")).status())
			.isEqualTo(200);
		awaitNoEnrolment(other);
	}

	@Test
	void everyReadOfAPhotoOrSnapshotIsLoggedAndListedOnlyWithThePermission() {
		long id = employee();
		assertThat(enrol(id).status()).isEqualTo(200);
		long punch = TimeclockApiTests.punch(this.api, id, "entrada", FacePhotos.samePerson()).id();
		Api reader = signedInWith("access.photos.view", "timeclock.snapshots.view");
		assertThat(reader.get("/api/access/users/" + id + "/photo/").status()).isEqualTo(200);
		assertThat(reader.get("/api/timeclock/punches/" + punch + "/snapshot/").status()).isEqualTo(200);

		Api auditor = signedInWith("timeclock.biometric_log.view");
		JsonNode log = auditor.get("/api/timeclock/biometric-access-log/?subject_user_id=" + id).json();
		assertThat(log.size()).isEqualTo(2);
		assertThat(log.get(0).get("kind").asString()).isEqualTo("punch_snapshot");
		assertThat(log.get(0).get("punch_id").asLong()).isEqualTo(punch);
		assertThat(log.get(1).get("kind").asString()).isEqualTo("enrolled_photo");
		assertThat(log.get(0).get("actor_id").asLong()).isEqualTo(log.get(1).get("actor_id").asLong());
		assertThat(log.get(0).get("subject_user_id").asLong()).isEqualTo(id);

		// Refusals read nothing and log nothing.
		Api stranger = signedInWith("timeclock.punches.view");
		assertThat(stranger.get("/api/access/users/" + id + "/photo/").status()).isEqualTo(403);
		assertThat(stranger.get("/api/timeclock/punches/" + punch + "/snapshot/").status()).isEqualTo(403);
		assertThat(stranger.get("/api/timeclock/biometric-access-log/").status()).isEqualTo(403);
		assertThat(auditor.get("/api/timeclock/biometric-access-log/?subject_user_id=" + id).json().size())
			.isEqualTo(2);
	}

	@Test
	void matchedSnapshotsGoAfterSevenDaysThoseNeedingReviewAfterNinety() {
		long id = employee();
		assertThat(enrol(id).status()).isEqualTo(200);
		Response matched = TimeclockApiTests.punch(this.api, id, "entrada", FacePhotos.samePerson());
		assertThat(matched.json().get("recognition_ok").asBoolean()).isTrue();
		Response review = TimeclockApiTests.punch(this.api, id, "saida", FacePhotos.otherPerson());
		assertThat(review.json().get("needs_review").asBoolean()).isTrue();

		this.retention.purge(Instant.now().plus(6, ChronoUnit.DAYS));
		assertThat(this.api.get("/api/timeclock/punches/" + matched.id() + "/snapshot/").status()).isEqualTo(200);
		this.retention.purge(Instant.now().plus(8, ChronoUnit.DAYS));
		assertThat(this.api.get("/api/timeclock/punches/" + matched.id() + "/snapshot/").status()).isEqualTo(404);
		assertThat(this.api.get("/api/timeclock/punches/" + review.id() + "/snapshot/").status()).isEqualTo(200);
		this.retention.purge(Instant.now().plus(91, ChronoUnit.DAYS));
		assertThat(this.api.get("/api/timeclock/punches/" + review.id() + "/snapshot/").status()).isEqualTo(404);
		assertThat(this.api.get("/api/timeclock/punches/verify-chain/").json().get("intact").asBoolean()).isTrue();
	}

}
