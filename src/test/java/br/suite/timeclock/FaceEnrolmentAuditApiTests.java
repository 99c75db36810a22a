package br.suite.timeclock;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Base64;

import org.junit.jupiter.api.Test;

import br.suite.Api.Response;
import br.suite.ApiTest;
import br.suite.shared.crypto.Sha256;
import tools.jackson.databind.JsonNode;

/** Biometric enrolments are audited by the photo's SHA-256, never its bytes. */
class FaceEnrolmentAuditApiTests extends ApiTest {

	@Test
	void enrolmentAndRemovalAreAudited() {
		Response user = this.api.post("/api/access/users/",
				json("username", unique("face"), "full_name", "Grace", "is_employee", true, "role_id", 1));
		long id = user.id();
		byte[] photo = FacePhotos.enrolment();
		Response enrolled = this.api.put("/api/access/users/" + id + "/photo/",
				"{\"photo_base64\":\"" + Base64.getEncoder().encodeToString(photo) + "\"}");
		assertThat(enrolled.status()).as(enrolled.toString()).isEqualTo(200);
		JsonNode event = this.api.get("/api/audit/events/?action=timeclock.face.enrolled&resource_id=" + id)
			.json()
			.get(0);
		assertThat(event.get("changes").get("photo_sha256").get("before").isNull()).isTrue();
		assertThat(event.get("changes").get("photo_sha256").get("after").asString()).isEqualTo(Sha256.hex(photo));
		assertThat(event.toString()).doesNotContain(Base64.getEncoder().encodeToString(photo).substring(0, 40));

		assertThat(this.api.delete("/api/access/users/" + id + "/photo/").status()).isEqualTo(204);
		JsonNode removed = this.api.get("/api/audit/events/?action=timeclock.face.removed&resource_id=" + id)
			.json()
			.get(0);
		assertThat(removed.get("changes").get("photo_sha256").get("before").asString()).isEqualTo(Sha256.hex(photo));
	}

}
